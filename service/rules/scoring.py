"""The outcome of a finished game: a pure function of the final state.

Winner (DDV TSR 7.1), the itemized value (7.2.2), special points netted between
the teams (7.2.3), multipliers and the four seats' scores (7.2.4), and the
penalty a ruleset sets for a revoke (9.4).
"""

from __future__ import annotations

from dataclasses import dataclass

from .announcements import BID_CALLS, CONTRA, RE, TEAM_NAMES
from .cards import CJ, DA
from .game import GameState, Trick
from .options import Ruleset
from .result import Score, ScoreItem

BID_TARGET = {2: 151, 3: 181, 4: 211}  # level -> points the bidding team needs (5: all tricks)
AGAINST_TARGET = {2: 90, 3: 60, 4: 30}  # level -> points the other team needs (5: one trick)
BELOW = ((90, "below_90"), (60, "below_60"), (30, "below_30"))
REACHED = ((2, 120, "reached_120_against_no90"), (3, 90, "reached_90_against_no60"),
           (4, 60, "reached_60_against_no30"), (5, 30, "reached_30_against_black"))


@dataclass(frozen=True, slots=True)
class Outcome:
    card_points: tuple[int, int]  # re, contra
    winner: int | None  # RE, CONTRA, or None when both missed their bids
    score: Score


def team_totals(state: GameState) -> tuple[list[int], list[int]]:
    """Card points and tricks won, per team."""
    points, tricks = [0, 0], [0, 0]
    team_of = state.setup.team_of
    for trick in state.tricks:
        team = team_of[trick.winner]
        points[team] += trick.points
        tricks[team] += 1
    return points, tricks


def wins(team: int, levels: list[int], points: list[int], tricks: list[int],
         ruleset: Ruleset) -> bool:
    """Whether ``team`` reached its goal (TSR 7.1.1 for re, 7.1.2 for contra)."""
    own, other = levels[team], levels[1 - team]
    if own >= 2:
        return tricks[1 - team] == 0 if own == 5 else points[team] >= BID_TARGET[own]
    if other >= 2:
        return tricks[team] >= 1 if other == 5 else points[team] >= AGAINST_TARGET[other]
    lone_contra = levels[CONTRA] == 1 and levels[RE] == 0
    if team == RE:
        needs_121 = not lone_contra or ruleset.re_needs_121_against_lone_contra
        return points[RE] >= (121 if needs_121 else 120)
    needs_121 = lone_contra and not ruleset.re_needs_121_against_lone_contra
    return points[CONTRA] >= (121 if needs_121 else 120)


def _result_items(team: int, levels: list[int], points: list[int], tricks: list[int],
                  won: bool, ruleset: Ruleset) -> list[ScoreItem]:
    """The items of TSR 7.2.2 that count for ``team``.

    A winner gets all of them; when nobody won (7.1.3) a team gets only the
    'below' items (a) and the 'reached against a bid' items (e, f).
    """
    name = TEAM_NAMES[team]
    other = 1 - team
    items = []
    if won:
        items.append(ScoreItem("won", name, 1))
    items += [ScoreItem(code, name, 1) for limit, code in BELOW if points[other] < limit]
    if tricks[other] == 0:
        items.append(ScoreItem("black", name, 1))
    if won:
        if ruleset.re_contra_scoring == "add_2":
            items += [ScoreItem(f"{TEAM_NAMES[t]}_announced", name, 2)
                      for t in (RE, CONTRA) if levels[t] >= 1]
        items += [ScoreItem(f"{BID_CALLS[level - 2]}_announced", name, 1)
                  for t in (RE, CONTRA) for level in range(2, levels[t] + 1)]
    items += [ScoreItem(code, name, 1) for level, target, code in REACHED
              if levels[other] >= level and points[team] >= target]
    return items


def _special_items(state: GameState, winner: int | None) -> list[ScoreItem]:
    """Special points of both teams (TSR 7.2.3), each credited to the team that made it."""
    allowed = set(state.ruleset.special_points)
    team_of = state.setup.team_of
    items = []
    if "against_club_queens" in allowed and winner == CONTRA and not state.setup.alone:
        items.append(ScoreItem("against_club_queens", "contra", 1))
    last = len(state.tricks)
    for number, trick in enumerate(state.tricks, start=1):
        team = team_of[trick.winner]
        name = TEAM_NAMES[team]
        if "doppelkopf" in allowed and trick.points >= 40:
            items.append(ScoreItem("doppelkopf", name, 1, number))
        if "fox_caught" in allowed:
            items += [ScoreItem("fox_caught", name, 1, number)
                      for seat, card in zip(trick.seats, trick.cards, strict=True)
                      if card == DA and team_of[seat] != team]
        if number == last:
            items += _last_trick_items(trick, number, team_of, allowed)
    return items


def _last_trick_items(trick: Trick, number: int, team_of: tuple[int, ...],
                      allowed: set[str]) -> list[ScoreItem]:
    team = team_of[trick.winner]
    name = TEAM_NAMES[team]
    items = []
    if "karlchen_last_trick" in allowed and trick.winning_card == CJ:
        items.append(ScoreItem("karlchen_last_trick", name, 1, number))
    if "karlchen_caught" in allowed:
        items += [ScoreItem("karlchen_caught", name, 1, number)
                  for seat, card in zip(trick.seats, trick.cards, strict=True)
                  if card == CJ and team_of[seat] != team]
    return items


def _specials_count(state: GameState) -> bool:
    """Whether special points count in the game being played."""
    kinds = state.ruleset.special_points_in
    if state.setup.type == "normal":
        return "normal" in kinds
    return state.setup.order_kind in ("normal", "diamonds") and "diamonds_solo" in kinds


def _seat_scores(state: GameState, value_for_re: int) -> tuple[int, int, int, int]:
    """Each seat's entry: plus-minus, winners only or losers only; the soloist × factor."""
    ruleset, team_of = state.ruleset, state.setup.team_of
    factor = ruleset.solo_multiplier if state.setup.alone else 1
    scores = []
    for seat in range(4):
        amount = value_for_re if team_of[seat] == RE else -value_for_re
        if state.setup.alone and team_of[seat] == RE:
            amount *= factor
        if (ruleset.counting == "winners_only" and amount < 0) or (
                ruleset.counting == "losers_only" and amount > 0):
            amount = 0
        scores.append(amount)
    return (scores[0], scores[1], scores[2], scores[3])


def _revoke_score(state: GameState) -> Score:
    """TSR 9.4.3 / 9.4.4: the offender pays 12, and 3 more per bid the opponents made."""
    revoke = state.revoke
    assert revoke is not None
    team_of = state.setup.team_of
    offender_team = team_of[revoke.seat]
    bids = max(0, revoke.levels[1 - offender_team] - 1)
    penalty = 12 + 3 * bids
    scores = [0, 0, 0, 0]
    scores[revoke.seat] = -penalty
    if state.setup.alone and offender_team == CONTRA:
        # 9.4.4: the soloist gets the penalty, the other two opponents nothing.
        scores[team_of.index(RE)] = penalty
    else:
        for seat in range(4):
            if seat != revoke.seat:
                scores[seat] = 4 + bids
    item = ScoreItem("revoke_penalty", TEAM_NAMES[offender_team], -penalty, seat=revoke.seat)
    return Score((item,), 1, 0, (scores[0], scores[1], scores[2], scores[3]))


def outcome(state: GameState) -> Outcome:
    """Winner, card points and score of a finished game."""
    ruleset = state.ruleset
    points, tricks = team_totals(state)
    levels = state.levels
    card_points = (points[RE], points[CONTRA])
    if state.revoke is not None and ruleset.revoke_penalty == "ddv":
        return Outcome(card_points, None, _revoke_score(state))
    re_wins = wins(RE, levels, points, tricks, ruleset)
    contra_wins = wins(CONTRA, levels, points, tricks, ruleset)
    winner = RE if re_wins else CONTRA if contra_wins else None
    if winner is None:
        items = (_result_items(RE, levels, points, tricks, False, ruleset)
                 + _result_items(CONTRA, levels, points, tricks, False, ruleset))
    else:
        items = _result_items(winner, levels, points, tricks, True, ruleset)
    if _specials_count(state):
        items += _special_items(state, winner)
    value_for_re = sum(i.points if i.team == "re" else -i.points for i in items)
    multiplier = 1
    if ruleset.re_contra_scoring == "double":
        multiplier = 2 ** sum(1 for t in (RE, CONTRA) if levels[t] >= 1)
    value_for_re *= multiplier
    value = value_for_re if winner in (None, RE) else -value_for_re
    return Outcome(card_points, winner,
                   Score(tuple(items), multiplier, value, _seat_scores(state, value_for_re)))

