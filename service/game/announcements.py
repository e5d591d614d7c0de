"""Announcements (re/contra) and bids (no 90 … black): who may say what, and until when.

Levels: 1 re/contra, 2 no 90, 3 no 60, 4 no 30, 5 black. A team's level only rises;
a call names a level, and under the skip rules it implies the lower ones.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from service.game.options import Ruleset
from service.game.vocabulary import TEAMS

RE: Final = 0
CONTRA: Final = 1
TEAM_NAMES: Final = TEAMS
LEVEL_OF: Final = {"re": 1, "contra": 1, "no90": 2, "no60": 3, "no30": 4, "black": 5}
BID_CALLS: Final = ("no90", "no60", "no30", "black")  # level 2..5
TEAM_CALL: Final = ("re", "contra")  # the level-1 call of each team
LEVEL_NAMES: Final = ("re/contra", "no 90", "no 60", "no 30", "black")  # level 1..5, as a deadline


def level_call(team: int, level: int) -> str:
    return TEAM_CALL[team] if level == 1 else BID_CALLS[level - 2]


@dataclass(slots=True, unsafe_hash=True)
class Verdict:
    """The judgement on one call: accepted (code None) or refused with a violation code."""

    code: str | None
    message: str = ""
    levels: tuple[int, ...] = ()  # the levels the call makes, lowest first

    def __init__(self, code: str | None, message: str = "", levels: tuple[int, ...] = ()) -> None:
        self.code = code
        self.message = message
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
                           f"'{call}' is not a call of the {TEAM_NAMES[team]} team, which "
                           f"the announcer plays on: its call is '{TEAM_CALL[team]}'")
        if wanted <= own:
            return Verdict("announcement_not_raising",
                           f"the {TEAM_NAMES[team]} team has already said "
                           f"'{level_call(team, own)}'")
        if wanted == 1:
            if self.in_time(1, held, on_table) or self.reply_in_time(other, held, on_table):
                return Verdict(None, levels=(1,))
            return Verdict("announcement_too_late",
                           f"'{call}' came too late: {self.deadline(1, held, on_table)}")
        # A bid (no 90 … black).
        if own >= 1 and late_reply[team]:
            return Verdict("announcement_too_late",
                           f"'{call}' follows a reply that would have been too late as a "
                           "first announcement")
        if own == 0 and self.skip == "none":
            return Verdict("announcement_too_late",
                           f"'{call}' needs the team's '{TEAM_CALL[team]}' first")
        needed = range(own + 1, wanted + 1) if self.skip != "free" else (wanted,)
        for level in needed:
            if not self.in_time(level, held, on_table):
                said = level_call(team, level)
                what = "" if level == wanted else f" (it skips '{said}')"
                return Verdict("announcement_too_late",
                               f"'{said}' is no longer in time{what}: "
                               f"{self.deadline(level, held, on_table)}")
        return Verdict(None, levels=tuple(range(own + 1, wanted + 1)))

    def deadline(self, level: int, held: int, on_table: int) -> str:
        """The deadline missed, in the ruleset's own terms, and where the call came."""
        limit, name = self._limit(level), LEVEL_NAMES[level - 1]
        moved = (f" (moved by {self.shift} trick{'s' if self.shift != 1 else ''} the marriage "
                 "took to decide)" if self.shift else "")
        if self.hand_clock:
            return (f"{name} needs at least {limit} cards in hand under {self.ruleset_id}"
                    f"{moved}; the announcer held {held}")
        return (f"{name} may be said until {limit} cards are on the table under "
                f"{self.ruleset_id}{moved}; {on_table} were")
