"""Properties of 200 seeded random legal games under the ddv preset, checked by the core.

The games come from :func:`random_game` (legal cards, legal calls at random moments);
:func:`check` replays and scores them. Each property is a rule of the DDV TSR that must
hold for every game.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache

import pytest

from service.game.result import CheckResult
from service.game.rulesets import resolve
from service.game.transcript import from_dict
from service.generating.random_game import random_game
from service.reading.load import check

DDV = resolve("ddv")
N_GAMES = 200
SPECIALS = {"against_club_queens", "doppelkopf", "fox_caught", "karlchen_last_trick"}


@cache
def games(game_types: bool) -> tuple[tuple[dict, CheckResult], ...]:
    """(transcript data, check result) of the seeded random games."""
    found = []
    for seed in range(N_GAMES):
        rng = random.Random(seed)
        data = random_game(DDV, rng, call_chance=0.1, game_types=game_types)
        found.append((data, check(from_dict(data, DDV))))
    return tuple(found)


KINDS = pytest.mark.parametrize("game_types", [False, True], ids=["normal", "all_types"])


@KINDS
def test_random_legal_games_are_valid_and_complete(game_types):
    """DDV TSR 5.2 and 6: games of legal cards and legal calls break no rule."""
    for data, result in games(game_types):
        assert result.violations == (), (data, result.violations)
        assert result.valid and result.complete


@KINDS
def test_every_card_is_played_once_in_twelve_tricks(game_types):
    """DDV TSR 3.3.7 and 5.3.1: 12 tricks of four cards, each dealt card played once."""
    for data, result in games(game_types):
        assert len(result.tricks) == 12
        assert all(len(t.cards) == 4 for t in result.tricks)
        played = Counter(c for t in result.tricks for c in t.cards)
        assert played == Counter(c for hand in data["hands"] for c in hand)


@KINDS
def test_card_points_add_to_240(game_types):
    """DDV TSR 2.2.2: the pack holds 240 points; the teams' card points add up to them."""
    for _, result in games(game_types):
        assert sum(t.points for t in result.tricks) == 240
        assert result.card_points["re"] + result.card_points["contra"] == 240


@KINDS
def test_trick_winner_leads_the_next_trick(game_types):
    """DDV TSR 5.1.2: from the second trick on, the winner of the previous trick leads."""
    for _, result in games(game_types):
        for before, after in zip(result.tricks, result.tricks[1:], strict=False):
            assert after.leader == before.winner


@KINDS
def test_scores_sum_to_zero_under_plus_minus(game_types):
    """DDV TSR 7.3.3 no. 1: 'Die Quersumme muss nach jedem Spiel 0 ergeben' (plus-minus,
    TSR 7.2.2)."""
    for _, result in games(game_types):
        assert sum(result.score.scores) == 0, result.score


@KINDS
def test_scores_are_all_even_or_all_odd(game_types):
    """DDV TSR 7.3.3 no. 2: without penalty points all four entries are even or all odd."""
    for _, result in games(game_types):
        assert len({s % 2 for s in result.score.scores}) == 1, result.score


@KINDS
def test_two_against_two_each_side_gets_the_value(game_types):
    """DDV TSR 7.2.2: in a normal game the winners get the value, the losers minus it."""
    for _, result in games(game_types):
        if len(result.game.re) != 2:
            continue
        value = result.score.scores[result.game.re[0]]
        for seat in result.game.re:
            assert result.score.scores[seat] == value
        for seat in result.game.contra:
            assert result.score.scores[seat] == -value
        # TSR 7.2.2/7.2.3: the items, special points netted in, signed from re's side.
        items = sum(i.points if i.team == "re" else -i.points for i in result.score.items)
        assert value == items * result.score.multiplier


@KINDS
def test_soloist_gets_three_times_the_value(game_types):
    """DDV TSR 7.2.4: the value is tripled for the soloist, each of the three opponents gets
    it once with the opposite sign, and only the items of 7.2.2 count (no special points); a
    silent marriage (TSR 4.4.5) and a bride alone after three tricks (4.4.3 b) count as a
    solo."""
    alone = 0
    for _, result in games(game_types):
        if len(result.game.re) != 1:
            continue
        alone += 1
        soloist = result.game.re[0]
        opponents = [result.score.scores[s] for s in result.game.contra]
        assert len(set(opponents)) == 1
        assert result.score.scores[soloist] == -3 * opponents[0]
        assert opponents[0] != 0
        assert not SPECIALS & {i.code for i in result.score.items}
    assert alone > 0


def test_silent_marriage_is_scored_as_solo_for_the_holder_of_both_club_queens():
    """DDV TSR 4.4.5: who holds both ♣Q and says 'gesund' plays a silent marriage, alone
    against three, scored as a solo: ×3 (7.2.4), no special points (7.2.4)."""
    silent = 0
    for data, result in games(False):
        brides = [s for s, hand in enumerate(data["hands"]) if hand.count("CQ") == 2]
        if not brides:
            assert result.game.type == "normal"
            assert len(result.game.re) == 2
            continue
        silent += 1
        assert result.game.type == "silent_marriage"
        assert result.game.re == (brides[0],)
        scores = result.score.scores
        assert scores[brides[0]] == -3 * scores[result.game.contra[0]]
        assert not SPECIALS & {i.code for i in result.score.items}
    assert silent > 10


def test_without_calls_re_wins_with_121_and_contra_with_120():
    """DDV TSR 7.1.1 no. 1 and 7.1.2 no. 1: with nothing announced, re wins with 121 card
    points, contra with 120 (seen over the random games without a call)."""
    quiet = 0
    for _, result in games(False):
        if result.announcements:
            continue
        quiet += 1
        expected = "re" if result.card_points["re"] >= 121 else "contra"
        assert result.winner == expected
        # TSR 7.2.2 (a): the winner gets the base point 'won'.
        assert ("won", expected) in {(i.code, i.team) for i in result.score.items}
    assert quiet > 10


def test_normal_game_teams_are_the_club_queen_holders():
    """DDV TSR 2.4.4: in a normal game the two holders of a ♣Q form the re team."""
    for data, result in games(False):
        if result.game.type != "normal":
            continue
        holders = tuple(s for s, hand in enumerate(data["hands"]) if "CQ" in hand)
        assert result.game.re == holders
