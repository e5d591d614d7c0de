"""Fair share: the latency of single checks while two clients send maximal batches.

    .venv/bin/python bench/fair_share.py [--seconds 20] [--workers 2] [--connections 2]
                                         [--heavy batches|sittings]

Starts gunicorn with deploy/gunicorn.conf.py (2 sync workers) and runs wrk (apt-get
install wrk) with bench/wrk_post.lua: single checks of one random legal game from
``--connections`` connections, for ``--seconds``,

* alone;
* while two batch clients each send the largest batch of bench/memory_budget.py
  (1000 games with the largest answers, 5.3 MiB) over and over, with batches taking
  turns (DOKO_BATCH_CONCURRENCY=1, the default: one batch at a time, the other answered
  503 and sent again after Retry-After);
* the same without the turns (DOKO_BATCH_CONCURRENCY=0), as before.

``--heavy sittings``: the two heavy clients send a sitting of 16 rounds (384 whole games,
0.6 MiB) instead of a batch; a sitting over 64 KiB takes a batch slot like a batch.

Prints p50, p99 and max of the single checks answered 200, their rate, and how the
batches were answered. wrk measures latency from each request's send on its
connection; client and server share the machine.

The two batch clients are threads here, not wrk: wrk waits out a Retry-After (its Lua
``delay``) on a connection it has already opened, and a sync worker that accepted it
waits for the request as for any slow client (which a buffering proxy in front keeps
from happening). These clients wait before they connect, as a client should.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from http_check import free_port, start_server
from memory_budget import maximal_games

from service.game.rulesets import resolve
from service.generating.random_game import random_game

ROOT = Path(__file__).resolve().parent.parent
LUA = ROOT / "bench" / "wrk_post.lua"


def wrk(url: str, body: Path, connections: int, seconds: int) -> subprocess.Popen:
    return subprocess.Popen(
        ["wrk", "-t", str(connections), "-c", str(connections), "-d", f"{seconds}s",
         "--timeout", "30s", "-s", str(LUA), url, "--", str(body), "application/json"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


HEAVY_PATHS = {"batches": "/v1/games/check-batch", "sittings": "/v1/sittings/check"}
HEAVY_PATH = HEAVY_PATHS["batches"]


def batch_client(port: int, body: bytes, stop: threading.Event, statuses: list[int]) -> None:
    """Sends the batch again and again; after a 503, waits Retry-After, unconnected."""
    while not stop.is_set():
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        try:
            conn.request("POST", HEAVY_PATH, body,
                         {"Content-Type": "application/json"})
            response = conn.getresponse()
            response.read()
            statuses.append(response.status)
            wait = float(response.getheader("Retry-After") or 0)
        except (OSError, http.client.HTTPException):
            statuses.append(0)
            wait = 1.0
        finally:
            conn.close()
        stop.wait(wait)


def result(process: subprocess.Popen) -> dict:
    out = process.communicate()[0]
    lines = [line for line in out.splitlines() if line.startswith("{")]
    if not lines:
        raise SystemExit("wrk failed:\n" + out)
    return json.loads(lines[-1])


def scenario(label: str, slots: str | None, batches: bool, single: Path, batch: Path,
             args: argparse.Namespace) -> None:
    os.environ["DOKO_BATCH_CONCURRENCY"] = slots or "1"
    port = free_port()
    venv = Path(sys.executable).parent.parent
    server, _ = start_server(venv, ROOT, port, args.workers, ROOT)
    try:
        base = f"http://127.0.0.1:{port}"
        result(wrk(f"{base}/v1/games/check", single, args.connections, 2))  # warm up
        stop = threading.Event()
        statuses: list[int] = []
        clients = [threading.Thread(target=batch_client,
                                    args=(port, batch.read_bytes(), stop, statuses))
                   for _ in range(2 if batches else 0)]
        for client in clients:
            client.start()
        if clients:
            time.sleep(2)  # the batches under way first
        started = time.monotonic()
        singles = result(wrk(f"{base}/v1/games/check", single, args.connections,
                             args.seconds))
        stop.set()
        for client in clients:
            client.join()
        batched = {"statuses": {str(s): statuses.count(s) for s in set(statuses)},
                   "seconds": time.monotonic() - started + 2} if clients else None
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)
    ok = singles["statuses"].get("200", 0)
    others = {k: v for k, v in singles["statuses"].items() if k != "200"}
    line = (f"| {label} | {ok / singles['seconds']:,.0f}/s | {singles['p50'] / 1e3:.1f} ms | "
            f"{singles['p99'] / 1e3:.1f} ms | {singles['max'] / 1e3:.0f} ms | ")
    if others or singles["socket_errors"]:
        line += f"other answers {others}, socket errors {singles['socket_errors']}; "
    if batched:
        line += (", ".join(f"{n} × {s}" for s, n in sorted(batched["statuses"].items()))
                 + f" in {batched['seconds']:.0f} s |")
    else:
        line += "– |"
    print(line, flush=True)


def heavy_sitting() -> dict:
    """16 rounds of bench/sitting_check.py in one sitting: 384 whole games, 0.6 MiB."""
    from sitting_check import a_round

    rng = random.Random(3)
    rounds = [a_round(rng) for _ in range(16)]
    return {**rounds[0], "games": [g for r in rounds for g in r["games"]]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=int, default=20)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--connections", type=int, default=2,
                        help="connections sending single checks")
    parser.add_argument("--heavy", choices=sorted(HEAVY_PATHS), default="batches")
    args = parser.parse_args()
    global HEAVY_PATH
    HEAVY_PATH = HEAVY_PATHS[args.heavy]
    if not shutil.which("wrk"):
        raise SystemExit("needs wrk (apt-get install wrk)")
    with tempfile.TemporaryDirectory() as tmp:
        single = Path(tmp) / "game.json"
        single.write_text(json.dumps(random_game(resolve("ddv"), random.Random(7))))
        batch = Path(tmp) / "batch.json"
        if args.heavy == "sittings":
            batch.write_text(json.dumps(heavy_sitting(), separators=(",", ":")))
        else:
            batch.write_text(json.dumps(maximal_games(1000), separators=(",", ":")))
        print(f"gunicorn {args.workers} sync workers; single checks from "
              f"{args.connections} connections for {args.seconds} s; {args.heavy} of "
              f"{batch.stat().st_size / 2**20:.1f} MiB from 2 connections")
        print(f"| Load | single checks | p50 | p99 | max | {args.heavy} answered |")
        print("|---|---|---|---|---|---|")
        scenario("single checks alone", None, False, single, batch, args)
        heavy = args.heavy[:-1]  # batch, sitting
        scenario(f"with two {heavy} clients, one at a time (default)", "1", True, single,
                 batch, args)
        scenario(f"with two {heavy} clients, no limit", "0", True, single, batch, args)


if __name__ == "__main__":
    main()
