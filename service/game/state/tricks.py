"""Cards and tricks: the legal cards, following suit, turns, and closing a trick.

The card itself is handled inline in :meth:`GameState.play` (the hot loop); what is
unusual about a card, and the end of a trick, is here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from service.game.cards import N_CODES, POINTS, near_cards, nearest
from service.game.result import Trick
from service.game.setup import UNDECIDED
from service.game.state.teams import Teams
from service.game.text import (
    N_,
    SPELLING,
    SPELLING_TEXT,
    Card,
    Cards,
    Seat,
    Text,
    Word,
    Written,
    msg,
)

CLASS_NAMES: Final = (N_("clubs"), N_("spades"), N_("hearts"), N_("diamonds"), N_("trump"))
TO_NEXT: Final = msg("The trick goes to the player who leads the next one.")


@dataclass(slots=True, unsafe_hash=True)
class Revoke:
    """The first failure to follow suit, the calls made before it, and whether it was
    known by then that one seat plays alone (DDV 4.4.3 b, 4.4.5: until then a silent or
    undecided marriage counts as a normal game for penalties)."""

    index: int
    seat: int
    levels: tuple[int, int]
    alone_known: bool

    def __init__(self, index: int, seat: int, levels: tuple[int, int], alone_known: bool) -> None:
        self.index = index
        self.seat = seat
        self.levels = levels
        self.alone_known = alone_known


class TrickPlay(Teams):
    __slots__ = ()

    led: int | None  # the class led in the current trick; None: an unknown card led
    revoke: Revoke | None
    overlong: bool
    unknown_texts: dict[tuple[int, int], str]  # (trick, position) -> as written
    # per seat: places in the hand dealt as unreadable cards, not yet played
    unknown_places: list[int]
    # per seat: cards still counted as held that may already have been played (an
    # unknown card or one the seat did not hold took their place)
    unsure: list[int]
    lead_open: bool  # the last trick is in doubt: who took it shows in the next lead
    doubtful_trick: int  # a trick (from 0) with a card not held or out of turn, else -1

    @property
    def finished(self) -> bool:
        return len(self.tricks) == self.n_tricks

    @property
    def to_play(self) -> int | None:
        """The seat whose card comes next, or None once every trick is played."""
        if self.finished:
            return None
        return self._in_turn()[0]

    def _in_turn(self) -> list[int]:
        """The seats that may play the next card of this trick: the next seat clockwise
        from the last card (the leader's turn for the first card), and a seat that was
        skipped (the first, from the leader round, that has not played)."""
        seats = self.trick_seats
        if not seats:
            return [self.leader]
        turn = [(seats[-1] + 1) % 4]
        waiting = next(s for s in ((self.leader + i) % 4 for i in range(4)) if s not in seats)
        if turn[0] in seats:
            return [waiting]
        return turn if waiting == turn[0] else [*turn, waiting]

    def legal_cards(self, seat: int) -> list[int]:
        """The distinct cards ``seat`` may play now (following suit where it can)."""
        held = self.held[seat]
        cards = [c for c in range(N_CODES) if held[c]]
        led = self.led
        if self.trick_cards and led is not None and self.class_held[seat][led]:
            cards = [c for c in cards if self.cls[c] == led]
        return cards

    def _card_after_end(self, index: int, seat: int) -> None:
        if not self.overlong:
            self.overlong = True
            what = (msg("played a card after the redeal, where no card is played")
                    if self.setup.type == "redeal" else
                    msg("played a card after the last trick: all {count} tricks are complete",
                        count=self.n_tricks))
            self._violation("overlong_game", index, seat, what)

    def _out_of_turn(self, index: int, seat: int) -> None:
        """A card out of turn, once: after it the table may go on clockwise from it, and
        a seat it skipped may still play its card in this trick without a violation."""
        in_turn = self._in_turn()
        if seat in in_turn:
            return
        if self.lead_open and not self.trick_seats:
            self._taken_by(seat)
            return
        expected = in_turn[0]
        self.doubtful_trick = len(self.tricks)  # the order of play decides ties
        number = len(self.tricks) + 1
        if not self.tricks and not self.trick_seats:
            self._violation("wrong_leader", index, seat,
                            msg("led the first trick, but {leader} leads it",
                                leader=Seat(expected)))
        elif seat in self.trick_seats:
            self._violation("turn_order", index, seat,
                            msg("played a second card to trick {trick}, where each player "
                                "plays one", trick=number))
        elif not self.trick_seats:
            self._violation("turn_order", index, seat,
                            msg("led trick {trick} out of turn: {leader} won trick {last} "
                                "and leads the next", trick=number, leader=Seat(expected),
                                last=number - 1))
        else:
            self._violation("turn_order", index, seat,
                            msg("played out of turn: {leader} led trick {trick}, so it was "
                                "{next}'s turn", leader=Seat(self.trick_seats[0]),
                                trick=number, next=Seat(expected)))

    def _taken_by(self, seat: int) -> None:
        """The last trick had an unknown card, which may have won it: the seat leading
        next took it."""
        last = self.tricks[-1]
        self.tricks[-1] = last._replace(
            winner=seat, winning_card=next(
                (c for s, c in zip(last.seats, last.cards, strict=True) if s == seat and
                 c is not None), -1))
        self.leader = seat

    def _unreadable(self, index: int, seat: int, text: str, position: int) -> int | None:
        """A card that cannot be read, taken as the seat's nearest legal card (``hq`` for
        ♥Q) or as an unknown card that takes the turn and a place in the hand. One
        violation either way; what it leaves unchecked is said in its message."""
        written = Written(text)
        card = nearest(text, self.legal_cards(seat))
        if card is not None:
            self._violation("unknown_card", index, seat,
                            msg("played {written}, which is no card", written=written),
                            more=msg("{spelling} It is taken as {card}, the nearest card "
                                     "that could be played.", spelling=SPELLING,
                                     card=Card(card)))
            return card
        self.unknown_texts[(len(self.tricks), position)] = text
        legal = self.legal_cards(seat)
        near = near_cards(text, legal)
        guess = (msg("It may stand for {cards}.", cards=Cards(tuple(near))) if near else
                 msg("The cards that could be played were {cards}, none of them near it.",
                     cards=Cards(tuple(legal))) if legal
                 else msg("No card was left to play."))
        unchecked = [SPELLING_TEXT, guess,
                     msg("It is taken as an unknown card: it takes the turn and a place in "
                         "the hand, and its card points count for nobody."), TO_NEXT]
        if not position:
            unchecked.append(msg("Following suit is not checked in this trick."))
        if self.unknown_places[seat]:
            self.unknown_places[seat] -= 1  # the unreadable card dealt, played unreadable
        else:
            self.unsure[seat] += 1
            unchecked.append(_not_a_revoke(None))
        self._violation("unknown_card", index, seat,
                        msg("played {written}, which is no card", written=written),
                        more=_sentences(unchecked))
        return None

    def _not_held(self, index: int, seat: int, card: int) -> None:
        """A card the seat does not hold: no violation where the seat was dealt an
        unreadable card (this is taken as that card)."""
        if self.unknown_places[seat]:
            self.unknown_places[seat] -= 1
            return
        self.unsure[seat] += 1
        self.doubtful_trick = len(self.tricks)
        legal = self.legal_cards(seat)
        could = (msg("The cards that could be played were {legal}.", legal=Cards(tuple(legal)))
                 if legal else msg("No card was left to play."))
        self._violation("card_not_in_hand", index, seat,
                        msg("played {card} without holding it", card=Card(card)),
                        more=_sentences([could, TO_NEXT, _not_a_revoke(card)]))

    def _revoked(self, index: int, seat: int, card: int, led: int) -> None:
        if self.class_held[seat][led] <= self.unsure[seat]:
            return  # the card of the suit led may have been played already, as reported
        example = next(c for c in range(N_CODES) if self.held[seat][c] and self.cls[c] == led)
        lead = self.trick_cards[0]
        self._violation("follow_suit", index, seat,
                        msg("played {card} on a {lead} lead ({suit}) while holding {held}",
                            card=Card(card), lead=Card(lead) if lead is not None
                            else Word(CLASS_NAMES[led]), held=Card(example),
                            suit=Word(CLASS_NAMES[led])))
        if self.revoke is None:
            self.revoke = Revoke(index, seat, (self.levels[0], self.levels[1]),
                                 self._alone_known())

    def _close_trick(self) -> None:
        order = self.last_order if len(self.tricks) == self.n_tricks - 1 else self.order
        seats, cards = self.trick_seats, self.trick_cards
        unknown = None in cards
        self.lead_open = unknown or self.doubtful_trick == len(self.tricks)
        if unknown:  # unknown cards count nothing; who took the trick shows next
            known = [(i, c) for i, c in enumerate(cards) if c is not None]
            best = known[order.winner_index([c for _, c in known])][0] if known else 0
            points = sum(POINTS[c] for _, c in known)
        else:
            full: list[int] = cards  # type: ignore[assignment]  # no None (no cast(): a call)
            best = order.winner_index(full)
            points = POINTS[full[0]] + POINTS[full[1]] + POINTS[full[2]] + POINTS[full[3]]
        winner = seats[best]
        winning_card = cards[best]
        swine_aces = cards.count(self.ace) if self.swines_shown else 0
        trick = tuple.__new__(Trick, (seats[0], tuple(seats), tuple(cards), winner,
                                      -1 if winning_card is None else winning_card, points,
                                      swine_aces))
        self.tricks.append(trick)
        self.leader = winner
        seats.clear()
        cards.clear()
        if UNDECIDED in self.team_of:
            self._marriage_trick(trick)


def _not_a_revoke(card: int | None) -> Text:
    """What a card not held or unknown leaves unchecked: it may have been the player's last
    card of a suit, so a later card off that suit is no revoke (one mistake, one violation)."""
    if card is None:
        return msg("A later card of this player off the suit led is no revoke while the "
                   "unknown card may have been the last of that suit.")
    return msg("A later card of this player off the suit led is no revoke while {card} may "
               "have been the last of that suit.", card=Card(card))


def _sentences(parts: list[Text]) -> Text:
    """Sentences one after the other."""
    text = parts[0]
    for part in parts[1:]:
        text = msg("{first} {then}", first=text, then=part)
    return text
