"""The game state that a transcript's events are pushed onto, one at a time.

Like a chess board: it knows whose turn it is, what each seat still holds, the
tricks so far and the calls made; it can list the legal next actions; and pushing
an event records every rule the event breaks instead of stopping at the first.

The state is put together from one part per concern (:mod:`service.game.state`):
cards and tricks (``tricks``), teams and the marriage (``teams``), announcements
(``calls``) and swines (``swines``). The replay's hot loop, :meth:`GameState.play`,
stays here in one piece.
"""

from __future__ import annotations

from collections.abc import Iterable

from service.game.announcements import AnnouncementClock
from service.game.cards import N_CODES
from service.game.deal import Deal
from service.game.options import Ruleset
from service.game.result import AnnouncementRecord, Trick, Violation
from service.game.setup import Setup
from service.game.state.calls import Calls
from service.game.state.tricks import CLASS_NAMES, Revoke
from service.game.transcript import ANNOUNCE, CARD, Event

__all__ = ["CLASS_NAMES", "GameState", "Revoke", "Trick"]


class GameState(Calls):
    __slots__ = ()  # every part's fields are slots of StateBase

    def __init__(self, ruleset: Ruleset, deal: Deal, setup: Setup):
        self.ruleset = ruleset
        self.deal = deal
        self.setup = setup
        self.team_of = list(setup.team_of)
        self.swines_shown = self.hyperswines_shown = False
        self._set_order()
        self.held = [[0] * N_CODES for _ in range(4)]
        self.class_held = [[0] * 5 for _ in range(4)]
        cls, held, class_held = self.cls, self.held, self.class_held
        for seat, hand in enumerate(setup.hands or deal.hands):  # not zip(): no call
            seat_held, seat_classes = held[seat], class_held[seat]
            for card in hand:
                seat_held[card] += 1
                seat_classes[cls[card]] += 1
        self.n_tricks = 0 if setup.type == "redeal" else deal.hand_size
        self.played_by = [0, 0, 0, 0]
        self.on_table = 0
        self.leader = setup.leader
        self.trick_seats = []
        self.trick_cards = []
        self.led = None
        self.tricks = []
        self.unknown_texts: dict[tuple[int, int], str] = {}  # (trick, position) -> as written
        self.unknown_places = list(setup.unknown_places or deal.unknown_places)
        self.unsure = list(setup.unsure)
        self.lead_open = False
        self.doubtful_trick = -1
        self.levels = [0, 0]
        self.late_reply = [False, False]
        self.early = [0, 0]  # per team: bids made before their minimum card count
        self.vorab = [False, False]  # per team: a call before the very first card
        self.calls: list[AnnouncementRecord] = []
        self.pending_calls = []
        self.violations: list[Violation] = []
        self.revoke = None
        self.overlong = False
        self.clock = AnnouncementClock(ruleset)
        self.deciding_trick = None
        self.marriage_count = 0
        self._find_swine_holders()

    # ---- pushing events --------------------------------------------------------------

    def push(self, index: int, event: Event) -> None:
        """Apply one event (``index``: its place in the transcript's play); every rule it
        breaks is added to ``violations``."""
        self.play((event,), index)

    def play(self, events: Iterable[Event], start: int = 0) -> None:
        """Apply events in order, the first being ``start`` in the transcript's play.

        The replay's hot loop: a card is handled inline, with locals instead of repeated
        attribute look-ups; everything unusual goes to a method of its part.
        """
        held, class_held, played_by = self.held, self.class_held, self.played_by
        trick_seats, trick_cards = self.trick_seats, self.trick_cards  # emptied per trick
        tricks, n_tricks = self.tricks, self.n_tricks
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
            if not position and len(tricks) == n_tricks:
                self._card_after_end(index, seat)
                continue
            if seat != (self.leader + position) % 4:
                self._out_of_turn(index, seat)
            if card is None:
                card = self._unreadable(index, seat, text, position)
            if self.pending_show is not None:
                self._settle_show(seat, card)
            if card is not None:
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
                    self._not_held(index, seat, card)
            elif not position:
                self.led = None
            trick_seats.append(seat)
            trick_cards.append(card)
            played_by[seat] += 1
            self.on_table += 1
            if position == 3:
                self._close_trick()
