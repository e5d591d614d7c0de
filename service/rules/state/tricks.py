"""Cards and tricks: the legal cards, following suit, turns, and closing a trick.

The card itself is handled inline in :meth:`GameState.play` (the hot loop); what is
unusual about a card, and the end of a trick, is here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import cast

from ..cards import N_CODES, NAMES, POINTS
from ..result import Trick
from ..setup import UNDECIDED
from .base import StateBase

CLASS_NAMES = ("clubs", "spades", "hearts", "diamonds", "trump")


@dataclass(frozen=True, slots=True)
class Revoke:
    """The first failure to follow suit, the calls made before it, and whether it was
    known by then that one seat plays alone (DDV 4.4.3 b, 4.4.5: until then a silent or
    undecided marriage counts as a normal game for penalties)."""

    index: int
    seat: int
    levels: tuple[int, int]
    alone_known: bool


class TrickPlay(StateBase):
    __slots__ = ()

    led: int | None  # the class led in the current trick; None: an unknown card led
    revoke: Revoke | None
    overlong: bool

    @property
    def finished(self) -> bool:
        return len(self.tricks) == self.n_tricks

    @property
    def to_play(self) -> int | None:
        """The seat whose card comes next, or None once every trick is played."""
        if self.finished:
            return None
        return (self.leader + len(self.trick_seats)) % 4

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
            what = ("no card is played after a redeal" if self.setup.type == "redeal"
                    else f"a card after the last trick: all {self.n_tricks} tricks are complete")
            self._violation("overlong_game", index, seat, what)

    def _out_of_turn(self, index: int, seat: int) -> None:
        expected = (self.leader + len(self.trick_seats)) % 4
        if not self.tricks and not self.trick_seats:
            self._violation("wrong_leader", index, seat,
                            f"seat {seat} led the first trick; seat {expected} leads it")
        else:
            self._violation("turn_order", index, seat,
                            f"seat {seat} played out of turn; seat {expected} was to play")

    def _revoked(self, index: int, seat: int, card: int, led: int) -> None:
        example = next(c for c in range(N_CODES) if self.held[seat][c] and self.cls[c] == led)
        self._violation("follow_suit", index, seat,
                        f"seat {seat} played {NAMES[card]} on a {CLASS_NAMES[led]} lead while "
                        f"holding {CLASS_NAMES[led]} {NAMES[example]}")
        if self.revoke is None:
            self.revoke = Revoke(index, seat, (self.levels[0], self.levels[1]),
                                 self._alone_known())

    def _close_trick(self) -> None:
        order = self.last_order if len(self.tricks) == self.n_tricks - 1 else self.order
        seats, cards = self.trick_seats, self.trick_cards
        if None in cards:  # unknown cards take nothing and count nothing
            known = [(i, c) for i, c in enumerate(cards) if c is not None]
            best = known[order.winner_index([c for _, c in known])][0] if known else 0
            points = sum(POINTS[c] for _, c in known)
        else:
            full = cast("list[int]", cards)
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
