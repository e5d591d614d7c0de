"""Card order per game kind, precomputed once as lookup tables.

For every card code an :class:`Order` holds its *class* (the suit one must follow:
0-3 for a plain suit, ``TRUMP`` for trump) and its *power* within that class. A
trick is then decided by integer comparisons only.

An order also says how a player holds the cards (:meth:`Order.as_held`): the trumps
high to low, then the plain cards suit by suit, ♣ ♠ ♥ ♦, each A 10 K Q J 9. The page
shows hands by the same order (service/web/static/js/order.js; a browser test holds the
two together).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from service.game.cards import (
    ACE,
    CLUBS,
    DIAMONDS,
    HEARTS,
    JACK,
    KING,
    N_CODES,
    NINE,
    QUEEN,
    RANK_OF,
    SPADES,
    SUIT_OF,
    TEN,
    code,
)

TRUMP: Final = 4
SUIT_ORDER: Final = (CLUBS, SPADES, HEARTS, DIAMONDS)  # ♣ ♠ ♥ ♦: the order among trump queens/jacks
PLAIN_RANK_ORDER: Final = (ACE, TEN, KING, QUEEN, JACK, NINE)
COLOUR_SOLO_SUIT: Final = {"diamonds": DIAMONDS, "hearts": HEARTS, "spades": SPADES, "clubs": CLUBS}
# Trump ranks of the picture solos, highest group first.
PICTURE_SOLO_RANKS: Final = {
    "queens": (QUEEN,), "jacks": (JACK,), "kings": (KING,),
    "queens_jacks": (QUEEN, JACK), "kings_jacks": (KING, JACK),
    "kings_queens": (KING, QUEEN), "koehler": (KING, QUEEN, JACK), "meatless": (),
}


@dataclass(frozen=True, slots=True)
class Order:
    """The card order of one game kind under one set of ranking options."""

    cls: tuple[int, ...]  # per card: the class it must follow as (0-3 suit, 4 trump)
    power: tuple[int, ...]  # per card: higher beats lower within the same class
    second_beats_first: frozenset[int]  # cards whose second copy beats the first
    trumps_high_to_low: tuple[int, ...]
    held_place: tuple[int, ...]  # per card: its place in a hand as a player holds it

    def is_trump(self, card: int) -> bool:
        return self.cls[card] == TRUMP

    def heart_trick(self, cards: Iterable[int | None]) -> bool:
        """Four cards of the heart suit that are not trumps in this game (FreeDoko,
        src/card/trick.cpp and src/game/game_summary.cpp: every card's ``tcolor`` is
        HEART): in a normal game no ♥10 (with dollen), ♥Q or ♥J; in a hearts solo
        none at all; an unknown card is none."""
        cls = self.cls
        found = 0
        for card in cards:
            if card is None or cls[card] != HEARTS:
                return False
            found += 1
        return found == 4

    def winner_index(self, cards: list[int] | tuple[int, ...]) -> int:
        """The position of the card that takes the trick: a trump beats a plain card; in
        the same class the higher power wins, and of two equal cards the first one, unless
        the card is in ``second_beats_first``."""
        cls, power = self.cls, self.power
        best = cards[0]
        best_cls, best_power, best_at = cls[best], power[best], 0
        for i in range(1, len(cards)):
            card = cards[i]
            card_cls = cls[card]
            if card_cls == best_cls:
                card_power = power[card]
                if card_power > best_power or (
                        card_power == best_power and card in self.second_beats_first):
                    best, best_power, best_at = card, card_power, i
            elif card_cls == TRUMP:
                best, best_cls, best_power, best_at = card, TRUMP, power[card], i
        return best_at

    def beats(self, card: int, best: int) -> bool:
        """Whether ``card``, played after ``best``, takes the trick from it."""
        return self.winner_index((best, card)) == 1

    def as_held(self, cards: Iterable[int]) -> list[int]:
        """``cards`` in the order a player holds them: the trumps high to low (DDV TSR
        2.3.4-2.3.7), then the plain cards by suit, ♣ ♠ ♥ ♦, each A 10 K Q J 9."""
        return sorted(cards, key=self.held_place.__getitem__)


def _order(trumps: list[int], second_beats_first: frozenset[int] = frozenset()) -> Order:
    """An order with the given trumps (high to low); every other card in its suit by rank."""
    cls = [SUIT_OF[c] for c in range(N_CODES)]
    power = [len(PLAIN_RANK_ORDER) - PLAIN_RANK_ORDER.index(RANK_OF[c]) for c in range(N_CODES)]
    for i, card in enumerate(trumps):
        cls[card] = TRUMP
        power[card] = len(trumps) - i
    plain = [code(s, r) for s in SUIT_ORDER for r in PLAIN_RANK_ORDER if code(s, r) not in trumps]
    held_place = [0] * N_CODES
    for place, card in enumerate(trumps + plain):
        held_place[card] = place
    return Order(tuple(cls), tuple(power), second_beats_first, tuple(trumps),
                 tuple(held_place))


def _suit_trumps(suit: int) -> list[int]:
    """The trump suit's own cards below the jacks: A, 10, K, 9."""
    return [code(suit, r) for r in (ACE, TEN, KING, NINE)]


# Every order built so far, by order_for's arguments: a few dozen at most (the game kinds
# times the switches). A dict, not functools.cache: every game looks its order up, and
# the cache's wrapper would take the keyword arguments as a dict on each call.
_ORDERS: Final[dict[tuple[str, bool, bool, bool, int | None], Order]] = {}


def order_for(kind: str, *, dollen: bool = True, dollen_second_wins: bool = False,
              swines: bool = False, hyperswine: int | None = None) -> Order:
    """The order of a game kind: ``normal`` or a solo kind.

    ``swines``: both ♦A (of the trump suit) rank above everything; ``hyperswine``: the card
    (♦9, or ♦K without nines) that ranks above the swines. ``dollen_second_wins``: of two
    ♥10 the second wins.
    """
    key = (kind, dollen, dollen_second_wins, swines, hyperswine)
    order = _ORDERS.get(key)
    if order is None:
        order = _ORDERS[key] = _build_order(*key)
    return order


def _build_order(kind: str, dollen: bool, dollen_second_wins: bool, swines: bool,
                 hyperswine: int | None) -> Order:
    if kind == "normal" or kind in COLOUR_SOLO_SUIT:
        suit = COLOUR_SOLO_SUIT.get(kind, DIAMONDS)
        h10 = code(HEARTS, TEN)
        top = [h10] if dollen else []
        pictures = [code(s, QUEEN) for s in SUIT_ORDER] + [code(s, JACK) for s in SUIT_ORDER]
        low = [c for c in _suit_trumps(suit) if not (dollen and c == h10)]
        high = []
        if swines:
            ace = code(suit, ACE)
            low.remove(ace)
            high.append(ace)
        if hyperswine is not None:
            low.remove(hyperswine)
            high.insert(0, hyperswine)
        second = frozenset({h10}) if dollen and dollen_second_wins else frozenset()
        return _order(high + top + pictures + low, second)
    ranks = PICTURE_SOLO_RANKS[kind]
    return _order([code(s, r) for r in ranks for s in SUIT_ORDER])
