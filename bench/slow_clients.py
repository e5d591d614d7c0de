"""Slow clients against gunicorn alone and behind the pod's nginx (deploy/nginx.conf).

    .venv/bin/python bench/slow_clients.py [--slow 50] [--seconds 20] [--workers 2]

Starts gunicorn as deployed (deploy/gunicorn.conf.py, 2 sync workers) and, in front of
it, nginx with deploy/nginx.conf (only its ports and prefix replaced). Then, for each
of: gunicorn alone, and nginx in front, first quiet and then under attack, good clients
check a game in a loop (two threads) while a probe asks /healthz twice a second; under
attack, ``--slow`` connections each send a byte a second for ``--seconds`` (half of
them their request header, half a body after a whole header), reconnecting when closed.
It prints, per run: good requests answered of those sent, their p50 and p99, and the
slowest /healthz. tests/test_slow_clients.py runs the attack on nginx in make test.

Needs nginx (Debian: apt-get install nginx); as root, nginx's workers run as root here
so that they can read the test's private temp directory.
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import importlib.util
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NGINX_CONF = ROOT / "deploy" / "nginx.conf"
GAME = (ROOT / "examples" / "normal-game.json").read_bytes()
GOOD_TIMEOUT = 5.0  # seconds a good client waits for an answer


def nginx_binary() -> str | None:
    return shutil.which("nginx") or next(
        (p for p in ("/usr/sbin/nginx", "/usr/local/sbin/nginx") if os.access(p, os.X_OK)),
        None)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _proxy_configmap():
    spec = importlib.util.spec_from_file_location(
        "proxy_configmap", ROOT / "deploy" / "proxy_configmap.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def nginx_config(public: int, internal: int, app: int, cors: str = "") -> str:
    """deploy/nginx.conf with the loopback ports of this run and the CORS origins of
    ``cors`` (a DOKO_CORS_ORIGINS value) as the pod's copy has them, nothing else
    changed (as root, the workers stay root: nobody could not read a private temp
    directory)."""
    generator = _proxy_configmap()
    text = generator.nginx_conf(generator.origins(cors))
    for old, new in (("listen 8080 default_server;", f"listen 127.0.0.1:{public} default_server;"),
                     ("listen 8081;", f"listen 127.0.0.1:{internal};"),
                     ("server 127.0.0.1:8000;", f"server 127.0.0.1:{app};")):
        assert old in text, old
        text = text.replace(old, new)
    if os.geteuid() == 0:
        text = "user root root;\n" + text
    return text


def wait_until(url_port: int, path: str, process: subprocess.Popen, log: Path,
               deadline: float = 30.0) -> None:
    end = time.monotonic() + deadline
    while True:
        if process.poll() is not None:
            raise RuntimeError(f"exited {process.returncode}: {log.read_text()[-3000:]}")
        try:
            conn = http.client.HTTPConnection("127.0.0.1", url_port, timeout=2)
            conn.request("GET", path)
            if conn.getresponse().status == 200:
                return
        except OSError:
            pass
        if time.monotonic() > end:
            raise RuntimeError(f"no answer on {url_port}{path}: {log.read_text()[-3000:]}")
        time.sleep(0.2)


def _stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@contextlib.contextmanager
def gunicorn(directory: Path, workers: int = 2, cors: str = "") -> Iterator[int]:
    """gunicorn as deployed on a free loopback port (CORS for the origins of ``cors``):
    the port."""
    port = free_port()
    env = {k: v for k, v in os.environ.items()
           if k not in ("PROMETHEUS_MULTIPROC_DIR", "GUNICORN_CMD_ARGS")}
    env |= {"GUNICORN_BIND": f"127.0.0.1:{port}", "WEB_CONCURRENCY": str(workers),
            "TMPDIR": str(directory), "HOME": str(directory), "DOKO_ACCESS_LOG": "off",
            "GUNICORN_LOGLEVEL": "warning", "DOKO_CORS_ORIGINS": cors}
    log = directory / "gunicorn.log"
    with log.open("w") as out:
        process = subprocess.Popen(
            [str(Path(sys.executable).parent / "gunicorn"), "--config",
             "deploy/gunicorn.conf.py", "service:create_app()"],
            cwd=ROOT, env=env, stdout=out, stderr=out)
    try:
        wait_until(port, "/readyz", process, log)
        yield port
    finally:
        _stop(process)


@contextlib.contextmanager
def nginx(directory: Path, app: int, cors: str = "") -> Iterator[tuple[int, int]]:
    """nginx with deploy/nginx.conf in front of ``app`` (CORS for the origins of
    ``cors``): (public port, internal port)."""
    binary = nginx_binary()
    if binary is None:
        raise RuntimeError("no nginx (apt-get install nginx)")
    public, internal = free_port(), free_port()
    prefix = directory / "nginx"
    prefix.mkdir()
    conf = prefix / "nginx.conf"
    conf.write_text(nginx_config(public, internal, app, cors))
    log = prefix / "nginx.log"
    with log.open("w") as out:
        process = subprocess.Popen(
            [binary, "-p", f"{prefix}/", "-e", "stderr", "-c", str(conf), "-g", "daemon off;"],
            stdout=out, stderr=out)
    try:
        wait_until(internal, "/proxy-healthz", process, log)
        yield public, internal
    finally:
        _stop(process)


# ---- the clients ----------------------------------------------------------------------

@dataclass
class Good:
    """What the good clients and the probe saw."""

    latencies: list[float] = field(default_factory=list)
    sent: int = 0
    failures: list[str] = field(default_factory=list)
    probes: list[float] = field(default_factory=list)
    probe_failures: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def p(self, fraction: float) -> float:
        ordered = sorted(self.latencies) or [float("nan")]
        return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def _request(port: int, method: str, path: str, body: bytes | None) -> int:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=GOOD_TIMEOUT)
    try:
        conn.request(method, path, body,
                     {"Content-Type": "application/json"} if body is not None else {})
        response = conn.getresponse()
        response.read()
        return response.status
    finally:
        conn.close()


def good_client(port: int, stop: threading.Event, good: Good) -> None:
    while not stop.is_set():
        started = time.perf_counter()
        try:
            status = _request(port, "POST", "/v1/games/check", GAME)
            problem = None if status == 200 else f"status {status}"
        except (OSError, http.client.HTTPException) as error:
            problem = type(error).__name__
        took = time.perf_counter() - started
        with good.lock:
            good.sent += 1
            if problem is None:
                good.latencies.append(took)
            else:
                good.failures.append(problem)


def probe(port: int, stop: threading.Event, good: Good) -> None:
    while not stop.is_set():
        started = time.perf_counter()
        try:
            status = _request(port, "GET", "/healthz", None)
            if status != 200:
                good.probe_failures.append(f"status {status}")
        except (OSError, http.client.HTTPException) as error:
            good.probe_failures.append(type(error).__name__)
        good.probes.append(time.perf_counter() - started)
        stop.wait(0.5)


SLOW_HEADER = (b"POST /v1/games/check HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
               b"Content-Length: 100000\r\nX-Padding: " + b"a" * 4000 + b"\r\n\r\n")
SLOW_BODY_HEAD = (b"POST /v1/games/check HTTP/1.1\r\nHost: x\r\n"
                  b"Content-Type: application/json\r\nContent-Length: 100000\r\n\r\n")


def attack(port: int, connections: int, seconds: float) -> int:
    """``connections`` sockets, each sending a byte a second for ``seconds``: half their
    header, half a body after the whole header; a closed one is opened again. Returns
    how many times connections were opened."""
    socks: list[tuple[socket.socket | None, int, bool]] = []
    opened = 0

    def connect(slow_header: bool) -> tuple[socket.socket | None, int, bool]:
        nonlocal opened
        try:
            sock = socket.create_connection(("127.0.0.1", port), timeout=1)
            sock.setblocking(False)
            opened += 1
            if not slow_header:
                sock.send(SLOW_BODY_HEAD)
            return sock, 0, slow_header
        except OSError:
            return None, 0, slow_header

    for i in range(connections):
        socks.append(connect(i % 2 == 0))
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        for i, (sock, sent, slow_header) in enumerate(socks):
            data = SLOW_HEADER if slow_header else b"{" + b" " * 200_000
            try:
                if sock is None:
                    raise OSError("not connected")
                sock.send(data[sent % len(data):sent % len(data) + 1])
                socks[i] = (sock, sent + 1, slow_header)
            except OSError:
                if sock is not None:
                    sock.close()
                socks[i] = connect(slow_header)
        time.sleep(1.0)
    for sock, _, _ in socks:
        if sock is not None:
            sock.close()
    return opened


def run(port: int, probe_port: int, seconds: float, slow: int) -> Good:
    """Good clients and the probe for ``seconds``, under ``slow`` slow connections."""
    good = Good()
    stop = threading.Event()
    threads = [threading.Thread(target=good_client, args=(port, stop, good), daemon=True)
               for _ in range(2)]
    threads.append(threading.Thread(target=probe, args=(probe_port, stop, good), daemon=True))
    attacker = None
    if slow:
        attacker = threading.Thread(target=attack, args=(port, slow, seconds), daemon=True)
        attacker.start()
        time.sleep(1.0)  # the slow connections are in before the good clients start
    for thread in threads:
        thread.start()
    time.sleep(seconds - (1.0 if slow else 0.0))
    stop.set()
    for thread in threads:
        thread.join(GOOD_TIMEOUT + 5)
    if attacker is not None:
        attacker.join(5)
    return good


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--slow", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    print(f"{args.workers} sync workers; good clients: 2 threads checking a game, /healthz "
          f"twice a second; attack: {args.slow} connections a byte a second, "
          f"{args.seconds:g} s", flush=True)
    print("| Setup | Attack | Good answered | p50 | p99 | slowest /healthz |")
    print("|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as temp:
        directory = Path(temp)
        with gunicorn(directory, args.workers) as app, nginx(directory, app) as (public, inner):
            for name, port, probe_port in (("gunicorn alone", app, app),
                                           ("nginx in front", public, inner)):
                for slow in (0, args.slow):
                    good = run(port, probe_port, args.seconds, slow)
                    answered = len(good.latencies)
                    slowest = max(good.probes) if good.probes else float("nan")
                    failed = len(good.probe_failures)
                    print(f"| {name} | {slow or 'none'} | {answered} of {good.sent} | "
                          f"{good.p(.5) * 1e3:.1f} ms | {good.p(.99) * 1e3:.1f} ms | "
                          f"{slowest * 1e3:.0f} ms"
                          + (f" ({failed} failed)" if failed else "") + " |", flush=True)
                    time.sleep(12 if slow else 1)  # gunicorn's workers free again


if __name__ == "__main__":
    main()
