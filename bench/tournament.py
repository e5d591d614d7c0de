"""A tournament day's check and a draw, timed and their memory peak measured.

    .venv/bin/python bench/tournament.py [--participants 200] [--rounds 3]

Builds a doko2026 day of N participants over R preliminary rounds and a final (each
table's list as whole transcripts where they fit the 4 MiB body, else as sheet lines),
checks it in-process (time, tracemalloc peak, body size), then draws 40 participants
over 5 rounds.
"""

from __future__ import annotations

import argparse
import json
import random
import time
import tracemalloc
from typing import Any

from service.game.rulesets import presets
from service.generating.random_game import random_game
from service.lists.tournament.check import check_tournament
from service.lists.tournament.draw import draw
from service.tools.tournament_days import table


def day(count: int, rounds: int, transcripts: int) -> dict[str, Any]:
    """A doko2026 day; ``transcripts`` games of each table given as whole transcripts."""
    names = [f"Spieler {i:03d}" for i in range(count)]
    drawn = draw(names, rounds, "bench").rounds
    ruleset = presets()["doko2026"].ruleset
    rng = random.Random(7)
    out: dict[str, Any] = {"ruleset": "doko2026", "participants": names, "finished": True,
                           "preliminary": []}
    for r, tables in enumerate(drawn):
        built = []
        for t, players in enumerate(tables):
            games = 8 if len(players) == 4 else 10
            solos = {1 + k: players[(k + 1) % len(players)] for k in range(3)} if r == 0 else {}
            one = table(players, games, solos, 13 * r + t, winners_only=True)
            for k in range(min(transcripts, games)):
                if k in solos:
                    continue
                dealer = one["games"][k]["dealer"]
                at = players.index(dealer)
                four = [players[(at + j) % len(players)] for j in range(1, 5)
                        if len(players) == 4 or players[(at + j) % len(players)] != dealer]
                if len(players) == 4:
                    four = [players[(at + j) % 4] for j in range(1, 5)]
                game = random_game(ruleset, rng, call_chance=0.2)
                while game.get("game", {}).get("type", "normal") != "normal":
                    game = random_game(ruleset, rng, call_chance=0.2)
                game.pop("ruleset", None)
                game["players"] = four
                game["dealer"] = 3
                one["games"][k] = {"dealer": dealer, "transcript": game}
            built.append(one)
        out["preliminary"].append({"tables": built})
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--participants", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--transcripts", type=int, default=0,
                        help="games per table as whole transcripts (default 0: sheet lines)")
    args = parser.parse_args()
    data = day(args.participants, args.rounds, args.transcripts)
    body = json.dumps(data).encode()
    tracemalloc.start()
    start = time.perf_counter()
    result = check_tournament(json.loads(body))
    answer = json.dumps(result.to_dict())
    elapsed = time.perf_counter() - start
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    tables = len(result.tables())
    games = sum(len(t.games) for t in result.tables())
    print(f"day: {args.participants} participants, {args.rounds} rounds, {tables} tables, "
          f"{games} games ({args.transcripts} a table as transcripts); body "
          f"{len(body) / 1024:.0f} KiB, answer {len(answer) / 1024:.0f} KiB; "
          f"check {elapsed * 1000:.0f} ms, tracemalloc peak {peak / 2**20:.1f} MiB; "
          f"valid {result.valid}")
    names = [f"P{i}" for i in range(40)]
    tracemalloc.start()
    start = time.perf_counter()
    drawn = draw(names, 5, "bench")
    elapsed = time.perf_counter() - start
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(f"draw: 40 participants over 5 rounds, repeats {drawn.repeats}; "
          f"{elapsed * 1000:.0f} ms, tracemalloc peak {peak / 1024:.0f} KiB")


if __name__ == "__main__":
    main()
