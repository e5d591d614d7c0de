"""Random legal games, for tests and benchmarks.

A game is produced as transcript data (the JSON shape clients send), so that the
same games can be fed to the core, to the HTTP endpoint and to the CLI.
"""

from __future__ import annotations

import random
from typing import Any

from .cards import NAMES, pack_codes
from .deal import read_deal
from .game import GameState
from .options import Ruleset
from .setup import game_setup
from .transcript import ANNOUNCE, CARD, Event, from_dict


def random_hands(rng: random.Random, with_nines: bool = True) -> list[list[str]]:
    pack = [NAMES[c] for c in pack_codes(with_nines)] * 2
    rng.shuffle(pack)
    size = len(pack) // 4
    return [sorted(pack[i * size:(i + 1) * size]) for i in range(4)]


def random_game(ruleset: Ruleset, rng: random.Random, *, dealer: int | None = None,
                hands: list[list[str]] | None = None, call_chance: float = 0.05,
                ) -> dict[str, Any]:
    """A complete legal normal game (a silent marriage if the deal gives one) as data.

    Before each card, with probability ``call_chance``, one random seat makes one of its
    legal calls.
    """
    dealer = rng.randrange(4) if dealer is None else dealer
    hands = hands or random_hands(rng, ruleset.with_nines)
    data: dict[str, Any] = {
        "ruleset": ruleset.id if "+" not in ruleset.id else ruleset.id.split("+")[0],
        "dealer": dealer,
        "hands": hands,
        "reservations": [{"seat": (dealer + i) % 4, "reservation": "healthy"}
                         for i in range(1, 5)],
        "game": {"type": "normal"},
        "play": [],
    }
    transcript = from_dict(data, ruleset)
    deal, _ = read_deal(dealer, transcript.hands, ruleset.with_nines)
    setup, _, _ = game_setup(transcript, deal)
    state = GameState(ruleset, deal, setup)
    play = data["play"]
    while not state.finished:
        if rng.random() < call_chance:
            seat = rng.randrange(4)
            calls = state.legal_calls(seat)
            if calls:
                call = rng.choice(calls)
                state.push(len(play), Event(seat, ANNOUNCE, call))
                play.append({"seat": seat, "announce": call})
        seat = state.to_play
        assert seat is not None
        card = rng.choice(state.legal_cards(seat))
        state.push(len(play), Event(seat, CARD, NAMES[card], card))
        play.append({"seat": seat, "card": NAMES[card]})
    return data
