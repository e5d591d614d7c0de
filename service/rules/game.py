"""The game state that a transcript's events are pushed onto, one at a time.

Like a chess board: it knows whose turn it is, what each seat still holds, the
tricks so far and the calls made; it can list the legal next actions; and pushing
an event records every rule the event breaks instead of stopping at the first.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from .announcements import (
    ALL_CALLS,
    LEVEL_OF,
    RE,
    TEAM_NAMES,
    AnnouncementClock,
    level_call,
)
from .cards import N_CODES, NAMES, POINTS
from .deal import Deal
from .options import Ruleset
from .ranking import Order, order_for
from .result import AnnouncementRecord, Violation
from .transcript import ANNOUNCE, CARD, Event

CLASS_NAMES = ("clubs", "spades", "hearts", "diamonds", "trump")


@dataclass(frozen=True, slots=True)
class Setup:
    """What game is played: its card order, the teams and who leads."""

    type: str  # normal, silent_marriage, solo, …
    order_kind: str  # "normal" or a solo kind: selects the card order
    team_of: tuple[int, int, int, int]  # RE or CONTRA per seat
    leader: int
    declarer: int | None = None
    solo: str | None = None

    @property
    def alone(self) -> bool:
        """One seat plays against three (a solo, a silent marriage)."""
        return self.team_of.count(RE) == 1


class Trick(NamedTuple):
    leader: int
    seats: tuple[int, ...]
    cards: tuple[int | None, ...]  # None: an unknown card, which can take nothing
    winner: int  # the seat
    winning_card: int
    points: int


@dataclass(frozen=True, slots=True)
class Revoke:
    """The first failure to follow suit, and the calls made before it."""

    index: int
    seat: int
    levels: tuple[int, int]


class GameState:
    __slots__ = (
        "calls", "class_held", "clock", "cls", "deal", "held", "last_order", "late_reply", "leader",
        "levels", "n_tricks", "on_table", "order", "overlong", "played_by", "revoke",
        "ruleset", "setup", "trick_cards", "trick_seats", "tricks", "violations",
    )

    def __init__(self, ruleset: Ruleset, deal: Deal, setup: Setup):
        self.ruleset = ruleset
        self.deal = deal
        self.setup = setup
        second = ruleset.dollen_order == "second_wins"
        self.order: Order = order_for(setup.order_kind, dollen=ruleset.dollen,
                                      dollen_second_wins=second)
        self.last_order: Order = (
            order_for(setup.order_kind, dollen=ruleset.dollen, dollen_second_wins=not second)
            if ruleset.dollen_last_trick_reversed else self.order)
        self.cls = self.order.cls
        self.held = [[0] * N_CODES for _ in range(4)]
        self.class_held = [[0] * 5 for _ in range(4)]
        for seat, hand in enumerate(deal.hands):
            for card in hand:
                self.held[seat][card] += 1
                self.class_held[seat][self.order.cls[card]] += 1
        self.n_tricks = deal.hand_size
        self.played_by = [0, 0, 0, 0]
        self.on_table = 0
        self.leader = setup.leader
        self.trick_seats: list[int] = []
        self.trick_cards: list[int | None] = []
        self.tricks: list[Trick] = []
        self.levels = [0, 0]
        self.late_reply = [False, False]
        self.calls: list[AnnouncementRecord] = []
        self.violations: list[Violation] = []
        self.revoke: Revoke | None = None
        self.overlong = False
        self.clock = AnnouncementClock(ruleset, deal.hand_size)

    # ---- where the game stands -------------------------------------------------------

    @property
    def finished(self) -> bool:
        return len(self.tricks) == self.n_tricks

    @property
    def to_play(self) -> int | None:
        """The seat whose card comes next, or None once every trick is played."""
        if self.finished:
            return None
        return (self.leader + len(self.trick_seats)) % 4

    def team(self, seat: int) -> int:
        return self.setup.team_of[seat]

    def held_count(self, seat: int) -> int:
        return self.n_tricks - self.played_by[seat]

    # ---- legal actions ---------------------------------------------------------------

    def legal_cards(self, seat: int) -> list[int]:
        """The distinct cards ``seat`` may play now (following suit where it can)."""
        held = self.held[seat]
        cards = [c for c in range(N_CODES) if held[c]]
        if self.trick_cards and self.trick_cards[0] is not None:
            led = self.order.cls[self.trick_cards[0]]
            if self.class_held[seat][led]:
                cards = [c for c in cards if self.order.cls[c] == led]
        return cards

    def legal_calls(self, seat: int) -> list[str]:
        """The calls ``seat`` could make now without breaking a rule."""
        if self.finished:
            return []
        team = self.team(seat)
        held, table = self.held_count(seat), self.on_table
        return [call for call in ALL_CALLS
                if self.clock.judge(call, team, self.levels, self.late_reply, held, table).code
                is None]

    # ---- pushing events --------------------------------------------------------------

    def push(self, index: int, event: Event) -> None:
        if event.kind == CARD:
            self._push_card(index, event)
        elif event.kind == ANNOUNCE:
            self._push_call(index, event)
        else:
            self._refuse_show(index, event)

    def _violation(self, code: str, index: int, seat: int, message: str) -> None:
        self.violations.append(Violation(code, f"/play/{index}", seat, message))

    def _push_card(self, index: int, event: Event) -> None:
        seat, card = event.seat, event.card
        if len(self.tricks) == self.n_tricks:
            if not self.overlong:
                self.overlong = True
                self._violation("overlong_game", index, seat,
                                f"a card after the last trick: all {self.n_tricks} tricks "
                                "are complete")
            return
        trick_seats, trick_cards = self.trick_seats, self.trick_cards
        if seat != (self.leader + len(trick_seats)) % 4:
            self._out_of_turn(index, seat)
        if card is None:
            self._violation("unknown_card", index, seat,
                            f"{event.text!r} is not a card of this pack")
        else:
            cls = self.cls[card]
            held = self.held[seat]
            if trick_cards and trick_cards[0] is not None:
                led = self.cls[trick_cards[0]]
                if cls != led and self.class_held[seat][led]:
                    self._revoked(index, seat, card, led)
            if held[card]:
                held[card] -= 1
                self.class_held[seat][cls] -= 1
            else:
                self._violation("card_not_in_hand", index, seat,
                                f"seat {seat} played {NAMES[card]}, which it does not hold")
        if not trick_seats:
            self.leader = seat
        trick_seats.append(seat)
        trick_cards.append(card)
        self.played_by[seat] += 1
        self.on_table += 1
        if len(trick_seats) == 4:
            self._close_trick()

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
            self.revoke = Revoke(index, seat, (self.levels[0], self.levels[1]))

    def _close_trick(self) -> None:
        order = self.last_order if len(self.tricks) == self.n_tricks - 1 else self.order
        seats, cards = self.trick_seats, self.trick_cards
        if None in cards:  # unknown cards take nothing and count nothing
            known = [i for i, c in enumerate(cards) if c is not None]
            best = known[order.winner_index([cards[i] for i in known])] if known else 0
            points = sum(POINTS[c] for c in cards if c is not None)
        else:
            best = order.winner_index(cards)
            points = POINTS[cards[0]] + POINTS[cards[1]] + POINTS[cards[2]] + POINTS[cards[3]]
        winner = seats[best]
        winning_card = cards[best]
        self.tricks.append(Trick(seats[0], tuple(seats), tuple(cards), winner,
                                 -1 if winning_card is None else winning_card, points))
        self.leader = winner
        self.trick_seats = []
        self.trick_cards = []

    def _push_call(self, index: int, event: Event) -> None:
        seat, call = event.seat, event.text
        if call not in LEVEL_OF:
            self._violation("announcement_not_allowed", index, seat,
                            f"'{call}' is not allowed in this game under this ruleset")
            return
        team = self.team(seat)
        verdict = self.clock.judge(call, team, self.levels, self.late_reply,
                                   self.held_count(seat), self.on_table)
        if verdict.code is not None:
            self._violation(verdict.code, index, seat, f"seat {seat}: {verdict.message}")
            return
        if verdict.levels[0] == 1 and not self.clock.in_time(
                1, self.held_count(seat), self.on_table):
            self.late_reply[team] = True
        self.levels[team] = verdict.levels[-1]
        implied = tuple(level_call(team, level) for level in verdict.levels[:-1])
        self.calls.append(AnnouncementRecord(seat, TEAM_NAMES[team], call, f"/play/{index}",
                                             implied))

    def _refuse_show(self, index: int, event: Event) -> None:
        self._violation("show_not_allowed", index, event.seat,
                        f"'{event.text}' cannot be shown: this ruleset has none in this game")
