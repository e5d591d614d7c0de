"""Replays random legal games through the rules core and prints games per second.

    .venv/bin/python bench/core_replay.py [--games N] [--seed S]

Two runs: normal games under ddv, and a mix of every game type (solos, marriages,
poverties, swines) under all four presets. The games are generated first (not timed);
the timed loop does what a request does after parsing: build the transcript, replay
it in one pass, score it.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from service.game.options import Ruleset
from service.game.rulesets import presets, resolve
from service.game.transcript import from_dict
from service.generating.random_game import random_game
from service.reading.load import check


def run(label: str, games: list[tuple[Ruleset, dict[str, Any]]]) -> None:
    kinds: dict[str, int] = {}
    for ruleset, data in games:
        result = check(from_dict(data, ruleset))
        if not result.valid:
            raise SystemExit(f"random game invalid: {result.violations}")
        kinds[result.game.type] = kinds.get(result.game.type, 0) + 1
    best = float("inf")
    for _ in range(5):  # best of five: the least disturbed run
        started = time.process_time()
        for ruleset, data in games:
            check(from_dict(data, ruleset))
        best = min(best, time.process_time() - started)
    mix = ", ".join(f"{k} {v}" for k, v in sorted(kinds.items()))
    print(f"core, {label}: {len(games)} games ({mix}): {len(games) / best:,.0f} games/s "
          f"on one core ({best * 1e6 / len(games):.0f} µs/game)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--call-chance", type=float, default=0.05)
    args = parser.parse_args()

    rng = random.Random(args.seed)
    ddv = resolve("ddv")
    normal = [(ddv, random_game(ddv, rng, call_chance=args.call_chance))
              for _ in range(args.games)]
    run("normal games under ddv", normal)
    rulesets = [p.ruleset for p in presets().values()]
    mixed = []
    for i in range(args.games):
        ruleset = rulesets[i % len(rulesets)]
        mixed.append((ruleset, random_game(ruleset, rng, call_chance=args.call_chance,
                                           game_types=True)))
    run(f"every game type under {', '.join(presets())}", mixed)


if __name__ == "__main__":
    main()
