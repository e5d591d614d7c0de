"""What every part of the game state reads: the fields, and how a violation is noted.

Every field of every part is a slot declared here, once, grouped by the part that owns
it: the parts add no slots of their own, and a slot is both fast and safe against a
mistyped name. The parts build on each other in one line, each on those it asks of
(base, swines, teams, tricks, calls): single inheritance, so that the state also
compiles to a native class (mypyc supports no multiple inheritance of classes).
"""

from __future__ import annotations

from service.game.announcements import AnnouncementClock
from service.game.deal import Deal
from service.game.options import Ruleset
from service.game.ranking import Order
from service.game.result import AnnouncementRecord, Trick, Violation
from service.game.setup import Setup
from service.game.text import Ordinal, Seat, Text, msg


class StateBase:
    __slots__ = (  # noqa: RUF023 (grouped by part, not sorted)
        "deal", "ruleset", "setup", "violations",
        # tricks: cards held and played, the tricks, the first revoke
        "class_held", "cls", "held", "last_order", "leader", "led", "n_tricks", "on_table",
        "order", "overlong", "played_by", "revoke", "trick_cards", "trick_seats", "tricks",
        "doubtful_trick", "lead_open", "unknown_places", "unknown_texts", "unsure",
        # teams and the marriage
        "deciding_trick", "marriage_count", "team_of",
        # calls
        "calls", "clock", "early", "late_reply", "levels", "pending_calls", "vorab",
        # swines
        "ace", "hyper_card", "hyper_holder", "hyperswines_shown", "pending_show",
        "swine_holder", "swines_shown",
    )

    ruleset: Ruleset
    deal: Deal
    setup: Setup
    # cards: per seat, how often it holds each card code and each class to follow
    held: list[list[int]]
    class_held: list[list[int]]
    played_by: list[int]
    on_table: int
    n_tricks: int
    tricks: list[Trick]
    trick_seats: list[int]  # the current trick
    trick_cards: list[int | None]
    leader: int
    order: Order
    last_order: Order  # the last trick's order (dollen_last_trick_reversed)
    cls: tuple[int, ...]  # per card code: the class to follow
    # teams: per seat RE, CONTRA or UNDECIDED
    team_of: list[int]
    # calls: per team
    levels: list[int]
    late_reply: list[bool]
    early: list[int]
    vorab: list[bool]
    calls: list[AnnouncementRecord]
    clock: AnnouncementClock
    violations: list[Violation]
    # swines: the trump suit's ace (a swine once shown) and whether swines are shown
    ace: int
    swines_shown: bool

    def _violation(self, code: str, index: int, seat: int, what: Text, card: bool = True,
                   more: Text | None = None) -> None:
        """A violation of the event at ``/play/index``: ``what`` happened, said with where
        (the trick and the card a card event is, or the card a call came before); ``more``
        says what follows from it, in sentences of its own."""
        said = msg("{player} {what} ({where})", player=Seat(seat), what=what,
                   where=self._place(card))
        if more is not None:
            said = msg("{first}. {more}", first=said, more=more)
        self.violations.append(Violation(code, f"/play/{index}", seat, said))

    def _place(self, card: bool) -> Text:
        trick, nth = len(self.tricks) + 1, Ordinal(len(self.trick_cards) + 1)
        if trick > self.n_tricks:
            return msg("after the last trick")
        if card:
            return msg("trick {trick}, {nth} card", trick=trick, nth=nth)
        return msg("trick {trick}, before its {nth} card", trick=trick, nth=nth)

    def held_count(self, seat: int) -> int:
        """The cards ``seat`` still holds."""
        return self.n_tricks - self.played_by[seat]
