"""Load and soak: POST /v1/games/check on a local gunicorn for minutes, then a report.

    .venv/bin/python bench/soak.py [--minutes 3 | --seconds S] [--concurrency 8]
                                   [--workers 2] [--max-requests 0] [--seed 1]

Starts gunicorn with deploy/gunicorn.conf.py on a free loopback port (as
bench/http_check.py does), waits for /readyz, and sends from C client threads (a
connection each, reopened when the server closes it) for the given minutes, then stops
the server and prints:

* requests sent and answered, by kind of body, and the rate;
* errors: connection errors, timeouts, and answers other than the one expected for the
  body (a status other than the expected one, or a verdict other than the expected:
  each answer is read as JSON and its ``valid`` compared, see :func:`judge`);
* latency p50, p99 and the maximum, over all requests and by kind;
* each worker's resident memory (VmRSS from /proc/<pid>/status) after start-up, every
  30 seconds and at the end, and whether a worker was replaced.

The bodies, made before the load starts: random legal games of every preset and game
type (expected: 200, valid), the same games with one card moved out of turn (200,
invalid), and malformed requests (broken JSON, wrong types, unknown fields, a key
twice, a lone surrogate, NaN, too large a body, another media type: 400/413/415).

``--max-requests 0`` (the default) turns gunicorn's worker recycling off, so that each
worker lives through the whole run and its memory before and after compare; give
10000 to run as deployed (deploy/gunicorn.conf.py recycles a worker after about 10,000
requests). The client shares the machine's cores with the server. The run stops by
itself: after the minutes, every request in flight ends within its 30 s timeout. It
exits 1 when any request went wrong (tests/test_hardening.py runs it for seconds).
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
import tempfile
import threading
import time
from collections import Counter, defaultdict
from pathlib import Path

from service.checking import MAX_BODY_BYTES
from service.game.rulesets import presets, resolve
from service.generating.random_game import random_game

ROOT = Path(__file__).resolve().parent.parent
PATH = "/v1/games/check"
TIMEOUT = 30.0  # seconds per request, gunicorn's worker timeout
SAMPLE_EVERY = 30.0  # seconds between memory samples


# ---- the bodies -----------------------------------------------------------------------

class Body:
    __slots__ = ("content_type", "data", "kind", "status", "valid")

    def __init__(self, kind: str, data: bytes, status: int, valid: bool | None = None,
                 content_type: str = "application/json"):
        self.kind, self.data, self.status, self.valid = kind, data, status, valid
        self.content_type = content_type


def out_of_turn(game: dict) -> dict:
    """The game with the second card of the third trick played before the first."""
    play = list(game["play"])
    cards = [i for i, e in enumerate(play) if "card" in e]
    i, j = cards[8], cards[9]
    play[i], play[j] = play[j], play[i]
    return {**game, "play": play}


def malformed(game: dict, rng: random.Random) -> list[Body]:
    text = json.dumps(game)
    bad = [
        ("broken_json", text[: rng.randrange(1, len(text) - 1)].encode(), 400),
        ("wrong_types", json.dumps({**game, "dealer": "0", "play": {"x": 1}}).encode(), 400),
        ("unknown_fields", json.dumps({**game, "extra": 1, "ruleset": "nope"}).encode(), 400),
        ("duplicate_key", (text[:-1] + ', "dealer": 0}').encode(), 400),
        ("lone_surrogate", json.dumps({**game, "players": ["a", "b", "c", "@"]})
         .replace('"@"', '"\\ud800"').encode(), 400),
        ("nan", json.dumps({**game, "dealer": "@"}).replace('"@"', "NaN").encode(), 400),
        ("too_large", text.encode() + b" " * (MAX_BODY_BYTES + 1 - len(text)), 413),
    ]
    found = [Body(kind, data, status) for kind, data, status in bad]
    found.append(Body("media_type", text.encode(), 415, content_type="text/plain"))
    return found


def make_bodies(count: int, seed: int) -> list[Body]:
    """About 80 % legal games, 10 % invalid ones, 10 % malformed requests, shuffled."""
    rng = random.Random(seed)
    ids = list(presets())
    bodies: list[Body] = []
    for n in range(count):
        ruleset = resolve(ids[n % len(ids)])
        game = random_game(ruleset, rng, game_types=True, call_chance=rng.choice((0, .05, .2)))
        bodies.append(Body("legal", json.dumps(game).encode(), 200, True))
        if n % 8 == 0:
            bodies.append(Body("invalid", json.dumps(out_of_turn(game)).encode(), 200, False))
        if n % 8 == 4:
            bodies.append(rng.choice(malformed(game, rng)))
    rng.shuffle(bodies)
    return bodies


# ---- the server -----------------------------------------------------------------------

def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(port: int, workers: int, max_requests: int, log: Path) -> subprocess.Popen:
    env = dict(os.environ, GUNICORN_BIND=f"127.0.0.1:{port}", WEB_CONCURRENCY=str(workers),
               GUNICORN_LOGLEVEL="warning",
               GUNICORN_CMD_ARGS=f"--max-requests {max_requests}")
    gunicorn = Path(sys.executable).parent / "gunicorn"
    with log.open("wb") as err:
        server = subprocess.Popen(
            [str(gunicorn), "--config", "deploy/gunicorn.conf.py", "service:create_app()"],
            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=err)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=1)
            conn.request("GET", "/readyz")
            if conn.getresponse().status == 200 and len(workers_of(server.pid)) == workers:
                return server
        except OSError:
            pass
        time.sleep(0.1)
    server.kill()
    raise SystemExit("gunicorn did not become ready: " + log.read_text())


def workers_of(master: int) -> list[int]:
    """The master's child processes (the workers)."""
    try:
        children = Path(f"/proc/{master}/task/{master}/children").read_text().split()
        return sorted(map(int, children))
    except OSError:
        found = []
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                fields = stat.read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == master:
                found.append(int(stat.parent.name))
        return sorted(found)


def rss_kib(pid: int) -> int | None:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        return None
    return None


def memory(master: int) -> dict[int, int | None]:
    return {pid: rss_kib(pid) for pid in workers_of(master)}


# ---- the load -------------------------------------------------------------------------

class Tally:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.latencies: dict[str, list[float]] = defaultdict(list)
        self.sent: Counter[str] = Counter()
        self.errors: Counter[str] = Counter()
        self.examples: dict[str, str] = {}

    def merge(self, latencies: dict[str, list[float]], sent: Counter[str],
              errors: Counter[str], examples: dict[str, str]) -> None:
        with self.lock:
            for kind, values in latencies.items():
                self.latencies[kind].extend(values)
            self.sent.update(sent)
            self.errors.update(errors)
            for key, text in examples.items():
                self.examples.setdefault(key, text)


def judge(body: Body, status: int, answer: bytes) -> str | None:
    """What is wrong with an answer to ``body``, or None: the status, and for a transcript
    the verdict, read from the answer as JSON (not from its spelling)."""
    if status != body.status:
        return f"status {status} for {body.kind} (expected {body.status})"
    if body.valid is None:
        return None
    try:
        verdict = json.loads(answer).get("valid")
    except (ValueError, AttributeError):
        return f"answer not a JSON object for {body.kind}"
    if verdict is not body.valid:
        return f"wrong verdict for {body.kind} ({verdict!r}, expected {body.valid})"
    return None


def client(port: int, bodies: list[Body], start: int, stop_at: float, tally: Tally) -> None:
    latencies: dict[str, list[float]] = defaultdict(list)
    sent: Counter[str] = Counter()
    errors: Counter[str] = Counter()
    examples: dict[str, str] = {}
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=TIMEOUT)
    n = start
    while time.monotonic() < stop_at:
        body = bodies[n % len(bodies)]
        n += 1
        sent[body.kind] += 1
        started = time.perf_counter()
        problem = None
        try:
            conn.request("POST", PATH, body.data, {"Content-Type": body.content_type})
            response = conn.getresponse()
            answer = response.read()
            problem = judge(body, response.status, answer)
            close = response.getheader("Connection", "").lower() == "close"
        except TimeoutError:
            problem, close = "timeout", True
        except (OSError, http.client.HTTPException) as error:
            problem, close = f"connection: {type(error).__name__}", True
        latencies[body.kind].append(time.perf_counter() - started)
        if problem:
            key = problem.split(" for ")[0]
            errors[key] += 1
            examples.setdefault(key, problem)
        if close or problem:
            conn.close()
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=TIMEOUT)
    conn.close()
    tally.merge(latencies, sent, errors, examples)


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def ms(seconds: float) -> str:
    return f"{seconds * 1e3:.1f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=3.0)
    parser.add_argument("--seconds", type=float, help="the run's length in seconds "
                        "(instead of --minutes)")
    parser.add_argument("--warm-up", type=float, default=3.0, help="seconds (default 3)")
    parser.add_argument("--concurrency", type=int, default=8)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--max-requests", type=int, default=0,
                        help="gunicorn's worker recycling; 0 (default): off")
    parser.add_argument("--bodies", type=int, default=2000, help="distinct legal games")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if args.seconds is not None:
        args.minutes = args.seconds / 60

    print(f"making {args.bodies} games and their variants ...", flush=True)
    bodies = make_bodies(args.bodies, args.seed)
    kinds = Counter(b.kind for b in bodies)
    port = free_port()
    log = Path(tempfile.mkstemp(prefix="doko-soak-", suffix=".log")[1])
    server = start_server(port, args.workers, args.max_requests, log)
    tally = Tally()
    try:
        # warm-up: every worker imports lazily what the first requests need
        client(port, bodies, 0, time.monotonic() + args.warm_up, Tally())
        before = memory(server.pid)
        print(f"gunicorn {server.pid}: {args.workers} sync workers (max_requests "
              f"{args.max_requests}), {args.concurrency} client threads, "
              f"{args.minutes:g} min; bodies: {dict(kinds)}", flush=True)
        print(f"  RSS after warm-up: {fmt(before)}", flush=True)
        started = time.monotonic()
        stop_at = started + args.minutes * 60
        threads = [threading.Thread(target=client, daemon=True,
                                    args=(port, bodies, i * len(bodies) // args.concurrency,
                                          stop_at, tally))
                   for i in range(args.concurrency)]
        for t in threads:
            t.start()
        samples = []
        while time.monotonic() < stop_at:
            time.sleep(min(SAMPLE_EVERY, max(0.0, stop_at - time.monotonic())))
            at = time.monotonic() - started
            samples.append((at, memory(server.pid)))
            print(f"  {at:5.0f} s RSS {fmt(samples[-1][1])}", flush=True)
        for t in threads:
            t.join(TIMEOUT + 5)
        elapsed = time.monotonic() - started
        after = memory(server.pid)
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)
    report(tally, elapsed, before, after)
    gunicorn_log = log.read_text().strip()
    log.unlink()
    if gunicorn_log:
        print("gunicorn's error log:\n" + gunicorn_log[-3000:])
    if sum(tally.errors.values()) or not tally.sent:
        sys.exit(1)


def fmt(rss: dict[int, int | None]) -> str:
    return ", ".join(f"{pid}: {kib / 1024:.1f} MiB" if kib else f"{pid}: ?"
                     for pid, kib in rss.items())


def report(tally: Tally, elapsed: float, before: dict[int, int | None],
           after: dict[int, int | None]) -> None:
    every = [v for values in tally.latencies.values() for v in values]
    total = len(every)
    errors = sum(tally.errors.values())
    print(f"\n{total} requests in {elapsed:.0f} s ({total / elapsed:,.0f} req/s), "
          f"{errors} errors")
    for key, count in tally.errors.most_common():
        print(f"  {count} x {tally.examples[key]}")
    print(f"latency: p50 {ms(percentile(every, .5))}, p99 {ms(percentile(every, .99))}, "
          f"max {ms(max(every))}")
    for kind, values in sorted(tally.latencies.items(), key=lambda kv: -len(kv[1])):
        print(f"  {kind:15} {len(values):7} requests, p50 {ms(percentile(values, .5))}, "
              f"p99 {ms(percentile(values, .99))}")
    print(f"worker RSS before: {fmt(before)}")
    print(f"worker RSS after:  {fmt(after)}")
    replaced = set(before) - set(after)
    print("workers replaced during the run: " + (", ".join(map(str, sorted(replaced)))
                                                 if replaced else "none"))


if __name__ == "__main__":
    main()
