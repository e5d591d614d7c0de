"""Whole normal games under the DDV tournament rules (TSR, Stand 21.02.2026), by hand.

Every game here is written trick by trick from the rules, not from the service's
output: the winner of each trick is read off the card order of TSR 2.3.4 (of two equal
cards the first played wins, TSR 5.3.3), the card points are summed from the cards
(A 11, 10 10, K 4, Q 3, J 2, 9 0; TSR 2.2), and the expected winner, score items, value
and scores are derived in each test from TSR 7.1 / 7.2 with the rule cited next to it.

The deals A-G are written in ``tests/games/ddv.py``, each trick with a comment on its
points and why the winner wins. The deal is derived from the tricks
(``tests/games/builder.py``), which also checks the design against the rules before
anything is sent: leaders, the pack, the hand-written trick winners, and that a seat
that does not follow suit holds none of the led suit.

Notation: ``trick(leader, "c1 c2 c3 c4", winner=s)`` - the cards in play order from
the leader, clockwise. ``call(t, k, seat, what)`` - an announcement in trick t after k
of its cards were played (k = 0: before the trick's first card). The DDV deadlines count
the cards the announcer still holds (TSR 6.2.2, 6.3.4): re/contra >= 11, no 90 >= 10,
no 60 >= 9, no 30 >= 8, black >= 7; ``game.in_hand(seat, t, k)`` shows that count.
"""

from __future__ import annotations

import copy

import pytest
from games.builder import Game, call, card_points, suit, trick
from games.ddv import (
    DEAL_A,
    DEAL_G,
    deal_a,
    deal_b,
    deal_c,
    deal_d,
    deal_e,
    deal_f,
)
from games.expect import (
    expected_items,
    has_announcement,
    item_totals,
    seat_calls,
    tricks_of,
    violations_of,
)
from games.verdicts import assert_played_as_written, assert_violation

# Violation codes for a refused announcement whose fault is the timing of a level the
# call implies (a skipped level, or a bid after a reply that was only in time as a
# reply). The contract names both codes without saying which of the two such a case
# gets; either is an acceptable report, not reporting it is not.
TIMING_REFUSALS = {"announcement_too_late", "announcement_not_allowed"}
REPEAT_REFUSALS = {"announcement_not_raising", "announcement_not_allowed"}


def assert_normal_game(result, game, re, contra):
    """A legal complete normal game: valid, the teams, every trick as written."""
    assert_played_as_written(result, game, type="normal", re=re, contra=contra)


# ---------------------------------------------------------------------------------------
# 1-3: the plain winning thresholds
# ---------------------------------------------------------------------------------------


def test_tsr_7_1_1_no1_re_wins_with_121_without_announcements(check):
    """DDV TSR 7.1.1 no. 1: re wins with the 121st point when nothing was announced;
    7.2.2 (a): won = 1."""
    game = deal_a()
    re_points = game.points_of({0, 2})
    contra_points = game.points_of({1, 3})
    assert (re_points, contra_points) == (121, 119)  # summed from the tricks above

    result = check(game.transcript())
    assert_normal_game(result, game, re=[0, 2], contra=[1, 3])
    assert result["announcements"] == []
    assert result["card_points"] == {"re": re_points, "contra": contra_points}
    assert result["winner"] == "re"
    score = result["score"]
    # 7.2.2 (a) won 1; contra 119 is not below 90; no special points in this deal.
    assert item_totals(score) == expected_items(("won", "re", 1))
    assert score["value"] == 1
    assert score["multiplier"] == 1
    assert score["scores"] == [1, -1, 1, -1]


def test_tsr_7_1_2_no1_contra_wins_with_120_and_scores_against_the_club_queens(check):
    """DDV TSR 7.1.2 no. 1: contra wins with the 120th point when nothing was announced;
    7.2.3: "gegen die Kreuz Damen gewonnen" is a special point for contra."""
    game = deal_b()
    assert (game.points_of({0, 2}), game.points_of({1, 3})) == (120, 120)

    result = check(game.transcript())
    assert_normal_game(result, game, re=[0, 2], contra=[1, 3])
    assert result["card_points"] == {"re": 120, "contra": 120}
    assert result["winner"] == "contra"
    score = result["score"]
    # won 1 (7.2.2 a) + against the club queens 1 (7.2.3) = 2.
    assert item_totals(score) == expected_items(
        ("won", "contra", 1), ("against_club_queens", "contra", 1))
    assert score["value"] == 2
    assert score["scores"] == [-2, 2, -2, 2]


def test_tsr_7_1_1_no4_re_wins_with_120_when_only_contra_was_announced(check):
    """DDV TSR 7.1.1 no. 4: with only "Kontra" announced re wins with the 120th point.
    The contra comes at the last moment, seat 3 holding 11 cards (TSR 6.2.2)."""
    game = deal_b(call(2, 3, 3, "contra"))
    assert game.in_hand(3, 2, 3) == 11
    assert game.points_of({0, 2}) == 120

    result = check(game.transcript())
    assert_normal_game(result, game, re=[0, 2], contra=[1, 3])
    assert has_announcement(result, 3, "contra", "contra", game.call_pointer(0))
    assert result["winner"] == "re"
    score = result["score"]
    # won 1 + "Kontra angesagt" 2 (7.2.2 b, counted for the winner) = 3; no special
    # points: re won, and deal B has no Doppelkopf, fox or Karlchen.
    assert item_totals(score) == expected_items(("won", "re", 1), ("contra_announced", "re", 2))
    assert score["value"] == 3
    assert score["scores"] == [3, -3, 3, -3]


# ---------------------------------------------------------------------------------------
# 4-6: bids (Absagen)
# ---------------------------------------------------------------------------------------


def test_tsr_7_1_1_no5_re_announces_no90_and_makes_it(check):
    """DDV TSR 7.1.1 no. 5: after "keine 90" re needs 151. Re is announced with exactly
    11 cards (6.2.2) and no 90 with exactly 10 (6.3.4), both by seat 2."""
    game = deal_c(call(2, 1, 2, "re"), call(3, 1, 2, "no90"))
    assert game.in_hand(2, 2, 1) == 11
    assert game.in_hand(2, 3, 1) == 10
    re_points, contra_points = game.points_of({1, 2}), game.points_of({0, 3})
    assert (re_points, contra_points) == (165, 75)

    result = check(game.transcript())
    assert_normal_game(result, game, re=[1, 2], contra=[0, 3])
    assert has_announcement(result, 2, "re", "re", game.call_pointer(0))
    assert has_announcement(result, 2, "re", "no90", game.call_pointer(1))
    assert result["card_points"] == {"re": 165, "contra": 75}
    assert result["winner"] == "re"
    # 165 >= 151: re wins. won 1, below 90 1 (75 < 90), re 2, no 90 1 (7.2.2) = 5.
    assert item_totals(result["score"]) == expected_items(
        ("won", "re", 1), ("below_90", "re", 1), ("re_announced", "re", 2),
        ("no90_announced", "re", 1))
    assert result["score"]["value"] == 5
    assert result["score"]["scores"] == [-5, 5, 5, -5]


def test_tsr_7_1_2_no7_contra_wins_with_90_against_re_no90(check):
    """DDV TSR 7.1.2 no. 7: against re's "keine 90" contra wins with the 90th point
    (re 150 misses the 151 of 7.1.1 no. 5)."""
    game = deal_d(call(1, 0, 1, "re"), call(2, 0, 1, "no90"))
    assert game.in_hand(1, 2, 0) == 11
    re_points, contra_points = game.points_of({1, 2}), game.points_of({0, 3})
    assert (re_points, contra_points) == (150, 90)

    result = check(game.transcript())
    assert_normal_game(result, game, re=[1, 2], contra=[0, 3])
    assert result["card_points"] == {"re": 150, "contra": 90}
    assert result["winner"] == "contra"
    # won 1, "Re angesagt" 2, re's "keine 90" 1 (7.2.2 b, c: counted for the winner),
    # against the club queens 1 (7.2.3). Not "120 against no 90" (7.2.2 f): contra has
    # only 90. No "below" item: re has 150. Value 5.
    assert item_totals(result["score"]) == expected_items(
        ("won", "contra", 1), ("re_announced", "contra", 2),
        ("no90_announced", "contra", 1), ("against_club_queens", "contra", 1))
    assert result["score"]["value"] == 5
    assert result["score"]["scores"] == [5, -5, -5, 5]


def _both_no90(game_factory):
    # re by seat 1 before the first card; contra by seat 0 before its first card;
    # no 90 by seat 2 (11 cards) and by seat 3 (11 cards).
    return game_factory(call(1, 0, 1, "re"), call(1, 3, 0, "contra"),
                        call(2, 1, 2, "no90"), call(2, 2, 3, "no90"))


def test_tsr_7_1_3_both_teams_miss_their_no90_nobody_wins(check):
    """DDV TSR 7.1.3: both teams said "keine 90" and neither reached 151, so nobody
    wins; only 7.2.2 (a), (e), (f) and special points count. Re's 150 >= 120 against
    contra's no 90 earns re 1 (7.2.2 e); contra's 90 < 120 earns nothing (f)."""
    game = _both_no90(deal_d)
    assert game.in_hand(2, 2, 1) == 11 and game.in_hand(3, 2, 2) == 11
    re_points, contra_points = game.points_of({1, 2}), game.points_of({0, 3})
    assert (re_points, contra_points) == (150, 90)

    result = check(game.transcript())
    assert_normal_game(result, game, re=[1, 2], contra=[0, 3])
    for index, (seat, team, what) in enumerate(
            [(1, "re", "re"), (0, "contra", "contra"), (2, "re", "no90"),
             (3, "contra", "no90")]):
        assert has_announcement(result, seat, team, what, game.call_pointer(index))
    assert result["winner"] is None
    # 7.1.1 no. 5 / 7.1.2 no. 5: each needed 151. 7.1.1 no. 7 / 7.1.2 no. 7 do not help
    # either: each committed itself to a higher number by its own no 90.
    # (a): nobody below 90 (contra has exactly 90). (e): re reached 120 against no 90.
    # No special points in deal D; "against the club queens" needs a contra win.
    assert item_totals(result["score"]) == expected_items(
        ("reached_120_against_no90", "re", 1))
    assert result["score"]["value"] == 1  # signed from re's side
    assert result["score"]["scores"] == [-1, 1, 1, -1]


def test_tsr_7_1_1_no5_both_teams_bid_no90_and_re_makes_151(check):
    """DDV TSR 7.1.1 no. 5: both teams said "keine 90"; re with 165 reaches its 151 and
    wins. Every announcement of both teams counts for the winner (7.2.2 b-d), and re's
    120 against contra's no 90 too (7.2.2 e)."""
    game = _both_no90(deal_c)
    re_points, contra_points = game.points_of({1, 2}), game.points_of({0, 3})
    assert (re_points, contra_points) == (165, 75)

    result = check(game.transcript())
    assert_normal_game(result, game, re=[1, 2], contra=[0, 3])
    assert result["winner"] == "re"
    # won 1, below 90 1, re 2, contra 2, re's no 90 1, contra's no 90 1,
    # 120 against no 90 1 = 9.
    assert item_totals(result["score"]) == expected_items(
        ("won", "re", 1), ("below_90", "re", 1), ("re_announced", "re", 2),
        ("contra_announced", "re", 2), ("no90_announced", "re", 1),
        ("no90_announced", "re", 1), ("reached_120_against_no90", "re", 1))
    assert result["score"]["value"] == 9
    assert result["score"]["scores"] == [-9, 9, 9, -9]


# ---------------------------------------------------------------------------------------
# 7: black
# ---------------------------------------------------------------------------------------


def test_tsr_7_2_2_a_black_game_scores_every_level(check):
    """DDV TSR 7.2.2 (a): re takes all twelve tricks: won 1, below 90, 60, 30 and black
    1 each = 5."""
    game = deal_e()
    assert game.points_of({2, 3}) == 240
    assert all(t.winner in {2, 3} for t in game.tricks)

    result = check(game.transcript())
    assert_normal_game(result, game, re=[2, 3], contra=[0, 1])
    assert result["card_points"] == {"re": 240, "contra": 0}
    assert result["winner"] == "re"
    assert item_totals(result["score"]) == expected_items(
        ("won", "re", 1), ("below_90", "re", 1), ("below_60", "re", 1),
        ("below_30", "re", 1), ("black", "re", 1))
    assert result["score"]["value"] == 5
    assert result["score"]["scores"] == [-5, -5, 5, 5]


def test_tsr_6_4_3_black_announced_before_the_first_card_implies_every_level(check):
    """DDV TSR 6.4.3: "schwarz" said with 12 cards skips re, no 90, no 60, no 30, all
    still in time, and "all levels count"; 7.1.1 no. 6: re needs every trick and gets
    it. 7.2.2: won 1 + below 90/60/30/black 4 + re 2 + no 90/60/30/black 4 = 11."""
    game = deal_e(call(1, 0, 2, "black"))
    assert game.in_hand(2, 1, 0) == 12

    result = check(game.transcript())
    assert_normal_game(result, game, re=[2, 3], contra=[0, 1])
    assert has_announcement(result, 2, "re", "black", game.call_pointer(0))
    assert result["winner"] == "re"
    assert item_totals(result["score"]) == expected_items(
        ("won", "re", 1), ("below_90", "re", 1), ("below_60", "re", 1),
        ("below_30", "re", 1), ("black", "re", 1), ("re_announced", "re", 2),
        ("no90_announced", "re", 1), ("no60_announced", "re", 1),
        ("no30_announced", "re", 1), ("black_announced", "re", 1))
    assert result["score"]["value"] == 11
    assert result["score"]["scores"] == [-11, -11, 11, 11]


# ---------------------------------------------------------------------------------------
# 8: a reply and a bid after it (TSR 6.4.4)
# ---------------------------------------------------------------------------------------


def test_tsr_6_4_4_bid_after_a_reply_that_was_in_time_as_first_announcement(check):
    """DDV TSR 6.4.4: seat 1 says re before the first card; seat 3 answers contra with 11
    cards - in time even as a first announcement (6.2.2) - so seat 0's "keine 90" with
    10 cards (6.3.4) is legal. Contra then needs 151 (7.1.2 no. 5) and re wins with 90
    (7.1.1 no. 7), here with 165."""
    game = deal_c(call(1, 0, 1, "re"), call(2, 2, 3, "contra"), call(3, 3, 0, "no90"))
    assert game.in_hand(3, 2, 2) == 11
    assert game.in_hand(0, 3, 3) == 10
    assert (game.points_of({1, 2}), game.points_of({0, 3})) == (165, 75)

    result = check(game.transcript())
    assert_normal_game(result, game, re=[1, 2], contra=[0, 3])
    assert has_announcement(result, 3, "contra", "contra", game.call_pointer(1))
    assert has_announcement(result, 0, "contra", "no90", game.call_pointer(2))
    assert result["winner"] == "re"
    # won 1, below 90 1 (75), re 2, contra 2, contra's no 90 1 (7.2.2 d),
    # 120 against no 90 1 (7.2.2 e) = 8.
    assert item_totals(result["score"]) == expected_items(
        ("won", "re", 1), ("below_90", "re", 1), ("re_announced", "re", 2),
        ("contra_announced", "re", 2), ("no90_announced", "re", 1),
        ("reached_120_against_no90", "re", 1))
    assert result["score"]["value"] == 8
    assert result["score"]["scores"] == [-8, 8, 8, -8]


def test_tsr_6_4_4_bid_after_a_reply_only_in_time_as_reply_is_refused(check):
    """DDV TSR 6.4.4: seat 3 answers re with 10 cards - one fewer than re needed (11),
    legal only as a reply. "Eine Absage der eigenen Partei danach ist nur dann
    regelgerecht, wenn die Erwiderung auch als Erstansage rechtzeitig erfolgt wäre":
    seat 0's no 90 with 10 cards is refused and does not count."""
    game = deal_c(call(1, 0, 1, "re"), call(3, 2, 3, "contra"), call(3, 3, 0, "no90"))
    assert game.in_hand(3, 3, 2) == 10
    assert game.in_hand(0, 3, 3) == 10

    result = check(game.transcript())
    assert_violation(result, TIMING_REFUSALS, game.call_pointer(2), seat=0)
    assert [v["pointer"] for v in result["violations"]] == [game.call_pointer(2)]
    assert has_announcement(result, 3, "contra", "contra", game.call_pointer(1))
    assert result["winner"] == "re"
    # The reply counts, the bid does not: won 1, below 90 1, re 2, contra 2 = 6.
    assert item_totals(result["score"]) == expected_items(
        ("won", "re", 1), ("below_90", "re", 1), ("re_announced", "re", 2),
        ("contra_announced", "re", 2))
    assert result["score"]["value"] == 6
    assert result["score"]["scores"] == [-6, 6, 6, -6]


# ---------------------------------------------------------------------------------------
# 9-10: announcements too late, skipped levels
# ---------------------------------------------------------------------------------------


def test_tsr_6_2_2_re_one_card_too_late_is_refused_and_not_counted(check):
    """DDV TSR 6.2.2: re needs at least 11 cards in hand; seat 2 says it with 10. The
    call is refused; re still wins with 121 (7.1.1 no. 1): value 1, not 3."""
    game = deal_a(call(3, 2, 2, "re"))
    assert game.in_hand(2, 3, 2) == 10

    result = check(game.transcript())
    assert_violation(result, "announcement_too_late", game.call_pointer(0), seat=2)
    assert [v["pointer"] for v in result["violations"]] == [game.call_pointer(0)]
    assert result["winner"] == "re"
    assert item_totals(result["score"]) == expected_items(("won", "re", 1))
    assert result["score"]["value"] == 1
    assert result["score"]["scores"] == [1, -1, 1, -1]


def test_tsr_6_3_4_no90_one_card_too_late_is_refused_and_not_counted(check):
    """DDV TSR 6.3.4: no 90 needs at least 10 cards; seat 0 (re said in time) says it
    with 9. Refused: re keeps needing only 121 (7.1.1 no. 2) and wins with 121:
    won 1 + re 2 = 3. Had it counted, contra would have won with 119 >= 90."""
    game = deal_a(call(1, 0, 0, "re"), call(4, 3, 0, "no90"))
    assert game.in_hand(0, 4, 3) == 9

    result = check(game.transcript())
    assert_violation(result, "announcement_too_late", game.call_pointer(1), seat=0)
    assert [v["pointer"] for v in result["violations"]] == [game.call_pointer(1)]
    assert has_announcement(result, 0, "re", "re", game.call_pointer(0))
    assert result["winner"] == "re"
    assert item_totals(result["score"]) == expected_items(
        ("won", "re", 1), ("re_announced", "re", 2))
    assert result["score"]["value"] == 3
    assert result["score"]["scores"] == [3, -3, 3, -3]


def test_tsr_6_2_2_contra_one_card_too_late_without_re_is_no_reply(check):
    """DDV TSR 6.2.2 / 6.4.4: contra with 10 cards is too late as a first announcement,
    and with no re said it is no reply. Not counted: contra wins with 120 (7.1.2 no. 1),
    not re with 120 as 7.1.1 no. 4 would give if it counted."""
    game = deal_b(call(3, 1, 1, "contra"))
    assert game.in_hand(1, 3, 1) == 10

    result = check(game.transcript())
    assert_violation(result, "announcement_too_late", game.call_pointer(0), seat=1)
    assert [v["pointer"] for v in result["violations"]] == [game.call_pointer(0)]
    assert result["winner"] == "contra"
    assert item_totals(result["score"]) == expected_items(
        ("won", "contra", 1), ("against_club_queens", "contra", 1))
    assert result["score"]["value"] == 2
    assert result["score"]["scores"] == [-2, 2, -2, 2]


@pytest.mark.parametrize(
    ("what", "trick_no", "before", "cards"),
    [
        # no 60 with 9 cards: itself in time (>= 9), but re (11) and no 90 (10) are not.
        ("no60", 4, 3, 9),
        # no 90 with 10 cards: itself in time (>= 10), but the implied re (11) is not.
        ("no90", 3, 1, 10),
    ],
)
def test_tsr_6_4_3_skipping_a_level_no_longer_in_time_is_refused(check, what, trick_no,
                                                                 before, cards):
    """DDV TSR 6.4.3: levels may be skipped only if each skipped level is still in time
    ("unzulässig, eine unterlassene An- bzw. Absage nach dem spätestmöglichen Zeitpunkt
    durch die nächste Absage nachzuholen"). Refused and not counted: re wins 165 : 75
    with nothing announced: won 1 + below 90 1 = 2."""
    game = deal_c(call(trick_no, before, 2, what))
    assert game.in_hand(2, trick_no, before) == cards

    result = check(game.transcript())
    assert_violation(result, TIMING_REFUSALS, game.call_pointer(0), seat=2)
    assert [v["pointer"] for v in result["violations"]] == [game.call_pointer(0)]
    assert result["winner"] == "re"
    assert item_totals(result["score"]) == expected_items(
        ("won", "re", 1), ("below_90", "re", 1))
    assert result["score"]["value"] == 2
    assert result["score"]["scores"] == [-2, 2, 2, -2]


def test_tsr_6_4_3_skipping_levels_still_in_time_counts_every_level(check):
    """DDV TSR 6.4.3: seat 1 says no 60 with 11 cards; re (11), no 90 (10) and no 60 (9)
    are all in time, so it is legal and all levels count. Re now needs 181 (7.1.1 no. 5)
    and has 165; contra wins with 60 against no 60 (7.1.2 no. 7), having 75."""
    game = deal_c(call(2, 0, 1, "no60"))
    assert game.in_hand(1, 2, 0) == 11

    result = check(game.transcript())
    assert_normal_game(result, game, re=[1, 2], contra=[0, 3])
    assert has_announcement(result, 1, "re", "no60", game.call_pointer(0))
    assert result["winner"] == "contra"
    # won 1, re 2, no 90 1, no 60 1 (7.2.2 b, c: implied levels included), against the
    # club queens 1 (7.2.3). Contra's 75 reaches neither 90 against no 60 nor 120
    # against no 90 (7.2.2 f). Value 6.
    assert item_totals(result["score"]) == expected_items(
        ("won", "contra", 1), ("re_announced", "contra", 2),
        ("no90_announced", "contra", 1), ("no60_announced", "contra", 1),
        ("against_club_queens", "contra", 1))
    assert result["score"]["value"] == 6
    assert result["score"]["scores"] == [6, -6, -6, 6]


def test_tsr_6_4_7_repeating_an_identical_announcement_is_refused(check):
    """DDV TSR 6.4.7: "Eine Wiederholung identischer An- bzw. Absagen einer Partei ist
    nicht zulässig": seat 2 repeats its partner's re. Re counts once: 165 : 75 gives
    won 1, below 90 1, re 2 = 4."""
    game = deal_c(call(1, 0, 1, "re"), call(1, 1, 2, "re"))

    result = check(game.transcript())
    assert_violation(result, REPEAT_REFUSALS, game.call_pointer(1), seat=2)
    assert [v["pointer"] for v in result["violations"]] == [game.call_pointer(1)]
    assert item_totals(result["score"]) == expected_items(
        ("won", "re", 1), ("below_90", "re", 1), ("re_announced", "re", 2))
    assert result["score"]["value"] == 4


def test_tsr_6_2_2_re_said_by_a_contra_player_is_refused(check):
    """DDV TSR 6.2.2: "Re" is announced with the club queens, "Kontra" against them.
    Seat 0 holds no ♣Q: its "re" is refused and not counted (won 1, below 90 1 = 2)."""
    game = deal_c(call(1, 3, 0, "re"))
    assert 0 not in game.seats_with("CQ")

    result = check(game.transcript())
    assert_violation(result, "announcement_wrong_team", game.call_pointer(0), seat=0)
    assert [v["pointer"] for v in result["violations"]] == [game.call_pointer(0)]
    assert item_totals(result["score"]) == expected_items(
        ("won", "re", 1), ("below_90", "re", 1))
    assert result["score"]["value"] == 2


# ---------------------------------------------------------------------------------------
# 11: special points
# ---------------------------------------------------------------------------------------


def test_tsr_7_2_3_doppelkopf_fox_and_karlchen_netted_between_the_teams(check):
    """DDV TSR 7.2.3: special points are netted between the teams first, then with the
    7.2.2 points. Contra wins 130 : 110 (7.1.2 no. 1): won 1, against the club queens 1,
    Doppelkopf (trick 2) 1, fox caught (trick 6) 1 = 4; re: Doppelkopf (trick 1) 1,
    Karlchen (trick 12) 1 = 2. Value 4 - 2 = 2."""
    game = deal_f()
    tricks = game.tricks
    assert card_points(tricks[0].cards) == 42 and card_points(tricks[1].cards) == 42
    assert tricks[5].card_of(0) == "DA" and tricks[5].winner == 1  # seat 0 is re
    assert tricks[11].cards[0] == "CJ" and tricks[11].winner == 0
    re_points, contra_points = game.points_of({0, 3}), game.points_of({1, 2})
    assert (re_points, contra_points) == (110, 130)

    result = check(game.transcript())
    assert_normal_game(result, game, re=[0, 3], contra=[1, 2])
    assert result["card_points"] == {"re": 110, "contra": 130}
    assert result["winner"] == "contra"
    assert item_totals(result["score"]) == expected_items(
        ("won", "contra", 1), ("against_club_queens", "contra", 1),
        ("doppelkopf", "contra", 1, 2), ("fox_caught", "contra", 1, 6),
        ("doppelkopf", "re", 1, 1), ("karlchen_last_trick", "re", 1, 12))
    assert result["score"]["value"] == 2
    assert result["score"]["scores"] == [-2, 2, 2, -2]


# ---------------------------------------------------------------------------------------
# 12: play violations
# ---------------------------------------------------------------------------------------


def _revoke_game():
    """Deal A, but seat 1 plays ♥K in trick 6 (trump led) while still holding trumps and
    the ♦K it then plays in trick 7 (hearts led, by then void in hearts). Winners stay
    as in deal A (♦Q wins trick 6, ♥J trick 7)."""
    tricks = list(DEAL_A)
    tricks[5] = trick(3, "DQ D9 HK DJ", winner=3)
    tricks[6] = trick(3, "HA HJ DK D9", winner=0)
    return Game(3, tricks, check_design=False)


def test_tsr_5_2_2_revoke_is_reported_at_its_card(check):
    """DDV TSR 5.2.2 (Bedienpflicht): trump is led in trick 6 and seat 1 plays ♥K while
    holding ♦K, ♦A, ♠J, ♥Q, ♠Q, ♥10."""
    game = _revoke_game()
    # The only rule this game breaks (checked from the rules by the fixture builder):
    problems = game.design_problems()
    assert len(problems) == 1 and problems[0].startswith("trick 6: seat 1 plays HK on T")
    held = game.held_at(1, 6, 2)
    assert "HK" in held and {"DK", "DA", "SJ", "HQ", "SQ", "H10"} <= set(held)

    result = check(game.transcript())
    assert result["valid"] is False
    assert ("follow_suit", game.card_pointer(6, 2), 1) in violations_of(result)
    assert {v["code"] for v in result["violations"]} == {"follow_suit"}


def test_tsr_6_1_1_card_not_in_hand_is_reported(check):
    """DDV TSR 6.1.1 / 5.2: a seat can only play a card it holds. Seat 0 leads ♠J in
    trick 12; it never held one (its last card is ♦Q)."""
    game = deal_a()
    assert "SJ" not in game.hands[0]
    transcript = game.transcript()
    pointer = game.card_pointer(12, 0)
    index = int(pointer.rsplit("/", 1)[1])
    assert transcript["play"][index] == {"seat": 0, "card": "DQ"}
    transcript["play"][index] = {"seat": 0, "card": "SJ"}

    result = check(transcript)
    assert result["valid"] is False
    assert ("card_not_in_hand", pointer, 0) in violations_of(result)


def test_tsr_5_2_1_card_out_of_turn_is_reported(check):
    """DDV TSR 5.2.1: after the leader the others play clockwise. In trick 12 (seat 0
    leads) seat 3 plays its card before seat 2."""
    game = deal_a()
    transcript = game.transcript()
    third = int(game.card_pointer(12, 2).rsplit("/", 1)[1])
    fourth = int(game.card_pointer(12, 3).rsplit("/", 1)[1])
    play = transcript["play"]
    assert (play[third]["seat"], play[fourth]["seat"]) == (2, 3)
    play[third], play[fourth] = play[fourth], play[third]

    result = check(transcript)
    assert result["valid"] is False
    assert ("turn_order", f"/play/{third}", 3) in violations_of(result)


def test_tsr_5_1_1_wrong_first_leader_is_reported(check):
    """DDV TSR 5.1.1: the first trick is led by the player who began the reservation
    round, the dealer's left neighbour. With dealer 0 that is seat 1; seat 0 leads."""
    game = deal_a()
    transcript = game.transcript()
    transcript["dealer"] = 0
    transcript["reservations"] = [{"seat": s, "reservation": "healthy"} for s in (1, 2, 3, 0)]
    assert transcript["play"][0] == {"seat": 0, "card": "CA"}

    result = check(transcript)
    assert result["valid"] is False
    assert ("wrong_leader", "/play/0", 0) in violations_of(result)
    assert {v["code"] for v in result["violations"]} == {"wrong_leader"}


def test_every_violation_is_reported_not_only_the_first(check):
    """Contract (transcript.md): "Every violation found is listed, not only the first".
    One transcript with a late re (TSR 6.2.2), a revoke in trick 6 (5.2.2), a card not
    in hand (6.1.1) and a card out of turn (5.2.1) in trick 12."""
    game = _revoke_game()
    game = Game(3, game.tricks, [call(3, 2, 2, "re")], check_design=False)
    transcript = game.transcript()
    play = transcript["play"]
    lead = int(game.card_pointer(12, 0).rsplit("/", 1)[1])
    third = int(game.card_pointer(12, 2).rsplit("/", 1)[1])
    fourth = int(game.card_pointer(12, 3).rsplit("/", 1)[1])
    play[lead] = {"seat": 0, "card": "SJ"}
    play[third], play[fourth] = play[fourth], play[third]

    result = check(transcript)
    assert result["valid"] is False
    found = violations_of(result)
    expected = {
        ("announcement_too_late", game.call_pointer(0), 2),
        ("follow_suit", game.card_pointer(6, 2), 1),
        ("card_not_in_hand", f"/play/{lead}", 0),
        ("turn_order", f"/play/{third}", 3),
    }
    assert expected <= found, f"missing: {expected - found}"


# ---------------------------------------------------------------------------------------
# 13: silent marriage
# ---------------------------------------------------------------------------------------


def test_tsr_4_4_5_silent_marriage_is_detected_and_scored_as_a_solo(check):
    """DDV TSR 4.4.5 / 7.2.4: seat 0 holds both ♣Q and said healthy: a silent marriage,
    scored as a solo - only the 7.2.2 points, no special points (the ♦A of seat 2 that
    seat 0 wins in trick 10 is no fox here), the soloist's score ×3."""
    game = Game(3, DEAL_G)
    assert game.seats_with("CQ") == [0, 0]
    assert DEAL_G[9].card_of(2) == "DA" and DEAL_G[9].winner == 0
    solo_points, others = game.points_of({0}), game.points_of({1, 2, 3})
    assert (solo_points, others) == (121, 119)

    result = check(game.transcript())
    assert result["valid"] is True
    assert result["violations"] == []
    assert result["game"]["type"] == "silent_marriage"
    assert result["game"]["declarer"] == 0
    assert result["game"]["re"] == [0]
    assert sorted(result["game"]["contra"]) == [1, 2, 3]
    assert any(n["code"] == "silent_marriage" for n in result["notes"])
    assert tricks_of(result) == game.tricks_json()
    assert result["card_points"] == {"re": 121, "contra": 119}
    assert result["winner"] == "re"
    # 121 wins (7.1.1 no. 1): won 1; no special points in a solo (7.2.4).
    assert item_totals(result["score"]) == expected_items(("won", "re", 1))
    assert result["score"]["value"] == 1
    assert result["score"]["scores"] == [3, -1, -1, -1]


# ---------------------------------------------------------------------------------------
# 14: partial games and what may legally happen next
# ---------------------------------------------------------------------------------------

ALL_BIDS = {"no90", "no60", "no30", "black"}


def test_tsr_5_2_2_partial_game_trump_lead_must_be_answered_with_trump(check):
    """DDV TSR 5.2.2: seat 0 leads ♦Q (trump) to trick 1; seat 1 holds six trumps and
    six plain cards and may play only its trumps. Nobody has announced and every seat
    still holds 11 or 12 cards, so all calls of its own team are open (6.2.2, 6.3.4,
    6.4.3)."""
    game = deal_a()
    transcript = game.transcript()
    transcript["play"] = [{"seat": 0, "card": "DQ"}]
    seat1 = set(game.hands[1])
    assert seat1 >= {"DK", "DA", "SJ", "HQ", "SQ", "H10", "HK", "CA"}

    result = check(transcript)
    assert result["valid"] is True
    assert result["complete"] is False
    assert result["score"] is None
    actions = result["legal_actions"]
    assert actions["seat"] == 1
    assert set(actions["cards"]) == {"DK", "DA", "SJ", "HQ", "SQ", "H10"}
    assert seat_calls(actions) == {
        0: {"re"} | ALL_BIDS,       # 11 cards: re and every bid still in time
        1: {"contra"} | ALL_BIDS,   # 12 cards
        2: {"re"} | ALL_BIDS,
        3: {"contra"} | ALL_BIDS,
    }


def test_tsr_6_4_4_partial_game_announcements_still_open_at_the_deadlines(check):
    """DDV TSR 6.2.2, 6.3.4, 6.4.3, 6.4.4, 6.4.7 and 5.2.2. Deal A with re said by seat 0
    before the first card, stopped in trick 3 after seat 0 (♣9) and seat 1 (♣A):
    seat 2 must follow clubs with its only club, ♣10. Cards in hand: 0 and 1 hold 9,
    2 and 3 hold 10.
      seat 0 (re): no 90 needs 10 - too late, and no 60 would skip it: nothing.
      seat 2 (re): no 90 (10) and every higher bid; re again is a repeat (6.4.7).
      seat 3 (contra): contra as a reply with 10 (re needed 11, 6.4.4); a bid after that
        reply would not be legal, as the reply would not be in time as a first one.
      seat 1 (contra): 9 cards, too late even for the reply: nothing."""
    game = deal_a(call(1, 0, 0, "re"))
    transcript = game.transcript(cards=10)
    assert [game.in_hand(s, 3, 2) for s in range(4)] == [9, 9, 10, 10]
    clubs = [c for c in game.held_at(2, 3, 2) if suit(c) == "C"]
    assert clubs == ["C10"]

    result = check(transcript)
    assert result["valid"] is True
    assert result["complete"] is False
    assert result["score"] is None
    actions = result["legal_actions"]
    assert actions["seat"] == 2
    assert set(actions["cards"]) == {"C10"}
    assert seat_calls(actions) == {2: set(ALL_BIDS), 3: {"contra"}}


# ---------------------------------------------------------------------------------------
# The deal
# ---------------------------------------------------------------------------------------


def test_tsr_3_3_7_hand_with_11_cards_is_reported(check):
    """DDV TSR 3.3.7 / 3.3.9: every player holds 12 cards. Seat 2's hand has 11."""
    transcript = deal_a().transcript()
    transcript["hands"][2] = transcript["hands"][2][:11]

    result = check(transcript)
    assert result["valid"] is False
    assert ("deal_card_count", "/hands/2", 2) in violations_of(result)


def test_tsr_2_2_unknown_card_in_a_hand_is_reported(check):
    """DDV TSR 2.2.1: the pack has no ♣8; seat 1's first card is written "C8"."""
    transcript = deal_a().transcript()
    assert transcript["hands"][1][0] == "C9"
    transcript["hands"][1][0] = "C8"

    result = check(transcript)
    assert result["valid"] is False
    assert ("unknown_card", "/hands/1/0", 1) in violations_of(result)


def test_tsr_2_2_unknown_card_in_play_is_reported(check):
    """DDV TSR 2.2.1: a card event naming no card of the pack ("DX") is reported at it."""
    game = deal_a()
    transcript = game.transcript()
    pointer = game.card_pointer(12, 0)
    transcript["play"][int(pointer.rsplit("/", 1)[1])] = {"seat": 0, "card": "DX"}

    result = check(transcript)
    assert result["valid"] is False
    assert ("unknown_card", pointer, 0) in violations_of(result)


def test_tsr_2_2_1_card_three_times_is_reported_at_the_third_copy(check):
    """DDV TSR 2.2.1: every card is in the pack twice. Seat 3's first card becomes a ♣A,
    the third one when the hands are read in seat order."""
    transcript = deal_a().transcript()
    hands = copy.deepcopy(transcript["hands"])
    hands[3][0] = "CA"
    transcript["hands"] = hands
    seen = 0
    third = None
    for seat, hand in enumerate(hands):
        for position, card in enumerate(hand):
            if card == "CA":
                seen += 1
                if seen == 3:
                    third = (seat, position)
    assert third == (3, 0)

    result = check(transcript)
    assert result["valid"] is False
    assert ("card_too_often", "/hands/3/0", 3) in violations_of(result)
