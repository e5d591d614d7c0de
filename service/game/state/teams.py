"""The teams, and the marriage that finds the bride's partner trick by trick."""

from __future__ import annotations

from typing import Final

from service.game.announcements import CONTRA, RE, TEAM_NAMES
from service.game.cards import CQ
from service.game.ranking import TRUMP
from service.game.result import AnnouncementRecord, Trick
from service.game.setup import UNDECIDED
from service.game.state.swines import Swines

SUIT_TRICK: Final = {0: "club", 1: "spade", 2: "heart"}


class Teams(Swines):
    __slots__ = ()

    deciding_trick: int | None  # the trick that decided a marriage
    marriage_count: int  # tricks so far of the kind the partner rule names
    # re_or_contra calls waiting for the marriage to decide: (index, seat, before 1st card)
    pending_calls: list[tuple[int, int, bool]]

    @property
    def alone(self) -> bool:
        """One seat plays against three (a solo, a silent marriage, a lone bride)."""
        return self.team_of.count(RE) == 1 and UNDECIDED not in self.team_of

    def team(self, seat: int) -> int:
        """RE or CONTRA, or UNDECIDED while a marriage looks for the partner."""
        return self.team_of[seat]

    @property
    def marriage_undecided(self) -> bool:
        return UNDECIDED in self.team_of

    def _alone_known(self) -> bool:
        """Whether the table knows that one seat plays alone: a solo, a marriage decided
        alone, or a silent marriage once the bride has played both ♣Q."""
        setup = self.setup
        if setup.type == "silent_marriage" and setup.declarer is not None:
            return self.held[setup.declarer][CQ] == 0
        return self.alone

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
