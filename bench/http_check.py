"""POST /v1/games/check against POST /v1/echo on gunicorn as deployed, loaded by wrk.

    .venv/bin/python bench/http_check.py [--rounds 5] [--seconds 10] [--base DIR]
                                         [--compiled VENV]

Starts gunicorn with deploy/gunicorn.conf.py (2 sync workers, access log and metrics on,
as deployed) on a free loopback port, then drives it with wrk (``make wrk`` installs it)
over a generated corpus of distinct realistic games of every type
(service/tools/corpus.py), cycled by bench/wrk_cycle.lua: the check route and the echo
route (reads and parses the same body, answers a small JSON) in alternating runs, for
several rounds. Prints min / median / max over the rounds of requests/s, p50 and p99
latency per route, and of the ratio check / echo taken round by round.

``--base DIR``: another checkout with its own .venv (an older commit in a git
worktree) served alongside on another port and loaded in the same rounds, so both see
the same machine; prints its figures too and the ratio this / base per route.

``--compiled VENV``: also serve this checkout's compiled core, as installed non-editable
in VENV (``make compiled`` builds .venv-compiled, as the container image does), from a
working directory without sources, so that the venv's core runs; checked by
``GET /healthz`` (``"core": "compiled"``). Loaded in the same rounds; prints compiled /
pure per route too.

wrk is compiled and takes one thread (-t1, 8 connections): on a 2-core machine it
still shares the cores with the server, but costs it far less than a Python client.
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import json
import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LUA = Path(__file__).resolve().parent / "wrk_cycle.lua"
ROUTES = {"check": "/v1/games/check", "echo": "/v1/echo"}
# The echo route is a benchmark baseline; a deployment may keep it off.
ECHO_ENV = {"DOKO_ECHO": "on"}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(venv: Path, checkout: Path | None, port: int, workers: int, where: Path
                 ) -> tuple[subprocess.Popen[bytes], str]:
    """gunicorn of ``venv`` serving a checkout's sources (its working directory), or,
    checkout None, the venv's installed core from ``where`` (no sources there); with the
    core it runs, as /healthz says."""
    server = launch(venv, "service:create_app()", checkout or where, port, workers, checkout,
                    (checkout or ROOT) / "deploy/gunicorn.conf.py")
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    conn.request("GET", "/healthz")
    return server, json.loads(conn.getresponse().read()).get("core", "pure")


@contextlib.contextmanager
def start_gunicorn(venv: Path, app: str, cwd: Path, port: int, workers: int,
                   pythonpath: Path | None = None) -> Iterator[subprocess.Popen[bytes]]:
    """gunicorn of ``venv`` serving ``app`` with this checkout's deploy/gunicorn.conf.py,
    ready; stopped on leaving."""
    server = launch(venv, app, cwd, port, workers, pythonpath, ROOT / "deploy/gunicorn.conf.py")
    try:
        yield server
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)


def launch(venv: Path, app: str, cwd: Path, port: int, workers: int, pythonpath: Path | None,
           config: Path) -> subprocess.Popen[bytes]:
    """gunicorn started and answering GET /readyz."""
    env = dict(os.environ, GUNICORN_BIND=f"127.0.0.1:{port}", WEB_CONCURRENCY=str(workers),
               GUNICORN_LOGLEVEL="warning", **ECHO_ENV)
    env.pop("PYTHONPATH", None)
    if pythonpath:
        env["PYTHONPATH"] = str(pythonpath)
    server = subprocess.Popen(
        [str(venv / "bin" / "python"), "-m", "gunicorn", "--config", str(config), app],
        cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=1)
            conn.request("GET", "/readyz")
            if conn.getresponse().status == 200:
                return server
        except OSError:
            time.sleep(0.1)
    server.kill()
    raise SystemExit(f"gunicorn of {venv} ({app}) did not become ready: "
                     + (server.stderr.read().decode() if server.stderr else ""))


def wrk(port: int, route: str, corpus: Path, seconds: float, connections: int
        ) -> dict[str, float]:
    out = subprocess.run(
        ["wrk", "-t1", f"-c{connections}", f"-d{seconds:g}s", "--timeout", "10s", "-s",
         str(LUA), f"http://127.0.0.1:{port}", "--", route, str(corpus)],
        check=True, capture_output=True, text=True).stdout
    line = next(x for x in reversed(out.splitlines()) if x.startswith("{"))
    result: dict[str, float] = json.loads(line)
    if result["non2xx"] or result["socket_errors"]:
        raise SystemExit(f"{route}: {result['non2xx']:.0f} answers not 2xx, "
                         f"{result['socket_errors']:.0f} socket errors")
    result["rps"] = result["requests"] / result["seconds"]
    return result


def spread(values: list[float], fmt: str) -> str:
    return " / ".join(fmt.format(v) for v in (min(values), statistics.median(values),
                                              max(values)))


def parse_variant_args(parser: argparse.ArgumentParser) -> argparse.Namespace:
    """The options naming what to serve (shared with bench/http_cpu.py), parsed."""
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--base", type=Path, help="an older checkout to serve alongside")
    parser.add_argument("--compiled", type=Path, metavar="VENV",
                        help="a venv with this checkout's compiled core (.venv-compiled)")
    args = parser.parse_args()
    if shutil.which("wrk") is None:
        raise SystemExit("wrk is not installed: run `make wrk` (apt-get install wrk)")
    return args


def variants(args: argparse.Namespace) -> dict[str, tuple[Path, Path | None]]:
    """name: (venv, checkout whose sources it serves, or None for the venv's installed
    core): the older checkout, this one's pure core, its compiled core."""
    found: dict[str, tuple[Path, Path | None]] = {}
    if args.base:
        found["base"] = (args.base.resolve() / ".venv", args.base.resolve())
    found["pure"] = (ROOT / ".venv", ROOT)
    if args.compiled:
        found["compiled"] = (args.compiled.resolve(), None)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=600, help="distinct bodies cycled")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=10, help="per route and round")
    parser.add_argument("--connections", type=int, default=8)
    args = parse_variant_args(parser)

    sys.path.insert(0, str(ROOT))
    from service.tools.corpus import bodies

    checkouts = variants(args)
    servers: dict[str, tuple[int, subprocess.Popen[bytes]]] = {}
    runs: dict[tuple[str, str], list[dict[str, float]]] = {
        (name, route): [] for name in checkouts for route in ROUTES}
    with tempfile.TemporaryDirectory() as tmp:
        corpus = Path(tmp) / "corpus.jsonl"
        sample = bodies(args.games)
        corpus.write_bytes(b"\n".join(sample) + b"\n")
        try:
            for name, (venv, checkout) in checkouts.items():
                port = free_port()
                server, core = start_server(venv, checkout, port, args.workers, Path(tmp))
                servers[name] = (port, server)
                print(f"  {name}: {checkout or venv}, {core} core")
                if (name == "compiled") != (core == "compiled"):
                    raise SystemExit(f"{name} serves the {core} core (make compiled?)")
            print(f"HTTP: {args.games} distinct games ({sum(map(len, sample)) / len(sample):,.0f}"
                  f" bytes on average), gunicorn {args.workers} sync workers, wrk -t1 "
                  f"-c{args.connections}, {args.seconds:g} s per run, {args.rounds} rounds")
            for port, _ in servers.values():  # warm-up: imports, caches, first forks
                for path in ROUTES.values():
                    wrk(port, path, corpus, 2, args.connections)
            for _ in range(args.rounds):
                for name, (port, _) in servers.items():
                    for route, path in ROUTES.items():
                        runs[(name, route)].append(
                            wrk(port, path, corpus, args.seconds, args.connections))
        finally:
            for _, server in servers.values():
                server.send_signal(signal.SIGTERM)
                server.wait(timeout=30)
    rps: dict[tuple[str, str], list[float]] = {}
    for (name, route), results in runs.items():
        rps[(name, route)] = [r["rps"] for r in results]
        print(f"  {name:8} {ROUTES[route]:17} req/s {spread(rps[(name, route)], '{:,.0f}')}"
              f"  p50 {spread([r['p50_ms'] for r in results], '{:.1f}')} ms"
              f"  p99 {spread([r['p99_ms'] for r in results], '{:.1f}')} ms")
    for name in checkouts:
        ratio = [c / e for c, e in zip(rps[(name, "check")], rps[(name, "echo")], strict=True)]
        print(f"  {name:8} check / echo, round by round: {spread(ratio, '{:.2f}')} "
              "(min / median / max)")
    for new, old in (("pure", "base"), ("compiled", "base"), ("compiled", "pure")):
        if new in checkouts and old in checkouts:
            for route in ROUTES:
                ratio = [t / b for t, b in zip(rps[(new, route)], rps[(old, route)],
                                               strict=True)]
                print(f"  {new} / {old} {ROUTES[route]}: {spread(ratio, '{:.2f}')}")


if __name__ == "__main__":
    main()
