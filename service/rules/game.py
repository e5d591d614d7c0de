"""The game state that a transcript's events are pushed onto, one at a time.

Like a chess board: it knows whose turn it is, what each seat still holds, the
tricks so far and the calls made; it can list the legal next actions; and pushing
an event records every rule the event breaks instead of stopping at the first.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import cast

from .announcements import (
    CONTRA,
    LEVEL_OF,
    RE,
    TEAM_NAMES,
    AnnouncementClock,
    level_call,
)
from .cards import ACE, CQ, KING, N_CODES, NAMES, NINE, POINTS, code
from .deal import Deal
from .options import Ruleset
from .ranking import COLOUR_SOLO_SUIT, TRUMP, Order, order_for
from .result import AnnouncementRecord, Trick, Violation
from .setup import UNDECIDED, Setup
from .transcript import ANNOUNCE, CARD, Event
from .vocabulary import ANNOUNCEMENTS

CLASS_NAMES = ("clubs", "spades", "hearts", "diamonds", "trump")
SUIT_TRICK = {0: "club", 1: "spade", 2: "heart"}


@dataclass(frozen=True, slots=True)
class Revoke:
    """The first failure to follow suit, the calls made before it, and whether it was
    known by then that one seat plays alone (DDV 4.4.3 b, 4.4.5: until then a silent or
    undecided marriage counts as a normal game for penalties)."""

    index: int
    seat: int
    levels: tuple[int, int]
    alone_known: bool


class GameState:
    __slots__ = (
        "ace", "calls", "class_held", "clock", "cls", "deal", "deciding_trick", "early", "held",
        "hyper_card", "hyper_holder", "hyperswines_shown", "last_order", "late_reply", "leader",
        "led",
        "levels", "marriage_count", "n_tricks", "on_table", "order", "overlong",
        "pending_calls", "pending_show", "played_by", "revoke", "ruleset", "setup",
        "swine_holder", "swines_shown", "team_of", "trick_cards", "trick_seats", "tricks",
        "unknown_texts", "violations", "vorab",
    )

    def __init__(self, ruleset: Ruleset, deal: Deal, setup: Setup):
        self.ruleset = ruleset
        self.deal = deal
        self.setup = setup
        self.team_of = list(setup.team_of)
        self.swines_shown = self.hyperswines_shown = False
        self._set_order()
        self.held = [[0] * N_CODES for _ in range(4)]
        self.class_held = [[0] * 5 for _ in range(4)]
        cls = self.cls
        for hand, seat_held, seat_classes in zip(setup.hands or deal.hands, self.held,
                                                  self.class_held, strict=False):
            for card in hand:
                seat_held[card] += 1
                seat_classes[cls[card]] += 1
        self.n_tricks = 0 if setup.type == "redeal" else deal.hand_size
        self.played_by = [0, 0, 0, 0]
        self.on_table = 0
        self.leader = setup.leader
        self.trick_seats: list[int] = []
        self.trick_cards: list[int | None] = []
        self.led: int | None = None  # the class led in the current trick; None: unknown card
        self.tricks: list[Trick] = []
        self.unknown_texts: dict[tuple[int, int], str] = {}  # (trick, position) -> as written
        self.levels = [0, 0]
        self.late_reply = [False, False]
        self.early = [0, 0]  # per team: bids made before their minimum card count
        self.vorab = [False, False]  # per team: a call before the very first card
        self.calls: list[AnnouncementRecord] = []
        # re_or_contra calls waiting for the marriage to decide: (index, seat, before 1st card)
        self.pending_calls: list[tuple[int, int, bool]] = []
        self.violations: list[Violation] = []
        self.revoke: Revoke | None = None
        self.overlong = False
        self.clock = AnnouncementClock(ruleset)
        self.deciding_trick: int | None = None
        self.marriage_count = 0
        self._find_swine_holders()

    def _set_order(self) -> None:
        ruleset, kind = self.ruleset, self.setup.order_kind
        second = ruleset.dollen_order == "second_wins"
        if self.swines_shown and ruleset.dollen_first_wins_with_swines:
            second = False
        hyper = self.hyper_card if self.hyperswines_shown else None
        self.order: Order = order_for(kind, dollen=ruleset.dollen, dollen_second_wins=second,
                                      swines=self.swines_shown, hyperswine=hyper)
        self.cls = self.order.cls  # the classes to follow; swines do not change them
        self.last_order: Order = self.order
        if ruleset.dollen_last_trick_reversed:
            self.last_order = order_for(kind, dollen=ruleset.dollen,
                                        dollen_second_wins=not second,
                                        swines=self.swines_shown, hyperswine=hyper)

    def _find_swine_holders(self) -> None:
        """Who holds both aces (and both hyperswine cards) of the trump suit, if anyone."""
        self.swine_holder = self.hyper_holder = None
        self.pending_show: tuple[int, int, int] | None = None  # (index, seat, card expected)
        suit = COLOUR_SOLO_SUIT.get(self.setup.order_kind, COLOUR_SOLO_SUIT["diamonds"])
        self.ace = code(suit, ACE)
        self.hyper_card = code(suit, NINE if self.ruleset.with_nines else KING)
        if not self.setup.swines_possible:
            return
        for seat in range(4):
            if self.held[seat][self.ace] == 2:
                self.swine_holder = seat
            if self.held[seat][self.hyper_card] == 2:
                self.hyper_holder = seat

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

    @property
    def alone(self) -> bool:
        """One seat plays against three (a solo, a silent marriage, a lone bride)."""
        return self.team_of.count(RE) == 1 and UNDECIDED not in self.team_of

    def team(self, seat: int) -> int:
        """RE or CONTRA, or UNDECIDED while a marriage looks for the partner."""
        return self.team_of[seat]

    def held_count(self, seat: int) -> int:
        return self.n_tricks - self.played_by[seat]

    @property
    def marriage_undecided(self) -> bool:
        return UNDECIDED in self.team_of

    # ---- legal actions ---------------------------------------------------------------

    def legal_cards(self, seat: int) -> list[int]:
        """The distinct cards ``seat`` may play now (following suit where it can)."""
        held = self.held[seat]
        cards = [c for c in range(N_CODES) if held[c]]
        led = self.led
        if self.trick_cards and led is not None and self.class_held[seat][led]:
            cards = [c for c in cards if self.cls[c] == led]
        return cards

    def legal_calls(self, seat: int) -> list[str]:
        """The calls ``seat`` could make now without breaking a rule."""
        if self.finished:
            return []
        return [call for call in ANNOUNCEMENTS
                if self._judge_call(seat, call)[0] is None]

    # ---- pushing events --------------------------------------------------------------

    def push(self, index: int, event: Event) -> None:
        """Apply one event (``index``: its place in the transcript's play); every rule it
        breaks is added to ``violations``."""
        self.play((event,), index)

    def _violation(self, code: str, index: int, seat: int, message: str) -> None:
        self.violations.append(Violation(code, f"/play/{index}", seat, message))

    def play(self, events: Iterable[Event], start: int = 0) -> None:
        """Apply events in order, the first being ``start`` in the transcript's play.

        The replay's hot loop: a card is handled inline, with locals instead of repeated
        attribute look-ups; everything unusual goes to a method of its own.
        """
        held, class_held, played_by = self.held, self.class_held, self.played_by
        trick_seats, trick_cards = self.trick_seats, self.trick_cards  # emptied per trick
        cls = self.cls
        for index, event in enumerate(events, start):
            seat, kind, text, card = event
            if kind != CARD:
                if kind == ANNOUNCE:
                    self._push_call(index, event)
                else:
                    self._push_show(index, event)
                    cls = self.cls  # shown swines change the order
                continue
            position = len(trick_cards)
            if not position and len(self.tricks) == self.n_tricks:
                self._card_after_end(index, seat)
                continue
            if self.pending_show is not None:
                self._settle_show(seat, card)
            if seat != (self.leader + position) % 4:
                self._out_of_turn(index, seat)
            if card is None:
                self.unknown_texts[(len(self.tricks), position)] = text
                self._violation("unknown_card", index, seat,
                                f"{text!r} is not a card of this pack")
                if not position:
                    self.led = None
            else:
                card_cls = cls[card]
                seat_classes = class_held[seat]
                if not position:
                    self.led = card_cls
                else:
                    led = self.led
                    if card_cls != led and led is not None and seat_classes[led]:
                        self._revoked(index, seat, card, led)
                seat_held = held[seat]
                if seat_held[card]:
                    seat_held[card] -= 1
                    seat_classes[card_cls] -= 1
                else:
                    self._violation("card_not_in_hand", index, seat,
                                    f"seat {seat} played {NAMES[card]}, which it does not hold")
            if not position:
                self.leader = seat
            trick_seats.append(seat)
            trick_cards.append(card)
            played_by[seat] += 1
            self.on_table += 1
            if position == 3:
                self._close_trick()

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

    def _alone_known(self) -> bool:
        """Whether the table knows that one seat plays alone: a solo, a marriage decided
        alone, or a silent marriage once the bride has played both ♣Q."""
        setup = self.setup
        if setup.type == "silent_marriage" and setup.declarer is not None:
            return self.held[setup.declarer][CQ] == 0
        return self.alone

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

    # ---- marriage --------------------------------------------------------------------

    def _marriage_trick(self, trick: Trick) -> None:
        """Whether this trick finds the bride's partner, or leaves her alone."""
        rule = self.setup.partner_rule
        bride = self.setup.declarer
        number = len(self.tricks)
        first = trick.cards[0]
        led = TRUMP if first is None else self.cls[first]
        kind = "trump" if led == TRUMP else "color"
        if rule is not None and trick.winner != bride and (
                rule.trick in ("any", kind) or rule.trick == SUIT_TRICK.get(led)):
            self.marriage_count += 1
            if self.marriage_count == rule.nth:
                self._decide_marriage(number, trick.winner)
                return
        # The last trick decides at the latest, whatever the ruleset's limit.
        if number >= min(self.ruleset.marriage_deciding_tricks, self.n_tricks):
            self._decide_marriage(number, None)

    def _decide_marriage(self, number: int, partner: int | None) -> None:
        bride = self.setup.declarer
        self.team_of = [RE if s in (bride, partner) else CONTRA for s in range(4)]
        self.deciding_trick = number
        if self.ruleset.marriage_shifts_deadlines:
            self.clock.shift = number - 1
        for index, seat, before_first_card in self.pending_calls:
            team = self.team_of[seat]
            self.levels[team] = max(self.levels[team], 1)
            self.vorab[team] |= before_first_card
            self.calls.append(AnnouncementRecord(seat, TEAM_NAMES[team], "re_or_contra",
                                                 f"/play/{index}"))
        self.pending_calls = []

    # ---- announcements ---------------------------------------------------------------

    def _judge_call(self, seat: int, call: str) -> tuple[str | None, str, tuple[int, ...]]:
        held, table = self.held_count(seat), self.on_table
        team = self.team_of[seat]
        if call == "re_or_contra":
            if not (self.marriage_undecided and self.ruleset.re_or_contra_before_partner):
                return ("announcement_not_allowed",
                        "'re_or_contra' is only allowed while a marriage is undecided", ())
            if team != UNDECIDED:
                return "announcement_not_allowed", "the bride says 're', not 're_or_contra'", ()
            if any(s == seat for _, s, _ in self.pending_calls):
                return "announcement_not_raising", "'re_or_contra' was already said", ()
            if not self.clock.in_time(1, held, table):
                return "announcement_too_late", "'re_or_contra' came too late", ()
            return None, "", (0,)
        if self.marriage_undecided and (
                team == UNDECIDED or not self.ruleset.re_or_contra_before_partner):
            return ("announcement_too_early",
                    f"'{call}' before the marriage's partner is decided", ())
        verdict = self.clock.judge(call, team, self.levels, self.late_reply, held, table)
        return verdict.code, verdict.message, verdict.levels

    def _push_call(self, index: int, event: Event) -> None:
        seat, call = event.seat, event.text
        if call not in LEVEL_OF and call != "re_or_contra":
            self._violation("announcement_not_allowed", index, seat,
                            f"'{call}' is not a call of this ruleset")
            return
        code_, message, levels = self._judge_call(seat, call)
        if code_ is not None:
            self._violation(code_, index, seat, f"seat {seat}: {message}")
            return
        if call == "re_or_contra":
            self.pending_calls.append((index, seat, self.on_table == 0))
            return
        team = self.team_of[seat]
        held = self.held_count(seat)
        if levels[0] == 1 and not self.clock.in_time(1, held, self.on_table):
            self.late_reply[team] = True
        self.early[team] += sum(1 for level in levels
                                if level >= 2 and self.clock.early(level, held))
        if self.on_table == 0 and not (self.setup.type == "marriage"
                                       and seat == self.setup.declarer):
            self.vorab[team] = True  # the bride's call before the first card earns nothing
        self.levels[team] = levels[-1]
        implied = tuple(level_call(team, level) for level in levels[:-1])
        self.calls.append(AnnouncementRecord(seat, TEAM_NAMES[team], call, f"/play/{index}",
                                             implied))

    # ---- swines ----------------------------------------------------------------------

    def _push_show(self, index: int, event: Event) -> None:
        seat, what = event.seat, event.text
        ruleset = self.ruleset
        hyper = what == "hyperswines"
        timing = ruleset.hyperswines if hyper else ruleset.swines
        if not self.setup.swines_possible or timing == "none":
            self._violation("show_not_allowed", index, seat,
                            f"'{what}' do not exist in this game under this ruleset")
            return
        holder = self.hyper_holder if hyper else self.swine_holder
        card = self.hyper_card if hyper else self.ace
        if holder != seat:
            self._violation("swines_entitlement", index, seat,
                            f"seat {seat} shows {what} without holding both {NAMES[card]}")
            return
        if hyper and not self.swines_shown:
            self._violation("swines_timing", index, seat, "hyperswines need swines shown first")
            return
        if (self.hyperswines_shown if hyper else self.swines_shown):
            self._violation("swines_timing", index, seat, f"{what} were already shown")
            return
        late = self._show_too_late(seat, card, timing)
        if late:
            self._violation("swines_timing", index, seat, f"seat {seat} showed {what} {late}")
            return
        if timing in ("at_first_swine", "at_first_hyperswine"):
            self.pending_show = (index, seat, card)
        self._activate(hyper)

    def _show_too_late(self, seat: int, card: int, timing: str) -> str:
        played = 2 - self.held[seat][card]
        if timing == "before_play":
            return "after the first card" if self.on_table else ""
        if timing == "second_after_fox_won":
            if played != 1:
                return "before the first was played" if played == 0 else "after both were played"
            fox_trick = next((t for t in self.tricks if card in t.cards and seat in t.seats), None)
            if fox_trick is None or self.team_of[fox_trick.winner] != self.team_of[seat]:
                return "although the first was not won by the own team"
            return ""
        return f"after playing a {NAMES[card]}" if played else ""

    def _settle_show(self, seat: int, card: int | None) -> None:
        """At-the-first-swine: the card after the showing must be the shown card."""
        index, holder, expected = self.pending_show  # type: ignore[misc]
        self.pending_show = None
        if seat != holder or card != expected:
            self._violation("swines_timing", index, holder,
                            f"seat {holder} showed before a card other than its "
                            f"{NAMES[expected]}: shown at the first swine, not earlier")

    def _activate(self, hyper: bool) -> None:
        if hyper:
            self.hyperswines_shown = True
        else:
            self.swines_shown = True
        self._set_order()

