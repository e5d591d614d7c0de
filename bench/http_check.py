"""Sends random legal games to POST /v1/games/check on a local gunicorn and prints the rate.

    .venv/bin/python bench/http_check.py [--requests N] [--concurrency C] [--workers W]

Starts gunicorn with deploy/gunicorn.conf.py on a free loopback port, waits until
/readyz answers, then sends the same bodies to POST /v1/echo (which parses the body
and answers a small JSON) and to POST /v1/games/check, alternating the two routes in
rounds so that both see the same machine, from C client threads (each with its own
connection). Prints requests/s with p50 and p99 latency per route and the ratio of
the check route's rate to the echo route's. Client and server share the machine's
cores, as the figures in the README say.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

from service.rules.random_game import random_game
from service.rules.rulesets import resolve

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(port: int, workers: int) -> subprocess.Popen:
    env = dict(os.environ, GUNICORN_BIND=f"127.0.0.1:{port}", WEB_CONCURRENCY=str(workers),
               GUNICORN_LOGLEVEL="warning", DOKO_ECHO="on")  # the echo route is the baseline
    gunicorn = Path(sys.executable).parent / "gunicorn"
    server = subprocess.Popen(
        [str(gunicorn), "--config", "deploy/gunicorn.conf.py", "service:create_app()"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
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
    raise SystemExit("gunicorn did not become ready: " + server.stderr.read().decode())


def run_load(port: int, path: str, bodies: list[bytes], concurrency: int
             ) -> tuple[float, list[float], int]:
    """Sends every body once; returns elapsed seconds, latencies and the error count."""
    latencies: list[float] = []
    errors = 0
    lock = threading.Lock()
    chunks = [bodies[i::concurrency] for i in range(concurrency)]

    def client(chunk: list[bytes]) -> None:
        nonlocal errors
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        mine, failed = [], 0
        for body in chunk:
            started = time.perf_counter()
            try:
                conn.request("POST", path, body, {"Content-Type": "application/json"})
                response = conn.getresponse()
                response.read()
                ok = response.status == 200
            except (OSError, http.client.HTTPException):
                ok = False
            mine.append(time.perf_counter() - started)
            if not ok:
                failed += 1
            if not ok or response.getheader("Connection", "").lower() == "close":
                conn.close()
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        with lock:
            latencies.extend(mine)
            errors += failed

    threads = [threading.Thread(target=client, args=(chunk,)) for chunk in chunks]
    started = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return time.perf_counter() - started, latencies, errors


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def report(label: str, elapsed: float, latencies: list[float], errors: int) -> float:
    """Prints one route's figures; returns its requests per second."""
    rate = len(latencies) / elapsed
    print(f"{label}: {len(latencies)} requests, {errors} errors, {rate:,.0f} req/s, "
          f"p50 {percentile(latencies, 0.5) * 1e3:.2f} ms, "
          f"p99 {percentile(latencies, 0.99) * 1e3:.2f} ms")
    return rate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=3000)
    parser.add_argument("--concurrency", type=int, default=8)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    ruleset = resolve("ddv")
    rng = random.Random(args.seed)
    bodies = [json.dumps(random_game(ruleset, rng)).encode() for _ in range(args.requests)]
    port = free_port()
    server = start_server(port, args.workers)
    routes = ("/v1/echo", "/v1/games/check")
    totals = {route: [0.0, [], 0] for route in routes}
    try:
        for route in routes:  # warm both up
            run_load(port, route, bodies[: min(200, len(bodies))], args.concurrency)
        rounds = 5
        for i in range(rounds):
            chunk = bodies[i::rounds]
            for route in routes:
                elapsed, latencies, errors = run_load(port, route, chunk, args.concurrency)
                totals[route][0] += elapsed
                totals[route][1] += latencies
                totals[route][2] += errors
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)
    print(f"gunicorn {args.workers} sync workers, {args.concurrency} client threads, "
          f"{len(bodies)} bodies of {sum(map(len, bodies)) // len(bodies)} bytes on average")
    rates = {route: report(f"POST {route}", *totals[route]) for route in routes}
    print(f"ratio check/echo: {rates['/v1/games/check'] / rates['/v1/echo']:.2f}")


if __name__ == "__main__":
    main()
