"""A full DDV round of 24 whole games checked as one sitting, against the same 24 games
checked one by one, side by side in one run.

    .venv/bin/python bench/sitting_check.py [--rounds N] [--passes P] [--seed S]

The round: four players, two duty solos played freely (the dealer deals again), a lust
solo after one of them, two forced duty solos in the last two games (DDV TSR 4.2.3,
4.2.5), the rest normal games; random legal cards. Each pass times, on one core
(process time), ``--rounds`` sittings (``check_sitting`` of the request data: the
sitting's validation, each transcript read and checked with its context, the list's
checks, the answer built as a dict) and the same 24 x rounds transcripts through
``rules.check`` plus ``to_dict`` (what 24 ``POST /v1/games/check`` do after parsing).
The two alternate pass by pass; min/median/max over the passes and their ratio.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

from service import rules
from service.game.rulesets import resolve
from service.generating.random_game import random_game, random_hands
from service.lists.sitting.check import check_sitting

PLAYERS = ["Anna", "Ben", "Cleo", "Dan"]
DDV = resolve("ddv")
ROUND = ([("Anna", None, True), ("Ben", None, True), ("Cleo", "Dan", True),
          ("Cleo", None, True), ("Dan", "Anna", True), ("Dan", "Dan", False)]
         + [(PLAYERS[k % 4], None, True) for k in range(16)]
         + [("Anna", "Ben", True), ("Ben", "Cleo", True)])


def whole_game(rng: random.Random, dealer: int, solo_by: int | None,
               duty: bool) -> dict[str, Any]:
    said = [{"seat": (dealer + i) % 4, "reservation": "healthy"} for i in range(1, 5)]
    game: dict[str, Any] = {"type": "normal"}
    if solo_by is not None:
        said = [{"seat": s["seat"], "reservation": "solo", "solo": "jacks", "duty": duty}
                if s["seat"] == solo_by else s for s in said]
        game = {"type": "solo", "solo": "jacks", "declarer": solo_by, "duty": duty}
    data = random_game(DDV, rng, dealer=dealer, hands=random_hands(rng, no_marriage=True),
                       declared=(said, game))
    del data["ruleset"]
    return {"players": PLAYERS, **data}


def a_round(rng: random.Random) -> dict[str, Any]:
    games = [{"dealer": dealer,
              "transcript": whole_game(rng, PLAYERS.index(dealer),
                                       PLAYERS.index(soloist) if soloist else None, duty)}
             for dealer, soloist, duty in ROUND]
    return {"ruleset": "ddv", "players": PLAYERS, "finished": True, "games": games}


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--rounds", type=int, default=40)
    parser.add_argument("--passes", type=int, default=7)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    sittings = [a_round(rng) for _ in range(args.rounds)]
    for sitting in sittings:  # the rounds are what the bench says they are
        result = check_sitting(sitting)
        assert result.valid, result.violations
        assert [g.kind for g in result.games].count("forced_solo") == 2
    singles = [{**g["transcript"], "ruleset": "ddv"} for s in sittings for g in s["games"]]

    def as_sittings() -> None:
        for sitting in sittings:
            check_sitting(sitting).to_dict()

    def as_singles() -> None:
        for data in singles:
            rules.check(data).to_dict()

    times: dict[str, list[float]] = {"sitting": [], "singles": []}
    for _ in range(args.passes):
        for name, work in (("sitting", as_sittings), ("singles", as_singles)):
            started = time.process_time()
            work()
            times[name].append(time.process_time() - started)
    n = args.rounds
    print(f"{n} DDV rounds of 24 whole games, {args.passes} alternating passes, one core")
    for name, label in (("sitting", "as one sitting each"), ("singles", "as 24 single checks")):
        per_round = sorted(t / n * 1000 for t in times[name])
        print(f"  {label:<22} ms per round: min {per_round[0]:.2f}  median "
              f"{statistics.median(per_round):.2f}  max {per_round[-1]:.2f}   "
              f"rounds/s (median): {1000 / statistics.median(per_round):,.1f}")
    ratios = sorted(s / g for s, g in zip(times["sitting"], times["singles"], strict=True))
    print(f"  sitting / singles, pass by pass: min {ratios[0]:.3f}  median "
          f"{statistics.median(ratios):.3f}  max {ratios[-1]:.3f}")


if __name__ == "__main__":
    main()
