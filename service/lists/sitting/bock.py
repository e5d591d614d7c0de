"""Bock rounds: which games open one, and the factor of each game while they run."""

from __future__ import annotations

from service.game.options import Ruleset
from service.game.result import CheckResult


def round_length(ruleset: Ruleset, table: int) -> int:
    """Games in a round at this table size (0: no count)."""
    return ruleset.games_per_round if table == 4 else ruleset.games_per_round_at_five


class Bock:
    """The bock rounds under way: the factor of the next game, rounds started by events."""

    def __init__(self, ruleset: Ruleset, table: int):
        self.on, self.table = ruleset.bock_rounds, table
        self.factor_each, self.queue = ruleset.bock_factor, ruleset.bock_overlap == "queue"
        self.rounds: list[int] = []  # multiply: games left in each round under way
        self.pending = 0  # queue: bock games still owed

    def factor(self) -> int:
        if self.queue:
            return self.factor_each if self.pending else 1
        return int(self.factor_each ** len(self.rounds))

    def played(self, starts: bool) -> None:
        """One game played (a redeal is none); ``starts``: it opens a bock round."""
        if self.queue:
            self.pending = max(0, self.pending - 1) + (self.table if starts else 0)
        else:
            self.rounds = [n - 1 for n in self.rounds if n > 1]
            if starts:
                self.rounds.append(self.table)


def starts_bock(ruleset: Ruleset, events: set[str]) -> bool:
    if not ruleset.bock_rounds:
        return False
    wanted = {"tie": ruleset.bock_after_tie, "lost_solo": ruleset.bock_after_lost_solo,
              "lost_re": ruleset.bock_after_lost_re,
              "heart_trick": ruleset.bock_after_heart_trick, "black": ruleset.bock_after_black}
    return any(wanted[e] for e in events)


def transcript_events(result: CheckResult) -> set[str]:
    """The bock events of a played game."""
    events: set[str] = set()
    game, points = result.game, result.card_points
    if game is None or points is None:
        return events
    if points["re"] == points["contra"] == 120:
        events.add("tie")
    if game.type == "solo" and result.winner != "re":
        events.add("lost_solo")
    if any(a.team == "re" for a in result.announcements) and result.winner != "re":
        events.add("lost_re")
    tricks = result.tricks
    if game.type != "solo" and any(
            all(c.startswith("H") for c in t.cards) and "H10" not in t.cards for t in tricks):
        events.add("heart_trick")
    re_tricks = sum(1 for t in tricks if t.winner in game.re)
    if re_tricks in (0, len(tricks)):
        events.add("black")
    return events
