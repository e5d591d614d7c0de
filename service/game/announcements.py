"""Announcements (re/contra) and bids (no 90 … black): who may say what, and until when.

Levels: 1 re/contra, 2 no 90, 3 no 60, 4 no 30, 5 black. A team's level only rises;
a call names a level, and under the skip rules it implies the lower ones.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from service.game.options import Ruleset
from service.game.text import Call, Rules, Text, msg, msgn
from service.game.vocabulary import TEAMS

RE: Final = 0
CONTRA: Final = 1
TEAM_NAMES: Final = TEAMS
LEVEL_OF: Final = {"re": 1, "contra": 1, "no90": 2, "no60": 3, "no30": 4, "black": 5}
BID_CALLS: Final = ("no90", "no60", "no30", "black")  # level 2..5
TEAM_CALL: Final = ("re", "contra")  # the level-1 call of each team


def level_call(team: int, level: int) -> str:
    return TEAM_CALL[team] if level == 1 else BID_CALLS[level - 2]


@dataclass(slots=True, unsafe_hash=True)
class Verdict:
    """The judgement on one call: accepted (code None) or refused with a violation code."""

    code: str | None
    text: Text | None = None  # why it was refused
    levels: tuple[int, ...] = ()  # the levels the call makes, lowest first

    def __init__(self, code: str | None, text: Text | None = None,
                 levels: tuple[int, ...] = ()) -> None:
        self.code = code
        self.text = text
        self.levels = levels


class AnnouncementClock:
    """Judges calls against one ruleset's deadlines, reply and skip rules."""

    __slots__ = ("deadlines", "hand_clock", "reply", "reply_from_own", "ruleset_id", "shift",
                 "skip")

    def __init__(self, ruleset: Ruleset):
        self.ruleset_id = ruleset.id
        self.deadlines = ruleset.announcement_deadlines
        self.hand_clock = ruleset.announcement_clock == "hand"
        self.reply = ruleset.announcement_reply
        self.reply_from_own = ruleset.announcement_reply_from == "own_call"
        self.skip = ruleset.announcement_skip
        self.shift = 0  # tricks a marriage needed beyond the first to decide

    def _limit(self, level: int, extra_cards: int = 0) -> int:
        """The deadline of a level, moved later by ``extra_cards`` cards."""
        base = self.deadlines[level - 1]
        if self.hand_clock:
            return base - self.shift - extra_cards
        return base + 4 * self.shift + extra_cards

    def _reply_cards(self, hand_clock: bool) -> int:
        if self.reply == "one_card":
            return 1
        if self.reply == "one_round":
            return 1 if hand_clock else 4
        return 0

    def in_time(self, level: int, held: int, on_table: int, extra_cards: int = 0) -> bool:
        """Whether ``level`` may still be called by a seat holding ``held`` cards."""
        limit = self._limit(level, extra_cards)
        return held >= limit if self.hand_clock else on_table <= limit

    def early(self, level: int, held: int) -> bool:
        """Whether a call of ``level`` by a seat holding ``held`` cards beat its minimum
        card count (only a hand clock has one)."""
        return self.hand_clock and held > self._limit(level)

    def reply_in_time(self, opponents_level: int, held: int, on_table: int) -> bool:
        """Whether re/contra may still be said as a reply to the opponents' calls."""
        if opponents_level == 0 or self.reply == "none":
            return False
        extra = self._reply_cards(self.hand_clock)
        level = 1 if self.reply_from_own else opponents_level
        return self.in_time(level, held, on_table, extra)

    def judge(self, call: str, team: int, levels: list[int], late_reply: list[bool],
              held: int, on_table: int) -> Verdict:
        """Judge ``call`` by a member of ``team``; ``levels[t]`` is each team's level so far."""
        own, other = levels[team], levels[1 - team]
        wanted = LEVEL_OF[call]
        if wanted == 1 and call != TEAM_CALL[team]:
            return Verdict("announcement_wrong_team",
                           msg("said “{call}”, but plays on the {own} team, whose call is "
                               "“{own}”", call=Call(call), own=Call(TEAM_CALL[team])))
        if wanted <= own:
            return Verdict("announcement_not_raising",
                           msg("said “{call}”, but the team had already said “{said}”",
                               call=Call(call), said=Call(level_call(team, own))))
        if wanted == 1:
            if self.in_time(1, held, on_table) or self.reply_in_time(other, held, on_table):
                return Verdict(None, levels=(1,))
            return Verdict("announcement_too_late",
                           msg("said “{call}” too late. {deadline}", call=Call(call),
                               deadline=self.deadline(1, held, on_table)))
        # A bid (no 90 … black).
        if own >= 1 and late_reply[team]:
            return Verdict("announcement_too_late",
                           msg("said “{call}” after a reply that would have been too late "
                               "as a first announcement", call=Call(call)))
        if own == 0 and self.skip == "none":
            return Verdict("announcement_too_late",
                           msg("said “{call}” before the team's “{own}”, which must come "
                               "first", call=Call(call), own=Call(TEAM_CALL[team])))
        needed = range(own + 1, wanted + 1) if self.skip != "free" else (wanted,)
        for level in needed:
            if not self.in_time(level, held, on_table):
                said = Call(level_call(team, level))
                deadline = self.deadline(level, held, on_table)
                return Verdict("announcement_too_late", msg(
                    "said “{call}” too late. {deadline}", call=said, deadline=deadline)
                    if level == wanted else msg(
                    "said “{call}”, which skips “{skipped}”, no longer in time. {deadline}",
                    call=Call(call), skipped=said, deadline=deadline))
        return Verdict(None, levels=tuple(range(own + 1, wanted + 1)))

    def deadline(self, level: int, held: int, on_table: int) -> Text:
        """The deadline missed, in the ruleset's own terms, and where the call came."""
        limit, rules = self._limit(level), Rules(self.ruleset_id)
        call = Call("re_or_contra" if level == 1 else BID_CALLS[level - 2])
        if self.hand_clock:
            deadline = msgn("under {rules} “{call}” needs at least {count} card in hand, "
                            "the player held {held}",
                            "under {rules} “{call}” needs at least {count} cards in hand, "
                            "the player held {held}", limit, rules=rules, call=call,
                            held=held)
        else:
            deadline = msgn("under {rules} “{call}” may be said until {count} card is on "
                            "the table, {on_table} were",
                            "under {rules} “{call}” may be said until {count} cards are on "
                            "the table, {on_table} were", limit, rules=rules, call=call,
                            on_table=on_table)
        if not self.shift:
            return deadline
        return msgn("{deadline}. The deadline is moved by the {count} trick the marriage "
                    "took to decide",
                    "{deadline}. The deadline is moved by the {count} tricks the marriage "
                    "took to decide",
                    self.shift, deadline=deadline)
