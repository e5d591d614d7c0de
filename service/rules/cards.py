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


NOTATION = "cards are written suit C/S/H/D and rank 9/10/J/Q/K/A, e.g. H10"


def nearest(text: str, candidates: Iterable[int]) -> int | None:
    """The one card of ``candidates`` that ``text`` is a slip for: the same card in
    other case or with spaces (``hq``), the ten as ``T``, or one character wrong, left
    out or added (``HQQ``, ``XQ``); None where no candidate or more than one is that near.
    """
    slip = text.upper().replace(" ", "").replace("T", "10")
    names = {NAMES[c] for c in candidates}
    if slip in names:
        return BY_NAME[slip]
    near = [name for name in names if _one_edit(slip, name)]
    return BY_NAME[near[0]] if len(near) == 1 else None


def _one_edit(a: str, b: str) -> bool:
    """Whether ``a`` becomes ``b`` by changing, adding or removing one character."""
    if abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        return sum(x != y for x, y in zip(a, b, strict=True)) == 1
    short, long = (a, b) if len(a) < len(b) else (b, a)
    return any(long[:i] + long[i + 1:] == short for i in range(len(long)))


def card_name(card: int) -> str:
    return NAMES[card]


def pack_codes(with_nines: bool) -> tuple[int, ...]:
    """The distinct card codes in the pack (each is in it twice)."""
    return tuple(c for c in range(N_CODES) if with_nines or RANK_OF[c] != NINE)


def hand_size(with_nines: bool) -> int:
    return 12 if with_nines else 10


def points(cards: Iterable[int]) -> int:
    return sum(POINTS[c] for c in cards)
