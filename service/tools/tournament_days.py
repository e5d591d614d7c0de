"""The example tournament days of ``examples/`` built from a few lines each: every table's
list as sheet lines, dealt in the ruleset's rotation (``python -m
service.tools.tournament_days --write`` writes them; a test compares)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"


def table(players: list[str], games: int, solos: dict[int, str], seed: int,
          repeat_after_duty: bool = False, dealer: int = 0,
          winners_only: bool = False) -> dict[str, Any]:
    """A table's list: ``games`` sheet lines from ``players[dealer]`` on; ``solos`` maps a
    game's index to its soloist (a duty solo where he owes one); the other games are
    normal games whose winners and value follow from ``seed``."""
    lines = []
    state = seed
    at = dealer
    for index in range(games):
        state = (state * 1103515245 + 12345) % (1 << 31)
        name = players[at]
        playing = [players[(at + k) % len(players)] for k in range(1, 5)
                   if len(players) == 4 or players[(at + k) % len(players)] != name]
        if len(players) == 4:
            playing = [players[(at + k) % 4] for k in range(1, 5)]
        value = 1 + state % 4
        soloist = solos.get(index)
        if soloist is not None:
            won = state % 3 != 0
            each = value if won else -value
            scores = {n: (3 * each if n == soloist else -each) for n in playing}
            if winners_only:
                scores = {n: max(0, p) for n, p in scores.items()}
                if not won:
                    scores = {n: (0 if n == soloist else value) for n in playing}
            sheet: dict[str, Any] = {"type": "solo", "declarer": soloist, "duty": True,
                                     "scores": scores}
        else:
            pick = (state >> 3) % 3 + 1  # the first player's partner among the other three
            winners = {playing[0], playing[pick]} if (state >> 5) % 2 else \
                {p for p in playing if p not in (playing[0], playing[pick])}
            scores = {n: value if n in winners else 0 if winners_only else -value
                      for n in playing}
            sheet = {"type": "normal", "scores": scores}
        lines.append({"dealer": name, "sheet": sheet})
        if not (soloist is not None and repeat_after_duty):
            at = (at + 1) % len(players)
    return {"players": players, "first_dealer": players[dealer], "games": lines}


NINE = ["Uwe", "Volker", "Felix", "Klaus", "Gabi", "Heino", "Walter", "Per", "Jola"]
# Each round's tables, and the duty solos played at them (game index: soloist); Walter
# plays none and loses 7 points in the preliminary standing.
ROUNDS_2026 = [
    [(["Uwe", "Gabi", "Per", "Jola"], {2: "Gabi"}),
     (["Volker", "Felix", "Klaus", "Heino", "Walter"], {1: "Klaus", 6: "Volker"})],
    [(["Volker", "Uwe", "Heino", "Per"], {3: "Uwe"}),
     (["Felix", "Gabi", "Walter", "Jola", "Klaus"], {0: "Jola", 4: "Felix"})],
    [(["Klaus", "Jola", "Uwe", "Walter"], {}),
     (["Per", "Felix", "Volker", "Gabi", "Heino"], {2: "Per", 5: "Heino"})],
]


def doko2026_day() -> dict[str, Any]:
    """Nine players, three preliminary rounds, a final with a wildcard (seed 004 VII)."""
    from service.lists.tournament.check import check_tournament

    day: dict[str, Any] = {"ruleset": "doko2026", "participants": NINE, "finished": True,
                           "preliminary": []}
    for r, tables in enumerate(ROUNDS_2026):
        day["preliminary"].append({"tables": [
            table(players, 8 if len(players) == 4 else 10, solos, 11 * r + t + 3,
                  winners_only=True) for t, (players, solos) in enumerate(tables)]})
    standing = check_tournament({**day, "finished": False}).standing
    order = [s["player"] for s in standing]
    wildcard = order[6]  # won the fifth seat at the first final table
    first = [*order[:4], wildcard]
    rest = [n for n in order if n not in first]
    final = [table(first, 10, {}, 41, winners_only=True),
             table(rest, 8, {}, 43, winners_only=True)]
    day["final"] = {"wildcard": wildcard, "tables": final}
    result = check_tournament(day)
    assert result.places is not None
    day["claimed"] = {"preliminary": {s["player"]: s["points"] for s in result.standing},
                      "places": {p["player"]: p["place"] for p in result.places}}
    return day


EIGHT = ["Anna", "Ben", "Cleo", "Dan", "Eve", "Finn", "Greta", "Hugo"]
ROUNDS_DDV = [[["Anna", "Ben", "Cleo", "Dan"], ["Eve", "Finn", "Greta", "Hugo"]],
              [["Anna", "Eve", "Ben", "Finn"], ["Cleo", "Greta", "Dan", "Hugo"]]]


def ddv_day() -> dict[str, Any]:
    """Eight players, two series of 24 games at tables of four, ranked by their sum; no
    final round (a DDV tournament)."""
    day: dict[str, Any] = {"ruleset": "ddv", "participants": EIGHT, "finished": True,
                           "preliminary": []}
    for r, tables in enumerate(ROUNDS_DDV):
        # each player's duty solo early in the series; the dealer deals again after it
        day["preliminary"].append({"tables": [
            table(players, 24, {1 + 4 * k: players[(k + 2) % 4] for k in range(4)},
                  17 * r + t + 5, repeat_after_duty=True)
            for t, players in enumerate(tables)]})
    return day


DAYS = {"tournament-doko2026.json": doko2026_day, "tournament-ddv.json": ddv_day}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--write", action="store_true", help="write examples/tournament-*")
    args = parser.parse_args(argv)
    stale = []
    for name, build in DAYS.items():
        text = json.dumps(build(), ensure_ascii=False) + "\n"
        path = EXAMPLES / name
        if args.write:
            path.write_text(text, encoding="utf-8")
        elif not path.exists() or path.read_text(encoding="utf-8") != text:
            stale.append(name)
    for name in stale:
        print(f"examples/{name} is stale: run python -m service.tools.tournament_days --write",
              file=sys.stderr)
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
