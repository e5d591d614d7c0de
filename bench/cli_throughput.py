"""Times ``doko-check --json`` on a file of random legal games and prints games per second.

    .venv/bin/python bench/cli_throughput.py [--games N] [--seed S] [--runs R]

The games (every game type where the preset allows it, the four presets in turn) are
written as JSON Lines to a temporary directory first (not timed); then the command runs
as a user would run it, in a subprocess, with its default two worker processes and,
for comparison, with ``--jobs 1``. The time includes starting Python and reading the
file; the best of R runs is reported.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from service.game.rulesets import presets
from service.generating.random_game import random_game


def command() -> list[str]:
    script = Path(sys.executable).parent / "doko-check"
    return [str(script)] if script.exists() else [sys.executable, "-m", "service.cli"]


def write_games(path: Path, count: int, seed: int) -> dict[str, int]:
    rng = random.Random(seed)
    rulesets = [p.ruleset for p in presets().values()]
    kinds: dict[str, int] = {}
    with path.open("w", encoding="utf-8") as file:
        for i in range(count):
            game = random_game(rulesets[i % len(rulesets)], rng, game_types=True)
            kind = game["game"]["type"]
            kinds[kind] = kinds.get(kind, 0) + 1
            file.write(json.dumps(game, separators=(",", ":")) + "\n")
    return kinds


def timed(args: list[str], out: Path) -> float:
    started = time.perf_counter()
    with out.open("wb") as sink:
        done = subprocess.run(args, stdout=sink, stderr=subprocess.PIPE, check=False)
    took = time.perf_counter() - started
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(args)} exited {done.returncode}: {done.stderr[-500:]!r}")
    return took


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as directory:
        games = Path(directory) / "games.jsonl"
        out = Path(directory) / "results.json"
        kinds = write_games(games, args.games, args.seed)
        mix = ", ".join(f"{k} {v}" for k, v in sorted(kinds.items()))
        size = games.stat().st_size / 2**20
        print(f"{args.games} games ({mix}), {size:.1f} MiB of JSON Lines")
        for label, extra in (("2 workers (default)", []), ("--jobs 1", ["--jobs", "1"])):
            run = [*command(), "--json", *extra, str(games)]
            best = min(timed(run, out) for _ in range(args.runs))
            summary = json.loads(out.read_text(encoding="utf-8"))["summary"]
            if summary["valid"] != args.games:
                raise SystemExit(f"not every game valid: {summary}")
            print(f"doko-check --json, {label}: {args.games / best:,.0f} games/s "
                  f"({best:.2f} s, best of {args.runs})")


if __name__ == "__main__":
    main()
