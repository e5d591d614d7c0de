"""Metrics, access logs and request ids, recorded for every answer by the WSGI layer
around the app (service.api.envelope).

* ``GET /metrics``: Prometheus text format (0.0.4) through prometheus-client. Under
  gunicorn (``PROMETHEUS_MULTIPROC_DIR`` set by deploy/gunicorn.conf.py) every worker
  writes to its own files and a scrape sums them (:mod:`service.api.multiproc`);
  without it (tests, a single process) the metrics live in this process's registry.
* One JSON access log line per request on stdout (logger ``doko.access``).
* ``X-Request-ID``: taken from the request if it is a short token of safe characters,
  else a new uuid4 hex; sent back on every answer the app makes, errors included.

This runs on every request, so it stays cheap: the metric children are cached per
label set, labels are bounded (route rule, not path; known methods only), the log line
is built only when the logger is on, and, with no handler but its own, written without
a LogRecord.
"""

from __future__ import annotations

import json
import logging
import os
import re
import sys
import time
from typing import TYPE_CHECKING, Any

from flask import Blueprint, Flask, Response, request
from prometheus_client import (
    CollectorRegistry,
    Counter,
    Histogram,
    disable_created_metrics,
    generate_latest,
    values,
)

from service.checking.fastjson import orjson

from . import multiproc

if TYPE_CHECKING:
    from service.game.result import CheckResult

# The classic text format (what Prometheus asks for by default); fixed, not negotiated.
METRICS_CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"
# A client's request id is kept if it is 1-128 of these characters (uuids, trace ids,
# base64); anything else is replaced rather than cleaned, so that no two ids collide.
REQUEST_ID = re.compile(r"[A-Za-z0-9._~:/+=-]{1,128}")
UNMATCHED = "<unmatched>"  # the route label of a request no route matched (404, 405)
METHODS = frozenset(("GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"))
OTHER_METHOD = "OTHER"  # any other method, so that clients cannot make up label values
MAX_LOGGED_PATH = 512  # keeps a log line short (one atomic write on a pipe)
ACCESS_LOG_ENV = "DOKO_ACCESS_LOG"  # "0", "off", "false" or "no" turns the access log off

# The proxies whose X-Real-IP names the client (gunicorn's forwarded_allow_ips, read from
# the same variable; deploy/gunicorn.conf.py): the pod's nginx sidecar on loopback.
PROXIES = frozenset(a.strip() for a in (os.environ.get("FORWARDED_ALLOW_IPS", "").strip()
                                        or "127.0.0.1,::1").split(",") if a.strip())

REQUEST_ID_KEY = "doko.request_id"  # the request's id, in the WSGI environ
ROUTE_KEY = "doko.route"  # the route of a request answered without Flask
# The request this worker is on, for the abort hook: (its WSGI environ, its route once
# its answer is started and being written, else None), None between requests.
_current: tuple[dict[str, Any], str | None] | None = None

# A check takes about a millisecond; malformed requests less, big ones a few.
LATENCY_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0,
                   2.5, 5.0, 10.0)

# One registry for this process. In multiprocess mode the values live in files and a
# scrape reads the files instead (registering here is then harmless and unused).
REGISTRY = CollectorRegistry(auto_describe=True)
# No *_created series: multiprocess mode has none, so both modes answer alike.
disable_created_metrics()
MULTIPROC_DIR = os.environ.get(multiproc.ENV) if values.ValueClass._multiprocess else None

REQUESTS = Counter(
    "doko_http_requests", "HTTP requests answered, by route rule, method and status.",
    ("route", "method", "status"), registry=REGISTRY)
LATENCY = Histogram(
    "doko_http_request_duration_seconds",
    "Time from the request reaching the app to the answer, by route rule, method and status.",
    ("route", "method", "status"), buckets=LATENCY_BUCKETS, registry=REGISTRY)
GAMES = Counter(
    "doko_games_checked",
    "Transcripts checked (200 answers), by ruleset (preset id, or '<preset>+custom'), "
    "outcome (valid, invalid) and claim (none: nothing claimed, agrees, disagrees).",
    ("ruleset", "outcome", "claim"), registry=REGISTRY)
VIOLATIONS = Counter(
    "doko_violations", "Rule violations found in checked transcripts, by code.",
    ("code",), registry=REGISTRY)
WORKER_TIMEOUTS = Counter(
    "doko_worker_timeouts",
    "Workers the gunicorn master aborted for passing the request timeout, by the route "
    "rule of the request each was on (counted by the worker's abort hook as it goes).",
    ("route",), registry=REGISTRY)

# Label children by label values: .labels() costs a lock and a few lookups per call.
_http_children: dict[tuple[str, str, int], tuple[Any, Any]] = {}
_game_children: dict[tuple[str, bool, str], Any] = {}
_violation_children: dict[str, Any] = {}

ACCESS_LOG = logging.getLogger("doko.access")
_log = logging.getLogger("doko.metrics")
_metrics_failed = False


class JsonFormatter(logging.Formatter):
    """One JSON object per line: ``time`` (UTC, ms) and the record's ``fields``."""

    _encode = json.JSONEncoder(separators=(",", ":")).encode
    _second: tuple[int, str] = (-1, "")  # the last second formatted, and its text

    def format(self, record: logging.LogRecord) -> str:
        fields = getattr(record, "fields", None)
        if fields is None:
            fields = {"level": record.levelname.lower(), "logger": record.name,
                      "message": record.getMessage()}
        return self.line(record.created, fields)

    def line(self, created: float, fields: dict[str, Any]) -> str:
        """The line of a record made at ``created`` (as time.time()) with ``fields``."""
        second = int(created)
        if second != self._second[0]:
            self._second = (second, time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(second)))
        millis = int((created - second) * 1000)  # as LogRecord.msecs
        line = {"time": f"{self._second[1]}.{millis:03d}Z", **fields}
        if orjson is not None:  # some ten times faster, where it writes ASCII as json does
            text = orjson.dumps(line)
            if text.isascii():
                return text.decode("ascii")
        return self._encode(line)  # escapes all else: no U+2028 breaks a line apart


class StdoutHandler(logging.StreamHandler):
    """Writes to whatever ``sys.stdout`` is at the time (pytest's capture swaps it)."""

    def __init__(self) -> None:
        super().__init__(sys.stdout)

    @property
    def stream(self) -> Any:
        return sys.stdout

    @stream.setter
    def stream(self, value: Any) -> None:
        pass

    def write_line(self, created: float, fields: dict[str, Any]) -> bool:
        """Write the line a record with these fields would make, without making the
        record; False where writing failed (the record then reports it)."""
        formatter = self.formatter
        if not isinstance(formatter, JsonFormatter):
            return False
        line = formatter.line(created, fields) + "\n"
        try:
            with self.lock:  # type: ignore[union-attr]  # created with the handler
                stream = sys.stdout
                if stream is sys.__stdout__ and stream is not None and line.isascii():
                    # the process's own stdout, flushed after every line: one write of
                    # the line's bytes, without the text and buffer layers
                    data = line.encode("ascii")
                    while data:  # a line is under PIPE_BUF: one write, but be sure
                        data = data[os.write(stream.fileno(), data):]
                else:
                    stream.write(line)
                    stream.flush()
        except Exception:
            return False
        return True

    def emit(self, record: logging.LogRecord) -> None:
        # StreamHandler.emit, less the second lock and lookups of its flush()
        try:
            stream = sys.stdout
            stream.write(self.format(record) + "\n")
            stream.flush()
        except Exception:
            self.handleError(record)


# The access log as configured here, one handler: its line is written without a record.
_plain: list[logging.Handler] = []


def _configure_access_log() -> None:
    if not any(isinstance(h, StdoutHandler) for h in ACCESS_LOG.handlers):
        handler = StdoutHandler()
        handler.setFormatter(JsonFormatter())
        ACCESS_LOG.addHandler(handler)
        _plain[:] = [handler]
    ACCESS_LOG.propagate = False  # stdout only; gunicorn's error log stays on stderr
    off = os.environ.get(ACCESS_LOG_ENV, "").strip().lower() in ("0", "off", "false", "no")
    ACCESS_LOG.setLevel(logging.WARNING if off else logging.INFO)


def request_id() -> str | None:
    """The current request's id (inside a request)."""
    return request.environ.get(REQUEST_ID_KEY)


def _metrics_error() -> None:
    # Metrics must never fail a request; say so once per process rather than per request.
    global _metrics_failed
    if not _metrics_failed:
        _metrics_failed = True
        _log.exception("recording metrics failed; further failures are not logged")


def answer(environ: dict[str, Any], status: int, size: int | None, duration: float,
           rid: str) -> None:
    """Count and log one answer as it is started (service.api.envelope calls this from
    the Flask app's start_response, while the request is current)."""
    route, method, path = route_of(environ), environ.get("REQUEST_METHOD", ""), path_of(environ)
    global _current
    _current = (environ, route)
    try:
        key = (route, method, status)
        children = _http_children.get(key)
        if children is None:
            labels = (route, method if method in METHODS else OTHER_METHOD, str(status))
            children = _http_children[key] = (REQUESTS.labels(*labels),
                                              LATENCY.labels(*labels))
        children[0].inc()
        children[1].observe(duration)
    except Exception:
        _metrics_error()
    if ACCESS_LOG.isEnabledFor(logging.INFO):
        fields = {
            "method": method[:16],
            "path": path[:MAX_LOGGED_PATH],
            "route": route,
            "status": status,
            "duration_ms": round(duration * 1000, 3),
            "request_id": rid,
            "remote_addr": client_address(environ),
            "size": size,
        }
        plain = ACCESS_LOG.handlers == _plain and not ACCESS_LOG.filters \
            and not _plain[0].filters
        # what handle() would write, sooner: a LogRecord costs more than the line
        if not (plain and _plain[0].write_line(time.time(), fields)):  # type: ignore[attr-defined]
            # makeRecord + handle rather than .info(): skips the caller lookup (a stack walk)
            record = ACCESS_LOG.makeRecord(ACCESS_LOG.name, logging.INFO, __file__, 0,
                                           "request", (), None)
            record.fields = fields
            ACCESS_LOG.handle(record)


def begin(environ: dict[str, Any]) -> None:
    """A request is being answered (service.api.envelope, as it starts on one)."""
    global _current
    _current = (environ, None)


def answered() -> None:
    """The answer is written (or the client went away): no request is being answered."""
    global _current
    _current = None


def route_of(environ: dict[str, Any]) -> str:
    """A request's route rule: as the fast path answers it, as Flask matched it, or
    UNMATCHED (none yet, or none at all)."""
    route: str | None = environ.get(ROUTE_KEY)  # service.api.fastpath's
    if route is None:
        req = environ.get("werkzeug.request")
        rule = req.url_rule if req is not None else None
        route = rule.rule if rule is not None else UNMATCHED
    return route


def path_of(environ: dict[str, Any]) -> str:
    req = environ.get("werkzeug.request")
    return req.path if req is not None else environ.get("PATH_INFO", "")


def client_address(environ: dict[str, Any]) -> str | None:
    """The client: X-Real-IP as a trusted proxy (deploy/nginx.conf) sets it, else the
    peer."""
    peer = environ.get("REMOTE_ADDR")
    real = environ.get("HTTP_X_REAL_IP")
    if real and (peer in PROXIES or "*" in PROXIES):
        return real[:64]
    return peer


def worker_aborted() -> str:
    """Count a worker aborted by gunicorn's timeout (its worker_abort hook, in the worker)
    and say which request it was on, for the error log: one the app is working on, or
    one whose answer is being written (to a client that does not read it, say)."""
    current = _current
    if current is None:
        route, said = UNMATCHED, "no request"
    else:
        environ, written = current
        route = written or route_of(environ)
        said = (f"{environ.get('REQUEST_METHOD', '')[:16]} {path_of(environ)[:MAX_LOGGED_PATH]}"
                f" (request id {environ.get(REQUEST_ID_KEY)})"
                + (" while writing its answer" if written else ""))
    try:
        WORKER_TIMEOUTS.labels(route).inc()
    except Exception:
        _metrics_error()
    return said


def record_game(result: CheckResult) -> None:
    """Count one checked transcript and its violations."""
    try:
        claimed = result.claimed
        claim = "none" if claimed is None else "agrees" if claimed.agrees else "disagrees"
        key = (result.ruleset, result.valid, claim)
        child = _game_children.get(key)
        if child is None:
            outcome = "valid" if result.valid else "invalid"
            child = _game_children[key] = GAMES.labels(result.ruleset, outcome, claim)
        child.inc()
        if result.violations:
            counts: dict[str, int] = {}
            for violation in result.violations:
                counts[violation.code] = counts.get(violation.code, 0) + 1
            for code, count in counts.items():
                child = _violation_children.get(code)
                if child is None:
                    child = _violation_children[code] = VIOLATIONS.labels(code)
                child.inc(count)
    except Exception:
        _metrics_error()


bp = Blueprint("observability", __name__)


@bp.get("/metrics")
def metrics() -> Response:
    registry = multiproc.registry(MULTIPROC_DIR) if MULTIPROC_DIR else REGISTRY
    return Response(generate_latest(registry), content_type=METRICS_CONTENT_TYPE)


def register(app: Flask) -> None:
    """The access log configured and /metrics served (service.api.envelope counts and
    logs each answer)."""
    _configure_access_log()
    app.register_blueprint(bp)
