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

from service.game.cards import NAMES, NOTATION, name_list, nearest, parse_card

Report = Callable[[str, int | None, str], None]
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

    def take(text: str | None) -> str:
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
            trumps = ("; trumps_returned is checked only as far as the cards read decide it"
                      if name == "returned" else "")
            if receiver is None:
                return "taken as an unknown card of its hand" + trumps
            return (f"taken as an unknown card of its hand: seat {receiver} playing a card "
                    f"it was not dealt is not reported again, and a later card of seat {giver}"
                    " off the suit led is not called a revoke where that card may have been "
                    f"its last of that suit{trumps}")
        left[card] -= 1
        evidence[card] -= 1
        transfer.cards.append(card)
        if slip is not None:
            return f"taken as {NAMES[card]}, the card of its hand it is a slip for"
        return (f"taken as {NAMES[card]}: it held one, and seat {receiver} later "
                f"{'plays or gives back' if name == 'passed' else 'plays'} one it was not "
                "dealt")

    for i in doubtful:
        text = texts[i]
        card = parse_card(text)
        if card is None:
            what = f"{text!r} is not a card: {NOTATION}"
        else:
            held = own[card]
            which = f"a {'second' if held == 1 else 'third'} " if held else ""
            what = (f"{name} {which}{NAMES[card]} but holds "
                    f"{('no', 'only one', 'only two')[min(held, 2)]} {NAMES[card]}"
                    + (" after taking the passed ones" if name == "returned" else ""))
        report(f"/game/{name}/{i}", giver, f"{what}; {take(text)}")
    transfer.cards += [c for c in read if c is not None]
    if len(texts) == want:
        return transfer
    rule = (f"{len(texts)} cards {name}; " + (f"a poverty passes {want}" if name == "passed"
            else f"the taker returns as many as were passed, {want}"))
    if len(texts) < want:
        taken = [take(None) for _ in range(want - len(texts))]
        missing = "; the missing one" + ("s are" if len(taken) > 1 else " is")
        report(f"/game/{name}", giver, f"{rule}{missing} {'; '.join(taken)}")
        return transfer
    stayed = kept(left) & Counter(transfer.cards)
    back = sorted(stayed.elements())[:len(transfer.cards) + transfer.unknown - want]
    for card in back:
        transfer.cards.remove(card)
    report(f"/game/{name}", giver, rule + (
        f"; {name_list(back)} taken as kept: seat {giver} plays "
        f"{'it' if len(back) == 1 else 'them'} later" if back
        else f"; all taken as {name}: the play shows none of them kept"))
    return transfer
