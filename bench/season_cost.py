"""The season route's cost against its body: time and peak memory of the costliest
seasons at a quarter, a half and the whole of its 4 MiB, side by side.

    .venv/bin/python bench/season_cost.py [--rounds N] [--only NAME]

Each case is built to make one part of the work as large as the body allows: every
placed name a new player (the most players and ranking lines, in ten windows), one
player written 200 ways on every day (a ``season_name_twice`` for each), the written
ranking every ranked player in reverse (a ``season_order`` for all but one), and a
written list of unknown names. Each run checks the body in a fresh process
(``check_season_data`` and the answer written by ``to_json``, as the route does) and reports
the time and the process's peak RSS above its start; the table gives min / median / max
over ``--rounds`` (3) and, per case, the time and memory per MiB of body at each size:
linear work keeps them flat. A run that fails (an exception, a status other than the
one expected) fails the whole run.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LIMIT = 4 * 1024 * 1024
SCHEME = {"kind": "places", "points": [10, 8, 6, 5, 4, 3, 2, 1], "ties": "average"}


def _fill(size: int, make: Callable[[int], dict[str, object]]) -> bytes:
    """The largest body of ``make(n)`` within ``size`` (n found by bisection)."""
    lo, hi = 1, 1
    while len(json.dumps(make(hi)).encode()) <= size:
        lo, hi = hi, hi * 2
    while hi - lo > 1:
        mid = (lo + hi) // 2
        lo, hi = (mid, hi) if len(json.dumps(make(mid)).encode()) <= size else (lo, mid)
    return json.dumps(make(lo), ensure_ascii=False).encode()


def distinct_players(size: int) -> bytes:
    """500 days of 200 new names each, ten windows: the most ranking lines."""
    def make(width: int) -> dict[str, object]:
        return {"scheme": SCHEME, "windows": [{"id": f"w{i}", "to": f"{2030 - i}-01-01"}
                                              for i in range(10)],
                "days": [{"date": f"{2000 + d // 50}-01-{1 + d % 28:02d}",
                          "places": [f"{d}-{p}-".ljust(min(width, 64), "x")
                                     for p in range(200)]} for d in range(500)]}
    return _fill(size, lambda n: make(n) if n < 64 else make(64))


def one_name_many_ways(size: int) -> bytes:
    """Every day 200 entries of one player written differently: 199 defects a day."""
    ways = [" ".join(["Klaus"] + ["B."] * (1 + i % 5)).upper() if i % 2 else
            ("klaus" + " " * (1 + i % 7) + "b.") for i in range(200)]
    ways = [w + "\u00a0" * (i // 10) for i, w in enumerate(ways)]  # NBSP: one space more
    def make(days: int) -> dict[str, object]:
        return {"scheme": SCHEME, "windows": [{"id": "all"}],
                "days": [{"date": "2026-01-01", "places": ways} for _ in range(min(days, 500))]}
    return _fill(size, make)


def written_reversed(size: int) -> bytes:
    """The written list every ranked player in reverse order."""
    def make(count: int) -> dict[str, object]:
        days = [{"date": "2026-01-01", "places": [f"p{d * 200 + i}" for i in range(200)]}
                for d in range(min(500, (count + 199) // 200))]
        players = [p for day in days for p in day["places"]][:count]
        return {"scheme": {"kind": "field"}, "windows": [{"id": "all"}], "days": days,
                "written": {"all": [{"name": n, "points": 1} for n in reversed(players)]}}
    return _fill(size, make)


def written_unknown(size: int) -> bytes:
    """One day, and a written list of names no day has."""
    def make(count: int) -> dict[str, object]:
        return {"scheme": SCHEME, "windows": [{"id": "all"}],
                "days": [{"date": "2026-01-01", "places": ["A"]}],
                "written": {"all": [{"name": f"n{i}", "points": 1.25} for i in range(count)]}}
    return _fill(size, make)


CASES = {"distinct players": distinct_players, "one name many ways": one_name_many_ways,
         "written reversed": written_reversed, "written unknown": written_unknown}

RUN = """
import json, resource, sys, time
from service.checking.season import check_season_data, parse_season
body = sys.stdin.buffer.read()
start = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
t = time.perf_counter()
answer = check_season_data(parse_season(body)).to_json("en")
took = time.perf_counter() - t
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - start
print(json.dumps({"seconds": took, "peak_kib": peak, "answer": len(answer)}))
"""


def measure(body: bytes) -> dict[str, float]:
    done = subprocess.run([sys.executable, "-c", RUN], input=body, capture_output=True,
                          cwd=ROOT, check=False)
    if done.returncode != 0:
        raise SystemExit(done.stderr.decode()[-2000:])
    result: dict[str, float] = json.loads(done.stdout)
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--only")
    args = parser.parse_args()
    print("| case | body | time min / median / max | per MiB | peak RSS above start "
          "(median) | per MiB | answer |")
    print("|---|---|---|---|---|---|---|")
    for name, build in CASES.items():
        if args.only and args.only != name:
            continue
        for share in (4, 2, 1):
            body = build(LIMIT // share)
            runs = [measure(body) for _ in range(args.rounds)]
            times = sorted(r["seconds"] for r in runs)
            peak = statistics.median(r["peak_kib"] for r in runs) / 1024
            mib = len(body) / 2**20
            print(f"| {name} | {mib:.2f} MiB | {times[0]:.2f} / {statistics.median(times):.2f}"
                  f" / {times[-1]:.2f} s | {statistics.median(times) / mib:.2f} s | "
                  f"{peak:.0f} MiB | {peak / mib:.0f} | {runs[0]['answer'] / 2**20:.1f} MiB |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
