"""Random legal games, for tests and benchmarks.

A game is produced as transcript data (the JSON shape clients send), so that the
same games can be fed to the core, to the HTTP endpoint and to the CLI.
"""

from __future__ import annotations

import random
from typing import Any

from service.game.cards import BY_NAME, CQ, NAMES, pack_codes
from service.game.deal import read_deal
from service.game.gamestate import GameState
from service.game.options import Ruleset
from service.game.ranking import order_for
from service.game.reservations import trump_count
from service.game.setup import game_setup
from service.game.transcript import ANNOUNCE, CARD, SHOW, Event, from_dict

TRICK_RULES = {"any", "color", "trump", "club", "spade", "heart"}


def random_hands(rng: random.Random, with_nines: bool = True, *,
                 no_marriage: bool = False) -> list[list[str]]:
    """A shuffled deal; ``no_marriage``: dealt again until no hand holds both ♣Q."""
    pack = [NAMES[c] for c in pack_codes(with_nines)] * 2
    while True:
        rng.shuffle(pack)
        size = len(pack) // 4
        hands = [sorted(pack[i * size:(i + 1) * size]) for i in range(4)]
        if not no_marriage or all(hand.count(NAMES[CQ]) < 2 for hand in hands):
            return hands


def _healthy(dealer: int) -> list[dict[str, Any]]:
    return [{"seat": (dealer + i) % 4, "reservation": "healthy"} for i in range(1, 5)]


def _choose_game(ruleset: Ruleset, rng: random.Random, dealer: int, hands: list[list[str]]
                 ) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Reservations and a game for the deal: a solo, marriage or poverty where allowed."""
    reservations = _healthy(dealer)
    asking = [(dealer + i) % 4 for i in range(1, 5)]
    brides = [s for s in range(4) if hands[s].count(NAMES[CQ]) == 2]
    roll = rng.random()
    if ruleset.solos and roll < 0.25:
        seat = rng.choice(asking)
        kind = rng.choice(ruleset.solo_kinds())
        duty = rng.random() < 0.3
        reservations[asking.index(seat)] = {"seat": seat, "reservation": "solo", "solo": kind,
                                            "duty": duty}
        return reservations, {"type": "solo", "solo": kind, "declarer": seat, "duty": duty}
    if brides and roll < 0.6:
        bride = brides[0]
        reservations[asking.index(bride)] = {"seat": bride, "reservation": "marriage"}
        trick = rng.choice(sorted(set(ruleset.marriage_partner_rules) & TRICK_RULES))
        nth = rng.choice((1, 2)) if ruleset.marriage_nth_allowed else 1
        return reservations, {"type": "marriage", "declarer": bride,
                              "partner_rule": {"trick": trick, "nth": nth}}
    if ruleset.poverty == "pass" and not brides:
        poor = [s for s in asking if trump_count(_codes(hands[s]))
                <= ruleset.poverty_max_trumps]
        if poor:
            return poverty_declaration(ruleset, rng, reservations, asking, poor[0], hands)
    return reservations, {"type": "normal"}


def _codes(hand: list[str]) -> list[int]:
    return [BY_NAME[c] for c in hand]


def poverty_declaration(ruleset: Ruleset, rng: random.Random,
                        reservations: list[dict[str, Any]], asking: list[int], poor: int,
                        hands: list[list[str]]
                        ) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """The reservations (``poor`` says poverty; ``asking``: the seats in asking order)
    and a legal exchange: its trumps first, a random taker, three random cards back."""
    reservations[asking.index(poor)] = {"seat": poor, "reservation": "poverty"}
    is_trump = order_for("normal").is_trump
    own = _codes(hands[poor])
    trumps = [c for c in own if is_trump(c)]
    others = [c for c in own if not is_trump(c)]
    rng.shuffle(others)
    passed = (trumps + others)[:3]
    partner = (poor + rng.randint(1, 3)) % 4
    offers = [{"seat": (poor + i) % 4, "accept": (poor + i) % 4 == partner}
              for i in range(1, (partner - poor) % 4 + 1)]
    taken = _codes(hands[partner]) + passed
    returned = rng.sample(taken, 3)
    game: dict[str, Any] = {"type": "poverty", "declarer": poor,
                            "passed": [NAMES[c] for c in passed], "offers": offers,
                            "partner": partner, "returned": [NAMES[c] for c in returned]}
    back = trump_count(returned)
    if ruleset.poverty_returned_trumps == "count":
        game["trumps_returned"] = back
    elif ruleset.poverty_returned_trumps == "whether":
        game["trumps_returned"] = back > 0
    return reservations, game


def random_game(ruleset: Ruleset, rng: random.Random, *, dealer: int | None = None,
                hands: list[list[str]] | None = None, call_chance: float = 0.05,
                game_types: bool = False,
                declared: tuple[list[dict[str, Any]], dict[str, Any]] | None = None
                ) -> dict[str, Any]:
    """A complete legal game as transcript data.

    A normal game (a silent marriage if the deal gives one), or with ``game_types`` also
    solos, marriages and poverties where the ruleset allows them. Before each card, with
    probability ``call_chance``, one random seat makes one of its legal calls; swines are
    shown when the ruleset allows it. ``declared`` (reservations, game) fixes the game
    instead of choosing one; a redeal gets no play.
    """
    dealer = rng.randrange(4) if dealer is None else dealer
    hands = hands or random_hands(rng, ruleset.with_nines)
    if declared is not None:
        reservations, game = declared
    elif game_types:
        reservations, game = _choose_game(ruleset, rng, dealer, hands)
    else:
        reservations, game = _healthy(dealer), {"type": "normal"}
    data: dict[str, Any] = {
        "ruleset": ruleset.id.split("+")[0], "dealer": dealer, "hands": hands,
        "reservations": reservations, "game": game, "play": [],
    }
    if game["type"] == "redeal":
        return data
    play_out(data, start(data, ruleset), rng, call_chance)
    return data


def start(data: dict[str, Any], ruleset: Ruleset) -> GameState:
    """The state of transcript data before its first event (the deal and the game set up)."""
    transcript = from_dict({**data, "play": []}, ruleset)
    deal, _ = read_deal(data["dealer"], transcript.hands, ruleset.with_nines)
    setup, _, _ = game_setup(transcript, deal)
    return GameState(ruleset, deal, setup)


def play_out(data: dict[str, Any], state: GameState, rng: random.Random,
             call_chance: float = 0.05) -> bool:
    """Play ``data``'s game to its end with random legal cards, from ``state`` (the state
    after ``data["play"]``, which grows). Before each card, with probability
    ``call_chance``, one random seat makes one of its legal calls; swines are shown when
    the ruleset allows it. False where a seat to play holds no card (after a mistake)."""
    ruleset = state.ruleset
    play = data["play"]

    def push(event: Event, item: dict[str, Any]) -> None:
        state.push(len(play), event)
        play.append(item)

    holder = state.swine_holder
    if (holder is not None and not play and not state.swines_shown
            and ruleset.swines in ("before_play", "before_first_swine")):
        push(Event(holder, SHOW, "swines"), {"seat": holder, "show": "swines"})
    while not state.finished:
        if rng.random() < call_chance:
            seat = rng.randrange(4)
            calls = state.legal_calls(seat)
            if calls:
                call = rng.choice(calls)
                push(Event(seat, ANNOUNCE, call), {"seat": seat, "announce": call})
        to_play = state.to_play
        assert to_play is not None
        seat = to_play
        legal = state.legal_cards(seat)
        if not legal:
            return False
        card = rng.choice(legal)
        if (seat == holder and card == state.ace and not state.swines_shown
                and ruleset.swines == "at_first_swine"):
            push(Event(seat, SHOW, "swines"), {"seat": seat, "show": "swines"})
        push(Event(seat, CARD, NAMES[card], card), {"seat": seat, "card": NAMES[card]})
    return True
