"""The memory budget: each route's costliest requests within its limits, measured as the
peak RSS of a gunicorn worker.

    .venv/bin/python bench/memory_budget.py [--only NAME] [--rounds N]

For every case, starts gunicorn with deploy/gunicorn.conf.py and one sync worker (worker
recycling off, the echo route on), reads the worker's resident set after /readyz, sends
the one request, and reads the worker's peak (VmHWM in /proc) and resident set after it.
A fresh server per case and round, since the peak is a high-water mark. Prints a
Markdown table: the body, status, time, answer size, the worker's RSS before, peak and
after, and the master's RSS, each min / median / max over ``--rounds`` (3); then checks
every peak against its route's bound (BOUNDS, the budget the pod's memory is sized
from) and exits 1 naming each case over it. Linux only (/proc). The batch route's 8 MiB
bodies take too long under tracemalloc for make test: their bound is asserted here.

The cases are the hostile bodies of tests/test_memory.py at each route's limit, and
the largest batches: 1000 games with 64-character names, every card out of turn and a
claim that disagrees (the largest answer per transcript), 32 transcripts of 256 KiB of
unknown fields, as JSON and as NDJSON, and 8 MiB of empty objects.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from test_memory import hostile_bodies  # noqa: E402  (tests/ on the path above)

from service.checking import (  # noqa: E402
    MAX_BATCH_BYTES,
    MAX_BATCH_GAMES,
    MAX_BODY_BYTES,
)
from service.checking.sitting import MAX_SITTING_BYTES  # noqa: E402
from service.checking.tournament import MAX_TOURNAMENT_BYTES  # noqa: E402
from service.game.rulesets import presets  # noqa: E402
from service.generating.random_game import random_game  # noqa: E402

JSON = "application/json"
MAX_PLAY = 200  # play events in one transcript (the request schema's bound)
NDJSON = "application/x-ndjson"
# Each route's bound on a worker's peak resident set (MiB), whatever it is sent within
# its limits: docs/performance.md's memory budget and deploy/k8s/deployment.yaml's
# memory request are sized from these.
BOUNDS = {"/v1/games/check": 64, "/v1/echo": 64, "/v1/games/check-batch": 256,
          "/v1/sittings/check": 128, "/v1/tournaments/check": 256}


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(port: int) -> subprocess.Popen:
    env = dict(os.environ, GUNICORN_BIND=f"127.0.0.1:{port}", WEB_CONCURRENCY="1",
               GUNICORN_LOGLEVEL="warning", DOKO_ECHO="on", DOKO_ACCESS_LOG="off",
               GUNICORN_CMD_ARGS="--max-requests 0")
    server = subprocess.Popen(
        [str(Path(sys.executable).parent / "gunicorn"), "--config", "deploy/gunicorn.conf.py",
         "service:create_app()"], cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=1)
            conn.request("GET", "/readyz")
            if conn.getresponse().status == 200 and workers(server.pid):
                return server
        except OSError:
            time.sleep(0.1)
    server.kill()
    raise SystemExit("gunicorn did not become ready: " + server.stderr.read().decode())


def workers(master: int) -> list[int]:
    return [int(p) for p in Path(f"/proc/{master}/task/{master}/children").read_text().split()]


def status_kib(pid: int, field: str) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    raise KeyError(field)


def maximal_games(count: int) -> list[dict]:
    """Legal games of every type, then made as costly to answer as the limits allow:
    64-character names, the play's seats shifted (a turn-order violation on every
    card), played on to 200 events (each after the last trick a violation) and a
    claim that disagrees."""
    rng = random.Random(3)
    rulesets = [p.ruleset for p in presets().values()]
    games = []
    for i in range(count):
        game = random_game(rulesets[i % len(rulesets)], rng, game_types=True, call_chance=0.5)
        game["players"] = [f"{'Spielerin Nummer ' + str(s)}".ljust(64, "x") for s in range(4)]
        play = [dict(e, seat=(e["seat"] + 1) % 4) for e in game["play"]]
        game["play"] = (play * (MAX_PLAY // len(play) + 1))[:MAX_PLAY]
        game["claimed"] = {"value": 99, "winner": "contra", "scores": [1, 2, 3, 4]}
        games.append(game)
    return games


def cases() -> Iterator[tuple[str, str, str, bytes]]:
    """(route, name, media type, body)"""
    single = list(hostile_bodies(MAX_BODY_BYTES - 64))
    for route in ("/v1/games/check", "/v1/echo"):
        for name, body in single:
            yield route, name, JSON, body
    games = maximal_games(MAX_BATCH_GAMES)
    yield "/v1/games/check", "largest game answer", JSON, json.dumps(games[0]).encode()
    batch = "/v1/games/check-batch"
    body = json.dumps(games, separators=(",", ":")).encode()
    assert len(body) <= MAX_BATCH_BYTES, len(body)
    yield batch, f"{len(games)} games, largest answers (JSON)", JSON, body
    lines = b"\n".join(json.dumps(g, separators=(",", ":")).encode() for g in games)
    yield batch, f"{len(games)} games, largest answers (NDJSON)", NDJSON, lines
    for name in ("unknown fields", "unknown options", "lone surrogate", "duplicate key"):
        element = dict(single)[name]
        count = (MAX_BATCH_BYTES - 2) // (len(element) + 1)
        size = f"{len(element) / 1024:.0f} KiB"
        yield batch, f"{count} × {size} of {name} (JSON)", JSON, (
            b"[" + b",".join([element] * count) + b"]")
        if name == "unknown fields":
            yield batch, f"{count} × {size} of {name} (NDJSON)", NDJSON, b"\n".join(
                [element] * count)
    yield batch, "8 MiB of empty objects (413)", JSON, (
        b"[" + b",".join([b"{}"] * (MAX_BATCH_BYTES // 3 - 1)) + b"]")
    # the routes with limits of their own, at their limits
    for route, limit in (("/v1/sittings/check", MAX_SITTING_BYTES),
                         ("/v1/tournaments/check", MAX_TOURNAMENT_BYTES)):
        for name, body in hostile_bodies(limit - 64):
            if len(body) <= limit:  # some kinds outgrow their size at larger limits
                yield route, name, JSON, body


def measure(route: str, media: str, body: bytes) -> dict:
    port = free_port()
    server = start(port)
    try:
        (worker,) = workers(server.pid)
        before = status_kib(worker, "VmRSS")
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        started = time.perf_counter()
        conn.request("POST", route, body, {"Content-Type": media})
        response = conn.getresponse()
        answer = response.read()
        took = time.perf_counter() - started
        return {"status": response.status, "seconds": took, "answer": len(answer),
                "before": before, "peak": status_kib(worker, "VmHWM"),
                "after": status_kib(worker, "VmRSS"),
                "master": status_kib(server.pid, "VmRSS")}
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)


def mib(kib: float) -> str:
    return f"{kib / 1024:.0f}"


def spread(values: list[float], show: Callable[[float], str]) -> str:
    low, mid, high = min(values), statistics.median(values), max(values)
    return show(low) if low == high else f"{show(low)} / {show(mid)} / {show(high)}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--only", help="cases whose route or name contains this")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    print(f"Each figure min / median / max over {args.rounds} rounds (one figure where all "
          "agree).\n")
    print("| Route | Body | Size | Status | Time (s) | Answer | Worker RSS before → peak → "
          "after (MiB) | Master RSS (MiB) |")
    print("|---|---|---|---|---|---|---|---|")
    over = []
    for route, name, media, body in cases():
        if args.only and args.only not in route and args.only not in name:
            continue
        runs = [measure(route, media, body) for _ in range(args.rounds)]
        got = {key: [m[key] for m in runs] for key in runs[0]}
        print(f"| `{route}` | {name} | {len(body) / 1024:,.0f} KiB | "
              f"{spread(got['status'], str)} | {spread(got['seconds'], '{:.2f}'.format)} | "
              f"{runs[0]['answer'] / 1024:,.0f} KiB | {spread(got['before'], mib)} → "
              f"**{spread(got['peak'], mib)}** → {spread(got['after'], mib)} | "
              f"{spread(got['master'], mib)} |", flush=True)
        if max(got["peak"]) / 1024 > BOUNDS[route]:
            over.append(f"{route} {name}: peak {max(got['peak']) / 1024:.0f} MiB, bound "
                        f"{BOUNDS[route]} MiB")
    if over:
        print("\nOVER THE BOUND:\n" + "\n".join(over))
        raise SystemExit(1)
    print("\nEvery peak within its route's bound (BOUNDS).")


if __name__ == "__main__":
    main()
