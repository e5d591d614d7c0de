"""Cards, their notation and their points.

A card is a small int: ``suit * 6 + rank``. Both copies of a card share the
code; the pack holds each code twice. Ints keep the replay loop cheap: every
per-card property is a tuple lookup.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

SUITS: Final = ("C", "S", "H", "D")  # clubs (Kreuz), spades (Pik), hearts (Herz), diamonds (Karo)
RANKS: Final = ("A", "10", "K", "Q", "J", "9")
CLUBS: Final = 0
SPADES: Final = 1
HEARTS: Final = 2
DIAMONDS: Final = 3
ACE: Final = 0
TEN: Final = 1
KING: Final = 2
QUEEN: Final = 3
JACK: Final = 4
NINE: Final = 5
RANK_POINTS: Final = (11, 10, 4, 3, 2, 0)

N_CODES: Final = 24


def code(suit: int, rank: int) -> int:
    return suit * 6 + rank


SUIT_OF: Final = tuple(c // 6 for c in range(N_CODES))
RANK_OF: Final = tuple(c % 6 for c in range(N_CODES))
POINTS: Final = tuple(RANK_POINTS[c % 6] for c in range(N_CODES))
NAMES: Final = tuple(SUITS[c // 6] + RANKS[c % 6] for c in range(N_CODES))
BY_NAME: Final = {name: c for c, name in enumerate(NAMES)}

CQ: Final = code(CLUBS, QUEEN)
CJ: Final = code(CLUBS, JACK)
H10: Final = code(HEARTS, TEN)
DA: Final = code(DIAMONDS, ACE)
D9: Final = code(DIAMONDS, NINE)
DK: Final = code(DIAMONDS, KING)


def parse_card(text: object) -> int | None:
    """The code of a card in notation (``"CQ"``, ``"H10"``), or None if it is no card."""
    return BY_NAME.get(text) if isinstance(text, str) else None


NOTATION: Final = "cards are written suit C/S/H/D and rank 9/10/J/Q/K/A, e.g. H10"


def nearest(text: str, candidates: Iterable[int]) -> int | None:
    """The one card of ``candidates`` that ``text`` is a slip for: the same card in
    other case or with spaces (``hq``), the ten as ``T``, or one character wrong, left
    out or added (``HQQ``, ``XQ``); None where no candidate or more than one is that near.
    """
    near = near_cards(text, candidates)
    return near[0] if len(near) == 1 else None


def near_cards(text: str, candidates: Iterable[int]) -> list[int]:
    """The distinct cards of ``candidates`` that ``text`` may be a slip for (see
    :func:`nearest`), the same card written otherwise alone where it is one of them."""
    slip = text.upper().replace(" ", "").replace("T", "10")
    names = sorted({NAMES[c] for c in candidates})
    if slip in names:
        return [BY_NAME[slip]]
    return [BY_NAME[name] for name in names if _one_edit(slip, name)]


def name_list(cards: Iterable[int]) -> str:
    """Card names for a message: ``CQ, DQ or HQ``."""
    names = [NAMES[c] for c in cards]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"


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


def card_names(number: int, cards: tuple[int | None, ...],
               unknown: dict[tuple[int, int], str] | None) -> tuple[str, ...]:
    """The cards of trick ``number`` (from 0) by name; an unknown card as it was written."""
    if unknown and None in cards:
        return tuple([unknown[(number, i)] if card is None else NAMES[card]
                      for i, card in enumerate(cards)])
    # four known cards, indexed directly: the common case
    return (NAMES[cards[0]], NAMES[cards[1]], NAMES[cards[2]], NAMES[cards[3]])  # type: ignore[index]
