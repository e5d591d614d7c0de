"""Where a core check spends its time: each phase of one game, in µs per game.

    .venv/bin/python bench/core_profile.py [--games N] [--seed S]

Times the phases of service.reading.load.check on random legal normal games under ddv,
each phase over all games, best of five (process time): reading the transcript data,
the deal, the reservation round and game set-up, the game state, the replay of the
events, the scoring, and what check adds around them (the result).
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from service.game.deal import Deal, read_deal
from service.game.gamestate import GameState
from service.game.rulesets import resolve
from service.game.scoring import outcome
from service.game.setup import Setup, game_setup
from service.game.transcript import Transcript, from_dict
from service.generating.random_game import random_game
from service.reading.load import check


def best_of(runs: int, work: Callable[[], object]) -> float:
    best = float("inf")
    for _ in range(runs):
        started = time.process_time()
        work()
        best = min(best, time.process_time() - started)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    ruleset = resolve("ddv")
    rng = random.Random(args.seed)
    data = [random_game(ruleset, rng) for _ in range(args.games)]
    transcripts = [from_dict(d, ruleset) for d in data]
    deals = [read_deal(t.dealer, t.hands, ruleset.with_nines)[0] for t in transcripts]
    setups = [game_setup(t, d)[0] for t, d in zip(transcripts, deals, strict=True)]
    states = []
    for t, d, s in zip(transcripts, deals, setups, strict=True):
        state = GameState(ruleset, d, s)
        state.play(t.play)
        states.append(state)

    def each(work: Callable[..., object], items: list[tuple]) -> Callable[[], None]:
        """Runs ``work`` over the items, keeping no result (as a server keeps none)."""
        def run() -> None:
            for item in items:
                work(*item)
        return run

    def replay(transcript: Transcript, deal: Deal, setup: Setup) -> None:
        GameState(ruleset, deal, setup).play(transcript.play)

    rows = list(zip(transcripts, deals, setups, strict=True))
    phases = {
        "transcript data -> Transcript (from_dict)":
            each(from_dict, [(d, ruleset) for d in data]),
        "deal (read_deal)":
            each(read_deal, [(t.dealer, t.hands, ruleset.with_nines) for t in transcripts]),
        "reservations and set-up (game_setup)":
            each(game_setup, [(t, d) for t, d, _ in rows]),
        "game state (GameState())": each(GameState, [(ruleset, d, s) for _, d, s in rows]),
        "game state + replay of every event (play)": each(replay, rows),
        "scoring (outcome)": each(outcome, [(s,) for s in states]),
        "whole check (check)": each(check, [(t,) for t in transcripts]),
        "whole check from data (check(from_dict()))":
            each(lambda d: check(from_dict(d, ruleset)), [(d,) for d in data]),
    }
    for label, work in phases.items():
        micros = best_of(5, work) * 1e6 / args.games
        print(f"{micros:8.1f} µs  {label}")


if __name__ == "__main__":
    main()
