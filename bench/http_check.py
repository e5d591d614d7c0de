"""POST /v1/games/check against POST /v1/echo on gunicorn as deployed, loaded by wrk.

    .venv/bin/python bench/http_check.py [--rounds 5] [--seconds 10] [--base DIR]

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

wrk is compiled and takes one thread (-t1, 8 connections): on a 2-core machine it
still shares the cores with the server, but costs it far less than a Python client.
"""

from __future__ import annotations

import argparse
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


def start_server(checkout: Path, port: int, workers: int) -> subprocess.Popen[bytes]:
    env = dict(os.environ, GUNICORN_BIND=f"127.0.0.1:{port}", WEB_CONCURRENCY=str(workers),
               GUNICORN_LOGLEVEL="warning", PYTHONPATH=str(checkout), **ECHO_ENV)
    gunicorn = checkout / ".venv" / "bin" / "gunicorn"
    server = subprocess.Popen(
        [str(gunicorn), "--config", "deploy/gunicorn.conf.py", "service:create_app()"],
        cwd=checkout, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
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
    raise SystemExit(f"gunicorn in {checkout} did not become ready: "
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=600, help="distinct bodies cycled")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=10, help="per route and round")
    parser.add_argument("--connections", type=int, default=8)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--base", type=Path, help="an older checkout to load alongside")
    args = parser.parse_args()
    if shutil.which("wrk") is None:
        raise SystemExit("wrk is not installed: run `make wrk` (apt-get install wrk)")

    sys.path.insert(0, str(ROOT))
    from service.tools.corpus import bodies

    checkouts = {"this": ROOT}
    if args.base:
        checkouts = {"base": args.base.resolve(), "this": ROOT}
    servers: dict[str, tuple[int, subprocess.Popen[bytes]]] = {}
    runs: dict[tuple[str, str], list[dict[str, float]]] = {
        (name, route): [] for name in checkouts for route in ROUTES}
    with tempfile.TemporaryDirectory() as tmp:
        corpus = Path(tmp) / "corpus.jsonl"
        sample = bodies(args.games)
        corpus.write_bytes(b"\n".join(sample) + b"\n")
        try:
            for name, checkout in checkouts.items():
                port = free_port()
                servers[name] = (port, start_server(checkout, port, args.workers))
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
        print(f"  {name:4} {ROUTES[route]:17} req/s {spread(rps[(name, route)], '{:,.0f}')}"
              f"  p50 {spread([r['p50_ms'] for r in results], '{:.1f}')} ms"
              f"  p99 {spread([r['p99_ms'] for r in results], '{:.1f}')} ms")
    for name in checkouts:
        ratio = [c / e for c, e in zip(rps[(name, "check")], rps[(name, "echo")], strict=True)]
        print(f"  {name:4} check / echo, round by round: {spread(ratio, '{:.2f}')} "
              "(min / median / max)")
    if args.base:
        for route in ROUTES:
            ratio = [t / b for t, b in zip(rps[("this", route)], rps[("base", route)],
                                           strict=True)]
            print(f"  this / base {ROUTES[route]}: {spread(ratio, '{:.2f}')}")


if __name__ == "__main__":
    main()
