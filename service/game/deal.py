"""The deal: four hands, checked against the pack of the ruleset."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from service.game.cards import (
    BY_NAME,
    CQ,
    N_CODES,
    hand_size,
    nearest,
    pack_codes,
    parse_card,
)
from service.game.result import Violation
from service.game.text import SPELLING, Card, Ordinal, Seat, Written, msg, msgn


@dataclass(slots=True, unsafe_hash=True)
class Deal:
    """The four hands as dealt (card codes; unknown cards left out); read-only."""

    dealer: int
    hands: tuple[tuple[int, ...], ...]
    hand_size: int
    # per seat: places in the hand whose card could not be read (see _read_defective_deal)
    unknown_places: tuple[int, ...] = (0, 0, 0, 0)

    def __init__(self, dealer: int, hands: tuple[tuple[int, ...], ...], hand_size: int,
                 unknown_places: tuple[int, ...] = (0, 0, 0, 0)) -> None:
        self.dealer = dealer
        self.hands = hands
        self.hand_size = hand_size
        self.unknown_places = unknown_places

    def holders(self, card: int) -> tuple[int, ...]:
        """The seats holding ``card``, once per copy."""
        holders: list[int] = []
        for seat, hand in enumerate(self.hands):
            holders += [seat] * hand.count(card)
        return tuple(holders)

    def double_club_queen(self) -> int | None:
        """The seat holding both ♣Q, if one does."""
        return one_holder(self.holders(CQ))


def one_holder(holders: tuple[int, ...]) -> int | None:
    """The seat holding both copies of a card, from its holders (:meth:`Deal.holders`)."""
    return holders[0] if len(holders) == 2 and holders[0] == holders[1] else None


# per card code, how often the pack holds it (with and without the nines)
_PACK_COUNTS: Final = {nines: [2 if c in pack_codes(nines) else 0 for c in range(N_CODES)]
                       for nines in (True, False)}


def read_deal(dealer: int, hands: tuple[tuple[str, ...], ...], with_nines: bool
              ) -> tuple[Deal, list[Violation]]:
    """The deal, and every defect of it: wrong hand sizes, unknown cards, a card thrice."""
    if len(hands) != 4:  # the loader holds a transcript to four; a hand-built one may not
        raise ValueError(f"a deal has four hands, not {len(hands)}")
    size = hand_size(with_nines)
    # Fast path: four hands of the right size that together are exactly the pack, read
    # and counted in one loop.
    by_name = BY_NAME
    counts = [0] * N_CODES
    coded = []
    for hand in hands:
        if len(hand) != size:
            return _read_defective_deal(dealer, hands, with_nines)
        cards = []
        for text in hand:
            card = by_name.get(text, -1)
            if card < 0:  # a card that cannot be read
                return _read_defective_deal(dealer, hands, with_nines)
            counts[card] += 1
            cards.append(card)
        coded.append(tuple(cards))
    if counts == _PACK_COUNTS[with_nines]:
        return Deal(dealer, tuple(coded), size), []
    return _read_defective_deal(dealer, hands, with_nines)


def _read_defective_deal(dealer: int, hands: tuple[tuple[str, ...], ...], with_nines: bool
                         ) -> tuple[Deal, list[Violation]]:
    """Every defect once. A card that cannot be read is taken as the card the pack lacks
    that it is a slip for (``hq`` for a missing ♥Q); where there is none, it stays an
    unknown place in the hand, and the seat playing a card it was not dealt is then no
    second violation."""
    size = hand_size(with_nines)
    in_pack = frozenset(pack_codes(with_nines))
    seen = [0] * N_CODES
    violations: list[Violation] = []
    coded: list[list[int]] = []
    unreadable: list[tuple[int, int, str]] = []
    for seat, hand in enumerate(hands):
        if len(hand) != size:
            violations.append(Violation(
                "deal_card_count", f"/hands/{seat}", seat,
                msgn("{player} was dealt {count} card; each hand holds {size}",
                     "{player} was dealt {count} cards; each hand holds {size}", len(hand),
                     player=Seat(seat), size=size)))
        cards = []
        for i, text in enumerate(hand):
            card = parse_card(text)
            if card is None or card not in in_pack:
                unreadable.append((seat, i, text))
                continue
            seen[card] += 1
            if seen[card] > 2:
                violations.append(Violation(
                    "card_too_often", f"/hands/{seat}/{i}", seat,
                    msg("{card} is dealt a {nth} time (to {player}); the pack holds it "
                        "twice", card=Card(card), nth=Ordinal(seen[card]),
                        player=Seat(seat))))
            cards.append(card)
        coded.append(cards)
    places = [0, 0, 0, 0]
    for seat, i, text in unreadable:
        what = (msg("{player} was dealt {written}, which is not in this pack (played "
                    "without the nines).", player=Seat(seat), written=Written(text))
                if parse_card(text) is not None else
                msg("{player} was dealt {written}, which is no card. {spelling}",
                    player=Seat(seat), written=Written(text), spelling=SPELLING))
        card = nearest(text, [c for c in in_pack if seen[c] < 2])
        if card is not None:
            seen[card] += 1
            coded[seat].append(card)
            what = msg("{what} It is taken as {card}, which the deal lacks.", what=what,
                       card=Card(card))
        else:
            places[seat] += 1
            what = msg("{what} It is taken as an unknown card. A card this player plays "
                       "without being dealt it is not reported again.", what=what)
        violations.append(Violation("unknown_card", f"/hands/{seat}/{i}", seat, what))
    violations.sort(key=_deal_order)
    return Deal(dealer, tuple(map(tuple, coded)), size, tuple(places)), violations


def _deal_order(violation: Violation) -> tuple[int, ...]:
    """Violations in the order of the hands and cards they point at."""
    return tuple(int(part) for part in violation.pointer.split("/")[2:])

