"""What the envelope (request id, language, metrics, access log) costs per request,
in-process.

    .venv/bin/python bench/observability_overhead.py [--rounds N]

Runs twice, in a child process each: with the plain registry (one process) and with
prometheus-client's multiprocess mode (PROMETHEUS_MULTIPROC_DIR on a temp dir, as under
gunicorn). Each run prints

* what service/api/envelope.py records per answer (``observability.answer``: the
  metrics and the JSON access log line, written to /dev/null, and with the log off)
  and ``record_game`` for a checked game;
* whole requests through Flask's test client (GET /healthz, and POST /v1/games/check with
  a full game), with the envelope and with the bare Flask app under it (the check then
  goes the Flask way, as a request the fast path leaves to Flask does), alternating
  rounds; the difference is the envelope's share of a real request, less what its fast
  path saves.

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

    environ = {"REQUEST_METHOD": "POST", "PATH_INFO": "/v1/games/check",
               "REMOTE_ADDR": "127.0.0.1", "doko.route": "/v1/games/check"}

    def answers(n: int) -> None:
        for _ in range(n):
            obs.answer(environ, 200, 2048, 0.0005, "bench-1")

    def game_metrics(n: int) -> None:
        for _ in range(n):
            obs.record_game(result)

    answers(1000)
    with_log = best_per_call(answers, 20_000, rounds)
    obs.ACCESS_LOG.setLevel(logging.WARNING)
    without_log = best_per_call(answers, 20_000, rounds)
    obs.ACCESS_LOG.setLevel(logging.INFO)
    games = best_per_call(game_metrics, 20_000, rounds)
    print(f"answer, access log on : {with_log:6.1f} µs per request", file=report)
    print(f"answer, access log off: {without_log:6.1f} µs per request", file=report)
    print(f"record_game           : {games:6.1f} µs per checked game", file=report)

    client = app.test_client()
    envelope = app.wsgi_app
    flask_only = envelope.app  # type: ignore[attr-defined]

    def bare(environ: dict, start_response: Callable) -> object:
        environ["doko.lang"] = "en"  # what the envelope tells the routes
        return flask_only(environ, start_response)

    for label, send, calls in [
        ("GET /healthz", lambda: client.get("/healthz"), 2000),
        ("POST /v1/games/check", lambda: client.post(
            "/v1/games/check", data=body, content_type="application/json"), 500),
    ]:
        timings: dict[bool, float] = {True: float("inf"), False: float("inf")}
        for _ in range(rounds):
            for on in (False, True):
                app.wsgi_app = envelope if on else bare  # type: ignore[method-assign]

                def run(n: int, send: Callable[[], object] = send) -> None:
                    for _ in range(n):
                        send()

                timings[on] = min(timings[on], best_per_call(run, calls, 1))
        app.wsgi_app = envelope  # type: ignore[method-assign]
        print(f"{label:21s}: {timings[False]:7.1f} µs bare Flask app, {timings[True]:7.1f} µs "
              f"with the envelope ({timings[True] - timings[False]:+.1f} µs)", file=report)


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
