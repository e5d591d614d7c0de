"""Who wins (DDV TSR 7.1), each case at its boundary, via :func:`scoring.wins`.

``levels`` per team: 0 nothing said, 1 re/contra, 2 no 90, 3 no 60, 4 no 30, 5 black.
Points and tricks are per team (re, contra); the points of the two teams add to 240.
"""

from __future__ import annotations

import pytest

from service.game.announcements import CONTRA, RE
from service.game.cards import parse_card
from service.game.deal import Deal
from service.game.gamestate import GameState, Trick
from service.game.rulesets import resolve
from service.game.scoring import outcome, wins
from service.game.setup import Setup

DDV = resolve("ddv")


def re_wins(levels, re_points, re_tricks=6, contra_tricks=6):
    return wins(RE, list(levels), [re_points, 240 - re_points], [re_tricks, contra_tricks], DDV)


def contra_wins(levels, contra_points, re_tricks=6, contra_tricks=6):
    return wins(CONTRA, list(levels), [240 - contra_points, contra_points],
                [re_tricks, contra_tricks], DDV)


# ---- TSR 7.1.1: re wins -----------------------------------------------------------


def test_re_wins_with_121_when_nothing_was_said():
    """DDV TSR 7.1.1 no. 1: re wins with the 121st point if nothing was announced; 120 is
    not enough."""
    assert re_wins((0, 0), 121)
    assert not re_wins((0, 0), 120)


def test_re_wins_with_121_when_only_re_was_said():
    """DDV TSR 7.1.1 no. 2: with only 're' announced, re needs 121."""
    assert re_wins((1, 0), 121)
    assert not re_wins((1, 0), 120)


def test_re_wins_with_121_when_re_and_contra_were_said():
    """DDV TSR 7.1.1 no. 3: with 're' and 'kontra' announced, re needs 121."""
    assert re_wins((1, 1), 121)
    assert not re_wins((1, 1), 120)


def test_re_wins_with_120_when_only_contra_was_said():
    """DDV TSR 7.1.1 no. 4: if only 'kontra' was announced, re wins with the 120th point;
    119 is not enough."""
    assert re_wins((0, 1), 120)
    assert not re_wins((0, 1), 119)


@pytest.mark.parametrize(("level", "needed"), [(2, 151), (3, 181), (4, 211)])
def test_re_bid_needs_151_181_211(level, needed):
    """DDV TSR 7.1.1 no. 5: re wins with the 151st (181st, 211th) point after it bid no 90
    (no 60, no 30) against contra; one point fewer loses."""
    assert re_wins((level, 0), needed)
    assert not re_wins((level, 0), needed - 1)
    assert re_wins((level, 1), needed)
    assert not re_wins((level, 1), needed - 1)


def test_re_black_bid_needs_all_tricks():
    """DDV TSR 7.1.1 no. 6: after bidding black, re wins only with all tricks: a single
    contra trick, even one worth no points, loses (240 points are not enough)."""
    assert re_wins((5, 0), 240, re_tricks=12, contra_tricks=0)
    assert not re_wins((5, 0), 240, re_tricks=11, contra_tricks=1)


@pytest.mark.parametrize(("level", "needed"), [(2, 90), (3, 60), (4, 30)])
def test_re_wins_with_90_60_30_against_contras_bid(level, needed):
    """DDV TSR 7.1.1 no. 7: after contra bid no 90 (no 60, no 30), re wins with the 90th (60th,
    30th) point if it bid nothing higher itself; also after saying 're'."""
    assert re_wins((0, level), needed)
    assert not re_wins((0, level), needed - 1)
    assert re_wins((1, level), needed)
    assert not re_wins((1, level), needed - 1)


def test_re_wins_with_one_trick_against_contras_black():
    """DDV TSR 7.1.1 no. 8: after contra bid black, re wins with its first trick, whatever it
    is worth; without a trick it loses."""
    assert re_wins((1, 5), 0, re_tricks=1, contra_tricks=11)
    assert not re_wins((1, 5), 0, re_tricks=0, contra_tricks=12)


def test_re_own_bid_overrides_the_lower_target_against_contras_bid():
    """DDV TSR 7.1.1 nos. 5 and 7: 'und die Re-Partei sich nicht durch eine Absage zu einer
    höheren Augenzahl verpflichtet hat': re said no 90, contra no 60: re needs 151, not 60."""
    assert not re_wins((2, 3), 150)
    assert re_wins((2, 3), 151)


# ---- TSR 7.1.2: contra wins -------------------------------------------------------


def test_contra_wins_with_120_when_nothing_was_said():
    """DDV TSR 7.1.2 no. 1: contra wins with the 120th point if nothing was announced."""
    assert contra_wins((0, 0), 120)
    assert not contra_wins((0, 0), 119)


def test_contra_wins_with_120_when_only_re_was_said():
    """DDV TSR 7.1.2 no. 2: with only 're' announced, contra wins with 120."""
    assert contra_wins((1, 0), 120)
    assert not contra_wins((1, 0), 119)


def test_contra_wins_with_120_when_re_and_contra_were_said():
    """DDV TSR 7.1.2 no. 3: with 're' and 'kontra' announced, contra wins with 120."""
    assert contra_wins((1, 1), 120)
    assert not contra_wins((1, 1), 119)


def test_contra_needs_121_when_only_contra_was_said():
    """DDV TSR 7.1.2 no. 4: if only 'kontra' was announced, contra needs the 121st point."""
    assert contra_wins((0, 1), 121)
    assert not contra_wins((0, 1), 120)


@pytest.mark.parametrize(("level", "needed"), [(2, 151), (3, 181), (4, 211)])
def test_contra_bid_needs_151_181_211(level, needed):
    """DDV TSR 7.1.2 no. 5: contra wins with the 151st (181st, 211th) point after it bid no 90
    (no 60, no 30) against re."""
    assert contra_wins((0, level), needed)
    assert not contra_wins((0, level), needed - 1)
    assert contra_wins((1, level), needed)
    assert not contra_wins((1, level), needed - 1)


def test_contra_black_bid_needs_all_tricks():
    """DDV TSR 7.1.2 no. 6: after bidding black, contra wins only with all tricks."""
    assert contra_wins((0, 5), 240, re_tricks=0, contra_tricks=12)
    assert not contra_wins((0, 5), 240, re_tricks=1, contra_tricks=11)


@pytest.mark.parametrize(("level", "needed"), [(2, 90), (3, 60), (4, 30)])
def test_contra_wins_with_90_60_30_against_res_bid(level, needed):
    """DDV TSR 7.1.2 no. 7: after re bid no 90 (no 60, no 30), contra wins with the 90th (60th,
    30th) point if it bid nothing higher itself; also after saying 'kontra'."""
    assert contra_wins((level, 0), needed)
    assert not contra_wins((level, 0), needed - 1)
    assert contra_wins((level, 1), needed)
    assert not contra_wins((level, 1), needed - 1)


def test_contra_wins_with_one_trick_against_res_black():
    """DDV TSR 7.1.2 no. 8: after re bid black, contra wins with its first trick."""
    assert contra_wins((5, 0), 0, re_tricks=11, contra_tricks=1)
    assert not contra_wins((5, 0), 0, re_tricks=12, contra_tricks=0)


def test_contra_own_bid_overrides_the_lower_target_against_res_bid():
    """DDV TSR 7.1.2 nos. 5 and 7: contra said no 60 against re's no 90: contra needs 181, its
    90 points against re's bid do not count."""
    assert not contra_wins((2, 3), 180)
    assert contra_wins((2, 3), 181)


# ---- exactly one winner, or nobody (TSR 7.1.3) -----------------------------------


@pytest.mark.parametrize("levels", [(0, 0), (1, 0), (0, 1), (1, 1), (2, 0), (0, 2), (1, 3),
                                    (4, 1), (5, 0), (0, 5)])
def test_without_bids_on_both_sides_exactly_one_team_wins(levels):
    """DDV TSR 7.1.1 and 7.1.2: unless both teams bid (7.1.3), for every split of the 240
    points exactly one team has won."""
    for re_points in range(241):
        for re_tricks in (0, 1, 6, 11, 12):
            if (re_tricks == 0 and re_points) or (re_tricks == 12 and re_points < 240):
                continue
            args = ([re_points, 240 - re_points], [re_tricks, 12 - re_tricks])
            assert wins(RE, list(levels), *args, DDV) != wins(CONTRA, list(levels), *args, DDV)


def test_both_teams_miss_their_bids_nobody_wins():
    """DDV TSR 7.1.3: 'Erreichen beide Parteien ihr abgesagtes Ziel nicht, hat keine Partei
    gewonnen': re bid no 90 and has 150, contra bid no 90 and has 90."""
    assert not re_wins((2, 2), 150)
    assert not contra_wins((2, 2), 90)


def test_both_bid_no90_one_reaches_151_that_team_wins():
    """DDV TSR 7.1.1 no. 5 and 7.1.3: both bid no 90; re with 151 has won, contra has not."""
    assert re_wins((2, 2), 151)
    assert not contra_wins((2, 2), 89)


def _finished_state(levels, re_points):
    """A finished normal game (seats 0, 1 re) whose 12 tricks give re ``re_points``."""
    setup = Setup("normal", "normal", (RE, RE, CONTRA, CONTRA), 0)
    state = GameState(DDV, Deal(3, ((),) * 4, 12), setup)
    # Tricks without foxes, Karlchen or 40 points, so no special points (TSR 7.2.3).
    nine = parse_card("C9")
    left = {RE: re_points, CONTRA: 240 - re_points}
    for number in range(12):
        team = RE if number < 6 else CONTRA
        share = left[team] // (6 - number % 6)
        left[team] -= share
        winner = 0 if team == RE else 2
        state.tricks.append(Trick(0, (0, 1, 2, 3), (nine,) * 4, winner, nine, share, 0))
    state.levels[:] = levels
    return state


def test_nobody_wins_outcome_has_no_winner_and_only_a_e_f_items():
    """DDV TSR 7.1.3: nobody wins; only the items of 7.2.2 (a) and (e, f) count: re has 150
    against contra's no 90: '120 reached against no 90' for re, no 'won', no announcement
    items."""
    state = _finished_state([2, 2], 150)
    result = outcome(state)
    assert result.winner is None
    codes = sorted((i.code, i.team) for i in result.score.items)
    assert codes == [("reached_120_against_no90", "re")]
