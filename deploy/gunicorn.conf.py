"""gunicorn settings for the doko service (CPU-bound, stateless, short requests).

Used unchanged by `make run` and by the container image:

    gunicorn --config deploy/gunicorn.conf.py 'service:create_app()'

Environment knobs (everything else is fixed here on purpose):

    GUNICORN_BIND     socket to bind; default 127.0.0.1:8000 (the image sets 0.0.0.0:8000,
                      the Kubernetes pod 127.0.0.1:8000 behind its proxy)
    FORWARDED_ALLOW_IPS
                      the proxies whose X-Forwarded-* headers are trusted; default
                      127.0.0.1,::1 (the pod's nginx sidecar)
    WEB_CONCURRENCY   number of worker processes; default: the CPUs this process may use
    GUNICORN_LOGLEVEL error-log level; default info
    PROMETHEUS_MULTIPROC_DIR
                      where the workers keep their metrics files for GET /metrics;
                      default: a directory of its own under the temp dir ($TMPDIR or
                      /tmp), created at start and removed at exit
    DOKO_ACCESS_LOG   "off" (or 0/false/no) turns the app's JSON access log off

Any setting can still be overridden ad hoc with GUNICORN_CMD_ARGS, which gunicorn
applies after this file.

Every public (non-underscore) name in this file must be a gunicorn setting:
gunicorn silently ignores unknown names, so tests/test_deploy.py checks for typos.
"""

import os
import tempfile


def _cpu_count() -> int:
    # sched_getaffinity honours cpusets (docker --cpuset-cpus, taskset); cpu_count() does
    # not. Neither knows about CFS quotas (CPU limits), which is why Kubernetes sets
    # WEB_CONCURRENCY from the pod's CPU request instead of relying on this.
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return max(1, os.cpu_count() or 1)


def _int_from_env(name: str, default: int) -> int:
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    value = int(raw)  # a malformed value should stop the server, not be guessed around
    if value < 1:
        raise ValueError(f"{name} must be a positive integer, got {raw!r}")
    return value


def _setting_exists(name: str) -> bool:
    # Settings are only known to the gunicorn that loads this file; look them up so the
    # file also loads on gunicorn versions that predate a setting.
    try:
        from gunicorn.config import KNOWN_SETTINGS
    except ImportError:  # pragma: no cover - every supported gunicorn has it
        return False
    return any(setting.name == name for setting in KNOWN_SETTINGS)


# --- Socket ---------------------------------------------------------------------------
# Loopback by default so `make run` is not reachable from the network; the container
# image sets GUNICORN_BIND=0.0.0.0:8000 so the kubelet and the Service can reach it.
bind = [os.environ.get("GUNICORN_BIND", "").strip() or "127.0.0.1:8000"]

# The proxy in front (deploy/nginx.conf, the pod's sidecar on loopback) is the only peer
# whose X-Forwarded-Proto (and other X-Forwarded-*) gunicorn trusts; the pod sets it to
# 127.0.0.1 explicitly, and gunicorn's default is the same.
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "").strip() or "127.0.0.1,::1"

# --- Workers --------------------------------------------------------------------------
# The work is pure Python and CPU-bound: one sync worker per usable CPU. More workers
# than CPUs only adds context switches (measured here: on 2 cores 2 workers beat 5).
workers = _int_from_env("WEB_CONCURRENCY", _cpu_count())
# sync: one request at a time per process, no GIL contention, nothing to gain from
# threads or an event loop because requests never wait on I/O.
worker_class = "sync"

# Fork the workers from a master that has already imported the app: the app is
# stateless, copy-on-write shares the imported modules between workers, respawns
# (max_requests, crashes) are fast, and an import error stops the master at once
# instead of crash-looping workers.
preload_app = True

# --- Timeouts -------------------------------------------------------------------------
# This is the request timeout. A transcript check takes milliseconds and the costliest
# request within the limits about a second; a sync worker that has not come back to its
# accept loop for 30 s (one request, including reading a slowly sent body) is stuck, so
# the master aborts it (SIGABRT, then SIGKILL) and starts another. The aborted worker
# counts itself in /metrics (worker_abort below) and gunicorn answers the client a
# text/html 500 without the app (no X-Request-ID), or closes the connection if the
# answer had begun. gunicorn's own default, kept deliberately. The Kubernetes liveness
# window is longer than this so gunicorn recycles a stuck worker before the kubelet
# restarts the whole container.
timeout = 30
# worker_tmp_dir stays at its default, the temp dir, where the heartbeat file behind
# this timeout lives: the Kubernetes pod mounts a memory-backed emptyDir on /tmp, so the
# heartbeat never waits on disk I/O and works although the root filesystem is read-only.

# On SIGTERM workers get this long to finish in-flight requests. Short requests need
# little; the pod's terminationGracePeriodSeconds (30) exceeds preStop sleep (5) + this.
graceful_timeout = 20
# Ignored by sync workers (they close the connection after each response); kept a bit
# above the usual 2 s in case the worker class changes, since clients reach the
# service through a load balancer / kube-proxy that reuses connections.
keepalive = 5

# --- Worker recycling -----------------------------------------------------------------
# Restart each worker after ~10k requests to cap slow memory growth; the jitter keeps
# the workers from restarting at the same moment (with 2 workers that would leave
# none serving for a moment).
max_requests = 10_000
max_requests_jitter = 1_000

# --- Request limits (the API takes JSON bodies; URLs and headers are small) ------------
# gunicorn has no body limit: Flask's MAX_CONTENT_LENGTH (service/__init__.py) caps it
# at 256 KiB (413), chunked bodies included; the app bounds lists, JSON nesting, numbers
# and the errors it lists (docs/api.md, "Limits"). Request lines and headers are
# refused by the pod's proxy (deploy/nginx.conf: a line of 8 KiB, headers of 32 KiB in
# all, answered as problem documents); gunicorn's limits lie above what the proxy
# passes on, so that gunicorn's own text/html 414 or 431 never reaches a client.
# What the proxy holds of a request's headers: its first buffer and four large ones.
_PROXY_HEADER_BYTES = 1024 + 4 * 8192
# Request line: the proxy passes the client's line (at most 8190 bytes and its CRLF in
# its 8 KiB buffer); 8190 is also gunicorn's most.
limit_request_line = 8190
# Header fields: the shortest, "a:" and CRLF, is 4 bytes; the proxy adds a few.
limit_request_fields = _PROXY_HEADER_BYTES // 4 + 16
# A field's size: X-Forwarded-For joins all of a client's such headers and the proxy
# appends the client's address to them.
limit_request_field_size = _PROXY_HEADER_BYTES + 64

# --- Logging --------------------------------------------------------------------------
# Containers collect stdout/stderr, no files. The app writes one JSON access line per
# request to stdout (service/api/observability.py: route, status, duration, request id
# …), so gunicorn's own access log is off rather than a second, unstructured line per
# request. Its error log (start, stop, worker timeouts and crashes) goes to stderr.
accesslog = None
errorlog = "-"
loglevel = os.environ.get("GUNICORN_LOGLEVEL", "info")

# --- Metrics (prometheus-client multiprocess mode) -----------------------------------
# Each worker writes its metrics to files in this directory and GET /metrics sums them
# (service/api/multiproc.py). The variable must be set before the app is imported: raw_env
# sets it in the master before preload_app imports the app, and the workers inherit it.
# The default lies under the temp dir, which in Kubernetes is the pod's memory-backed
# emptyDir on /tmp (the root filesystem is read-only); the master's pid keeps two servers
# on one machine apart. A directory given in the environment is used as it is. (An
# `-e`/`--env` in GUNICORN_CMD_ARGS replaces raw_env: repeat this variable there.)
_METRICS_DIR_GIVEN = os.environ.get("PROMETHEUS_MULTIPROC_DIR", "").strip()
_METRICS_DIR = _METRICS_DIR_GIVEN or os.path.join(
    tempfile.gettempdir(), f"doko-service-metrics-{os.getpid()}")
raw_env = [f"PROMETHEUS_MULTIPROC_DIR={_METRICS_DIR}"]


def on_starting(server):
    # Create the directory, or empty it of an earlier run's files (counters start at 0).
    from service.api import multiproc

    multiproc.prepare(_METRICS_DIR)


def child_exit(server, worker):
    # Fold the exited worker's counts into the directory's archive files, so that
    # recycled workers (max_requests) neither lose counts nor pile up files.
    try:
        from service.api import multiproc

        for name in multiproc.process_exited(worker.pid, _METRICS_DIR):
            server.log.warning("metrics file %s of worker %s could not be read and is "
                               "deleted", name, worker.pid)
    except Exception:  # never let metrics upkeep take the master down
        server.log.exception("metrics upkeep failed for worker %s", worker.pid)


def worker_abort(worker):
    # In the aborted worker, before it exits: doko_worker_timeouts_total, and the request
    # it was on in the error log (gunicorn logs the timeout itself, without it).
    try:
        from service.api import observability

        worker.log.error("worker %s aborted by the timeout on %s", worker.pid,
                         observability.worker_aborted())
    except Exception:  # the worker exits anyway
        worker.log.exception("counting the aborted worker failed")


def on_exit(server):
    if not _METRICS_DIR_GIVEN:
        from service.api import multiproc

        multiproc.remove(_METRICS_DIR)

# --- Control socket -------------------------------------------------------------------
# gunicorn >= 25 opens a control socket under $XDG_RUNTIME_DIR or $HOME/.gunicorn. In
# the container $HOME is not writable (non-root user, read-only root filesystem) and
# nothing uses the socket, so turn it off where the setting exists.
if _setting_exists("control_socket_disable"):
    control_socket_disable = True
