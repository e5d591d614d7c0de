"""Announced marriages (with the fall-back to a lone bride), and silent marriages,
written by hand from the rules: whole games with their full score, the partner rules
each ruleset allows, and the violations a marriage can bring.

Sources: DDV TSR 4.4 (4.4.3 a: the first trick of the first three won by another
player decides; 4.4.3 b: a bride who wins the first three plays a ♦ solo, scored like a
solo; 4.4.4 and 6.4.2: no announcement before the deciding trick, the deadlines one card
earlier per trick it came after the first; 4.4.5: the silent marriage, scored like a
solo), 7.2.2-7.2.4; seed 002 (FreeDoko) 6.4 (six partner rules, "first foreign ...
trick decides"), 10.1-10.3; seed 003 (Mittwoch) "Sonderspiele" (any marriage rule,
"Zweiter Fehlstich"; a trump solo if nobody is found in the third trick; the bride may
say re, the others "Re oder Contra"; no vorab point for the bride), "Zählbeispiele:
Versteckte Hochzeit"; seed 004 (DOKO 2026) "Bei Hochzeit" a.-d. (the first foreign
plain-suit trick; a trump lead does not count; a trump solo after the third trick; the
"Vorführen" note), V.1/V.2 (the announcement moves to the deciding trick).

The tricks are written by hand; their winners follow the normal card order of each
ruleset (``tests/games/kinds.py`` checks them, the pack, the leads and following suit).
"""

from __future__ import annotations

import pytest
from games.kinds import At, Deal, call, complete_deal, order, transcript, trick
from games.rulesets import ruleset
from games.verdicts import (
    assert_game,
    assert_played_as_written,
    assert_score,
    assert_tricks,
    assert_valid_complete,
    assert_violation,
)

NORMAL = order("normal")  # TSR 2.3.4: of two equal cards the first wins
SECOND_H10 = order("normal", second_h10_wins=True)  # FreeDoko 2.1 / DOKO 2026 II.a
MITTWOCH = order("normal", second_h10_wins=True, with_nines=False)  # seed 003


def marriage(bride: int, trick_kind: str = "any", nth: int = 1, **more) -> dict:
    return {"type": "marriage", "declarer": bride,
            "partner_rule": {"trick": trick_kind, "nth": nth}, **more}


MARRIAGE = {"reservation": "marriage"}


# ---------------------------------------------------------------------------------------
# DDV M1: dealer 0, seat 1 leads; the bride is seat 2 (both ♣Q). Trick 1 is the bride's
# own, trick 2 goes to seat 3: the partner, deciding trick 2 (TSR 4.4.3 a). With the
# deadlines one card earlier (6.4.2), seat 3 says re and seat 0 contra with 10 cards
# each, before trick 3. Re {2, 3} 183 : contra {0, 1} 57.
#   trick 11: seat 3's ♦A won by seat 0            fox caught, contra
#   trick 12: seat 2's ♣J wins the last trick      Karlchen, re
# ---------------------------------------------------------------------------------------
M1 = (
    trick(1, "SK SA S9 S10", winner=2),    # 1: 25  the bride's ♠A
    trick(2, "CA DJ C10 C9", winner=3),    # 2: 23  seat 3 trumps: the partner
    trick(3, "HA HK H9 HK", winner=3),     # 3: 19
    trick(3, "S10 SA S9 DA", winner=2),    # 4: 32  the bride trumps with her ♦A
    trick(2, "H10 H10 D9 DK", winner=2),   # 5: 24  two ♥10: the first wins (5.3.3)
    trick(2, "CQ D9 HQ DQ", winner=2),     # 6:  9
    trick(2, "HA H9 D10 CA", winner=0),    # 7: 32  seat 0 is out of ♥ and trumps
    trick(0, "CK C10 HQ SK", winner=2),    # 8: 21  the bride trumps ♣
    trick(2, "CQ DK DQ DJ", winner=2),     # 9: 12
    trick(2, "SQ SQ HJ HJ", winner=2),     # 10: 10  the bride's ♠Q first
    trick(2, "D10 DA CJ SJ", winner=0),    # 11: 25  ♣J; seat 3's ♦A caught
    trick(0, "C9 CK CJ SJ", winner=2),     # 12:  8  ♣J over ♠J
)
M1_CALLS = [call(3, 0, 3, "re"), call(3, 0, 0, "contra")]


def m1(calls=M1_CALLS) -> Deal:
    return Deal(1, M1, NORMAL, calls)


def m1_transcript(deal: Deal | None = None, game: dict | None = None) -> dict:
    deal = deal or m1()
    return deal.transcript("ddv", 0, game or marriage(2), {2: MARRIAGE})


def test_ddv_marriage_whole_game_partner_in_trick_2_and_shifted_deadlines(check):
    """TSR 4.4.3 a (partner: seat 3, the first trick won by another player), 6.4.2
    (deciding trick 2: re/contra with 10 cards are in time), 7.1.1 (re 183), 7.2.2 (won
    1, below 90 1, below 60 1, re 2, contra 2 = 7), 7.2.3 (the marriage continues as a
    normal game: fox caught by contra 1 and Karlchen for re 1 net to 0): +7 / -7."""
    deal = m1()
    result = check(m1_transcript(deal))
    assert_played_as_written(result, deal, type="marriage", declarer=2, partner=3,
                             deciding_trick=2, re=[2, 3], contra=[0, 1])
    assert deal.points_of([2, 3]) == 183
    assert_score(result, card_points=(183, 57), winner="re",
                 items=[("won", "re", 1), ("below_90", "re", 1), ("below_60", "re", 1),
                        ("re_announced", "re", 2), ("contra_announced", "re", 2),
                        ("fox_caught", "contra", 1, 11), ("karlchen_last_trick", "re", 1, 12)],
                 value=7, scores=[-7, -7, 7, 7])


def test_ddv_marriage_announcement_before_the_deciding_trick_is_too_early(check):
    """TSR 4.4.4 / 6.4.2: "Eine Erstansage ist immer erst nach Beendigung des
    Klärungsstiches erlaubt" - the bride's re before the first card, and seat 3's re
    before the last card of trick 2 (the deciding trick), are both too early."""
    deal = m1([call(1, 0, 2, "re"), call(2, 3, 3, "re")])
    result = check(m1_transcript(deal))
    assert_violation(result, "announcement_too_early", deal.event_pointer(0), seat=2)
    assert_violation(result, "announcement_too_early", deal.event_pointer(1), seat=3)


def test_ddv_marriage_contra_with_nine_cards_after_deciding_trick_2_is_too_late(check):
    """TSR 6.4.2: deciding trick 2 moves the deadline to 10 cards; seat 0's contra
    after its own card of trick 3 (9 cards left) is too late."""
    deal = m1([call(3, 2, 0, "contra")])
    result = check(m1_transcript(deal))
    assert_violation(result, "announcement_too_late", deal.event_pointer(0), seat=0)


def test_ddv_marriage_partner_named_in_the_game_must_be_the_one_found(check):
    """TSR 4.4.3 a: the partner is who won the deciding trick (seat 3). Naming seat 3
    is right; naming seat 1 is reported at /game/partner."""
    good = check(m1_transcript(game=marriage(2, partner=3)))
    assert_valid_complete(good)
    bad = check(m1_transcript(game=marriage(2, partner=1)))
    assert_violation(bad, "marriage_partner", "/game/partner")


def test_ddv_marriage_claimed_scores_with_the_wrong_partner_disagree(check):
    """A submitter who took seat 0 for the partner claims +7 for seats 0 and 2; by
    TSR 4.4.3 a the partner is seat 3, so the claimed scores disagree."""
    data = m1_transcript()
    data["claimed"] = {"winner": "re", "value": 7, "scores": [7, -7, 7, -7]}
    result = check(data)
    assert result["claimed"]["agrees"] is False
    assert [d["field"] for d in result["claimed"]["differences"]] == ["scores"]
    right = m1_transcript()
    right["claimed"] = {"winner": "re", "value": 7, "scores": [-7, -7, 7, 7]}
    assert check(right)["claimed"]["agrees"] is True


@pytest.mark.parametrize(("rule", "pointer", "source"), [
    ({"trick": "trump", "nth": 1}, "/game/partner_rule/trick", "TSR 4.4.3 a: any trick"),
    ({"trick": "color", "nth": 1}, "/game/partner_rule/trick", "TSR 4.4.3 a: any trick"),
    ({"trick": "any", "nth": 2}, "/game/partner_rule/nth", "TSR 4.4.3 a: the first"),
])
def test_ddv_marriage_partner_rule_not_allowed(check, rule, pointer, source):
    """The DDV knows one partner rule: the first trick won by another player."""
    game = {"type": "marriage", "declarer": 2, "partner_rule": rule}
    result = check(m1_transcript(game=game))
    assert_violation(result, "marriage_partner", pointer, seat=2)


def test_ddv_marriage_by_a_player_without_both_club_queens_is_not_entitled(check):
    """TSR 4.4.1: a marriage needs both ♣Q. Seat 0 (no ♣Q) says marriage and declares
    it: reported at its reservation (seat 0 is asked fourth, dealer 0) and at the
    declarer."""
    deal = m1([])
    data = deal.transcript("ddv", 0, marriage(0), {0: MARRIAGE})
    result = check(data)
    assert_violation(result, "reservation_entitlement", "/reservations/3", seat=0)
    assert_violation(result, "reservation_entitlement", "/game/declarer", seat=0)


# ---------------------------------------------------------------------------------------
# DDV M2: dealer 1; the bride (seat 2) leads and wins tricks 1-3 herself: after trick
# 3 she plays alone, a ♦ solo (TSR 4.4.3 b). She says re before trick 4 with 9 cards:
# in time (6.4.2: deciding trick 3 moves the deadline two cards). Bride 189 : 51.
# Trick 2 gives her seat 0's ♦A and trick 12 is won by her ♦A: no special points in a
# solo (7.2.4).
# ---------------------------------------------------------------------------------------
M2 = (
    trick(2, "H10 D10 DK D9", winner=2),   # 1: 24
    trick(2, "H10 SJ DA D9", winner=2),    # 2: 23  seat 0's ♦A
    trick(2, "CQ DQ DQ DK", winner=2),     # 3: 13  the bride's third trick
    trick(2, "C9 C10 CA CK", winner=0),    # 4: 25  ♣A
    trick(0, "HA H9 HA HK", winner=0),     # 5: 26  seat 0's ♥A first
    trick(0, "CK C10 CJ CA", winner=2),    # 6: 27  the bride trumps ♣
    trick(2, "CQ HJ HQ SJ", winner=2),     # 7: 10
    trick(2, "SQ SQ CJ HJ", winner=2),     # 8: 10  the bride's ♠Q first
    trick(2, "HQ DJ D10 DJ", winner=2),    # 9: 17
    trick(2, "SA SK S10 S9", winner=2),    # 10: 25
    trick(2, "SA S10 S9 SK", winner=2),    # 11: 25
    trick(2, "DA H9 C9 HK", winner=2),     # 12: 15  nobody else has a trump
)


def test_ddv_marriage_bride_wins_first_three_tricks_plays_a_solo(check):
    """TSR 4.4.3 b: the third trick decides, the bride plays alone (re {2}, contra
    {0, 1, 3}) and the game is scored like a solo: 7.2.2 won 1, below 90 1, below 60 1,
    re 2 = 5; 7.2.4 no special points (the ♦A caught in trick 2, the ♦A winning the
    last trick count nothing), the bride x3: +15, the others -5."""
    deal = Deal(2, M2, NORMAL, [call(4, 0, 2, "re")])
    result = check(deal.transcript("ddv", 1, marriage(2), {2: MARRIAGE}))
    assert_valid_complete(result)
    assert_game(result, type="marriage", declarer=2, deciding_trick=3,
                re=[2], contra=[0, 1, 3])
    assert result["game"].get("partner") is None
    assert_tricks(result, deal)
    assert deal.points_of([2]) == 189
    assert_score(result, card_points=(189, 51), winner="re",
                 items=[("won", "re", 1), ("below_90", "re", 1), ("below_60", "re", 1),
                        ("re_announced", "re", 2)],
                 value=5, scores=[-5, -5, 15, -5])


def test_ddv_silent_marriage_whole_game_scored_as_a_solo(check):
    """TSR 4.4.5: the holder of both ♣Q (seat 2) says healthy: a silent marriage, a ♦
    solo with the normal deadlines (re with 12 cards), scored like a solo (7.2.4):
    won 1, below 90 1, below 60 1, re 2 = 5, no special points; +15 / -5."""
    deal = Deal(2, M2, NORMAL, [call(1, 0, 2, "re")])
    result = check(deal.transcript("ddv", 1))
    assert_valid_complete(result)
    assert_game(result, type="silent_marriage", declarer=2, re=[2], contra=[0, 1, 3])
    assert_score(result, card_points=(189, 51), winner="re",
                 items=[("won", "re", 1), ("below_90", "re", 1), ("below_60", "re", 1),
                        ("re_announced", "re", 2)],
                 value=5, scores=[-5, -5, 15, -5])


def test_freedoko_silent_marriage_has_no_special_points(check):
    """Seed 002 6.4 (both ♣Q, no reservation: a silent marriage, a ♦ solo) and 10.2
    ("In a solo game there are no special points. The same is valid for a silent
    marriage": the ♦A winning the last trick counts nothing). The M2 tricks are the
    same under FreeDoko (no two ♥10 meet). Value 5; the preset counts for the winners
    only (10.3): the bride 3 x 5."""
    deal = Deal(2, M2, SECOND_H10, [call(1, 0, 2, "re")])
    result = check(deal.transcript(ruleset("freedoko"), 1))
    assert_valid_complete(result)
    assert_game(result, type="silent_marriage", declarer=2, re=[2], contra=[0, 1, 3])
    assert_score(result, card_points=(189, 51), winner="re",
                 items=[("won", "re", 1), ("below_90", "re", 1), ("below_60", "re", 1),
                        ("re_announced", "re", 2)],
                 value=5, scores=[0, 0, 15, 0])


# ---------------------------------------------------------------------------------------
# DOKO 2026 and DDV: the "Vorführen". Dealer 0; seat 1 wins the first three tricks with
# trump leads; the bride (seat 2) plays low trumps. Under DOKO 2026 only a foreign
# plain-suit trick finds the partner and a trump lead does not count ("Bei Hochzeit"
# a./b.), so after trick 3 the bride plays alone (c., and the note on "vorführen");
# under the DDV's rule the first foreign trick - trick 1 - makes seat 1 the partner.
# ---------------------------------------------------------------------------------------
VORFUEHREN = (
    trick(1, "H10 D9 DK D10", winner=1),
    trick(1, "H10 DK D9 D10", winner=1),
    trick(1, "SQ DJ HJ HQ", winner=1),
)


def _vorfuehren(spec, rule: str) -> dict:
    hands = complete_deal({0: ["D10", "D10", "HQ", "DA"], 1: ["H10", "H10", "SQ"],
                           2: ["CQ", "CQ", "D9", "DK", "DJ"], 3: ["DK", "D9", "HJ"]})
    play = [{"seat": t.seat(i), "card": c} for t in VORFUEHREN for i, c in enumerate(t.cards)]
    return transcript(spec, 0, hands, marriage(2, rule), play, {2: MARRIAGE})


def test_doko2026_marriage_only_trump_tricks_in_three_the_bride_plays_alone(check):
    """Seed 004 "Bei Hochzeit" b. (a trump lead is no foreign plain-suit trick but is
    counted), c. (no partner after the third trick: a trump solo)."""
    result = check(_vorfuehren(ruleset("doko2026"), "color"))
    assert result["violations"] == []
    assert [t["winner"] for t in result["tricks"]] == [1, 1, 1]
    assert_game(result, type="marriage", declarer=2, deciding_trick=3,
                re=[2], contra=[0, 1, 3])


def test_ddv_marriage_same_tricks_first_foreign_trick_decides(check):
    """TSR 4.4.3 a: "unerheblich, ob eine Trumpfkarte oder eine Fehlfarbe aufgespielt
    wurde" - seat 1 won trick 1 and is the partner."""
    result = check(_vorfuehren("ddv", "any"))
    assert result["violations"] == []
    assert_game(result, type="marriage", declarer=2, partner=1, deciding_trick=1,
                re=[1, 2], contra=[0, 3])


@pytest.mark.parametrize("rule", ["any", "trump", "club"])
def test_doko2026_marriage_partner_rule_other_than_plain_suit_trick_not_allowed(check, rule):
    """Seed 004 "Bei Hochzeit" a.: "Der erste fremde Fehl(stich)" is the one rule."""
    result = check(_vorfuehren(ruleset("doko2026"), rule))
    assert_violation(result, "marriage_partner", "/game/partner_rule/trick", seat=2)


def test_doko2026_marriage_without_a_partner_rule_says_what_to_write(check):
    """Seed 004 "Bei Hochzeit" a.: a transcript that leaves the partner rule out means
    'any', which DOKO 2026 does not know: the violation stands at the game (there is no
    partner_rule to point at) and says, in the players' words, the one rule DOKO 2026
    allows (the first plain-suit trick won by another player) and to give it."""
    data = _vorfuehren(ruleset("doko2026"), "color")
    del data["game"]["partner_rule"]
    result = check(data)
    assert_violation(result, "marriage_partner", "/game", seat=2)
    (message,) = [v["message"] for v in result["violations"]
                  if v["code"] == "marriage_partner"]
    assert message == (
        "The marriage names no deciding trick, which means the first trick won by another "
        "player; the DOKO 2026 rules allow only the first plain-suit trick won by another "
        "player: give the bride's choice.")


# ---------------------------------------------------------------------------------------
# DOKO 2026 M5: dealer 0, seat 1 leads; bride seat 2; rule: the first foreign plain-suit
# trick. Trick 1 (a trump lead, won by seat 3) does not count; trick 2 (♠, won by seat
# 0) does: partner seat 0, deciding trick 2. Seat 0 says re before trick 3 (10 cards,
# V.2 "verschiebt sich die Kartenzahl um die Zahl der Klärungsstiche"). Contra 125 wins.
# Both ♦A are won by their own team; no trick of 40; no ♣J in the last trick.
# ---------------------------------------------------------------------------------------
M5 = (
    trick(1, "D9 D10 DJ DK", winner=3),    # 1: 16  trump lead: not a plain-suit trick
    trick(3, "S9 SA S10 SK", winner=0),    # 2: 25  ♠: seat 0 is the partner
    trick(0, "HQ HJ DA DK", winner=0),     # 3: 20  the bride's ♦A to her partner
    trick(0, "S9 SK HA S10", winner=3),    # 4: 25  ♠10
    trick(3, "SA SJ HA CQ", winner=2),     # 5: 27  ♣Q
    trick(2, "SQ CJ DQ H10", winner=1),    # 6: 18  ♥10
    trick(1, "CA CA CK C10", winner=1),    # 7: 36  seat 1's ♣A first
    trick(1, "D10 D9 SJ HJ", winner=3),    # 8: 14
    trick(3, "C10 CK C9 CQ", winner=2),    # 9: 17  the bride trumps
    trick(2, "H10 HQ DA CJ", winner=2),    # 10: 26  seat 0's ♦A to its partner
    trick(2, "HK DQ H9 H9", winner=3),     # 11:  7  ♦Q trumps ♥
    trick(3, "C9 HK SQ DJ", winner=1),     # 12:  9  ♠Q
)


def test_doko2026_marriage_whole_game_lost_by_re(check):
    """Seed 004 "Bei Hochzeit" a./b. (partner: seat 0 in trick 2), VI (contra wins
    with 120+; won 1, Re 2, "gegen die Alten" 1 = 4; "nur Pluspunkte für die Gewinner":
    +4 for seats 1 and 3, 0 for re)."""
    deal = Deal(1, M5, SECOND_H10, [call(3, 0, 0, "re")])
    result = check(deal.transcript(ruleset("doko2026"), 0, marriage(2, "color"), {2: MARRIAGE}))
    assert_played_as_written(result, deal, type="marriage", declarer=2, partner=0,
                             deciding_trick=2, re=[0, 2], contra=[1, 3])
    assert deal.points_of([1, 3]) == 125
    assert_score(result, card_points=(115, 125), winner="contra",
                 items=[("won", "contra", 1), ("re_announced", "contra", 2),
                        ("against_club_queens", "contra", 1)],
                 value=4, scores=[0, 4, 0, 4])


# ---------------------------------------------------------------------------------------
# FreeDoko M3: dealer 2, seat 3 leads; bride seat 0; rule "first foreign ♣ trick".
# Trick 1 (trump, won by seat 1) and trick 2 (♣, won by the bride) do not decide; trick
# 3 (♣ led by the bride, trumped by seat 2) does: partner seat 2, deciding trick 3.
# Contra {1, 3} 130 : re {0, 2} 110; no two ♥10 in one trick, no all-♥ trick, neither
# ♣J nor ♦A in the last trick (so none of FreeDoko's optional special points arises).
#   trick 5: seat 2's ♦A won by seat 3        fox caught, contra
#   trick 11: seat 0's ♦A won by seat 3       fox caught, contra
# ---------------------------------------------------------------------------------------
M3 = (
    trick(3, "DK D9 H10 DJ", winner=1),    # 1: 16  a trump trick
    trick(1, "CK C10 C9 CA", winner=0),    # 2: 25  a ♣ trick, but the bride's own
    trick(0, "C9 CA DQ C10", winner=2),    # 3: 24  ♣ trumped by seat 2: the partner
    trick(2, "CJ HQ CQ HQ", winner=0),     # 4: 11
    trick(0, "D10 D10 DA DQ", winner=3),   # 5: 34  ♦Q; seat 2's ♦A caught
    trick(3, "DJ CQ HJ SQ", winner=0),     # 6: 10
    trick(0, "SQ D9 H10 SJ", winner=2),    # 7: 15  ♥10
    trick(2, "SK S10 SA S9", winner=0),    # 8: 25  ♠A
    trick(0, "HJ SJ SA DK", winner=1),     # 9: 19  ♠J
    trick(1, "S10 S9 H9 HK", winner=1),    # 10: 14  ♠10
    trick(1, "SK HA CJ DA", winner=3),     # 11: 28  ♣J; seat 0's ♦A caught
    trick(3, "CK HA H9 HK", winner=3),     # 12: 19  ♣K, nobody else has ♣ or trump
)


def test_freedoko_club_marriage_whole_game_lost_by_re(check):
    """Seed 002 6.4 ("first foreign ♣trick decides": trick 3, seat 2), 10.1 (contra
    wins with 120+), 10.2 (won 1; special points: versus ♣queens won 1, fox caught 2 =
    4), 10.3 (the preset counts for the winners only: +4 for seats 1 and 3)."""
    deal = Deal(3, M3, SECOND_H10)
    result = check(deal.transcript(ruleset("freedoko"), 2, marriage(0, "club"), {0: MARRIAGE}))
    assert_played_as_written(result, deal, type="marriage", declarer=0, partner=2,
                             deciding_trick=3, re=[0, 2], contra=[1, 3])
    assert deal.points_of([0, 2]) == 110
    assert_score(result, card_points=(110, 130), winner="contra",
                 items=[("won", "contra", 1), ("against_club_queens", "contra", 1),
                        ("fox_caught", "contra", 1, 5), ("fox_caught", "contra", 1, 11)],
                 value=4, scores=[0, 4, 0, 4])


def test_freedoko_marriage_second_such_trick_not_allowed(check):
    """Seed 002 6.4: "The player who wins the first trick, which meets the chosen form"
    - only the first; nth 2 is reported."""
    deal = Deal(3, M3, SECOND_H10)
    result = check(deal.transcript(ruleset("freedoko"), 2, marriage(0, "club", 2), {0: MARRIAGE}))
    assert_violation(result, "marriage_partner", "/game/partner_rule/nth", seat=0)


# ---------------------------------------------------------------------------------------
# Mittwoch M4 (40 cards): dealer 3, seat 0 leads; bride seat 1; rule "Zweiter
# Fehlstich" (the second foreign plain-suit trick). Trick 1 (♠, seat 0) is the first,
# trick 2 (trump) does not count, trick 3 (♣, trumped by seat 3) is the second: partner
# seat 3, deciding trick 3. The bride says re before the first card (allowed: "kann die
# SpielerIn mit Doppel-Kreuzdame sehr wohl bereits Re sagen"; no vorab point: "Ein
# Extra-Punkt für Re vorab wird nicht gewährt"). Re {1, 3} 154 : contra {0, 2} 86.
#   trick 2: seat 3's ♦A won by seat 2         fox caught, contra
#   trick 10: seat 3's ♣J wins the last trick  Karlchen, re
# ---------------------------------------------------------------------------------------
M4 = (
    trick(0, "SA SK S10 SK", winner=0),    # 1: 29  first foreign plain-suit trick
    trick(0, "DK D10 HQ DA", winner=2),    # 2: 28  trump: not counted; fox caught
    trick(2, "CA DJ C10 CK", winner=3),    # 3: 27  the second one: seat 3
    trick(3, "H10 D10 SQ HQ", winner=3),   # 4: 26
    trick(3, "SQ DQ CQ DJ", winner=1),     # 5: 11
    trick(1, "CQ CJ DQ HJ", winner=1),     # 6: 10
    trick(1, "DA C10 SJ SJ", winner=3),    # 7: 25  seat 3's ♠J first; the ♦A stays re's
    trick(3, "S10 DK HK SA", winner=0),    # 8: 29  seat 0 trumps ♠
    trick(0, "CA H10 CK HJ", winner=1),    # 9: 27  ♥10
    trick(1, "HA HK CJ HA", winner=3),     # 10: 28  ♣J trumps ♥
)


def _m4(calls) -> tuple[Deal, dict]:
    deal = Deal(0, M4, MITTWOCH, calls, with_nines=False)
    return deal, deal.transcript(ruleset("mittwoch"), 3, marriage(1, "color", 2), {1: MARRIAGE})


def test_mittwoch_marriage_second_plain_suit_trick_whole_game(check):
    """Seed 003 "Sonderspiele" (any rule, "Zweiter Fehlstich"; the bride's re before
    the partner is known, without vorab point), "Zählweise" (re needs 121: 154; keine
    120 1, keine 90 1), "Sonderpunkte" (Karlchen re 1, fox contra 1: net 2), "Re oder
    Contra ... verdoppelt" (x2): +4 / -4."""
    deal, data = _m4([call(1, 0, 1, "re")])
    result = check(data)
    assert_played_as_written(result, deal, type="marriage", declarer=1, partner=3,
                             deciding_trick=3, re=[1, 3], contra=[0, 2])
    assert deal.points_of([1, 3]) == 154
    assert_score(result, card_points=(154, 86), winner="re",
                 items=[("won", "re", 1), ("below_90", "re", 1),
                        ("fox_caught", "contra", 1, 2), ("karlchen_last_trick", "re", 1, 10)],
                 value=4, scores=[-4, 4, -4, 4], multiplier=2)


def test_mittwoch_marriage_re_or_contra_vorab_becomes_contra(check):
    """Seed 003: "die anderen können unsere Spezialansage 'Re oder Contra' machen";
    "Sehr wohl aber wird der Mut für ein 'Re oder Contra vorab' einer der anderen drei
    SpielerInnen mit einem Punkt honoriert". Seat 0 says it before the first card and
    turns out contra: the game is doubled twice (x4), the vorab point counts, and re,
    with 154 against a contra call, gets a "selber doof" point (150 reached). Re: won 1,
    keine 90 1, vorab 1, selber doof 1, Karlchen 1 - fox 1 = 4, x4 = 16."""
    _deal, data = _m4([call(1, 0, 1, "re"), call(1, 0, 0, "re_or_contra")])
    result = check(data)
    assert_valid_complete(result)
    calls = {(a["seat"], a["team"], a["call"]) for a in result["announcements"]}
    assert (0, "contra", "re_or_contra") in calls
    assert_score(result, card_points=(154, 86), winner="re",
                 items=[("won", "re", 1), ("below_90", "re", 1),
                        ("announced_before_first_card", "re", 1),
                        ("reached_150_against_call", "re", 1),
                        ("fox_caught", "contra", 1, 2), ("karlchen_last_trick", "re", 1, 10)],
                 value=16, scores=[-16, 16, -16, 16], multiplier=4)


def test_ddv_re_or_contra_is_not_a_call(check):
    """TSR 4.4.4 / 6.2.1 know no "Re oder Contra": seat 0's call before the deciding
    trick is refused."""
    deal = m1([At(1, 0, 0, {"seat": 0, "announce": "re_or_contra"})])
    result = check(m1_transcript(deal))
    assert result["valid"] is False
    assert any(v["pointer"] == deal.event_pointer(0) for v in result["violations"])


# ---------------------------------------------------------------------------------------
# Mittwoch: "Versteckte Hochzeit" (Zählbeispiele). Dealer 1, seat 2 holds both ♣Q,
# says nothing and re before the first card; contra wins "denkbar knapp mit 120".
# No trick of 40, both ♦A stay with their side, no ♣J in the last trick.
# ---------------------------------------------------------------------------------------
HIDDEN = (
    trick(2, "H10 DJ CJ DQ", winner=2),    # 1: 17
    trick(2, "SQ D10 SJ DJ", winner=2),    # 2: 17
    trick(2, "DQ HJ D10 DK", winner=2),    # 3: 19
    trick(2, "CQ SJ HQ HJ", winner=2),     # 4: 10
    trick(2, "HQ H10 DA SA", winner=3),    # 5: 35  ♥10; seat 0's ♦A to its own side
    trick(3, "CK C10 CA CA", winner=1),    # 6: 36  seat 1's ♣A first
    trick(1, "HK SA HA HK", winner=3),     # 7: 30  ♥A
    trick(3, "DK SQ S10 CJ", winner=0),    # 8: 19  ♠Q
    trick(0, "HA SK DA SK", winner=2),     # 9: 30  the bride trumps with her ♦A
    trick(2, "CQ C10 S10 CK", winner=2),   # 10: 27
)


def test_mittwoch_hidden_marriage_example_contra_wins_with_120(check):
    """Seed 003, Zählbeispiel "Versteckte Hochzeit": "Keine 120, gegen das Solo, Ansage
    vorab, macht drei, mit Re 6 Pluspunkte für jede GegnerIn, 18 Minuspunkte für die
    Solistin" (a silent marriage is a hidden trump solo; re needs 121)."""
    deal = Deal(2, HIDDEN, MITTWOCH, [call(1, 0, 2, "re")], with_nines=False)
    result = check(deal.transcript(ruleset("mittwoch"), 1))
    assert_played_as_written(result, deal, type="silent_marriage", declarer=2, re=[2],
                             contra=[0, 1, 3])
    assert deal.points_of([2]) == 120
    assert_score(result, card_points=(120, 120), winner="contra",
                 items=[("won", "contra", 1), ("against_solo", "contra", 1),
                        ("announced_before_first_card", "contra", 1)],
                 value=6, scores=[6, 6, -18, 6], multiplier=2)

