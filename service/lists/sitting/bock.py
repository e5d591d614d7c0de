"""Bock rounds: which games open one (and how many), and the factor of each game while
they run.

The rounds under way are kept as a schedule of the coming games: how many rounds are
stacked on each, the next game first. A round opened by a game covers the next games,
as many as there were players at the table for that game; under ``bock_overlap``
``multiply`` it stacks on the rounds already there (the factor is ``bock_factor`` to the
power of the rounds stacked), under ``queue`` it follows them. A cap (``bock_cap``) on
the rounds stacked on one game defers a round beyond it: its games are the next ones
with fewer rounds stacked, so it starts, or goes on, where fewer are stacked
(QtDoppelKopf, ``Backend/multiplierinfo.cpp``: at most three, x8). ``queue`` is the cap
of one. A mandatory solo round holds the schedule: its games are no bock games, and the
bock games still owed follow it (QtDoppelKopf inserts the solo round's games before
them).

A round lasts as many games as there were players at the table (``bock_round_length``
``games``), or as many deals (``deals``, FreeDoko, ``src/party/party.cpp``
``Party::add_game_summary``): a game after which the same player deals again is played
at the factor of the schedule's next game and uses it not up.
"""

from __future__ import annotations

from service.game.cards import BY_NAME
from service.game.options import Ruleset
from service.game.ranking import order_for
from service.game.result import CheckResult

EVENTS = ("tie", "lost_solo", "lost_re", "lost_contra", "heart_trick", "black")


def round_length(ruleset: Ruleset, table: int) -> int:
    """Games in a round at this table size (0: no count).

    No ruleset states a count for six or seven (DDV TSR 8.3.1 and 10.1 seat four or
    five). There each player present deals as often as at four, so the round is that
    many deals by each: ddv's 24 at four are six deals each, 36 games at six and 42 at
    seven (as TSR 10.1.5 keeps six a player with its 30 at five); a count at four that
    is no whole number of deals each is rounded up to one. A ruleset that counts none
    at four counts none there either."""
    if table == 4:
        return ruleset.games_per_round
    if table == 5:
        return ruleset.games_per_round_at_five
    return -(-ruleset.games_per_round // 4) * table
class Bock:
    """The bock rounds under way: the factor of the next game, rounds opened by events."""

    def __init__(self, ruleset: Ruleset, table: int):
        self.on, self.table = ruleset.bock_rounds, table
        self.factor_each = ruleset.bock_factor
        self.per_event = ruleset.bock_rounds_per_event
        # rounds one game may carry: queue never stacks; multiply up to the cap (0: none)
        self.cap = 1 if ruleset.bock_overlap == "queue" else ruleset.bock_cap
        self.in_deals = ruleset.bock_round_length == "deals"
        self.ahead: list[int] = []  # rounds stacked on each coming game, the next first

    def factor(self) -> int:
        return int(self.factor_each ** self.ahead[0]) if self.ahead else 1

    def factors_ahead(self) -> list[int]:
        """The factors of the bock games (or deals) still owed, the next first."""
        return [int(self.factor_each ** n) for n in self.ahead]

    def rounds(self, events: int) -> int:
        """The rounds a game with this many bock events opens."""
        return events if self.per_event else min(events, 1)

    def played(self, events: int, held: bool = False, deal_stays: bool = False) -> int:
        """One game played (a redeal is none) with this many bock events; ``held``: a
        game of a mandatory solo round, which uses up no bock game; ``deal_stays``: the
        same player deals again after it, which uses up none where rounds count deals.
        Returns the rounds it opened, each as long as the table is now."""
        if self.ahead and not held and not (deal_stays and self.in_deals):
            self.ahead.pop(0)
        opened = self.rounds(events)
        for _ in range(opened):
            self.open(self.table)
        return opened

    def open(self, length: int) -> None:
        """A round of ``length`` games: the next ones that have room under the cap."""
        at = placed = 0
        while placed < length:
            if at == len(self.ahead):
                self.ahead.append(0)
            if not self.cap or self.ahead[at] < self.cap:
                self.ahead[at] += 1
                placed += 1
            at += 1


def wanted(ruleset: Ruleset) -> set[str]:
    """The events that open a bock round under this ruleset (none without bock rounds)."""
    if not ruleset.bock_rounds:
        return set()
    on = {"tie": ruleset.bock_after_tie, "lost_solo": ruleset.bock_after_lost_solo,
          "lost_re": ruleset.bock_after_lost_re, "lost_contra": ruleset.bock_after_lost_contra,
          "heart_trick": ruleset.bock_after_heart_trick, "black": ruleset.bock_after_black}
    return {e for e, yes in on.items() if yes}


def bock_count(ruleset: Ruleset, events: set[str]) -> int:
    """How many of a game's events open a bock round: each catalogue event that
    happened counts once (two heart tricks are one event)."""
    return len(events & wanted(ruleset))


def starts_bock(ruleset: Ruleset, events: set[str]) -> bool:
    return bock_count(ruleset, events) > 0


def transcript_events(result: CheckResult, ruleset: Ruleset) -> set[str]:
    """The bock events of a played game (FreeDoko, src/game/game_summary.cpp, the bock
    triggers): a lost re or contra where that team announced and did not win, a tie
    included; a heart trick only in a game that is no solo."""
    events: set[str] = set()
    game, points = result.game, result.card_points
    if game is None or points is None:
        return events
    if points["re"] == points["contra"] == 120:
        events.add("tie")
    lone_bride = ruleset.bock_lone_bride_is_soloist and (
        game.type == "silent_marriage" or (game.type == "marriage" and len(game.re) == 1))
    solo = game.type == "solo" or lone_bride
    if solo and result.winner != "re":
        events.add("lost_solo")
    for team in ("re", "contra"):
        if any(a.team == team for a in result.announcements) and result.winner != team:
            events.add(f"lost_{team}")
    tricks = result.tricks
    if not solo:
        heart_trick = order_for("normal", dollen=ruleset.dollen).heart_trick
        if any(heart_trick(BY_NAME.get(c) for c in t.cards) for t in tricks):
            events.add("heart_trick")
    re_tricks = sum(1 for t in tricks if t.winner in game.re)
    if re_tricks in (0, len(tricks)):
        events.add("black")
    return events
