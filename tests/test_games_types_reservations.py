"""The reservation round, written by hand from the rules: which reservation is played
when several are made, who is entitled to what, throwing (redeal), and the asking order.

Sources: DDV TSR 4.1.2 (asked from the dealer's left), 4.1.5 (duty solo > lust solo >
marriage), 4.1.6 (all duty solos first, then the lust solos; with several reservations
a marriage never comes through), 4.1.7 (among equal reservations the earlier seat);
seed 002 (FreeDoko) 6.1 (duty solo > lust solo > poverty > marriage; "An announced
Reservation is obligatory"), 6.5 and 6.5.1 (throwing nines: "more than four nines");
seed 003 (Mittwoch) "Allgemein" ("Unter keinen Umständen wird geschmissen"; "Soli haben
Vorrang vor anderen Sonderspielen") and "Reizen" ("Bei mehreren Soli entscheidet die
höhere Ansage ...; bei gleichen Ansagen haben in der Liste weiter oben stehende Soli
Vorrang; bei identischen Soli und Ansagen entscheidet die Sitzreihenfolge"); seed 004
(DOKO 2026) II.b "Rangfolge bei Solospiel" (1. queens, 2. jacks, 3. colour solos, 4.
trump solo, 5. meatless).

Most transcripts stop before the first card: the reservation round and the declared
game are checked all the same (``complete: false``).
"""

from __future__ import annotations

import pytest
from games.kinds import complete_deal, said_solo, solo, transcript
from games.rulesets import ruleset
from games.verdicts import (
    assert_played_as_written,
    assert_score,
    assert_valid_complete,
    assert_violation,
    codes_at,
)
from test_games_types_solo import clubs_duty


def lust(kind: str, **more) -> dict:
    return said_solo(kind, **more)


def duty(kind: str) -> dict:
    return said_solo(kind, duty=True)


MARRIAGE = {"reservation": "marriage"}
POVERTY = {"reservation": "poverty"}

# Seat 0: both ♣Q (a marriage); seat 1: two trumps, ♦K ♥J (a poverty); seat 2: five or
# more nines (throwing nines); seat 3 the rest.
HANDS = complete_deal({
    0: ["CQ", "CQ"],
    1: ["DK", "HJ", "CA", "CA", "C10", "CK", "SA", "SA", "S10", "SK", "HA", "HK"],
    2: ["C9", "C9", "S9", "S9", "H9"],
})
FOUR_NINES = complete_deal({2: ["C9", "C9", "S9", "S9", "HQ", "HQ", "H10", "H10", "DA", "DA",
                                "D10", "D10"]})


def check_round(check, spec, dealer, said, game, hands=HANDS):
    return check(transcript(spec, dealer, hands, game, [], said))


def assert_fine(result):
    assert result["violations"] == [], result["violations"]
    assert result["complete"] is False


def assert_priority(result):
    assert_violation(result, "reservation_priority", "/game")


def test_design_of_the_hands():
    trumps = {"H10", "CQ", "SQ", "HQ", "DQ", "CJ", "SJ", "HJ", "DJ", "DA", "D10", "DK", "D9"}
    assert HANDS[0].count("CQ") == 2
    assert sum(c in trumps for c in HANDS[1]) == 2
    assert sum(c.endswith("9") for c in HANDS[2]) >= 5
    assert sum(c.endswith("9") for c in FOUR_NINES[2]) == 4


# ---------------------------------------------------------------------------------------
# DDV
# ---------------------------------------------------------------------------------------
def test_ddv_duty_solo_over_lust_solo_whole_game(check):
    """TSR 4.1.5 / 4.1.6: seat 0 (asked first) says a lust solo, seat 2 a duty ♣ solo:
    the duty solo is played - the ♣ solo of the solo tests, same score (+12 / -4)."""
    deal = clubs_duty()
    result = check(deal.transcript("ddv", 3, solo("clubs", 2, duty=True),
                                   {0: lust("queens"), 2: duty("clubs")}))
    assert_played_as_written(result, deal, type="solo", solo="clubs", declarer=2)
    assert_score(result, card_points=(180, 60), winner="re",
                 items=[("won", "re", 1), ("below_90", "re", 1), ("re_announced", "re", 2)],
                 value=4, scores=[-4, -4, 12, -4])


def test_ddv_lust_solo_played_over_a_duty_solo_is_wrong_priority(check):
    """TSR 4.1.6: the duty solo is asked for first; playing seat 0's lust solo is
    reported at /game."""
    deal = clubs_duty()
    result = check(deal.transcript("ddv", 3, solo("queens", 0),
                                   {0: lust("queens"), 2: duty("clubs")}, cards=4))
    assert_priority(result)


def test_ddv_priority_message_names_the_game_called_for(check):
    """TSR 4.1.6: the message says which game the reservations call for, as a game."""
    deal = clubs_duty()
    result = check(deal.transcript("ddv", 3, solo("queens", 0),
                                   {0: lust("queens"), 2: duty("clubs")}, cards=4))
    (message,) = [v["message"] for v in result["violations"]
                  if v["code"] == "reservation_priority"]
    assert message == (
        "The reservations call for a club solo (seat 3 announced a club solo), but a queen "
        "solo was played. The play follows the game the reservations call for, so it is "
        "checked and scored as that game.")


@pytest.mark.parametrize(("said", "game", "right"), [
    # 4.1.5: lust solo over marriage; 4.1.6: the marriage never comes through
    ({0: MARRIAGE, 3: lust("jacks")}, solo("jacks", 3), True),
    ({0: MARRIAGE, 3: lust("jacks")}, {"type": "marriage", "declarer": 0}, False),
    # 4.1.7: among lust solos the earlier seat - dealer 2 asks 3, 0, 1, 2
    ({3: lust("meatless"), 1: lust("queens")}, solo("meatless", 3), True),
    ({3: lust("meatless"), 1: lust("queens")}, solo("queens", 1), False),
    # 4.1.6: a duty solo of a later seat over a lust solo of an earlier one
    ({3: lust("meatless"), 1: duty("queens")}, solo("queens", 1, True), True),
    ({3: lust("meatless"), 1: duty("queens")}, solo("meatless", 3), False),
    # 4.1.7: two duty solos, the earlier seat (seat 0 before seat 1)
    ({0: duty("hearts"), 1: duty("jacks")}, solo("hearts", 0, True), True),
    ({0: duty("hearts"), 1: duty("jacks")}, solo("jacks", 1, True), False),
    # a marriage as the only reservation is played (4.1.4)
    ({0: MARRIAGE}, {"type": "marriage", "declarer": 0}, True),
    ({0: MARRIAGE}, {"type": "normal"}, False),
])
def test_ddv_reservation_priority(check, said, game, right):
    """TSR 4.1.5-4.1.7 (dealer 2: seat 3 is asked first, then 0, 1, 2)."""
    result = check_round(check, "ddv", 2, said, game)
    if right:
        assert_fine(result)
    else:
        assert_priority(result)


def test_ddv_reservations_out_of_asking_order(check):
    """TSR 4.1.2: asked from the dealer's left in unbroken order - dealer 2, so seat 3
    is asked first; a round starting with seat 0 is reported."""
    data = transcript("ddv", 2, HANDS, {"type": "normal"}, [])
    data["reservations"] = [{"seat": s, "reservation": "healthy"} for s in (0, 1, 2, 3)]
    result = check(data)
    assert_violation(result, "reservation_order", "/reservations/0/seat", seat=0)
    # one mistake (the round started at seat 0, then went on clockwise): one violation
    assert [(v["code"], v["message"]) for v in result["violations"]] == [(
        "reservation_order", "The reservations start with seat 1, as if seat 4 had dealt; "
        "seat 3 dealt, so seat 4 is asked first and the others clockwise from there.")]


def test_ddv_reservations_in_a_broken_order_are_reported_where_they_break(check):
    """TSR 4.1.2: dealer 2 asks 3, 0, 1, 2; a list 3, 1, 0, 2 is no clockwise round:
    each entry out of place is reported at its seat."""
    data = transcript("ddv", 2, HANDS, {"type": "normal"}, [])
    data["reservations"] = [{"seat": s, "reservation": "healthy"} for s in (3, 1, 0, 2)]
    result = check(data)
    assert codes_at(result) == {("reservation_order", "/reservations/1/seat"),
                                ("reservation_order", "/reservations/2/seat")}


@pytest.mark.parametrize(("preset", "source"), [
    ("ddv", "TSR 4.1.5 and 9.1.3: no throwing"),
    ("mittwoch", "seed 003: 'Unter keinen Umständen wird geschmissen'"),
    ("doko2026", "seed 004 knows no throwing"),
])
def test_throwing_not_allowed(check, preset, source):
    """A throw where the ruleset has none is not entitled (reported at the
    reservation: dealer 1, seat 2 asked first)."""
    hands = HANDS if preset != "mittwoch" else complete_deal({2: ["CK", "CK", "SK", "SK"]},
                                                              with_nines=False)
    result = check_round(check, ruleset(preset), 1,
                         {2: {"reservation": "throw", "reason": "nines"}},
                         {"type": "redeal"}, hands)
    assert_violation(result, "reservation_entitlement", "/reservations/0", seat=2)


# ---------------------------------------------------------------------------------------
# FreeDoko
# ---------------------------------------------------------------------------------------
POVERTY_GAME = {"type": "poverty", "declarer": 1, "passed": ["DK", "HJ", "CA"],
                "offers": [{"seat": s, "accept": False} for s in (2, 3, 0)]}


@pytest.mark.parametrize(("said", "game", "right"), [
    # 6.1: poverty over marriage (dealer 3 asks 0, 1, 2, 3)
    ({0: MARRIAGE, 1: POVERTY}, POVERTY_GAME, True),
    ({0: MARRIAGE, 1: POVERTY}, {"type": "marriage", "declarer": 0}, False),
    # 6.1: lust solo over poverty
    ({1: POVERTY, 3: lust("kings_jacks")}, solo("kings_jacks", 3), True),
    ({1: POVERTY, 3: lust("kings_jacks")}, POVERTY_GAME, False),
    # 6.1: duty solo over lust solo, whatever the seats
    ({0: lust("koehler"), 3: duty("kings")}, solo("kings", 3, True), True),
    ({0: lust("koehler"), 3: duty("kings")}, solo("koehler", 0), False),
    # 6.5.1: throwing nines (seat 2: six nines) - a form of poverty, over a marriage
    ({0: MARRIAGE, 2: {"reservation": "throw", "reason": "nines"}}, {"type": "redeal"}, True),
    ({0: MARRIAGE, 2: {"reservation": "throw", "reason": "nines"}},
     {"type": "marriage", "declarer": 0}, False),
    # 6.1: "An announced Reservation is obligatory"
    ({1: POVERTY}, {"type": "normal"}, False),
])
def test_freedoko_reservation_priority(check, said, game, right):
    """Seed 002 6.1 and 6.5: duty solo > lust solo > poverty (throwing) > marriage."""
    result = check_round(check, ruleset("freedoko"), 3, said, game)
    if right:
        assert result["violations"] == [], result["violations"]
    else:
        assert_priority(result)


def test_freedoko_throw_is_a_redeal(check):
    """Seed 002 6.5.1: with more than four nines the cards are redistributed: no play,
    no winner, zero scores."""
    result = check_round(check, ruleset("freedoko"), 3,
                         {2: {"reservation": "throw", "reason": "nines"}}, {"type": "redeal"})
    assert_valid_complete(result)
    assert result["game"]["type"] == "redeal"
    assert result["winner"] is None
    assert result["score"]["value"] == 0
    assert list(result["score"]["scores"]) == [0, 0, 0, 0]


def test_freedoko_throw_with_four_nines_not_entitled(check):
    """Seed 002 6.5.1: "more than four nines" - four are not enough."""
    result = check_round(check, ruleset("freedoko"), 3,
                         {2: {"reservation": "throw", "reason": "nines"}}, {"type": "redeal"},
                         FOUR_NINES)
    assert_violation(result, "reservation_entitlement", "/reservations/2", seat=2)


# ---------------------------------------------------------------------------------------
# Mittwoch (40 cards): solos first; among solos the higher bid, then the list
# (trump, queens, jacks, meatless), then the seat.
# ---------------------------------------------------------------------------------------
MW_HANDS = complete_deal({0: ["CQ", "CQ"]}, with_nines=False)


@pytest.mark.parametrize(("said", "game", "right"), [
    # "Soli haben Vorrang vor anderen Sonderspielen"
    ({0: MARRIAGE, 2: lust("jacks")}, solo("jacks", 2), True),
    ({0: MARRIAGE, 2: lust("jacks")}, {"type": "marriage", "declarer": 0}, False),
    # same bids (none): the solo higher in the list - queens over meatless
    ({0: lust("meatless"), 2: lust("queens")}, solo("queens", 2), True),
    ({0: lust("meatless"), 2: lust("queens")}, solo("meatless", 0), False),
    # the higher call first: meatless with re over a trump solo without
    ({0: lust("diamonds"), 2: lust("meatless", bid="re")}, solo("meatless", 2), True),
    ({0: lust("diamonds"), 2: lust("meatless", bid="re")}, solo("diamonds", 0), False),
    # identical solos and calls: the seat order (dealer 3 asks 0 first)
    ({0: lust("jacks", bid="re"), 2: lust("jacks", bid="re")}, solo("jacks", 0), True),
    ({0: lust("jacks", bid="re"), 2: lust("jacks", bid="re")}, solo("jacks", 2), False),
])
def test_mittwoch_solo_precedence(check, said, game, right):
    """Seed 003 "Allgemein" and "Reizen" (see the module docstring)."""
    result = check_round(check, ruleset("mittwoch"), 3, said, game, MW_HANDS)
    if right:
        assert_fine(result)
    else:
        assert_priority(result)


# ---------------------------------------------------------------------------------------
# DOKO 2026: solos by rank (queens, jacks, colour, trump, meatless), then the seat.
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(("said", "game", "right"), [
    ({0: lust("jacks"), 2: lust("queens")}, solo("queens", 2), True),
    ({0: lust("jacks"), 2: lust("queens")}, solo("jacks", 0), False),
    ({0: lust("meatless"), 1: lust("diamonds")}, solo("diamonds", 1), True),
    ({0: lust("diamonds"), 1: lust("spades")}, solo("spades", 1), True),
    # the three colour solos share rank 3 ("Farben-Solo"): the earlier seat
    ({0: lust("clubs"), 2: lust("hearts")}, solo("clubs", 0), True),
    ({0: lust("clubs"), 2: lust("hearts")}, solo("hearts", 2), False),
])
def test_doko2026_solo_rank(check, said, game, right):
    """Seed 004 II.b "Rangfolge bei Solospiel": 1. Damen, 2. Buben, 3. Farben (♥, ♠ or
    ♣: one rank), 4. Trumpf, 5. Ohne; equal ranks by seat (dealer 3: seat 0 first)."""
    result = check_round(check, ruleset("doko2026"), 3, said, game)
    if right:
        assert_fine(result)
    else:
        assert_priority(result)
