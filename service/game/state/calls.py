"""Announcements and bids as events: judged by the ruleset's clock, recorded per team.

The deadlines and skip rules themselves are :mod:`service.game.announcements`.
"""

from __future__ import annotations

from service.game.announcements import LEVEL_OF, TEAM_NAMES, level_call
from service.game.result import AnnouncementRecord
from service.game.setup import UNDECIDED
from service.game.state.tricks import TrickPlay
from service.game.text import Call, Rules, Text, Written, msg
from service.game.transcript import Event
from service.game.vocabulary import ANNOUNCEMENTS


class Calls(TrickPlay):
    __slots__ = ()

    pending_calls: list[tuple[int, int, bool]]

    def legal_calls(self, seat: int) -> list[str]:
        """The calls ``seat`` could make now without breaking a rule."""
        if self.finished:
            return []
        return [call for call in ANNOUNCEMENTS
                if self._judge_call(seat, call)[0] is None]

    def _judge_call(self, seat: int, call: str
                    ) -> tuple[str | None, Text | None, tuple[int, ...]]:
        held, table = self.held_count(seat), self.on_table
        team = self.team_of[seat]
        if call == "re_or_contra":
            if not (self.marriage_undecided and self.ruleset.re_or_contra_before_partner):
                return ("announcement_not_allowed",
                        msg("said “{call}”, which is allowed only while a marriage is "
                            "undecided", call=Call(call)), ())
            if team != UNDECIDED:
                return ("announcement_not_allowed",
                        msg("said “{call}”, but as the bride says “{re}”", call=Call(call),
                            re=Call("re")), ())
            if any(s == seat for _, s, _ in self.pending_calls):
                return ("announcement_not_raising",
                        msg("said “{call}” a second time", call=Call(call)), ())
            if not self.clock.in_time(1, held, table):
                return ("announcement_too_late",
                        msg("said “{call}” too late. {deadline}", call=Call(call),
                            deadline=self.clock.deadline(1, held, table)), ())
            return None, None, (0,)
        if self.marriage_undecided and (
                team == UNDECIDED or not self.ruleset.re_or_contra_before_partner):
            return ("announcement_too_early",
                    msg("said “{call}” before the marriage's partner was decided",
                        call=Call(call)), ())
        verdict = self.clock.judge(call, team, self.levels, self.late_reply, held, table)
        return verdict.code, verdict.text, verdict.levels

    def _push_call(self, index: int, event: Event) -> None:
        seat, call = event.seat, event.text
        if call not in LEVEL_OF and call != "re_or_contra":
            self._violation("announcement_not_allowed", index, seat,
                            msg("said {call}, which is no call under {rules}",
                                call=Written(call), rules=Rules(self.ruleset.id)), card=False)
            return
        code_, text, levels = self._judge_call(seat, call)
        if code_ is not None and text is not None:
            self._violation(code_, index, seat, text, card=False)
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
