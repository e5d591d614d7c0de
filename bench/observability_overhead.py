"""What the metrics and access-log hooks cost per request, in-process.

    .venv/bin/python bench/observability_overhead.py [--rounds N]

Runs twice, in a child process each: with the plain registry (one process) and with
prometheus-client's multiprocess mode (PROMETHEUS_MULTIPROC_DIR on a temp dir, as under
gunicorn). Each run prints

* the hooks alone: ``before_request`` + ``after_request`` on a ready response inside a
  request context for POST /v1/games/check, with the JSON access log written to
  /dev/null and with it off; and ``record_game`` for a checked game;
* whole requests through Flask's test client (GET /healthz, and POST /v1/games/check with
  a full game), with the hooks installed and with them taken out again, alternating
  rounds; the difference is the hooks' share of a real request.

Access log lines go to /dev/null; the best of several rounds is reported (least noise).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def best_per_call(run: Callable[[int], None], calls: int, rounds: int) -> float:
    """Microseconds per call, best of ``rounds``."""
    best = float("inf")
    for _ in range(rounds):
        started = time.perf_counter()
        run(calls)
        best = min(best, (time.perf_counter() - started) / calls)
    return best * 1e6


def measure(rounds: int) -> None:
    import logging

    from flask import Response

    from service import create_app
    from service.api import observability as obs
    from service.game.rulesets import presets
    from service.game.transcript import from_dict
    from service.generating.random_game import random_game
    from service.reading.load import check
    from service.reading.schemas import TRANSCRIPT

    sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - the access log's target
    report = sys.__stdout__
    app = create_app()
    game = random_game(presets()["ddv"].ruleset, random.Random(3))
    body = json.dumps(game)
    loaded = TRANSCRIPT.load(game)
    result = check(from_dict(loaded, loaded["ruleset"]))
    mode = "multiprocess" if obs.MULTIPROC_DIR else "single process"
    print(f"--- {mode} ---", file=report)

    headers = {"Content-Type": "application/json", "X-Request-ID": "bench-1"}
    with app.test_request_context("/v1/games/check", method="POST", headers=headers):
        response = Response(b"{}", mimetype="application/json")

        def hooks(n: int) -> None:
            for _ in range(n):
                obs._before_request()
                obs._after_request(response)

        def game_metrics(n: int) -> None:
            for _ in range(n):
                obs.record_game(result)

        hooks(1000)
        with_log = best_per_call(hooks, 20_000, rounds)
        obs.ACCESS_LOG.setLevel(logging.WARNING)
        without_log = best_per_call(hooks, 20_000, rounds)
        obs.ACCESS_LOG.setLevel(logging.INFO)
        games = best_per_call(game_metrics, 20_000, rounds)
    print(f"hooks, access log on : {with_log:6.1f} µs per request", file=report)
    print(f"hooks, access log off: {without_log:6.1f} µs per request", file=report)
    print(f"record_game          : {games:6.1f} µs per checked game", file=report)

    client = app.test_client()
    before = list(app.before_request_funcs[None])
    after = list(app.after_request_funcs[None])

    def install(on: bool) -> None:
        app.before_request_funcs[None] = before if on else []
        app.after_request_funcs[None] = after if on else []

    for label, send, calls in [
        ("GET /healthz", lambda: client.get("/healthz"), 2000),
        ("POST /v1/games/check", lambda: client.post(
            "/v1/games/check", data=body, content_type="application/json"), 500),
    ]:
        timings: dict[bool, float] = {True: float("inf"), False: float("inf")}
        for _ in range(rounds):
            for on in (False, True):
                install(on)

                def run(n: int, send: Callable[[], object] = send) -> None:
                    for _ in range(n):
                        send()

                timings[on] = min(timings[on], best_per_call(run, calls, 1))
        install(True)
        print(f"{label:21s}: {timings[False]:7.1f} µs without hooks, {timings[True]:7.1f} µs "
              f"with them (+{timings[True] - timings[False]:.1f} µs)", file=report)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        measure(args.rounds)
        return
    argv = [sys.executable, __file__, "--child", "--rounds", str(args.rounds)]
    env = {k: v for k, v in os.environ.items() if k != "PROMETHEUS_MULTIPROC_DIR"}
    subprocess.run(argv, cwd=ROOT, env=env, check=True)
    with tempfile.TemporaryDirectory() as directory:
        subprocess.run(argv, cwd=ROOT, env=env | {"PROMETHEUS_MULTIPROC_DIR": directory},
                       check=True)


if __name__ == "__main__":
    main()
