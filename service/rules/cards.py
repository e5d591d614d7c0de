"""Cards, their notation and their points.

A card is a small int: ``suit * 6 + rank``. Both copies of a card share the
code; the pack holds each code twice. Ints keep the replay loop cheap: every
per-card property is a tuple lookup.
"""

from __future__ import annotations

from collections.abc import Iterable

SUITS = ("C", "S", "H", "D")  # clubs (Kreuz), spades (Pik), hearts (Herz), diamonds (Karo)
RANKS = ("A", "10", "K", "Q", "J", "9")
CLUBS, SPADES, HEARTS, DIAMONDS = range(4)
ACE, TEN, KING, QUEEN, JACK, NINE = range(6)
RANK_POINTS = (11, 10, 4, 3, 2, 0)

N_CODES = 24


def code(suit: int, rank: int) -> int:
    return suit * 6 + rank


SUIT_OF = tuple(c // 6 for c in range(N_CODES))
RANK_OF = tuple(c % 6 for c in range(N_CODES))
POINTS = tuple(RANK_POINTS[c % 6] for c in range(N_CODES))
NAMES = tuple(SUITS[c // 6] + RANKS[c % 6] for c in range(N_CODES))
BY_NAME = {name: c for c, name in enumerate(NAMES)}

CQ = code(CLUBS, QUEEN)
CJ = code(CLUBS, JACK)
H10 = code(HEARTS, TEN)
DA = code(DIAMONDS, ACE)
D9 = code(DIAMONDS, NINE)
DK = code(DIAMONDS, KING)


def parse_card(text: object) -> int | None:
    """The code of a card in notation (``"CQ"``, ``"H10"``), or None if it is no card."""
    return BY_NAME.get(text) if isinstance(text, str) else None


def card_name(card: int) -> str:
    return NAMES[card]


def pack_codes(with_nines: bool) -> tuple[int, ...]:
    """The distinct card codes in the pack (each is in it twice)."""
    return tuple(c for c in range(N_CODES) if with_nines or RANK_OF[c] != NINE)


def hand_size(with_nines: bool) -> int:
    return 12 if with_nines else 10


def points(cards: Iterable[int]) -> int:
    return sum(POINTS[c] for c in cards)
