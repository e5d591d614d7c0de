"""The poverty exchange as the play shows it: one mistake in it, one violation.

A passed or returned card the seat does not hold, one nobody can read, or too few or
too many cards is reported once, at its place. The exchange then goes on with its best
reading of the transfer meant, so that the play raises nothing more about it: a card
the giver held and the play shows the other seat needing (it plays or returns a card it
never had) is taken as the card moved; an unreadable card is first taken as the card of
the giver's hand it is a slip for. Where the play does not tell, the card moved stays
unknown: the receiver holds an unknown place (playing a card it was not dealt is then
that card) and the giver a card it may no longer hold (no revoke is called on it).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Final

from service.game.cards import nearest, parse_card
from service.game.text import SPELLING, Card, Cards, Ordinal, Seat, Text, Written, msg, msgn

Report = Callable[[str, int | None, Text], None]
POVERTY_CARDS: Final = 3  # seed 002 6.5.4, seed 004 5: three cards passed, three given back


@dataclass(slots=True)
class Transfer:
    """The cards taken as moved from one seat to another, and how many are unknown."""

    cards: list[int] = field(default_factory=list)
    unknown: int = 0


def played_by(play: Iterable[tuple[int, int, str, int | None]], seat: int,
              card_kind: int) -> Counter[int]:
    """The known cards ``seat`` plays in the transcript's play."""
    return Counter(card for s, kind, _, card in play
                   if s == seat and kind == card_kind and card is not None)


def read_transfer(name: str, texts: tuple[str, ...], hand: Iterable[int], giver: int,
                  receiver: int | None, want: int, needed: Callable[[Counter[int]], Counter[int]],
                  kept: Callable[[Counter[int]], Counter[int]], report: Report) -> Transfer:
    """The cards ``giver`` is taken to have moved (``name``: passed or returned).

    Given the cards the giver keeps after its well-written ones, ``needed(left)``: the
    cards the receiver plays or gives on without having them; ``kept(left)``: the cards
    the giver plays without having them (one of too many written was kept). Both are
    computed only where a card is in doubt. Each mistake is reported once, saying what
    it was taken as.
    """
    left = Counter(hand)
    own = Counter(left)
    read: list[int | None] = []
    doubtful: list[int] = []
    for i, text in enumerate(texts):
        card = parse_card(text)
        if card is not None and left[card] > 0:
            left[card] -= 1
            read.append(card)
        else:
            read.append(None)
            doubtful.append(i)
    if not doubtful and len(texts) == want:
        return Transfer([c for c in read if c is not None])
    evidence = needed(left) & left
    transfer = Transfer()

    def take(text: str | None) -> Text:
        """The card a doubtful entry is taken as, said for its message."""
        slip = None
        if text is not None and parse_card(text) is None:
            slip = nearest(text, [c for c in left if left[c] > 0])
        options = sorted(c for c in evidence if evidence[c] > 0)
        card: int | None = None
        if slip is not None:
            card = slip
        elif len(options) == 1:
            card = options[0]
        if card is None:
            transfer.unknown += 1
            # It may be a trump: the trumps statement is held only to what the rest decide.
            if receiver is None:
                unknown = msg("it is taken as an unknown card of the hand")
            else:
                unknown = msg("it is taken as an unknown card of the hand. A card {receiver} "
                              "plays without being dealt it is not reported again. A later "
                              "card of {giver} off the suit led is no revoke while that card "
                              "may have been the last of that suit",
                              receiver=Seat(receiver), giver=Seat(giver))
            if name == "returned":  # it may be a trump: the statement is held to the rest
                return msg("{unknown}. Whether trumps were returned is checked only as far "
                           "as the cards read decide it", unknown=unknown)
            return unknown
        left[card] -= 1
        evidence[card] -= 1
        transfer.cards.append(card)
        if slip is not None:
            return msg("it is taken as {card}, the card of the hand it is a slip for",
                       card=Card(card))
        if name == "passed":
            return msg("it is taken as {card}: one was held, and {receiver} later plays or "
                       "gives back one without being dealt it", card=Card(card),
                       receiver=Seat(receiver if receiver is not None else giver))
        return msg("it is taken as {card}: one was held, and {receiver} later plays one "
                   "without being dealt it", card=Card(card),
                   receiver=Seat(receiver if receiver is not None else giver))

    for i in doubtful:
        text = texts[i]
        card = parse_card(text)
        player = Seat(giver)
        if card is None:
            what = (msg("{player} passed {written}, which is no card. {spelling}",
                        player=player, written=Written(text), spelling=SPELLING)
                    if name == "passed" else
                    msg("{player} returned {written}, which is no card. {spelling}",
                        player=player, written=Written(text), spelling=SPELLING))
        elif own[card]:
            held, nth = min(own[card], 2), Ordinal(min(own[card], 2) + 1)
            what = (msgn("{player} passed {card} a {nth} time but holds only {count}",
                         "{player} passed {card} a {nth} time but holds only {count}",
                         held, player=player, card=Card(card), nth=nth) if name == "passed"
                    else msgn("{player} returned {card} a {nth} time but holds only {count} "
                              "after taking the passed cards",
                              "{player} returned {card} a {nth} time but holds only {count} "
                              "after taking the passed cards",
                              held, player=player, card=Card(card), nth=nth))
        else:
            what = (msg("{player} passed {card} without holding it", player=player,
                        card=Card(card)) if name == "passed" else
                    msg("{player} returned {card} without holding it after taking the "
                        "passed cards", player=player, card=Card(card)))
        said = (msg("{what} {taken}", what=what, taken=take(text)) if card is None  # "…A."
                else msg("{what}. {taken}", what=what, taken=take(text)))
        report(f"/game/{name}/{i}", giver, said)
    transfer.cards += [c for c in read if c is not None]
    if len(texts) == want:
        return transfer
    rule = (msgn("{player} passed {count} card; a poverty passes {want}",
                 "{player} passed {count} cards; a poverty passes {want}", len(texts),
                 player=Seat(giver), want=want) if name == "passed" else
            msgn("{player} returned {count} card; the taker returns as many as were "
                 "passed, {want}", "{player} returned {count} cards; the taker returns as "
                 "many as were passed, {want}", len(texts), player=Seat(giver), want=want))
    if len(texts) < want:
        taken = [take(None) for _ in range(want - len(texts))]
        if all(t == taken[0] for t in taken):  # taken alike: said once
            report(f"/game/{name}", giver, msg("{rule}; each missing card: {taken}",
                                               rule=rule, taken=taken[0]))
        else:
            said = taken[0]
            for then in taken[1:]:
                said = msg("{first}; {then}", first=said, then=then)
            report(f"/game/{name}", giver, msg("{rule}; the missing cards one by one: {taken}",
                                               rule=rule, taken=said))
        return transfer
    stayed = kept(left) & Counter(transfer.cards)
    back = sorted(stayed.elements())[:len(transfer.cards) + transfer.unknown - want]
    for card in back:
        transfer.cards.remove(card)
    report(f"/game/{name}", giver, msg(
        "{rule}; {cards} taken as kept, as {player} plays them later", rule=rule,
        cards=Cards(tuple(back)), player=Seat(giver)) if back else msg(
        "{rule}; all are taken as moved: the play shows none of them kept", rule=rule))
    return transfer
