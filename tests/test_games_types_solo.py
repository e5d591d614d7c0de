"""Solos, written by hand from the rules: whole games with their full score, the
soloist's lead, solos a ruleset does not allow, and following suit in all twelve kinds.

Sources: DDV Turnier-Spielregeln (TSR, Stand 21.02.2026) 2.3.5-2.3.7 (card orders),
2.4.7 (one against three), 4.2.2 / 4.3.1 (who leads a duty / a lust solo), 7.2.2 and
7.2.4 (a solo counts only the items of 7.2.2, tripled for the soloist); seed 002
(FreeDoko) 6.1.1 (the twelve solos), 6.2 / 6.3 (who leads), 10.1-10.3 (winning, values,
no special points in a solo, plus-minus counting with the soloist x3); seed 003
(Mittwoch) "Soli", "Zählweise", "Sonderpunkte", "Verdopplungen"; seed 004 (DOKO 2026)
II.b "Solospiele", V "Ansagen", VI "Spielabrechnung".

Every trick below is written by hand; its winner is read off the card order of the
solo (``tests/games/kinds.py`` checks each written winner, the pack, the leads and
following suit before anything is sent). The card points are summed from the cards
(A 11, 10 10, K 4, Q 3, J 2, 9 0) and the score is worked out in each test.
"""

from __future__ import annotations

import pytest
from games.kinds import Deal, call, complete_deal, order, said_solo, solo, transcript, trick
from games.rulesets import ruleset
from games.verdicts import (
    assert_played_as_written,
    assert_score,
    assert_violation,
    codes_at,
)

# ---------------------------------------------------------------------------------------
# DDV: a duty ♣ solo. Dealer 3; seat 2 plays a duty solo and so leads trick 1 (TSR
# 4.2.2). Trumps (TSR 2.3.5): ♥10, ♣Q ♠Q ♥Q ♦Q, ♣J ♠J ♥J ♦J, ♣A ♣10 ♣K ♣9.
# Soloist 180 : contra 60. Trick 7 (42) is won by contra and trick 12 by the soloist's
# ♣J: in a normal game a Doppelkopf and a Karlchen - in a solo nothing (TSR 7.2.4).
# ---------------------------------------------------------------------------------------
CLUBS_DUTY = (
    trick(2, "CQ C9 C9 CK", winner=2),     # 1:  7  ♣Q
    trick(2, "CQ CK C10 CA", winner=2),    # 2: 28  first ♣Q
    trick(2, "H10 H10 SJ DJ", winner=2),   # 3: 24  two ♥10: the first wins (TSR 5.3.3)
    trick(2, "SQ DQ SQ DJ", winner=2),     # 4: 11  two ♠Q: the soloist's first
    trick(2, "HQ CJ DQ SJ", winner=2),     # 5: 10  ♥Q over ♦Q and the jacks
    trick(2, "CA HJ HJ HQ", winner=1),     # 6: 18  ♥Q over ♣A (a low trump in this solo)
    trick(1, "DA DA D10 D10", winner=1),   # 7: 42  ♦ is plain: seat 1's ♦A first
    trick(1, "HK HA HK H9", winner=2),     # 8: 19  ♥A
    trick(2, "SA SA S10 S9", winner=2),    # 9: 32  the soloist's ♠A first
    trick(2, "HA S10 SK H9", winner=2),    # 10: 25  ♥A (seats 3 and 0 are out of ♥)
    trick(2, "C10 SK S9 DK", winner=2),    # 11: 18  ♣10 is trump
    trick(2, "CJ D9 DK D9", winner=2),     # 12:  6  ♣J, the only trump
)


def clubs_duty() -> Deal:
    return Deal(2, CLUBS_DUTY, order("clubs"), [call(1, 0, 2, "re")])


def test_ddv_duty_clubs_solo_whole_game_scores_only_722_items_tripled(check):
    """TSR 4.2.2: the duty soloist leads; 2.3.5: the ♣ solo's trumps; 7.1.1 no. 2: re
    (the soloist) wins with 121+; 7.2.2: won 1, contra below 90 (60 is not below 60)
    1, re announced 2 = 4; 7.2.4: only the 7.2.2 items count in a solo (trick 7 of 42
    and the ♣J in the last trick count nothing), the soloist gets 3 x 4."""
    deal = clubs_duty()
    result = check(deal.transcript("ddv", 3, solo("clubs", 2, duty=True),
                                   {2: said_solo("clubs", duty=True)}))
    assert_played_as_written(result, deal, type="solo", solo="clubs", declarer=2, re=[2],
                             contra=[0, 1, 3])
    assert deal.points_of([2]) == 180
    assert_score(result, card_points=(180, 60), winner="re",
                 items=[("won", "re", 1), ("below_90", "re", 1), ("re_announced", "re", 2)],
                 value=4, scores=[-4, -4, 12, -4])


def test_ddv_lust_solo_led_by_the_soloist_is_wrong_leader(check):
    """TSR 4.3.1: a lust solo is led by the dealer's left neighbour (seat 0 here), not
    by the soloist: the soloist's first card is a wrong lead."""
    deal = clubs_duty()
    result = check(deal.transcript("ddv", 3, solo("clubs", 2), {2: said_solo("clubs")}))
    assert_violation(result, "wrong_leader", deal.card_pointer(1, 0), seat=2)
    assert codes_at(result) == {("wrong_leader", "/play/1")}


# ---------------------------------------------------------------------------------------
# DDV: a lust meatless solo (TSR 2.3.7: no trump; A 10 K Q J 9 in every suit). Dealer
# 3, soloist seat 2; seat 0 leads (TSR 4.3.1). Every trick is one suit followed by all.
# Soloist 82 : contra 158; seat 1 says contra before the first card.
# ---------------------------------------------------------------------------------------
MEATLESS_LUST = (
    trick(0, "HA H9 HK HQ", winner=0),     # 1: 18
    trick(0, "HA HJ HJ HK", winner=0),     # 2: 19  seat 0's ♥A
    trick(0, "H10 H9 HQ H10", winner=0),   # 3: 23  the first ♥10 (a plain card here)
    trick(0, "C9 CK CA CQ", winner=2),     # 4: 18  ♣A
    trick(2, "CA C10 C9 CJ", winner=2),    # 5: 23
    trick(2, "SA SK S9 SQ", winner=2),     # 6: 18
    trick(2, "SA S9 S10 SJ", winner=2),    # 7: 23
    trick(2, "CJ C10 CK CQ", winner=3),    # 8: 19  ♣10
    trick(3, "S10 SK SQ SJ", winner=3),    # 9: 19
    trick(3, "DA D10 DQ D9", winner=3),    # 10: 24
    trick(3, "DA DK DQ D9", winner=3),     # 11: 18
    trick(3, "D10 DK DJ DJ", winner=3),    # 12: 18
)


def meatless_lust() -> Deal:
    return Deal(0, MEATLESS_LUST, order("meatless"), [call(1, 0, 1, "contra")])


def test_ddv_lust_meatless_solo_whole_game_lost_by_the_soloist(check):
    """TSR 4.3.1: seat 0 (left of the dealer) leads the lust solo; 2.3.7: no trumps;
    7.1.2 no. 4: contra (only contra announced) wins with 121+ (158); 7.2.2: won 1,
    soloist below 90 (82) 1, contra announced 2 = 4; 7.2.4: the soloist loses 3 x 4."""
    deal = meatless_lust()
    result = check(deal.transcript("ddv", 3, solo("meatless", 2), {2: said_solo("meatless")}))
    assert_played_as_written(result, deal, type="solo", solo="meatless", declarer=2, re=[2],
                             contra=[0, 1, 3])
    assert deal.points_of([2]) == 82
    assert_score(result, card_points=(82, 158), winner="contra",
                 items=[("won", "contra", 1), ("below_90", "contra", 1),
                        ("contra_announced", "contra", 2)],
                 value=4, scores=[4, 4, -12, 4])


def test_ddv_duty_solo_led_by_the_dealers_left_is_wrong_leader(check):
    """TSR 4.2.2: in a duty solo the soloist (seat 2) must lead; seat 0 led."""
    deal = meatless_lust()
    result = check(deal.transcript("ddv", 3, solo("meatless", 2, duty=True),
                                   {2: said_solo("meatless", duty=True)}))
    assert_violation(result, "wrong_leader", deal.card_pointer(1, 0), seat=0)
    assert codes_at(result) == {("wrong_leader", "/play/1")}


# ---------------------------------------------------------------------------------------
# FreeDoko: a duty koehler solo (seed 002, 6.1.1 King-Queen-Jack-Solo: ♣K ♠K ♥K ♦K,
# the queens, the jacks are trump; plain A 10 9). Dealer 0, soloist seat 3 leads
# (6.2: "The solo player plays the first card"). Re and contra are announced; the
# soloist makes exactly 121.
# ---------------------------------------------------------------------------------------
KOEHLER_DUTY = (
    trick(3, "CK HK DK DK", winner=3),     # 1: 16  ♣K, the highest trump
    trick(3, "CK SQ HQ DJ", winner=3),     # 2: 12
    trick(3, "SK HQ DQ DJ", winner=3),     # 3: 12
    trick(3, "SK DQ SJ CJ", winner=3),     # 4: 11
    trick(3, "HK CJ HJ SJ", winner=3),     # 5: 10  contra has no trump left after this
    trick(3, "S9 SA SA S9", winner=0),     # 6: 22  seat 0's ♠A first
    trick(0, "H10 H10 H9 H9", winner=0),   # 7: 20  ♥10 is a plain heart here
    trick(0, "HA HA HJ CA", winner=2),     # 8: 35  seat 2 is out of ♥ and trumps ♥J
    trick(2, "D10 C10 DA DA", winner=0),   # 9: 42  the soloist is out of ♦; ♦A first
    trick(0, "S10 S10 D10 CQ", winner=3),  # 10: 33  ♣Q trumps
    trick(3, "CQ C9 D9 C10", winner=3),    # 11: 13
    trick(3, "SQ D9 C9 CA", winner=3),     # 12: 14
)


def test_freedoko_duty_koehler_solo_whole_game_won_with_121(check):
    """Seed 002 6.2 (the duty soloist leads), 6.1.1 (koehler trumps), 10.1 (re wins
    with the 121st point when re and contra were announced), 10.2 (won 1, re 2, contra
    2 = 5; no special points in a solo: trick 9 of 42 counts nothing), 10.3 (the preset
    counts "positive for the winners" only - one of the three countings 10.3 offers, see
    the preset's note - the soloist three times: +15, the losers 0)."""
    deal = Deal(3, KOEHLER_DUTY, order("koehler"),
                [call(1, 0, 3, "re"), call(1, 1, 0, "contra")])
    result = check(deal.transcript(ruleset("freedoko"), 0, solo("koehler", 3, True),
                                   {3: said_solo("koehler", duty=True)}))
    assert_played_as_written(result, deal, type="solo", solo="koehler", declarer=3, re=[3],
                             contra=[0, 1, 2])
    assert deal.points_of([3]) == 121
    assert_score(result, card_points=(121, 119), winner="re",
                 items=[("won", "re", 1), ("re_announced", "re", 2),
                        ("contra_announced", "re", 2)],
                 value=5, scores=[0, 0, 0, 15])


def _kings_lust_hands() -> list[list[str]]:
    return complete_deal({1: ["CA", "SA", "HA"], 2: ["CK", "SK", "HK", "DK"]})


def test_freedoko_lust_solo_is_led_by_the_dealers_left(check):
    """Seed 002 6.3: "For a lust solo the first card of the game is played by the
    player to the left of the dealer." Dealer 0, lust kings solo by seat 2: seat 1
    leads; seat 2 then follows."""
    hands = _kings_lust_hands()
    result = check(transcript(ruleset("freedoko"), 0, hands, solo("kings", 2),
                              [{"seat": 1, "card": "CA"}], {2: said_solo("kings")}))
    assert result["violations"] == []
    assert result["legal_actions"]["seat"] == 2


def test_freedoko_lust_solo_led_by_the_soloist_is_wrong_leader(check):
    """Seed 002 6.3 (see above): the lust soloist's own first card is a wrong lead."""
    hands = _kings_lust_hands()
    result = check(transcript(ruleset("freedoko"), 0, hands, solo("kings", 2),
                              [{"seat": 2, "card": "CK"}], {2: said_solo("kings")}))
    assert_violation(result, "wrong_leader", "/play/0", seat=2)


@pytest.mark.parametrize(("leader", "wrong"), [(2, False), (0, True)])
def test_mittwoch_soloist_always_leads(check, leader, wrong):
    """Seed 003 "Soli": "Um zum Solieren zu ermuntern, spielt die SolistIn stets auf" -
    dealer 3, a queens solo by seat 2 (there are no duty solos): seat 2 leads, not the
    dealer's left neighbour (seat 0)."""
    hands = complete_deal({0: ["CA"], 2: ["SA"]}, with_nines=False)
    card = {0: "CA", 2: "SA"}[leader]
    result = check(transcript(ruleset("mittwoch"), 3, hands, solo("queens", 2),
                              [{"seat": leader, "card": card}], {2: said_solo("queens")}))
    if wrong:
        assert_violation(result, "wrong_leader", "/play/0", seat=0)
    else:
        assert result["violations"] == []
        assert result["legal_actions"]["seat"] == 3


# ---------------------------------------------------------------------------------------
# Mittwoch: a ♦ solo ("Trumpf-Solo") with 40 cards (no nines). Dealer 2; the soloist
# (seat 1) leads ("spielt die SolistIn stets auf"). Trumps: ♥10 (the second of two
# wins: "Zweite Herz-Zehn ist hoch"), the queens, the jacks, ♦A ♦10 ♦K. The usual
# special points count in the trump solo ("Die üblichen Sonderpunkte werden nur im
# Trumpf-Solo vergeben"):
#   trick 1: seat 0's ♦A won by the soloist          fox caught, re
#   trick 3: 41, won by seat 2 with the second ♥10     Doppelkopf, contra
#   trick 5: 42, won by the soloist                    Doppelkopf, re
#   trick 10: the soloist's ♣J wins the last trick     Karlchen, re
# Soloist 163 : contra 77.
# ---------------------------------------------------------------------------------------
MITTWOCH_DIAMONDS = (
    trick(1, "CQ DJ DK DA", winner=1),     # 1: 20  ♣Q; seat 0's ♦A caught
    trick(1, "CQ SJ CJ DK", winner=1),     # 2: 11
    trick(1, "H10 H10 DA D10", winner=2),  # 3: 41  the second ♥10 wins
    trick(2, "SA SK S10 SQ", winner=1),    # 4: 28  the soloist trumps ♠
    trick(1, "CA S10 CA C10", winner=1),   # 5: 42  the soloist's ♣A first
    trick(1, "HK HA HA D10", winner=0),    # 6: 36  seat 0 is out of ♥ and trumps
    trick(0, "CK SQ HK CK", winner=1),     # 7: 15  ♠Q trumps ♣
    trick(1, "HQ DQ DQ HJ", winner=1),     # 8: 11
    trick(1, "HQ HJ SJ C10", winner=1),    # 9: 17  seat 0 has no trump left
    trick(1, "CJ SA DJ SK", winner=1),     # 10: 19  ♣J over ♦J
)


def test_mittwoch_trump_solo_whole_game_with_special_points_solo_bonus_and_double(check):
    """Seed 003 "Soli" (the soloist always leads; special points in the trump solo),
    "Zählweise" (the soloist needs 121; a solo +1: "keine 120, Solo"), "Sonderpunkte"
    (Doppelkopf, fox caught, Karlchen, "Ansage vor der ersten Karte (vorab) in ...
    Trumpf-Solo"), "Verdopplungen" (re doubles after the special points).
    Re: won 1 + below 90 (77) 1 + solo 1 + vorab 1 + Doppelkopf 1 + fox 1 + Karlchen 1,
    contra: Doppelkopf 1 -> net 6 for re, x2 for re = 12; the soloist x3 = 36."""
    deal = Deal(1, MITTWOCH_DIAMONDS, order("diamonds", with_nines=False,
                                            second_h10_wins=True),
                [call(1, 0, 1, "re")], with_nines=False)
    result = check(deal.transcript(ruleset("mittwoch"), 2, solo("diamonds", 1),
                                   {1: said_solo("diamonds")}))
    assert_played_as_written(result, deal, type="solo", solo="diamonds", declarer=1, re=[1],
                             contra=[0, 2, 3])
    assert deal.points_of([1]) == 163
    assert_score(result, card_points=(163, 77), winner="re",
                 items=[("won", "re", 1), ("below_90", "re", 1), ("solo", "re", 1),
                        ("announced_before_first_card", "re", 1),
                        ("doppelkopf", "re", 1, 5), ("doppelkopf", "contra", 1, 3),
                        ("fox_caught", "re", 1, 1), ("karlchen_last_trick", "re", 1, 10)],
                 value=12, scores=[-12, 36, -12, -12], multiplier=2)


# ---------------------------------------------------------------------------------------
# DOKO 2026: a lust jacks solo by the dealer's left neighbour (seat 0, dealer 3), so
# that it leads in any case. Jacks ♣ ♠ ♥ ♦ are the only trumps (II.b 2.), every other
# card is plain (A 10 K Q 9). The soloist says re and no 90 before the first card.
# Soloist 208 : contra 32; no trick of 40 or more.
# ---------------------------------------------------------------------------------------
JACKS_LUST = (
    trick(0, "CA C10 CA CK", winner=0),    # 1: 36  the soloist's ♣A first
    trick(0, "SA SK S10 S9", winner=0),    # 2: 25
    trick(0, "S9 SA SK SQ", winner=1),     # 3: 18  ♠A
    trick(1, "HA HQ H9 H9", winner=1),     # 4: 14  ♥Q is plain here
    trick(1, "H10 HA HK CJ", winner=0),    # 5: 27  the soloist, out of ♥, trumps
    trick(0, "CJ C9 C9 CQ", winner=0),     # 6:  5  contra holds no jack
    trick(0, "SJ DK DQ DQ", winner=0),     # 7: 12
    trick(0, "SJ D10 D9 D9", winner=0),    # 8: 12
    trick(0, "HJ DA DA D10", winner=0),    # 9: 34
    trick(0, "HJ HK H10 HQ", winner=0),    # 10: 19
    trick(0, "DJ CK CQ C10", winner=0),    # 11: 19
    trick(0, "DJ S10 SQ DK", winner=0),    # 12: 19
)


def test_doko2026_jacks_solo_whole_game_early_no90_and_winners_only(check):
    """Seed 004 II.b (jacks solo), V.2 (a bid only after re; "keine 90" with at least
    10 cards; "Neuerung: Sagt man vor der Mindestkartenzahl ... an, so erhöht sich die
    Punktzahl ... auf 2 Punkte für die Ansage": said with 12 cards), VI (won 1, keine 90
    1, keine 60 1, Re 2, keine 90 angesagt 2 = 7; "Beim gewonnenen Solo erhält der
    Solist die Punktzahl x 3"; "Es werden nur Pluspunkte für die Gewinner notiert")."""
    deal = Deal(0, JACKS_LUST, order("jacks"), [call(1, 0, 0, "re"), call(1, 0, 0, "no90")])
    result = check(deal.transcript(ruleset("doko2026"), 3, solo("jacks", 0),
                                   {0: said_solo("jacks")}))
    assert_played_as_written(result, deal, type="solo", solo="jacks", declarer=0, re=[0],
                             contra=[1, 2, 3])
    assert deal.points_of([0]) == 208
    assert_score(result, card_points=(208, 32), winner="re",
                 items=[("won", "re", 1), ("below_90", "re", 1), ("below_60", "re", 1),
                        ("re_announced", "re", 2), ("no90_announced", "re", 2)],
                 value=7, scores=[21, 0, 0, 0])


# ---------------------------------------------------------------------------------------
# A solo the ruleset does not know.
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(("preset", "kind", "source"), [
    ("ddv", "kings", "TSR 2.3.3: colour solos, queens, jacks, meatless only"),
    ("mittwoch", "hearts", "seed 003: 'Keine Farbensoli'"),
    ("mittwoch", "koehler", "seed 003: 'Keine gemischten Soli'"),
    ("doko2026", "queens_jacks", "seed 004 II.b: queens, jacks, colour, trump, meatless"),
])
def test_solo_kind_not_in_the_ruleset_is_not_entitled(check, preset, kind, source):
    """A reservation of a solo the ruleset has not got is reported at the reservation
    and at the declared game's solo."""
    hands = complete_deal({}, with_nines=preset != "mittwoch")
    result = check(transcript(ruleset(preset), 3, hands, solo(kind, 1), [], {1: said_solo(kind)}))
    assert_violation(result, "reservation_entitlement", "/reservations/1", seat=1)
    assert_violation(result, "reservation_entitlement", "/game/solo", seat=1)


# ---------------------------------------------------------------------------------------
# Following suit in each of the twelve kinds. Dealer 3; seat 0 declares a duty solo
# and leads (it is the dealer's left neighbour too). Seat 1 holds
#   ♣Q ♣J ♣K ♣9  ♥Q ♥K ♥10  ♦J ♦K ♦9  ♠K ♠9
# and must follow the led card's suit - trump or the plain suit - as the kind defines
# it: TSR 2.3.5 (colour solos: the ♥10, queens and jacks are trump with the trump
# suit's A 10 K 9), 2.3.6 (queens / jacks solo: only those; the rest plain by suit),
# 2.3.7 (meatless: no trump); seed 002 6.1.1 for kings, queens-jacks, kings-jacks,
# kings-queens and koehler; 5.2.2 / seed 002 7.2 (the duty to follow suit).
# ---------------------------------------------------------------------------------------
SEAT1 = ["CQ", "CJ", "CK", "C9", "HQ", "HK", "H10", "DJ", "DK", "D9", "SK", "S9"]
FOLLOW = {
    # kind: {lead: seat 1's legal cards}
    "diamonds": {"CA": {"CK", "C9"}, "HA": {"HK"},
                 "DA": {"CQ", "CJ", "HQ", "H10", "DJ", "DK", "D9"}},
    "hearts": {"CA": {"CK", "C9"}, "HA": {"CQ", "CJ", "HQ", "HK", "H10", "DJ"},
               "DA": {"DK", "D9"}},
    "spades": {"CA": {"CK", "C9"}, "HA": {"HK"}, "DA": {"DK", "D9"},
               "SA": {"CQ", "CJ", "HQ", "H10", "DJ", "SK", "S9"}},
    "clubs": {"CA": {"CQ", "CJ", "CK", "C9", "HQ", "H10", "DJ"}, "HA": {"HK"},
              "DA": {"DK", "D9"}},
    "queens": {"CA": {"CJ", "CK", "C9"}, "HA": {"HK", "H10"}, "DA": {"DJ", "DK", "D9"},
               "DQ": {"CQ", "HQ"}},
    "jacks": {"CA": {"CQ", "CK", "C9"}, "HA": {"HQ", "HK", "H10"}, "DA": {"DK", "D9"},
              "DJ": {"CJ", "DJ"}},
    "kings": {"CA": {"CQ", "CJ", "C9"}, "HA": {"HQ", "H10"}, "DA": {"DJ", "D9"},
              "DK": {"CK", "HK", "DK", "SK"}},
    "queens_jacks": {"CA": {"CK", "C9"}, "HA": {"HK", "H10"}, "DA": {"DK", "D9"}},
    "kings_jacks": {"CA": {"CQ", "C9"}, "HA": {"HQ", "H10"}, "DA": {"D9"}},
    "kings_queens": {"CA": {"CJ", "C9"}, "HA": {"H10"}, "DA": {"DJ", "D9"}},
    "koehler": {"CA": {"C9"}, "HA": {"H10"}, "DA": {"D9"},
                "SA": {"S9"}},
    "meatless": {"CA": {"CQ", "CJ", "CK", "C9"}, "HA": {"HQ", "HK", "H10"},
                 "DA": {"DJ", "DK", "D9"}, "SA": {"SK", "S9"}},
}
DDV_SOLOS = ("diamonds", "hearts", "spades", "clubs", "queens", "jacks", "meatless")
FOLLOW_CASES = [(kind, lead, legal) for kind, leads in FOLLOW.items()
                for lead, legal in leads.items()]


def _follow_transcript(spec, kind: str, lead: str, second: str | None = None) -> dict:
    hands = complete_deal({0: ["CA", "HA", "DA", "SA", "DQ", "DJ", "DK"], 1: SEAT1})
    play = [{"seat": 0, "card": lead}]
    if second is not None:
        play.append({"seat": 1, "card": second})
    return transcript(spec, 3, hands, solo(kind, 0, duty=True), play,
                      {0: said_solo(kind, duty=True)})


@pytest.mark.parametrize(("kind", "lead", "legal"), FOLLOW_CASES)
def test_freedoko_follow_suit_in_every_solo_kind(check, kind, lead, legal):
    """Seed 002 6.1.1 (the card order of each solo) and 7.2 (follow the led plain suit
    or trump if possible): seat 1's legal cards after seat 0's lead."""
    result = check(_follow_transcript(ruleset("freedoko"), kind, lead))
    assert result["violations"] == []
    assert result["complete"] is False
    assert result["legal_actions"]["seat"] == 1
    assert set(result["legal_actions"]["cards"]) == legal


@pytest.mark.parametrize(("kind", "lead", "legal"),
                         [c for c in FOLLOW_CASES if c[0] in DDV_SOLOS])
def test_ddv_follow_suit_in_every_ddv_solo(check, kind, lead, legal):
    """TSR 2.3.5-2.3.7 and 5.2.2: the same cases under the DDV's seven solos."""
    result = check(_follow_transcript("ddv", kind, lead))
    assert result["violations"] == []
    assert set(result["legal_actions"]["cards"]) == legal


@pytest.mark.parametrize(("kind", "lead", "card", "why"), [
    ("queens", "CA", "CQ", "a ♣Q is trump in a queens solo; seat 1 holds ♣J ♣K ♣9"),
    ("jacks", "CA", "CJ", "a ♣J is trump in a jacks solo; seat 1 holds ♣Q ♣K ♣9"),
    ("meatless", "DA", "CQ", "no trump in meatless: ♦ must be followed with ♦J ♦K ♦9"),
    ("diamonds", "HA", "H10", "the ♥10 is trump in a colour solo; seat 1 holds ♥K"),
    ("koehler", "CA", "CK", "a ♣K is trump in koehler; seat 1 holds ♣9"),
    ("hearts", "DA", "HK", "♥K is trump in a ♥ solo; seat 1 holds ♦K ♦9"),
])
def test_freedoko_not_following_suit_in_a_solo_is_reported(check, kind, lead, card, why):
    """Seed 002 7.2 / TSR 5.2.2: a card of another suit while holding the led suit."""
    result = check(_follow_transcript(ruleset("freedoko"), kind, lead, card))
    assert_violation(result, "follow_suit", "/play/1", seat=1)
