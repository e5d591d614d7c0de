"""The outcome of a finished game: a pure function of the final state.

Winner (DDV TSR 7.1), the itemized value (7.2.2), special points netted between
the teams (7.2.3), multipliers and the four seats' scores (7.2.4), and the
penalty a ruleset sets for a revoke (9.4). Every rulebook difference is an
option of the ruleset; the option's documentation names its source.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from service.game.announcements import BID_CALLS, CONTRA, RE, TEAM_NAMES
from service.game.cards import CJ, DA, H10
from service.game.gamestate import GameState
from service.game.options import Ruleset
from service.game.result import Note, Score, ScoreItem, Trick, score_item
from service.game.text import N_, Ordinal, Rules, Seat, Text, Word, msg
from service.game.transcript import CARD, Event

# level -> points the bidding team needs (5: all tricks)
BID_TARGET: Final = {2: 151, 3: 181, 4: 211}
AGAINST_TARGET: Final = {2: 90, 3: 60, 4: 30}  # level -> points the other team needs (5: one trick)
BELOW: Final = ((90, "below_90"), (60, "below_60"), (30, "below_30"))
BELOW_OF_LEVEL: Final = {2: "below_90", 3: "below_60", 4: "below_30", 5: "black"}
REACHED: Final = ((2, 120, "reached_120_against_no90"), (3, 90, "reached_90_against_no60"),
                  (4, 60, "reached_60_against_no30"), (5, 30, "reached_30_against_black"))
# Mittwoch "selber doof": 150 (180, 210) reached against a re/contra call. The seed's
# example ("89 Punkte (90 wäre noch wie oben)") puts the step at 151 against 89.
SELBER_DOOF: Final = ((151, "reached_150_against_call"), (181, "reached_180_against_call"),
                      (211, "reached_210_against_call"))


# The cards of a heart trick (FreeDoko 10.2): hearts, the ♥10 (a trump) not among them.


@dataclass(slots=True, unsafe_hash=True)
class Outcome:
    card_points: tuple[int, int]  # re, contra
    winner: int | None  # RE, CONTRA, or None when both missed their bids
    score: Score

    def __init__(self, card_points: tuple[int, int], winner: int | None, score: Score) -> None:
        self.card_points = card_points
        self.winner = winner
        self.score = score


def team_totals(state: GameState) -> tuple[list[int], list[int]]:
    """Card points and tricks won, per team."""
    points, tricks = [0, 0], [0, 0]
    team_of = state.team_of
    for _, _, _, winner, _, trick_points, _ in state.tricks:  # a Trick, unpacked at once
        team = team_of[winner]
        points[team] += trick_points
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


def scoring_kind(state: GameState) -> str:
    """normal (two against two), diamonds_solo (a ♦ solo, a silent or lone marriage), solo."""
    if not state.alone:
        return "normal"
    return "diamonds_solo" if state.setup.order_kind in ("normal", "diamonds") else "solo"


def _result_items(state: GameState, team: int, levels: list[int], points: list[int],
                  tricks: list[int], won: bool) -> list[ScoreItem]:
    """The items of TSR 7.2.2 (and the ruleset's additions) that count for ``team``.

    A winner gets all of them; when nobody won (7.1.3) a team gets only the 'below'
    items (a) and the 'reached against a bid' items (e, f).
    """
    ruleset = state.ruleset
    name, other = TEAM_NAMES[team], 1 - team
    items = []
    if won:
        items.append(score_item("won", name, 1))
    items += [score_item(code, name, 1) for limit, code in BELOW if points[other] < limit]
    if tricks[other] == 0:
        items.append(score_item("black", name, 1))
    if ruleset.broken_bid_scoring == "stakes" and levels[other] >= 2:
        # Mittwoch: a broken bid gives the opponents what it would have won.
        items += [score_item(f"broken_{BELOW_OF_LEVEL[level]}", name, 1)
                  for level in range(2, levels[other] + 1)]
    if won:
        if ruleset.re_contra_scoring == "add_2":
            items += [score_item(f"{TEAM_NAMES[t]}_announced", name, 2)
                      for t in (RE, CONTRA) if levels[t] >= 1]
        for t in (RE, CONTRA):
            early = state.early[t]  # the first bids made are the early ones
            for level in range(2, levels[t] + 1):
                worth = 2 if ruleset.early_announcement_bonus and level - 2 < early else 1
                items.append(score_item(f"{BID_CALLS[level - 2]}_announced", name, worth))
    items += [score_item(code, name, 1) for level, target, code in REACHED
              if levels[other] >= level and points[team] >= target]
    if won and ruleset.reached_against_bid_points == "selber_doof" and levels[other] >= 1:
        items += [score_item(code, name, 1) for target, code in SELBER_DOOF
                  if points[team] >= target]
    if won:
        items += _bonus_items(state, team)
    return items


def _bonus_items(state: GameState, team: int) -> list[ScoreItem]:
    """The ruleset's extra items for the winner: 'vorab' calls and the solo bonus."""
    ruleset, setup = state.ruleset, state.setup
    name = TEAM_NAMES[team]
    items = []
    if ruleset.before_first_card_bonus and _vorab_counts(state):
        items += [score_item("announced_before_first_card", name, 1)
                  for t in (RE, CONTRA) if state.vorab[t]]
    if state.alone:
        if ruleset.solo_bonus and setup.type == "solo":
            items.append(score_item("solo", name, 1))
        if ruleset.against_solo_bonus and team == CONTRA:
            items.append(score_item("against_solo", name, 1))
    return items


def _vorab_counts(state: GameState) -> bool:
    """Mittwoch: 'vorab' counts in normal games and trump solos, not in other solos or a
    poverty (the bride's own call is left out when it is made)."""
    if state.setup.type == "poverty":
        return False
    return scoring_kind(state) != "solo"


def _special_items(state: GameState, winner: int | None, from_tricks: bool = True
                   ) -> list[ScoreItem]:
    """Special points of both teams (TSR 7.2.3), each credited to the team that made it;
    without ``from_tricks`` only 'against the club queens', which the result makes."""
    allowed = state.ruleset.special_points  # a handful of names: a tuple is searched fast
    team_of = state.team_of
    items = []
    if "against_club_queens" in allowed and winner == CONTRA and not state.alone:
        items.append(score_item("against_club_queens", "contra", 1))
    if not from_tricks:
        return items
    doppelkopf, fox = "doppelkopf" in allowed, "fox_caught" in allowed
    dollen, hearts = "dollen_beat_dollen" in allowed, "heart_trick" in allowed
    last = len(state.tricks)
    heart_trick = state.order.heart_trick
    for number, trick in enumerate(state.tricks, start=1):
        _, seats, cards, winner, _, points, swine_aces = trick  # unpacked at once: cheaper
        team = team_of[winner]
        name = TEAM_NAMES[team]
        if doppelkopf and points >= 40:
            items.append(score_item("doppelkopf", name, 1, number))
        if fox and DA in cards and not swine_aces:  # a swine is no fox
            items += [score_item("fox_caught", name, 1, number)
                      for seat, card in zip(seats, cards, strict=True)
                      if card == DA and team_of[seat] != team]
        # cards.count: a cheap test first, as this runs for every trick
        if dollen and cards.count(H10) == 2 and _dollen_beat_dollen(trick):
            items.append(score_item("dollen_beat_dollen", name, 1, number))
        if hearts and heart_trick(cards):  # by the game's own trumps
            items.append(score_item("heart_trick", name, 1, number))
        if number == last:
            items += _last_trick_items(trick, number, team_of, allowed)
    return items


def _dollen_beat_dollen(trick: Trick) -> bool:
    """The second ♥10 of a trick took it from the first (FreeDoko 10.2)."""
    positions = [i for i, c in enumerate(trick.cards) if c == H10]
    return len(positions) == 2 and trick.seats[positions[1]] == trick.winner


def _last_trick_items(trick: Trick, number: int, team_of: list[int],
                      allowed: tuple[str, ...]) -> list[ScoreItem]:
    """Karlchen and the fox in the last trick (TSR 7.2.3; FreeDoko 10.2 variants)."""
    team = team_of[trick.winner]
    name = TEAM_NAMES[team]
    own = [c for s, c in zip(trick.seats, trick.cards, strict=True) if team_of[s] == team]
    items = []
    if trick.winning_card == CJ:
        if "double_karlchen" in allowed and own.count(CJ) == 2:
            items.append(score_item("double_karlchen", name, 2, number))
        elif "karlchen_last_trick" in allowed:
            items.append(score_item("karlchen_last_trick", name, 1, number))
    # Catching Charly is one point, one ♣J caught or both; both are worth 2 only where
    # the ruleset lists catching both (seed 002 10.2: two separate options).
    caught = sum(1 for seat, card in zip(trick.seats, trick.cards, strict=True)
                 if card == CJ and team_of[seat] != team)
    if caught == 2 and "double_karlchen_caught" in allowed:
        items.append(score_item("double_karlchen_caught", name, 2, number))
    elif caught and "karlchen_caught" in allowed:
        items.append(score_item("karlchen_caught", name, 1, number))
    if trick.winning_card == DA and not trick.swine_aces:
        if "double_fox_last_trick" in allowed and own.count(DA) == 2:
            items.append(score_item("double_fox_last_trick", name, 2, number))
        elif "fox_last_trick" in allowed:
            items.append(score_item("fox_last_trick", name, 1, number))
    return items


def _counted(scores: list[int], ruleset: Ruleset) -> tuple[int, int, int, int]:
    """The counting mode on the four entries: winners_only notes only plus points,
    losers_only only minus points (seed 004 VI), plus_minus both."""
    if ruleset.counting == "winners_only":
        scores = [max(0, s) for s in scores]
    elif ruleset.counting == "losers_only":
        scores = [min(0, s) for s in scores]
    return (scores[0], scores[1], scores[2], scores[3])


def _seat_scores(state: GameState, value_for_re: int) -> tuple[int, int, int, int]:
    """Each seat's entry: plus-minus, winners only or losers only; the soloist × factor."""
    ruleset, team_of = state.ruleset, state.team_of
    alone = state.alone
    factor = ruleset.solo_multiplier if alone else 1
    scores = []
    for seat in range(4):
        amount = value_for_re if team_of[seat] == RE else -value_for_re
        if alone and team_of[seat] == RE:
            amount *= factor
        scores.append(amount)
    return _counted(scores, ruleset)


def _played_outcome(state: GameState, points: list[int], tricks: list[int],
                    levels: list[int], specials: bool = True) -> tuple[int | None, Score]:
    """Winner and score of the game as the tricks fell, with the calls ``levels``
    (without ``specials``: none of the special points that tricks make)."""
    ruleset = state.ruleset
    re_wins = wins(RE, levels, points, tricks, ruleset)
    contra_wins = wins(CONTRA, levels, points, tricks, ruleset)
    winner = RE if re_wins else CONTRA if contra_wins else None
    if winner is None:
        items = (_result_items(state, RE, levels, points, tricks, False)
                 + _result_items(state, CONTRA, levels, points, tricks, False))
    else:
        items = _result_items(state, winner, levels, points, tricks, True)
    if scoring_kind(state) in ruleset.special_points_in:
        items += _special_items(state, winner, specials)
    value_for_re = 0
    for item in items:
        value_for_re += item.points if item.team == "re" else -item.points
    multiplier = 1
    if ruleset.re_contra_scoring == "double":  # Mittwoch: after the special points
        multiplier = 2 ** sum(1 for t in (RE, CONTRA) if levels[t] >= 1)
    value_for_re *= multiplier
    value = value_for_re if winner in (None, RE) else -value_for_re
    return winner, Score(tuple(items), multiplier, value, _seat_scores(state, value_for_re))


def _ddv_revoke(state: GameState) -> Score:
    """TSR 9.4.3 / 9.4.4: the offender pays 12, and 3 more per bid the opponents made."""
    revoke = state.revoke
    assert revoke is not None
    team_of = state.team_of
    offender_team = team_of[revoke.seat]
    bids = max(0, revoke.levels[1 - offender_team] - 1)
    penalty = 12 + 3 * bids
    scores = [0, 0, 0, 0]
    scores[revoke.seat] = -penalty
    if revoke.alone_known and offender_team == CONTRA:
        scores[team_of.index(RE)] = penalty  # 9.4.4: the other two opponents get nothing
    else:
        for seat in range(4):
            if seat != revoke.seat:
                scores[seat] = 4 + bids
    item = score_item("revoke_penalty", TEAM_NAMES[offender_team], -penalty, seat=revoke.seat)
    return Score((item,), 1, 0, _counted(scores, state.ruleset))


def _plus_5_revoke(state: GameState) -> Score:
    """DOKO 2026 II.c: the game is lost for the offender; the three others get 5 each."""
    revoke = state.revoke
    assert revoke is not None
    scores = [-15 if seat == revoke.seat else 5 for seat in range(4)]
    item = score_item("revoke_penalty", TEAM_NAMES[state.team_of[revoke.seat]], -15,
                      seat=revoke.seat)
    return Score((item,), 1, 0, _counted(scores, state.ruleset))


def _lost_as_black(state: GameState) -> tuple[int, Score]:
    """Mittwoch ("Allgemein", example "Falsch bedient"): the offender's team loses black
    with the calls made before the revoke ("mit den bisherigen Ansagen"), valued as if
    the innocent team had taken every trick: nothing played after the revoke counts, and
    no special point of the tricks (the example counts none; 'against the club queens'
    is part of the result, 'Grundergebnis', and counts). The innocent partner's minus
    goes to the offender."""
    revoke = state.revoke
    assert revoke is not None
    offender_team = state.team_of[revoke.seat]
    points = [0, 0]
    tricks = [0, 0]
    points[1 - offender_team] = 240
    tricks[1 - offender_team] = state.n_tricks
    winner, score = _played_outcome(state, points, tricks, list(revoke.levels), specials=False)
    scores = list(score.scores)
    for seat in range(4):
        if seat != revoke.seat and state.team_of[seat] == offender_team:
            scores[revoke.seat] += scores[seat]
            scores[seat] = 0
    item = score_item("revoke_lost_as_black", TEAM_NAMES[offender_team], 0, seat=revoke.seat)
    return (1 - offender_team if winner is None else winner,
            Score((*score.items, item), score.multiplier, score.value,
                  (scores[0], scores[1], scores[2], scores[3])))


def outcome(state: GameState) -> Outcome:
    """Winner, card points and score of a finished game."""
    points, tricks = team_totals(state)
    card_points = (points[RE], points[CONTRA])
    penalty = state.ruleset.revoke_penalty if state.revoke is not None else "none"
    if penalty == "ddv":
        return Outcome(card_points, None, _ddv_revoke(state))
    if penalty == "offender_loses_others_plus_5":
        return Outcome(card_points, None, _plus_5_revoke(state))
    winner: int | None
    if penalty == "lost_as_black":
        winner, score = _lost_as_black(state)  # unpacked: a starred call is a generic one
    else:
        winner, score = _played_outcome(state, points, tricks, state.levels)
    return Outcome(card_points, winner, score)


# Each rule in sentences of its own, the rulebook named as the ruleset in force says it
# (the section only where the rule is that rulebook's own).
PENALTY_RULES: Final = {
    "ddv": (N_("Under {rules} the game counts as not played."),
            N_("{player} gets 12 penalty points and 3 more for each denial the opponents "
               "made. The three others get 4 points each and 1 more for each denial.")),
    "ddv_solo": (N_("Under {rules}, against a soloist, the game counts as not played."),
                 N_("{player} gets 12 penalty points and 3 more for each denial the "
                    "soloist made. The soloist gets as many plus points, the others "
                    "nothing.")),
    "offender_loses_others_plus_5": (N_("Under {rules}, {player} gets 15 minus points."),
                                     N_("The three others get 5 plus points each.")),
    "lost_as_black": (N_("Under {rules}, the team of {player} loses the game black."),
                      N_("It keeps the calls made before the revoke, with no special "
                         "points.")),
}
PENALTY_SOURCES: Final = {"ddv": "DDV TSR 9.4.3", "ddv_solo": "DDV TSR 9.4.4",
                          "offender_loses_others_plus_5": "DOKO 2026 II.c",
                          "lost_as_black": "Mittwoch rules, Allgemein"}
COUNTING: Final = {
    "plus_minus": N_("in plus and minus points"),
    "winners_only": N_("in the winners' plus points only"),
    "losers_only": N_("in the losers' minus points only"),
}


def penalty_note(state: GameState, play: tuple[Event, ...] = ()) -> Note | None:
    """What a revoke penalty replaced, for the notes of a finished game: who gets what,
    under which rule, in place of the game as played, and where the revoke was (the
    note is read on its own)."""
    revoke, penalty = state.revoke, state.ruleset.revoke_penalty
    if revoke is None or penalty not in PENALTY_RULES:
        return None
    rule = penalty
    if penalty == "ddv" and revoke.alone_known and state.team_of[revoke.seat] == CONTRA:
        rule = "ddv_solo"
    player = Seat(revoke.seat)
    cards = sum(1 for event in play[:revoke.index] if event.kind == CARD)
    first, then = PENALTY_RULES[rule]
    said = (("player", player), ("rules", Rules(state.ruleset.id, PENALTY_SOURCES[rule])))
    return Note("penalty_scored", revoke.seat,
                msg("{player} did not follow suit (trick {trick}, {nth} card). {rule} {then} "
                    "It is scored {counting}, in place of the game as played.", player=player,
                    trick=cards // 4 + 1, nth=Ordinal(cards % 4 + 1), rule=Text(first, said),
                    then=Text(then, said),
                    counting=Word(COUNTING.get(state.ruleset.counting,
                                               state.ruleset.counting))))
