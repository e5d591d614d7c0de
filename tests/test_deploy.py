"""Offline checks of deploy/: Kubernetes manifests, Dockerfile, gunicorn settings.

No Docker engine and no cluster are available, so the files are validated, linted and
cross-checked against each other (ports, uid, probe paths, timeouts) and against the
Makefile (same install and same gunicorn command). Tests that need the application
itself run only once `service.create_app` exists.
"""

from __future__ import annotations

import fnmatch
import json
import math
import os
import re
import runpy
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import types
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import gunicorn.config
import kubernetes_validate
import pytest
import yaml
from gunicorn.app.base import Application

ROOT = Path(__file__).resolve().parents[1]
DEPLOY = ROOT / "deploy"
DOCKERFILE = DEPLOY / "Dockerfile"
DOCKERIGNORE = DEPLOY / "Dockerfile.dockerignore"
GUNICORN_CONF = DEPLOY / "gunicorn.conf.py"
K8S_DIR = DEPLOY / "k8s"
PROXY_CONF = DEPLOY / "nginx.conf"
MAKEFILE = ROOT / "Makefile"
# The venv's bin dir: not resolved, since the venv's python is a symlink out of the venv.
VENV_BIN = Path(sys.executable).parent

LIVENESS_PATH = "/healthz"
READINESS_PATH = "/readyz"
# The newest Kubernetes release whose schemas kubernetes-validate bundles.
K8S_VERSION = kubernetes_validate.latest_version()
# Environment variables the gunicorn config (or gunicorn itself) reads.
GUNICORN_ENV = (
    "GUNICORN_BIND",
    "WEB_CONCURRENCY",
    "GUNICORN_LOGLEVEL",
    "GUNICORN_CMD_ARGS",
    "PORT",
    "PROMETHEUS_MULTIPROC_DIR",
    "DOKO_ACCESS_LOG",
)
METRICS_DIR_ENV = "PROMETHEUS_MULTIPROC_DIR"


# --- helpers: the app -------------------------------------------------------------------


def _app_factory_available() -> bool:
    try:
        import service
    except Exception:
        return False
    return callable(getattr(service, "create_app", None))


needs_app = pytest.mark.skipif(
    not _app_factory_available(), reason="service.create_app does not exist yet"
)


# --- helpers: gunicorn config -----------------------------------------------------------


class _ConfigOnly(Application):
    """Loads a config file exactly as `gunicorn --config FILE` does, without an app."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.namespace: dict[str, Any] = {}
        super().__init__()

    def init(self, parser, opts, args):  # pragma: no cover - not used without argv
        return None

    def load_config(self) -> None:
        self.namespace = self.load_config_from_file(str(self.path))

    def load(self):  # pragma: no cover - never serves
        raise AssertionError("config-only application")


def load_gunicorn_config(
    monkeypatch: pytest.MonkeyPatch, env: dict[str, str] | None = None
) -> _ConfigOnly:
    for name in GUNICORN_ENV:
        monkeypatch.delenv(name, raising=False)
    for name, value in (env or {}).items():
        monkeypatch.setenv(name, value)
    try:
        return _ConfigOnly(GUNICORN_CONF)
    finally:
        sys.modules.pop("__config__", None)  # gunicorn's loader registers the module


def bind_port(bind: str) -> int:
    host, sep, port = bind.rpartition(":")
    assert sep and host and port.isdigit(), f"expected HOST:PORT, got {bind!r}"
    return int(port)


def cpu_count() -> int:
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


# --- helpers: Dockerfile ----------------------------------------------------------------


def dockerfile_instructions(path: Path = DOCKERFILE) -> list[tuple[str, str]]:
    """(KEYWORD, arguments) pairs with line continuations joined and comments dropped."""
    instructions: list[tuple[str, str]] = []
    current = ""
    for line in path.read_text().splitlines():
        stripped = line.strip()
        if stripped.startswith("#") or (not current and not stripped):
            continue
        if stripped.endswith("\\"):
            current += stripped[:-1] + " "
            continue
        current += stripped
        keyword, _, rest = current.partition(" ")
        instructions.append((keyword.upper(), rest.strip()))
        current = ""
    assert not current, "Dockerfile ends inside a line continuation"
    return instructions


def dockerfile_stages() -> tuple[dict[str, str], list[list[tuple[str, str]]]]:
    """Global ARG defaults and the instructions of each stage (each starting with FROM)."""
    global_args: dict[str, str] = {}
    stages: list[list[tuple[str, str]]] = []
    for keyword, rest in dockerfile_instructions():
        if keyword == "FROM":
            stages.append([])
        elif not stages and keyword == "ARG":
            name, _, default = rest.partition("=")
            global_args[name] = default
        if stages:
            stages[-1].append((keyword, rest))
    assert stages, "no FROM in the Dockerfile"
    return global_args, stages


def runtime_stage() -> list[tuple[str, str]]:
    return dockerfile_stages()[1][-1]


def instruction_args(stage: list[tuple[str, str]], keyword: str) -> list[str]:
    return [rest for kw, rest in stage if kw == keyword]


def copy_parts(rest: str) -> tuple[dict[str, str], list[str], str]:
    """Flags, sources and destination of a COPY instruction (shell or JSON form)."""
    tokens = shlex.split(rest)
    flags = {}
    while tokens and tokens[0].startswith("--"):
        name, _, value = tokens.pop(0)[2:].partition("=")
        flags[name] = value
    if tokens and tokens[0].startswith("["):
        tokens = json.loads(" ".join(tokens))
    return flags, tokens[:-1], tokens[-1]


def dockerfile_env(stage: list[tuple[str, str]]) -> dict[str, str]:
    env: dict[str, str] = {}
    for rest in instruction_args(stage, "ENV"):
        for token in shlex.split(rest):
            name, sep, value = token.partition("=")
            assert sep, f"use ENV KEY=VALUE, got {rest!r}"
            env[name] = value
    return env


def shell_commands(script: str) -> list[list[str]]:
    """Split a RUN line into simple commands (on &&, ||, ;)."""
    commands: list[list[str]] = [[]]
    lexer = shlex.shlex(script, posix=True, punctuation_chars=";&|")
    lexer.whitespace_split = True
    for token in lexer:
        if token in {"&&", "||", ";"}:
            commands.append([])
        else:
            commands[-1].append(token)
    return [command for command in commands if command]


def command_env(argv: list[str]) -> dict[str, str]:
    """The `NAME=value` assignments in front of a command."""
    env = {}
    for word in argv:
        name, sep, value = word.partition("=")
        if not sep or not re.fullmatch(r"[A-Za-z_]\w*", name):
            break
        env[name] = value
    return env


def normalize_command(argv: list[str]) -> list[str]:
    """`$(BIN)/python -m pip ...` and `python -m pip ...` both become `pip ...`; the
    `NAME=value` assignments in front (command_env) are dropped."""
    argv = argv[len(command_env(argv)):]
    argv = [os.path.basename(argv[0]), *argv[1:]]
    if argv[0].startswith("python") and argv[1:2] == ["-m"]:
        argv = argv[2:]
    return argv


_PIP_OPTIONS_WITH_VALUE = {
    "-r", "--requirement", "-c", "--constraint", "-i", "--index-url",
    "--extra-index-url", "-t", "--target", "--prefix", "--root",
}  # fmt: skip


def pip_installs(commands: list[list[str]]) -> list[tuple[list[str], set[str]]]:
    """(requirement names without extras or pins, options) of each `pip install`."""
    installs = []
    for argv in map(normalize_command, commands):
        if argv[:2] != ["pip", "install"]:
            continue
        targets: list[str] = []
        options: set[str] = set()
        args = iter(argv[2:])
        for arg in args:
            if arg in {"-e", "--editable"}:
                options.add("--editable")
                targets.append(next(args))
            elif arg in _PIP_OPTIONS_WITH_VALUE:
                options.add(arg)
                next(args)
            elif arg.startswith("-"):
                options.add("--upgrade" if arg == "-U" else arg)
            else:
                targets.append(arg)
        names = [re.split(r"\[|==|>=|<=|~=|!=|<|>", target)[0] for target in targets]
        installs.append((names, options))
    return installs


def pip_argvs(commands: list[list[str]]) -> list[list[str]]:
    """The argv of each `pip install`, in the order pip_installs lists them."""
    return [argv for argv in map(normalize_command, commands) if argv[:2] == ["pip", "install"]]


def dockerfile_run_commands() -> list[list[str]]:
    commands = []
    for stage in dockerfile_stages()[1]:
        for rest in instruction_args(stage, "RUN"):
            commands.extend(shell_commands(rest))
    return commands


# --- helpers: Makefile ------------------------------------------------------------------


def makefile_commands(target: str | None = None) -> list[list[str]]:
    """Recipe commands of one target (or of all targets), split into argv lists."""
    commands: list[list[str]] = []
    in_target = False
    for line in MAKEFILE.read_text().splitlines():
        if line.startswith("\t"):
            if in_target:
                commands.extend(shell_commands(line.strip()))
            continue
        if line.strip() and not line.startswith("#"):
            rule = re.match(r"^([^\s:=]+(?:\s+[^\s:=]+)*)\s*:(?!=)", line)
            in_target = bool(rule) and (target is None or target in rule.group(1).split())
    return commands


# --- helpers: Kubernetes manifests ------------------------------------------------------


def manifest_files() -> list[Path]:
    return sorted(K8S_DIR.glob("*.yaml")) + sorted(K8S_DIR.glob("*.yml"))


def manifests() -> list[dict[str, Any]]:
    docs = []
    for path in manifest_files():
        docs.extend(doc for doc in yaml.safe_load_all(path.read_text()) if doc)
    return docs


def manifest(kind: str) -> dict[str, Any]:
    found = [doc for doc in manifests() if doc["kind"] == kind]
    assert len(found) == 1, f"expected exactly one {kind} in {K8S_DIR}, found {len(found)}"
    return found[0]


def containers() -> dict[str, dict[str, Any]]:
    found = manifest("Deployment")["spec"]["template"]["spec"]["containers"]
    assert [c["name"] for c in found] == ["proxy", "web"], "the proxy and the app"
    return {c["name"]: c for c in found}


def web_container() -> dict[str, Any]:
    return containers()["web"]


def proxy_container() -> dict[str, Any]:
    return containers()["proxy"]


def container_port(container: dict[str, Any], port: int | str) -> int:
    """Resolve a port reference (number or container port name) to a number."""
    if isinstance(port, int):
        return port
    names = {p["name"]: p["containerPort"] for p in container["ports"] if "name" in p}
    assert port in names, f"port name {port!r} is not a container port ({names})"
    return names[port]


def cpu_quantity(value: str | int | float) -> float:
    text = str(value)
    return int(text[:-1]) / 1000 if text.endswith("m") else float(text)


def prestop_sleep_seconds(container: dict[str, Any]) -> int:
    pre_stop = container.get("lifecycle", {}).get("preStop")
    if not pre_stop:
        return 0
    if "sleep" in pre_stop:
        return int(pre_stop["sleep"]["seconds"])
    command = pre_stop.get("exec", {}).get("command", [])
    if command[:1] == ["sleep"] and len(command) == 2:
        return math.ceil(float(command[1]))
    pytest.fail(f"cannot tell how long preStop {pre_stop} takes")


def effective_container_env() -> dict[str, str]:
    """The image's ENV overlaid with the Deployment's literal env values."""
    env = dockerfile_env(runtime_stage())
    for var in web_container().get("env", []):
        if "value" in var:
            env[var["name"]] = str(var["value"])
    return env


# === (a) Kubernetes manifests validate offline ==========================================


@pytest.mark.parametrize("path", manifest_files(), ids=lambda p: p.name)
def test_manifest_validates_strictly(path: Path) -> None:
    docs = [doc for doc in yaml.safe_load_all(path.read_text()) if doc]
    assert docs, f"{path} holds no manifest"
    for doc in docs:
        # Raises ValidationError on unknown or mistyped fields, SchemaNotFoundError on a
        # kind/apiVersion this Kubernetes release does not serve.
        validated = kubernetes_validate.validate(doc, K8S_VERSION, strict=True)
        assert validated == ".".join(K8S_VERSION.split(".")[:2])


def test_manifests_pass_kubernetes_validate_cli() -> None:
    """The documented command (`kubernetes-validate --strict -k VERSION`) passes too."""
    exe = VENV_BIN / "kubernetes-validate"
    argv = [str(exe)] if exe.exists() else [sys.executable, "-m", "kubernetes_validate"]
    files = [str(path) for path in manifest_files()]
    result = subprocess.run(
        [*argv, "--strict", "-k", K8S_VERSION, *files],
        capture_output=True, text=True, check=False, cwd=ROOT,
    )  # fmt: skip
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    assert "WARN" not in output and "ERROR" not in output, output


def test_expected_resources_present() -> None:
    kinds = sorted(doc["kind"] for doc in manifests())
    assert kinds == ["ConfigMap", "Deployment", "HorizontalPodAutoscaler", "NetworkPolicy",
                     "PodDisruptionBudget", "Service"]


def test_selectors_match_pod_labels() -> None:
    deployment = manifest("Deployment")
    pod_labels = deployment["spec"]["template"]["metadata"]["labels"]
    selectors = {
        "Deployment": deployment["spec"]["selector"]["matchLabels"],
        "Service": manifest("Service")["spec"]["selector"],
        "PodDisruptionBudget": manifest("PodDisruptionBudget")["spec"]["selector"]["matchLabels"],
        "NetworkPolicy": manifest("NetworkPolicy")["spec"]["podSelector"]["matchLabels"],
    }
    for kind, selector in selectors.items():
        assert selector, f"{kind} has an empty selector"
        assert selector.items() <= pod_labels.items(), f"{kind} selector misses the pods"
    target = manifest("HorizontalPodAutoscaler")["spec"]["scaleTargetRef"]
    assert (target["kind"], target["name"]) == ("Deployment", deployment["metadata"]["name"])
    assert "replicas" not in deployment["spec"], "the HPA owns the replica count"


def test_network_policy_admits_only_the_ingress_controller_and_prometheus() -> None:
    """Other pods stay off the service: sync workers are for a buffering proxy only, and
    /metrics for Prometheus; every rule names the pods (by namespace and labels) and the
    container's port, and nothing goes out."""
    policy = manifest("NetworkPolicy")["spec"]
    assert sorted(policy["policyTypes"]) == ["Egress", "Ingress"]
    assert policy["egress"] == []
    sources = {}
    for rule in policy["ingress"]:
        ports = [container_port(proxy_container(), p["port"]) for p in rule["ports"]]
        for peer in rule["from"]:
            assert peer["namespaceSelector"]["matchLabels"], peer
            assert peer["podSelector"]["matchLabels"], peer
            assert "ipBlock" not in peer
            sources[peer["podSelector"]["matchLabels"]["app.kubernetes.io/name"]] = ports
    # the public traffic to the proxy's public port, Prometheus to its internal one
    assert sources == {"ingress-nginx": [8080], "prometheus": [8081]}


def test_hpa_scales_on_cpu_and_pdb_leaves_a_pod() -> None:
    hpa = manifest("HorizontalPodAutoscaler")["spec"]
    assert [m["resource"]["name"] for m in hpa["metrics"] if m["type"] == "Resource"] == ["cpu"]
    assert 2 <= hpa["minReplicas"] <= hpa["maxReplicas"]
    pdb = manifest("PodDisruptionBudget")["spec"]
    if "maxUnavailable" in pdb:
        assert pdb["maxUnavailable"] < hpa["minReplicas"]
    else:
        assert 1 <= pdb["minAvailable"] < hpa["minReplicas"]


# === (b) hadolint ======================================================================


def hadolint_exe() -> str:
    exe = VENV_BIN / "hadolint"
    found = str(exe) if exe.exists() else shutil.which("hadolint")
    if found is None:
        pytest.fail("hadolint not found: install the dev extras (pip install -e '.[dev]')")
    try:
        subprocess.run([found, "--version"], capture_output=True, check=True, timeout=60)
    except OSError as error:  # e.g. ENOEXEC: the wheel's binary is for another platform
        pytest.skip(f"hadolint binary cannot run on this platform: {error}")
    return found


def run_hadolint(dockerfile: Path) -> tuple[int, list[dict[str, Any]]]:
    result = subprocess.run(
        [hadolint_exe(), "--no-color", "--format", "json", "--failure-threshold", "style",
         str(dockerfile)],
        capture_output=True, text=True, check=False, cwd=ROOT, timeout=120,
    )  # fmt: skip
    return result.returncode, json.loads(result.stdout or "[]")


def test_hadolint_reports_nothing() -> None:
    returncode, findings = run_hadolint(DOCKERFILE)
    assert findings == [], "\n".join(
        f"line {f['line']}: {f['code']} {f['level']}: {f['message']}" for f in findings
    )
    assert returncode == 0


def test_hadolint_actually_lints(tmp_path: Path) -> None:
    """Guard against a silent linter: a bad Dockerfile must be reported."""
    bad = tmp_path / "Dockerfile"
    bad.write_text("FROM python:latest\nRUN pip install flask\n")
    returncode, findings = run_hadolint(bad)
    assert returncode != 0
    assert {"DL3007", "DL3013"} <= {finding["code"] for finding in findings}


# === (c) the gunicorn config loads =====================================================


def test_gunicorn_config_defaults_for_make_run(monkeypatch: pytest.MonkeyPatch) -> None:
    cfg = load_gunicorn_config(monkeypatch).cfg
    assert cfg.bind == ["127.0.0.1:8000"]  # loopback: what `make run` serves
    assert cfg.workers == cpu_count()
    assert cfg.worker_class_str == "sync"
    assert cfg.threads == 1  # more threads would silently switch to gthread
    assert 0 < cfg.graceful_timeout <= cfg.timeout
    assert 0 < cfg.max_requests_jitter < cfg.max_requests
    assert 0 < cfg.limit_request_line <= 8190  # gunicorn's hard maximum
    assert 0 < cfg.limit_request_fields <= 32768
    assert cfg.limit_request_field_size > 0
    assert cfg.keepalive > 0
    # The app logs each request as JSON on stdout; gunicorn's access log would repeat it.
    assert cfg.accesslog is None
    assert cfg.errorlog == "-"  # stderr only
    if "control_socket_disable" in cfg.settings:
        assert cfg.control_socket_disable is True


def test_gunicorn_config_reads_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    env = {"GUNICORN_BIND": "0.0.0.0:9001", "WEB_CONCURRENCY": "3", "GUNICORN_LOGLEVEL": "warning",
           METRICS_DIR_ENV: "/srv/metrics"}
    cfg = load_gunicorn_config(monkeypatch, env).cfg
    assert cfg.bind == ["0.0.0.0:9001"]
    assert cfg.workers == 3
    assert cfg.loglevel == "warning"
    assert cfg.env == {METRICS_DIR_ENV: "/srv/metrics"}


def test_gunicorn_config_sets_a_metrics_dir(monkeypatch: pytest.MonkeyPatch) -> None:
    """Multiprocess metrics need the variable before the app is imported: raw_env sets it
    in the master (before preload_app), under the temp dir unless the environment names one;
    loading the config itself changes no environment variable."""
    loaded = load_gunicorn_config(monkeypatch)
    cfg, namespace = loaded.cfg, loaded.namespace
    metrics_dir = Path(cfg.env[METRICS_DIR_ENV])
    assert metrics_dir.parent == Path(tempfile.gettempdir())
    assert str(os.getpid()) in metrics_dir.name  # two servers on one machine keep apart
    assert METRICS_DIR_ENV not in os.environ
    assert cfg.preload_app is True
    for hook in ("on_starting", "child_exit", "on_exit"):
        assert callable(namespace.get(hook)), hook
        assert getattr(cfg, hook) is namespace[hook], hook


def test_gunicorn_metrics_hooks_keep_the_dir(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """on_starting clears old files, child_exit folds a worker's files, on_exit removes
    the directory only where the config chose it."""
    given = tmp_path / "given"
    namespace = load_gunicorn_config(monkeypatch, {METRICS_DIR_ENV: str(given)}).namespace
    server = types.SimpleNamespace(log=types.SimpleNamespace(exception=pytest.fail))
    namespace["on_starting"](server)
    assert given.is_dir()
    for name in ("counter_999999.db", "histogram_archive.db", "gauge_livesum_7.db",
                 "counter_archive.db.tmp", "keep.db", "notes.txt"):
        (given / name).write_bytes(b"")
    namespace["on_starting"](server)
    # a restart starts from zero; files that are not prometheus-client's stay
    assert sorted(p.name for p in given.iterdir()) == [".lock", "keep.db", "notes.txt"]
    namespace["child_exit"](server, types.SimpleNamespace(pid=999999))  # no files: no-op
    namespace["on_exit"](server)
    assert given.is_dir(), "a directory named in the environment is kept"

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    own = load_gunicorn_config(monkeypatch).namespace
    created = Path(own["raw_env"][0].partition("=")[2])
    own["on_starting"](server)
    assert created.is_dir() and created.parent == tmp_path
    own["on_exit"](server)
    assert not created.exists(), "the config's own directory is removed at exit"


def test_metrics_dir_is_writable_in_the_pod(monkeypatch: pytest.MonkeyPatch) -> None:
    """The root filesystem is read-only: the metrics files must land on a mounted volume."""
    env = effective_container_env()
    container = web_container()
    mounts = [Path(m["mountPath"]) for m in container["volumeMounts"]
              if not m.get("readOnly", False)]
    # The image's temp dir (TMPDIR or /tmp), not this machine's.
    monkeypatch.setattr(tempfile, "tempdir", env.get("TMPDIR", "/tmp"))
    metrics_dir = Path(load_gunicorn_config(monkeypatch, env).cfg.env[METRICS_DIR_ENV])
    assert any(metrics_dir.is_relative_to(mount) for mount in mounts), (metrics_dir, mounts)


@pytest.mark.parametrize("value", ["0", "-2", "two"])
def test_gunicorn_config_rejects_bad_worker_count(
    monkeypatch: pytest.MonkeyPatch, value: str
) -> None:
    with pytest.raises(SystemExit):  # gunicorn reports the error and exits
        load_gunicorn_config(monkeypatch, {"WEB_CONCURRENCY": value})


def test_gunicorn_config_names_are_all_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    """gunicorn ignores unknown names silently, so a typo would go unnoticed."""
    loaded = load_gunicorn_config(monkeypatch)
    public = {
        name
        for name, value in loaded.namespace.items()
        if not name.startswith("_") and not isinstance(value, types.ModuleType)
    }
    assert public, "no settings found"
    assert public <= set(loaded.cfg.settings), public - set(loaded.cfg.settings)


def test_gunicorn_config_loads_on_gunicorn_without_control_socket(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Older gunicorn (< 25.1) has no control socket settings: the file must still load."""
    older = [s for s in gunicorn.config.KNOWN_SETTINGS if not s.name.startswith("control_")]
    monkeypatch.setattr(gunicorn.config, "KNOWN_SETTINGS", older)
    namespace = runpy.run_path(str(GUNICORN_CONF))
    assert "control_socket_disable" not in namespace
    assert namespace["worker_class"] == "sync"


def gunicorn_argv() -> list[str]:
    cmd = json.loads(instruction_args(runtime_stage(), "CMD")[-1])
    exe = VENV_BIN / cmd[0]
    return [str(exe) if exe.exists() else cmd[0], *cmd[1:]]


def server_env(tmp_path: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in GUNICORN_ENV}
    env.pop("XDG_RUNTIME_DIR", None)
    # As in the image: no usable home directory (gunicorn >= 25 would put a socket there).
    env["HOME"] = str(tmp_path / "no-home")
    env.update(extra)
    return env


@needs_app
def test_gunicorn_check_config_with_app(tmp_path: Path) -> None:
    argv = gunicorn_argv()
    result = subprocess.run(
        [argv[0], "--check-config", *argv[1:]],
        capture_output=True, text=True, check=False, cwd=ROOT, timeout=120,
        env=server_env(tmp_path),
    )  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_for_ok(url: str, process: subprocess.Popen, deadline: float) -> None:
    while True:
        assert process.poll() is None, f"gunicorn exited early ({process.returncode})"
        try:
            with urllib.request.urlopen(url, timeout=5) as response:
                assert response.status == 200
                return
        except (urllib.error.URLError, ConnectionError):
            if time.monotonic() > deadline:
                raise
            time.sleep(0.2)


@needs_app
def test_gunicorn_serves_probes_and_stops_gracefully(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The image's command, run with the image's kind of environment, answers the probes."""
    graceful_timeout = load_gunicorn_config(monkeypatch).cfg.graceful_timeout
    port = free_port()
    temp = tmp_path / "tmp"  # as /tmp in the pod: heartbeat files and the metrics dir
    temp.mkdir()
    env = server_env(tmp_path, GUNICORN_BIND=f"127.0.0.1:{port}", WEB_CONCURRENCY="2",
                     TMPDIR=str(temp))
    log = tmp_path / "gunicorn.log"
    with log.open("w") as out:
        process = subprocess.Popen(gunicorn_argv(), cwd=ROOT, env=env, stdout=out, stderr=out)
        try:
            deadline = time.monotonic() + 30
            for path in (LIVENESS_PATH, READINESS_PATH):
                wait_for_ok(f"http://127.0.0.1:{port}{path}", process, deadline)
        finally:
            process.send_signal(signal.SIGTERM)
            try:
                returncode = process.wait(timeout=graceful_timeout + 5)
            except subprocess.TimeoutExpired:
                process.kill()
                raise
    assert returncode == 0, log.read_text()
    assert not (tmp_path / "no-home").exists(), "gunicorn wrote under $HOME (control socket?)"
    assert not list(temp.glob("doko-service-metrics-*")), "metrics dir left behind"
    # One JSON access line per request from the app; gunicorn's own access log is off.
    lines = log.read_text().splitlines()
    access = [json.loads(line) for line in lines if line.startswith("{")]
    assert {entry["route"] for entry in access} >= {LIVENESS_PATH, READINESS_PATH}
    assert all(entry["status"] == 200 for entry in access)
    assert not [line for line in lines if '"GET /healthz' in line], "gunicorn access log"


# === (d) the Dockerfile runs the Makefile's commands ===================================


def test_dockerfile_cmd_is_make_run() -> None:
    (run_command,) = [c for c in map(normalize_command, makefile_commands("run")) if c]
    cmd = json.loads(instruction_args(runtime_stage(), "CMD")[-1])  # exec form: no shell
    assert normalize_command(cmd) == run_command
    assert run_command == [
        "gunicorn", "--config", "deploy/gunicorn.conf.py", "service:create_app()",
    ]  # fmt: skip
    assert not instruction_args(runtime_stage(), "ENTRYPOINT"), "CMD must be the whole command"


def test_dockerfile_installs_like_makefile() -> None:
    def summary(commands: list[list[str]]) -> tuple[bool, list[str]]:
        installs = pip_installs(commands)
        # the image upgrades pip from its hashed lock (deploy/pip.lock)
        upgrades_pip = any((n == ["pip"] or any(a.endswith("pip.lock") for a in argv))
                           and "--upgrade" in o
                           for (n, o), argv in zip(installs, pip_argvs(commands), strict=True))
        projects = sorted(t for names, _ in installs if names != ["pip"] for t in names)
        return upgrades_pip, projects

    make_upgrades, make_projects = summary(makefile_commands("$(STAMP)"))
    compiled_upgrades, compiled_projects = summary(makefile_commands("$(CSTAMP)"))
    docker_upgrades, docker_projects = summary(dockerfile_run_commands())
    # Makefile: `pip install -e '.[dev]'` (editable, with dev tools); `make compiled`: the
    # same from a copy of the tree ($(CSRC)), non-editable; image: `pip install .`
    assert make_projects == ["."]
    assert compiled_projects == ["$(CSRC)"]
    assert docker_projects == make_projects
    assert make_upgrades and compiled_upgrades and docker_upgrades, "all upgrade pip first"
    for names, options in pip_installs(dockerfile_run_commands()):
        assert "--editable" not in options, f"no editable install in the image: {names}"


def test_image_compiles_the_core_as_make_compiled_does() -> None:
    """The image runs the compiled core (setup.py, DOKO_COMPILE=1) built as `make compiled`
    builds it, with the server extra; `make install` (editable) stays pure."""
    def installs(commands: list[list[str]], env: dict[str, str]) -> list[tuple[str, str]]:
        found = []
        for argv in commands:
            upgrade = re.split(r"\[|==|>=|<=|~=|!=|<|>", argv[-1])[0] == "pip"
            locked = argv[-1].endswith(".lock")  # the hashed dependencies, not the project
            if normalize_command(argv)[:2] == ["pip", "install"] and not upgrade and not locked:
                found.append(({**env, **command_env(argv)}.get("DOKO_COMPILE"), argv[-1]))
        return found

    builder = dockerfile_stages()[1][0]
    docker = installs([c for rest in instruction_args(builder, "RUN")
                       for c in shell_commands(rest)], dockerfile_env(builder))
    assert [(flag, target.split("[")[1]) for flag, target in docker] == [("1", "server]")]
    compiled = installs(makefile_commands("$(CSTAMP)"), {})
    assert [(flag, target.split("[")[1]) for flag, target in compiled] == [("1", "server]")]
    assert [flag for flag, _ in installs(makefile_commands("$(STAMP)"), {})] == [None]
    # The builder has a C compiler; the runtime stage keeps none and no source tree.
    assert any("gcc" in rest for rest in instruction_args(builder, "RUN"))
    assert not any("gcc" in rest for rest in instruction_args(runtime_stage(), "RUN"))


def test_runtime_image_holds_app_files() -> None:
    stage = runtime_stage()
    workdir = Path(instruction_args(stage, "WORKDIR")[-1])
    copied: dict[str, Path] = {}
    for rest in instruction_args(stage, "COPY"):
        flags, sources, dest = copy_parts(rest)
        if "from" in flags:
            continue
        for source in sources:
            target = workdir / dest
            if dest.endswith("/") and not source.endswith("/"):
                target = target / Path(source).name
            copied[source.rstrip("/")] = target
    config = json.loads(instruction_args(stage, "CMD")[-1])[2]
    assert copied.get(config) == workdir / config, "gunicorn config not at the CMD's path"
    # `service` (with openapi.yaml as package data) comes with the builder's venv: a
    # source tree in gunicorn's working directory would shadow the compiled core there.
    assert "service" not in copied
    assert any("--from=builder" in rest for rest in instruction_args(stage, "COPY"))


def test_build_context_has_every_copied_file() -> None:
    """Each COPY source exists and is not dropped by deploy/Dockerfile.dockerignore."""
    patterns = [
        line.strip()
        for line in DOCKERIGNORE.read_text().splitlines()
        if line.strip() and not line.startswith("#")
    ]

    def included(rel: str) -> bool:
        candidates = [rel, *(str(p) for p in Path(rel).parents if str(p) != ".")]
        keep = True
        for pattern in patterns:
            negated = pattern.startswith("!")
            glob = pattern.lstrip("!").rstrip("/")
            variants = {glob, glob.removeprefix("**/")}
            if any(fnmatch.fnmatchcase(c, v) for c in candidates for v in variants):
                keep = negated
        return keep

    for stage in dockerfile_stages()[1]:
        for rest in instruction_args(stage, "COPY"):
            flags, sources, _ = copy_parts(rest)
            if "from" in flags:
                continue
            matched = []
            for source in sources:
                if any(ch in source for ch in "*?["):
                    matched.extend(ROOT.glob(source))
                else:
                    path = ROOT / source.rstrip("/")
                    assert path.exists(), f"COPY {source}: missing from the repository"
                    matched.append(path)
            assert matched, f"COPY {rest}: matches nothing"
            for path in matched:
                files = [path] if path.is_file() else [
                    p for p in path.rglob("*")
                    if p.is_file() and "__pycache__" not in p.parts
                ]  # fmt: skip
                for file in files:
                    rel = file.relative_to(ROOT).as_posix()
                    assert included(rel), f"{rel} is excluded by {DOCKERIGNORE.name}"


def test_builder_and_runtime_share_the_base_image() -> None:
    """The copied venv links to the builder's python, so both stages need the same one."""
    global_args, stages = dockerfile_stages()
    bases = []
    for stage in stages:
        image = stage[0][1].split()[0]
        bases.append(re.sub(r"\$\{?(\w+)\}?", lambda m: global_args[m.group(1)], image))
    assert len(stages) >= 2, "expected a multi-stage build"
    assert set(bases) == {"python:3.11-slim"}


# === (e) ports, probe paths and uid agree ==============================================


def test_probe_paths() -> None:
    container = web_container()
    assert container["livenessProbe"]["httpGet"]["path"] == LIVENESS_PATH
    assert container["readinessProbe"]["httpGet"]["path"] == READINESS_PATH
    if "startupProbe" in container:
        assert container["startupProbe"]["httpGet"]["path"] == LIVENESS_PATH
    healthcheck = " ".join(instruction_args(runtime_stage(), "HEALTHCHECK"))
    assert LIVENESS_PATH in healthcheck


@needs_app
def test_probe_paths_are_app_routes() -> None:
    from service import create_app

    app = create_app()
    rules = {rule.rule: rule.methods for rule in app.url_map.iter_rules()}
    client = app.test_client()
    for path in (LIVENESS_PATH, READINESS_PATH):
        assert "GET" in rules.get(path, set()), f"{path} is not a GET route"
        assert client.get(path).status_code == 200, path


def test_ports_agree(monkeypatch: pytest.MonkeyPatch) -> None:
    """The image listens on all interfaces (docker run); in the pod gunicorn listens on
    loopback behind the proxy, whose public port is the Service's and whose internal
    port (the probes, /metrics) is not exposed."""
    container = web_container()
    cfg = load_gunicorn_config(monkeypatch, effective_container_env()).cfg
    (bind,) = cfg.bind
    assert bind.rpartition(":")[0] == "127.0.0.1", "in the pod gunicorn is behind the proxy"
    port = bind_port(bind)
    assert "ports" not in container
    image_bind = dockerfile_env(runtime_stage())["GUNICORN_BIND"]
    assert instruction_args(runtime_stage(), "EXPOSE") == [str(bind_port(image_bind))]
    conf = PROXY_CONF.read_text()
    assert f"server 127.0.0.1:{port};" in conf
    proxy = proxy_container()
    public, internal = container_port(proxy, "http"), container_port(proxy, "internal")
    assert f"listen {public} default_server;" in conf and f"listen {internal};" in conf
    for probe in ("livenessProbe", "readinessProbe", "startupProbe"):
        if probe in container:
            assert container_port(proxy, container[probe]["httpGet"]["port"]) == internal
    (service_port,) = manifest("Service")["spec"]["ports"]
    assert container_port(proxy, service_port["targetPort"]) == public
    assert cfg.forwarded_allow_ips == ["127.0.0.1"]


def _proxy_configmap():
    import importlib.util

    spec = importlib.util.spec_from_file_location("proxy_configmap",
                                                  DEPLOY / "proxy_configmap.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_proxy_configmap_is_deploy_nginx_conf() -> None:
    configmap = manifest("ConfigMap")
    generator = _proxy_configmap()
    assert configmap["data"]["nginx.conf"] == generator.nginx_conf(
        generator.deployment_origins()), "run python deploy/proxy_configmap.py --write"
    if not generator.deployment_origins():
        assert configmap["data"]["nginx.conf"] == PROXY_CONF.read_text()
    pod = manifest("Deployment")["spec"]["template"]["spec"]
    volumes = {v["name"]: v for v in pod["volumes"]}
    proxy = proxy_container()
    mounts = {m["mountPath"]: m["name"] for m in proxy["volumeMounts"]}
    assert volumes[mounts["/etc/doko"]]["configMap"]["name"] == configmap["metadata"]["name"]
    assert "/etc/doko/nginx.conf" in proxy["command"]
    # nginx writes under its prefix only, its own disk-backed emptyDir (not the web
    # container's memory-backed /tmp, which 8 MiB bodies would fill)
    prefix = proxy["command"][proxy["command"].index("-p") + 1]
    tmp = volumes[mounts[prefix.rstrip("/")]]
    assert "emptyDir" in tmp and tmp["emptyDir"].get("medium") != "Memory"
    assert mounts[prefix.rstrip("/")] not in {m["name"] for m in web_container()["volumeMounts"]}
    for path in re.findall(r"^\s*(?:pid|\w+_temp_path)\s+(\S+);", PROXY_CONF.read_text(), re.M):
        assert not path.startswith("/"), f"{path}: not under the prefix"
    assert proxy["securityContext"]["readOnlyRootFilesystem"] is True
    assert all(p["containerPort"] > 1024 for p in proxy["ports"])


@needs_app
def test_scrape_annotations_point_at_metrics() -> None:
    from service import create_app

    container = web_container()
    annotations = manifest("Deployment")["spec"]["template"]["metadata"]["annotations"]
    assert annotations["prometheus.io/scrape"] == "true"
    assert int(annotations["prometheus.io/port"]) == container_port(proxy_container(),
                                                                    "internal")
    assert "location = /metrics" in PROXY_CONF.read_text()
    assert container
    response = create_app().test_client().get(annotations["prometheus.io/path"])
    assert response.status_code == 200
    assert response.mimetype == "text/plain"


def test_non_root_uid_agrees() -> None:
    (user,) = instruction_args(runtime_stage(), "USER")
    uid, _, gid = user.partition(":")
    assert uid.isdigit() and int(uid) != 0, "USER must be a numeric non-root uid"
    pod = manifest("Deployment")["spec"]["template"]["spec"]
    for context in (pod.get("securityContext", {}), web_container().get("securityContext", {})):
        if "runAsUser" in context:
            assert context["runAsUser"] == int(uid)
        if gid and "runAsGroup" in context:
            assert context["runAsGroup"] == int(gid)
    assert pod["securityContext"]["runAsNonRoot"] is True
    assert pod["securityContext"]["runAsUser"] == int(uid)


def test_read_only_root_has_writable_tmp() -> None:
    container = web_container()
    assert container["securityContext"]["readOnlyRootFilesystem"] is True
    assert container["securityContext"]["allowPrivilegeEscalation"] is False
    volumes = {v["name"]: v for v in manifest("Deployment")["spec"]["template"]["spec"]["volumes"]}
    mounts = {m["mountPath"]: m["name"] for m in container["volumeMounts"]}
    assert "/tmp" in mounts and "emptyDir" in volumes[mounts["/tmp"]]


def test_worker_count_follows_cpu_request(monkeypatch: pytest.MonkeyPatch) -> None:
    container = web_container()
    cpu_request = cpu_quantity(container["resources"]["requests"]["cpu"])
    expected = max(1, math.ceil(cpu_request))
    (var,) = [v for v in container["env"] if v["name"] == "WEB_CONCURRENCY"]
    if "value" in var:
        assert int(var["value"]) == expected
    else:
        field = var["valueFrom"]["resourceFieldRef"]
        assert field["resource"] == "requests.cpu"
        assert field.get("containerName", container["name"]) == container["name"]
        assert str(field.get("divisor", "1")) == "1"  # kubelet rounds up to whole CPUs
    env = {**effective_container_env(), "WEB_CONCURRENCY": str(expected)}
    assert load_gunicorn_config(monkeypatch, env).cfg.workers == expected
    assert "limits" in container["resources"] and "memory" in container["resources"]["limits"]


# === (f) shutdown and probe timing agree with gunicorn ==================================


def test_termination_grace_exceeds_graceful_timeout(monkeypatch: pytest.MonkeyPatch) -> None:
    cfg = load_gunicorn_config(monkeypatch, effective_container_env()).cfg
    pod = manifest("Deployment")["spec"]["template"]["spec"]
    grace = pod["terminationGracePeriodSeconds"]
    assert grace > cfg.graceful_timeout
    # The kubelet's clock starts before preStop, gunicorn's at SIGTERM after it.
    assert grace > prestop_sleep_seconds(web_container()) + cfg.graceful_timeout


def test_probes_are_generous(monkeypatch: pytest.MonkeyPatch) -> None:
    """Sync workers can make probes wait behind requests: no hair-trigger restarts."""
    cfg = load_gunicorn_config(monkeypatch, effective_container_env()).cfg
    container = web_container()
    for name in ("livenessProbe", "readinessProbe"):
        probe = container[name]
        assert probe.get("timeoutSeconds", 1) >= 3, name
        assert probe.get("failureThreshold", 3) >= 3, name
    liveness = container["livenessProbe"]
    window = liveness.get("periodSeconds", 10) * liveness.get("failureThreshold", 3)
    # gunicorn replaces a stuck worker (timeout) before the kubelet restarts the container.
    assert window > cfg.timeout


def test_the_proxys_cors_comes_from_the_apps_setting(monkeypatch) -> None:
    """With CORS on, the proxy's own errors carry Access-Control-Allow-Origin for the
    same origins as the app's answers: its maps are written from DOKO_CORS_ORIGINS."""
    from service.api import cors

    generator = _proxy_configmap()
    setting = " https://club.example/, http://localhost:5173,https://club.example"
    monkeypatch.setenv(cors.ENV, setting)
    assert generator.origins(setting) == sorted(cors.origins_from_environment())
    text = generator.nginx_conf(generator.origins(setting))
    assert '"~^https://club\\.example$" $http_origin;' in text
    assert '"~^http://localhost:5173$" $http_origin;' in text
    assert 'default "Origin";' in text

    def outside_the_block(conf: str) -> str:
        return conf[:conf.index("    # cors:start")] + conf[conf.index("    # cors:end"):]

    assert outside_the_block(text) == outside_the_block(PROXY_CONF.read_text())
    with pytest.raises(ValueError, match="not an origin"):
        generator.origins('https://x.example" ; evil')
