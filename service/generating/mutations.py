"""One rule broken once: the mutations of the conformance cases.

A mutation case tests one thing: the reference answer holds exactly one violation, the
one planted, so that an engine agrees with it without copying how the reference goes
on after a mistake. Each mutation therefore changes the rest of the play so that the
mistake has no follow-on: after the wrong card the game is played on from the state it
left, with random legal cards (a revoke's later tricks stay playable, the seat that
played a card it does not hold follows suit from its own hand, the trick goes to the
card that wins it); a card given twice in the deal is followed by a play of the deal as
written (the seat that lost its copy plays its other cards). A mutation is tried a few
times with other random choices until the answer holds that one violation and the game
type stays the legal game's (a marriage stays a marriage).

Every choice is drawn from the :class:`PortableRandom` passed, over lists in a fixed
order, so that the cases are the same bytes everywhere.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from service.game.cards import BY_NAME, N_CODES, NAMES
from service.generating.portable_random import PortableRandom
from service.generating.random_game import play_out
from service.reading.load import check
from service.reading.play import Game

# The mutation kinds in the order a suite cycles through them, and the code of the one
# violation each plants.
PLANTED = {"revoke": "follow_suit", "card_not_in_hand": "card_not_in_hand",
           "turn_order": "turn_order", "late_call": "announcement_too_late",
           "card_too_often": "card_too_often"}
MUTATIONS = tuple(PLANTED)
NEED_PLAY = {"revoke", "card_not_in_hand", "turn_order", "late_call"}
TRIES = 40  # random choices tried before a kind is given up for a game
CALLS = ("no90", "no60", "no30", "black")

Data = dict[str, Any]


def applies(name: str, game: Data) -> bool:
    """Whether the kind can be planted in the game at all (a redeal has no play)."""
    return bool(game["play"]) or name not in NEED_PLAY


def mutate(name: str, game: Data, rng: PortableRandom) -> Data | None:
    """The legal ``game`` with one rule broken the way ``name`` says and nothing else
    wrong, or None where no try gave that."""
    if not applies(name, game):
        return None
    legal = check(game)
    for _ in range(TRIES):
        mutated = MUTATE[name](json.loads(json.dumps(game)), rng)
        if mutated is None:
            continue
        result = check(mutated)
        if ([v.code for v in result.violations] == [PLANTED[name]]
                and result.game is not None and legal.game is not None
                and result.game.type == legal.game.type):
            return mutated
    return None


def _cards(play: list[Data]) -> list[int]:
    return [i for i, event in enumerate(play) if "card" in event]


def _continued(game: Data, prefix: list[Data], rng: PortableRandom) -> Data | None:
    """The game with ``prefix`` as its play so far, played on to its end with random
    legal cards (and no more calls) from the state the prefix leaves."""
    data = {**game, "play": list(prefix)}
    state = Game.from_transcript({**game, "play": prefix}).state
    return data if play_out(data, state, rng, call_chance=0.0) else None


def revoke(game: Data, rng: PortableRandom) -> Data | None:
    """At a card where the seat could follow suit, a card of its own that does not."""
    play = game["play"]
    replay = Game.from_transcript({**game, "play": []})
    places: list[tuple[int, int, list[int]]] = []
    for at, event in enumerate(play):
        if "card" in event:
            state, seat = replay.state, event["seat"]
            legal = set(state.legal_cards(seat))
            wrong = [c for c in range(N_CODES) if state.held[seat][c] and c not in legal]
            if wrong:
                places.append((at, seat, wrong))
        replay.push(event)
    if not places:
        return None
    at, seat, wrong = rng.choice(places)
    return _continued(game, [*play[:at], {"seat": seat, "card": NAMES[rng.choice(wrong)]}],
                      rng)


def card_not_in_hand(game: Data, rng: PortableRandom) -> Data | None:
    """A card the seat does not hold, of a suit it could play there (so no revoke)."""
    play = game["play"]
    at = rng.choice(_cards(play))
    seat = play[at]["seat"]
    state = Game.from_transcript({**game, "play": play[:at]}).state
    suits = {state.cls[c] for c in state.legal_cards(seat)}
    dealt = sorted({BY_NAME[c] for hand in game["hands"] for c in hand})
    foreign = [c for c in dealt if not state.held[seat][c] and state.cls[c] in suits]
    if not foreign:
        return None
    return _continued(game, [*play[:at], {"seat": seat, "card": NAMES[rng.choice(foreign)]}],
                      rng)


def turn_order(game: Data, rng: PortableRandom) -> Data | None:
    """Two cards of a trick in the wrong order: the 2nd and 3rd or the 3rd and 4th."""
    play = game["play"]
    cards = _cards(play)
    first = rng.randrange(len(cards) // 4) * 4 + rng.randint(1, 2)
    a, b = cards[first], cards[first + 1]
    return _continued(game, [*play[:a], play[b], *play[a + 1:b], play[a]], rng)


def late_call(game: Data, rng: PortableRandom) -> Data | None:
    """A call of the seat's own team in the last trick, when every deadline has passed."""
    result = check(game)
    if result.game is None:
        return None
    play = game["play"]
    at = _cards(play)[-rng.randint(1, 3)]
    seat = rng.randrange(4)
    own = "re" if seat in result.game.re else "contra"
    play.insert(at, {"seat": seat, "announce": rng.choice((own, *CALLS))})
    return game


def card_too_often(game: Data, rng: PortableRandom) -> Data | None:
    """A card of one hand replaced by another (now three times in the deal); the game is
    played as dealt, so the seat that lost its copy plays its other cards."""
    hand = game["hands"][rng.randrange(4)]
    at = rng.randrange(len(hand))
    hand[at] = rng.choice(sorted({c for h in game["hands"] for c in h} - {hand[at]}))
    if not game["play"]:
        return game
    return _continued(game, [], rng)


MUTATE: dict[str, Callable[[Data, PortableRandom], Data | None]] = {
    "revoke": revoke, "card_not_in_hand": card_not_in_hand, "turn_order": turn_order,
    "late_call": late_call, "card_too_often": card_too_often}
