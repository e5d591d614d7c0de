"""Whole games for sitting tests: random legal play of a game chosen by the test.

The test chooses what matters to the list (who deals, who plays which solo, whether it
is a duty solo); the cards are dealt and played at random but legally, so the list's
figures come from real games. No deal gives a player both club queens unless asked
(a silent marriage would change the game's kind).
"""

from __future__ import annotations

import random
from typing import Any

from games.kinds import reservations
from service import rules
from service.game.cards import BY_NAME
from service.game.ranking import order_for
from service.generating.random_game import random_game, random_hands


def whole_game(ruleset: Any, rng: random.Random, players: list[str], dealer: int, *,
               solo_by: int | None = None, duty: bool = False,
               solo: str = "queens") -> dict[str, Any]:
    """A complete legal game as transcript data without a ruleset (the sitting's).

    ``players`` are the four names clockwise by seat; ``dealer`` the dealer's seat;
    ``solo_by`` a seat that plays a ``solo`` (a duty solo where ``duty``)."""
    said: dict[int, dict[str, Any]] = {}
    game: dict[str, Any] = {"type": "normal"}
    if solo_by is not None:
        said[solo_by] = {"reservation": "solo", "solo": solo, "duty": duty}
        game = {"type": "solo", "solo": solo, "declarer": solo_by, "duty": duty}
    data = random_game(rules.resolve(ruleset), rng, dealer=dealer,
                       hands=random_hands(rng, no_marriage=True),
                       declared=(reservations(dealer, said), game))
    del data["ruleset"]
    return {"players": players, **data}


def untaken_poverty(rng: random.Random, players: list[str], dealer: int) -> dict[str, Any]:
    """A deal where a player with at most three trumps announces a poverty and nobody
    takes it: a redeal (seed 004 I.5: 'Nimmt kein Spieler auf, wird neu gegeben')."""
    is_trump = order_for("normal").is_trump
    while True:
        hands = random_hands(rng, no_marriage=True)
        asking = [(dealer + i) % 4 for i in range(1, 5)]
        poor = [s for s in asking if sum(is_trump(BY_NAME[c]) for c in hands[s]) <= 3]
        if poor:
            break
    seat = poor[0]
    trumps = [c for c in hands[seat] if is_trump(BY_NAME[c])]
    others = [c for c in hands[seat] if not is_trump(BY_NAME[c])]
    passed = (trumps + others)[:3]
    offers = [{"seat": (seat + i) % 4, "accept": False} for i in range(1, 4)]
    return {"players": players, "dealer": dealer, "hands": hands,
            "reservations": reservations(dealer, {seat: {"reservation": "poverty"}}),
            "game": {"type": "poverty", "declarer": seat, "passed": passed,
                     "offers": offers},
            "play": []}
