"""Poverty ("Armut", "Trumpfabgabe"), written by hand from the rules: whole games with
their full score, the redeal when nobody takes it, and every field of a wrong exchange.

Sources: seed 002 (FreeDoko) 6.5.4 (at most three trumps; three cards put down, "these
cards must be his trumps and if he has not three trumps there are some cards of a
miscolor too"; each player decides whether to take them; nobody: redeal; the taker
"gives the player with the poverty any three of his cards and announces, how many
trumps he has given away"; the two are re; "the rest of the game is played like a
normal game"), 6.1 (the reservation ranks); seed 003 (Mittwoch) "Sonderspiele" ("Armut
kann mit höchstens drei Trümpfen angesagt werden. Die aufnehmende SpielerIn muss
mitteilen, ob sie Trümpfe zurückschiebt, jedoch nicht deren Anzahl. Durch einen
geschobenen Fuchs entstehende Schweine sind gültig!"); seed 004 (DOKO 2026) I.5 ("Armut":
three cards offered clockwise, the taker is the partner, returns three, says "kein
Trumpf zurück" or "Trumpf zurück"; nobody takes: a new deal); DDV TSR 4.1.5 (no poverty).

The hands below are the hands as *played* (after the exchange); the deal sent is that
with the exchange undone (``undo_exchange``), so the dealt poor hand holds the passed
cards and the taker's dealt hand the returned ones.
"""

from __future__ import annotations

import pytest
from games.kinds import Deal, call, order, show, transcript, trick, undo_exchange
from games.rulesets import ruleset
from games.verdicts import (
    assert_game,
    assert_played_as_written,
    assert_score,
    assert_valid_complete,
    assert_violation,
    codes_at,
)

POVERTY = {"reservation": "poverty"}

# ---------------------------------------------------------------------------------------
# P1: dealer 3, seat 0 leads. Seat 1 was dealt two trumps (♦K ♥J) and passes them with
# the ♣A; seat 2 declines, seat 3 takes and returns ♦10 ♠9 ♥9 - one trump. Re {1, 3}
# 130 : contra {0, 2} 110. Seat 3 says re with 12 cards. No two ♥10 meet, no all-♥
# trick, the last trick is won by a ♣Q (no ♣J in it).
#   trick 12: seat 3's ♦A won by seat 2        fox caught, contra
# ---------------------------------------------------------------------------------------
P1 = (
    trick(0, "CA C9 C9 CK", winner=0),     # 1: 15
    trick(0, "SA SK S9 DK", winner=3),     # 2: 19  seat 3 is out of ♠
    trick(3, "H10 D9 D10 D9", winner=3),   # 3: 20  seat 1 plays its only trump
    trick(3, "CA H9 C10 SJ", winner=2),    # 4: 23  seat 2 trumps ♣
    trick(2, "HK HJ HA H9", winner=3),     # 5: 17  seat 3 trumps ♥
    trick(3, "CQ DJ C10 DQ", winner=3),    # 6: 18
    trick(3, "SQ HQ CK HJ", winner=3),     # 7: 12
    trick(3, "HQ H10 S10 DK", winner=0),   # 8: 27  ♥10
    trick(0, "S10 SA SK SJ", winner=3),    # 9: 27  seat 3 trumps ♠
    trick(3, "CJ CJ HA DJ", winner=3),     # 10: 17  seat 3's ♣J first
    trick(3, "DQ SQ HK D10", winner=0),    # 11: 20  ♠Q
    trick(0, "DA S9 CQ DA", winner=2),     # 12: 25  ♣Q; seat 3's ♦A caught
)
P1_PASSED = ["DK", "HJ", "CA"]
P1_RETURNED = ["D10", "S9", "H9"]
P1_OFFERS = [{"seat": 2, "accept": False}, {"seat": 3, "accept": True}]


def p1() -> Deal:
    return Deal(0, P1, order("normal", second_h10_wins=True), [call(1, 0, 3, "re")])


def p1_dealt() -> list[list[str]]:
    return undo_exchange(p1().hands, 1, 3, P1_PASSED, P1_RETURNED)


def p1_game(**changes) -> dict:
    game = {"type": "poverty", "declarer": 1, "passed": P1_PASSED, "offers": P1_OFFERS,
            "partner": 3, "returned": P1_RETURNED, "trumps_returned": 1}
    game.update(changes)
    return {k: v for k, v in game.items() if v is not None}


def p1_transcript(spec=None, play=True, **changes) -> dict:
    deal = p1()
    return transcript(spec or ruleset("freedoko"), 3, p1_dealt(), p1_game(**changes),
                      deal.play() if play else [], {1: POVERTY})


def test_p1_dealt_hand_is_a_poverty():
    """The design: seat 1 was dealt two trumps of the normal game (♦K ♥J), both passed."""
    trumps = {"H10", "CQ", "SQ", "HQ", "DQ", "CJ", "SJ", "HJ", "DJ", "DA", "D10", "DK", "D9"}
    assert sorted(c for c in p1_dealt()[1] if c in trumps) == ["DK", "HJ"]


def test_freedoko_poverty_whole_game(check):
    """Seed 002 6.5.4 (the exchange; seats 1 and 3 are re; then a normal game), 10.1
    (re wins with 121+: 130), 10.2 (won 1, re announced 2; fox caught by contra 1:
    value 2), 10.3 (the preset counts for the winners only: +2 for seats 1 and 3)."""
    deal = p1()
    result = check(p1_transcript())
    assert_played_as_written(result, deal, type="poverty", declarer=1, partner=3, re=[1, 3],
                             contra=[0, 2])
    assert deal.points_of([1, 3]) == 130
    assert_score(result, card_points=(130, 110), winner="re",
                 items=[("won", "re", 1), ("re_announced", "re", 2),
                        ("fox_caught", "contra", 1, 12)],
                 value=2, scores=[0, 2, 0, 2])


def test_doko2026_poverty_whole_game_trump_returned(check):
    """Seed 004 I.5 (the same exchange; the taker says "Trumpf zurück": true), VI (won
    1, Re 2, fox caught by contra 1: 2; only the winners' plus points)."""
    result = check(p1_transcript(ruleset("doko2026"), trumps_returned=True))
    assert_valid_complete(result)
    assert_game(result, type="poverty", declarer=1, partner=3, re=[1, 3], contra=[0, 2])
    assert_score(result, card_points=(130, 110), winner="re",
                 items=[("won", "re", 1), ("re_announced", "re", 2),
                        ("fox_caught", "contra", 1, 12)],
                 value=2, scores=[0, 2, 0, 2])


# ---------------------------------------------------------------------------------------
# Mittwoch P3 (40 cards): dealer 1; seat 2 was dealt ♦A ♦J ♦10 and passes them; seat 3
# takes at once and now holds both ♦A: swines ("Durch einen geschobenen Fuchs
# entstehende Schweine sind gültig!"), shown right before the first of them (trick 2,
# "Ansage erst bei Ausspiel des ersten Schweins"). Seat 3 returns ♦K ♥A ♣K ("ob": true)
# and says re before the first card. Re {2, 3} 222 : contra 18.
#   trick 2: the swine beats seat 0's ♥10; a swine is no fox
#   trick 10: seat 3's ♣J wins the last trick    Karlchen, re
# ---------------------------------------------------------------------------------------
P3 = (
    trick(2, "CA DJ CA C10", winner=3),    # 1: 34  seat 3 trumps ♣
    trick(3, "DA H10 D10 DK", winner=3),   # 2: 35  the swine over the ♥10
    trick(3, "DA CQ DK HK", winner=3),     # 3: 22
    trick(3, "H10 DQ HQ SK", winner=3),    # 4: 20
    trick(3, "CQ SQ SJ S10", winner=3),    # 5: 18
    trick(3, "D10 CJ HJ CK", winner=0),    # 6: 18  ♣J
    trick(0, "SA SK SA SJ", winner=3),     # 7: 28  seat 3 trumps ♠
    trick(3, "HQ DJ DQ C10", winner=3),    # 8: 18
    trick(3, "SQ HJ CK HA", winner=3),     # 9: 20
    trick(3, "CJ HK S10 HA", winner=3),    # 10: 27  ♣J, the last trump
)
MITTWOCH = order("normal", second_h10_wins=True, with_nines=False)
MITTWOCH_SWINES = order("normal", second_h10_wins=True, with_nines=False, swines=True)


def test_mittwoch_poverty_whole_game_with_swines_from_the_passed_fox(check):
    """Seed 003 "Sonderspiele" (the exchange; "ob" trumps came back; swines from a
    passed fox are valid), "Zählweise" (keine 120, keine 90, keine 60, keine 30: 4),
    "Sonderpunkte" (Karlchen 1; no vorab point in a poverty: "nicht bei Hochzeit,
    anderen Soli oder Armut"), re doubles: (4 + 1) x 2 = 10."""
    deal = Deal(2, P3, lambda n: MITTWOCH if n == 1 else MITTWOCH_SWINES,
                [call(1, 0, 3, "re"), show(2, 0, 3)], with_nines=False)
    passed, returned = ["DA", "DJ", "D10"], ["DK", "HA", "CK"]
    dealt = undo_exchange(deal.hands, 2, 3, passed, returned)
    assert dealt[3].count("DA") == 1 and dealt[2].count("DA") == 1
    game = {"type": "poverty", "declarer": 2, "passed": passed,
            "offers": [{"seat": 3, "accept": True}], "partner": 3, "returned": returned,
            "trumps_returned": True}
    result = check(transcript(ruleset("mittwoch"), 1, dealt, game, deal.play(),
                              {2: POVERTY}))
    assert_played_as_written(result, deal, type="poverty", declarer=2, partner=3, re=[2, 3],
                             contra=[0, 1])
    assert deal.points_of([2, 3]) == 222
    assert_score(result, card_points=(222, 18), winner="re",
                 items=[("won", "re", 1), ("below_90", "re", 1), ("below_60", "re", 1),
                        ("below_30", "re", 1), ("karlchen_last_trick", "re", 1, 10)],
                 value=10, scores=[-10, -10, 10, 10], multiplier=2)


# ---------------------------------------------------------------------------------------
# A wrong exchange, field by field (FreeDoko unless said otherwise; no cards played).
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(("changes", "pointer", "why"), [
    ({"passed": ["DK", "CA", "HA"]}, "/game/passed/1",
     "6.5.4: the cards must be his trumps; the ♥J was kept; reported at the first non-trump"),
    ({"passed": ["DK", "HJ"]}, "/game/passed", "6.5.4: three cards are put down"),
    ({"passed": ["DK", "HJ", "DA"]}, "/game/passed/2", "seat 1 holds no ♦A (at the card)"),
    ({"offers": [{"seat": 3, "accept": True}]}, "/game/offers/0",
     "offered in turn from the poor player's left: seat 2 is asked first"),
    ({"offers": [*P1_OFFERS, {"seat": 0, "accept": False}]}, "/game/offers/2",
     "the offers end with the first that takes"),
    ({"partner": 2}, "/game/partner", "the partner is the seat that took (3)"),
    ({"returned": ["D10", "S9"]}, "/game/returned", "6.5.4: three cards back"),
    ({"returned": ["D10", "S9", "HA"]}, "/game/returned/2",
     "seat 3 holds no ♥A, not even after taking the passed cards"),
    ({"trumps_returned": 2}, "/game/trumps_returned", "one trump (♦10) came back"),
    ({"trumps_returned": None}, "/game/trumps_returned",
     "6.5.4: the taker announces how many trumps he has given"),
    ({"trumps_returned": True}, "/game/trumps_returned", "FreeDoko says how many"),
])
def test_freedoko_poverty_exchange_wrong(check, changes, pointer, why):
    """Seed 002 6.5.4 / the contract's poverty object: each wrong field is reported
    at its pointer as poverty_exchange."""
    result = check(p1_transcript(play=False, **changes))
    assert_violation(result, "poverty_exchange", pointer)


@pytest.mark.parametrize(("changes", "message"), [
    ({"offers": [{"seat": 3, "accept": True}]}, None),  # the misplaced offer alone
    # seats as people count them: the transcript's seat 3 is "seat 4"
    ({"partner": 2}, "Seat 4 was the first to take the poverty, so seat 4 is the partner, "
                     "not seat 3."),
    ({"partner": None, "returned": None, "trumps_returned": None},
     "Seat 4 was the first to take the poverty, so seat 4 is the partner."),
    ({"offers": []}, "Seat 4 is given as the partner, but no offer is recorded: list the "
                     "offers clockwise from seat 3 up to the player who took it."),
    ({"offers": [{"seat": s, "accept": False} for s in (2, 3, 0)]},
     "No offer was taken, so nobody took the poverty and the cards are dealt again; seat 4 "
     "is given as the partner."),
])
def test_poverty_partner_message_says_what_to_change(check, changes, message):
    """Seed 002 6.5.4 (the taker is the partner): a partner that differs from the offers
    says who took and what to write, in words (never a bare None); after a misplaced
    offer, already reported, the partner is not reported again (one mistake, one
    violation)."""
    result = check(p1_transcript(play=False, **changes))
    found = [v["message"] for v in result["violations"] if v["pointer"] == "/game/partner"]
    assert found == ([message] if message else [])
    assert not any(word in v["message"] for v in result["violations"]
                   for word in ("None", "null"))


@pytest.mark.parametrize(("spec", "stated", "message"), [
    ("freedoko", 2, "The taker said 2 trumps were returned; 1 trump was returned."),
    ("freedoko", 0, "The taker said 0 trumps were returned; 1 trump was returned."),
    ("freedoko", True, "Under the FreeDoko rules the taker says how many trumps were "
                       "returned, not whether: 1 trump was returned."),
    ("doko2026", False, "The taker said no trumps were returned; 1 trump was returned."),
])
def test_poverty_trumps_statement_message(check, spec, stated, message):
    """Seed 002 6.5.4 (how many) and seed 004 I.5 (whether): the message gives the
    statement and the count in words, never a bare True."""
    result = check(p1_transcript(ruleset(spec), play=False, trumps_returned=stated))
    assert [v["message"] for v in result["violations"]
            if v["pointer"] == "/game/trumps_returned"] == [message]


@pytest.mark.parametrize(("spec", "stated", "message"), [
    (ruleset("freedoko", poverty_returned_trumps="nothing"), 1,
     "Under the FreeDoko rules (with changed options) the taker says nothing about the "
     "trumps returned: leave that statement out."),
    (ruleset("mittwoch", with_nines=True), 1,
     "Under the Mittwoch rules (with changed options) the taker says whether trumps were "
     "returned, not how many."),
    ("doko2026", 0, "Under the DOKO 2026 rules the taker says whether trumps were returned, "
                    "not how many."),
])
def test_poverty_trumps_statement_the_ruleset_does_not_ask_for(check, spec, stated, message):
    """Nothing said is ignored: under poverty_returned_trumps "nothing" a trumps_returned
    given is reported; under "whether" a count is (seed 003 "Sonderspiele": the taker
    says whether trumps come back, "jedoch nicht deren Anzahl"; seed 004 I.5: "kein
    Trumpf zurück" or "Trumpf zurück")."""
    result = check(p1_transcript(spec, play=False, trumps_returned=stated))
    found = [v for v in result["violations"] if v["pointer"] == "/game/trumps_returned"]
    assert [(v["code"], v["seat"]) for v in found] == [("poverty_exchange", 3)], found
    assert found[0]["message"] == message


def test_a_poverty_nobody_took_returns_nothing(check):
    """Seed 004 I.5 ("Nimmt kein Spieler auf, wird neu gegeben") and seed 002 6.5.4: no
    taker, nothing comes back; cards or a trumps statement given as returned are
    reported, not ignored."""
    offers = [{"seat": s, "accept": False} for s in (2, 3, 0)]
    result = check(p1_transcript(ruleset("doko2026"), play=False, offers=offers,
                                 partner=None, trumps_returned=True))
    assert [(v["code"], v["pointer"]) for v in result["violations"]] == [
        ("poverty_exchange", "/game/returned"), ("poverty_exchange", "/game/trumps_returned")]
    assert result["game"]["type"] == "redeal"


def test_a_poverty_given_to_its_own_declarer_returns_nothing(check):
    """Seed 004 I.5: with every offer declined nobody took the poverty, also where the
    partner is (wrongly) given as the declarer: the returned cards and the trumps
    statement are reported, not dropped with the missing taker."""
    offers = [{"seat": s, "accept": False} for s in (2, 3, 0)]
    data = p1_transcript(ruleset("doko2026"), play=False, offers=offers, partner=None,
                         trumps_returned=True)
    data["game"]["partner"] = data["game"]["declarer"]
    pointers = [v["pointer"] for v in check(data)["violations"]]
    assert "/game/partner" in pointers
    assert "/game/returned" in pointers and "/game/trumps_returned" in pointers


@pytest.mark.parametrize(("stated", "wrong"), [(0, True), (1, False), (2, False), (3, True)])
def test_a_count_with_an_unreadable_returned_card_is_held_to_what_the_rest_decide(
        check, stated, wrong):
    """Seed 002 6.5.4 (the taker says how many trumps it gave back): ♦10 came back and
    one card could not be read, which may be a trump: 1 or 2 may be right, 0 and 3 are
    wrong whatever it was. The unreadable card's own violation says so, and how cards
    are written."""
    returned = ["D10", "??", "H9"]
    result = check(p1_transcript(play=False, returned=returned, trumps_returned=stated))
    pointers = [v["pointer"] for v in result["violations"]]
    assert ("/game/trumps_returned" in pointers) == wrong
    [unreadable] = [v for v in result["violations"] if v["pointer"] == "/game/returned/1"]
    assert unreadable["message"].startswith(
        "Seat 4 returned '??', which is no card. A card is written as its suit, C, S, H or "
        "D, and its rank, 9, 10, J, Q, K or A. It is taken as an unknown card of the hand.")
    assert unreadable["message"].endswith(
        ". Whether trumps were returned is checked only as far as the cards read decide it")
    assert "trumps_returned" not in unreadable["message"]  # the field, said in words


def test_doko2026_poverty_wrong_whether_statement(check):
    """Seed 004 I.5: "Gibt er keinen Trumpf zurück, muss er dies mit 'kein Trumpf
    zurück' melden, andernfalls mit 'Trumpf zurück'" - the ♦10 went back, so saying
    none came back (false) is wrong."""
    result = check(p1_transcript(ruleset("doko2026"), play=False, trumps_returned=False))
    assert_violation(result, "poverty_exchange", "/game/trumps_returned", seat=3)


def test_mittwoch_poverty_whether_statement_right(check):
    """Seed 003: the taker says whether (not how many) trumps came back: true."""
    result = check(p1_transcript(ruleset("mittwoch", with_nines=True), play=False,
                                 trumps_returned=True))
    assert [v for v in result["violations"] if v["code"] == "poverty_exchange"] == []


def test_poverty_with_four_trumps_is_not_entitled(check):
    """Seed 002 6.5.4 "no more than three trumps": seat 2 was dealt eight trumps and
    says poverty - reported at its reservation (seat 2 is asked third)."""
    data = p1_transcript(play=False)
    data["reservations"][2] = {"seat": 2, "reservation": "poverty"}
    result = check(data)
    assert_violation(result, "reservation_entitlement", "/reservations/2", seat=2)


def test_ddv_has_no_poverty(check):
    """TSR 4.1.5 lists duty solo, lust solo and marriage only: a poverty reservation is
    not entitled under the DDV."""
    result = check(p1_transcript("ddv", play=False, trumps_returned=None))
    assert_violation(result, "reservation_entitlement", "/reservations/1", seat=1)


# ---------------------------------------------------------------------------------------
# Nobody takes: the cards are dealt again.
# ---------------------------------------------------------------------------------------
def _assert_redeal(result):
    assert_valid_complete(result)
    assert result["game"]["type"] == "redeal"
    assert result["winner"] is None
    assert result["score"]["value"] == 0
    assert list(result["score"]["scores"]) == [0, 0, 0, 0]
    # no game, so no teams: nobody is re or contra in a hand that was dealt again
    assert (result["game"]["re"], result["game"]["contra"]) == ([], [])


@pytest.mark.parametrize("preset", ["freedoko", "mittwoch", "doko2026"])
def test_poverty_nobody_takes_is_a_redeal(check, preset):
    """Seed 002 6.5.4 ("If no player wants to take the cards, all cards are
    redistributed"), seed 004 I.5 ("Nimmt kein Spieler auf, wird neu gegeben"), and
    Mittwoch by the same rule: all three decline - no play, no score."""
    spec = ruleset(preset, with_nines=True) if preset == "mittwoch" else ruleset(preset)
    offers = [{"seat": s, "accept": False} for s in (2, 3, 0)]
    game = {"type": "poverty", "declarer": 1, "passed": P1_PASSED, "offers": offers}
    result = check(transcript(spec, 3, p1_dealt(), game, [], {1: POVERTY}))
    _assert_redeal(result)


def test_poverty_declared_as_redeal_after_the_reservation(check):
    """The contract's redeal object after a poverty nobody took."""
    result = check(transcript(ruleset("freedoko"), 3, p1_dealt(), {"type": "redeal"}, [],
                              {1: POVERTY}))
    _assert_redeal(result)


def test_poverty_redeal_option_calls_for_a_redeal(check):
    """Seed 002 6.5.4, first version: "redistribute the cards" (poverty: redeal)."""
    result = check(transcript(ruleset("freedoko", poverty="redeal"), 3, p1_dealt(),
                              {"type": "redeal"}, [], {1: POVERTY}))
    _assert_redeal(result)


def test_cards_played_after_a_redeal_are_overlong(check):
    """After a redeal nothing is played: the first card is reported."""
    result = check(transcript(ruleset("freedoko"), 3, p1_dealt(), {"type": "redeal"},
                              [e for e in p1().play() if "card" in e][:3], {1: POVERTY}))
    assert_violation(result, "overlong_game", "/play/0")
    assert {code for code, _ in codes_at(result)} == {"overlong_game"}


@pytest.mark.parametrize(("changes", "pointer", "message"), [
    ({"passed": ["DK", "HJ", "DA"]}, "/game/passed/2", "Seat 2 passed ♦A without holding it. "),
    ({"returned": ["D10", "S9", "HA"]}, "/game/returned/2",
     "Seat 4 returned ♥A without holding it after taking the passed cards. "),
    ({"passed": ["DK", "CA", "HA"]}, "/game/passed/1",
     "Seat 2 passed 1 of 2 trumps; a poverty passes its trumps first, not ♣A, which is no "
     "trump"),
])
def test_poverty_card_at_fault_is_pointed_at_and_named(check, changes, pointer, message):
    """Seed 002 6.5.4, and a verdict points at the offending element: a passed or
    returned card the seat does not hold is reported at that card, and the message
    names it; a non-trump passed while trumps were kept is reported at that card."""
    result = check(p1_transcript(play=False, **changes))
    found = [v for v in result["violations"] if v["pointer"] == pointer]
    assert len(found) == 1 and message in found[0]["message"], result["violations"]
