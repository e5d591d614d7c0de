"""Every option of the catalogue, flipped: the same transcript, checked under a preset and
under the preset with that one option changed (``{"preset": p, "options": {name: v}}``),
changes its outcome the way the option's source says.

The transcripts are small: a deal written by hand and a partial play (whose
``legal_actions`` show who is to play, the legal cards and the calls each seat may still
make), or one of the whole 40-card games of ``tests/games/mittwoch.py`` (the seed 003
scoring examples). Expected outcomes come from the sources cited in each docstring
(seeds 002 FreeDoko, 003 Mittwochsregeln, 004 DOKO 2026; the DDV TSR of 21.02.2026),
never from running the service.

The session-level options (duty solos, round size, bock rounds, the penalty for a
missed duty solo) play no part in checking one game: for them the test asserts that
``GET /v1/rulesets/{id}`` lists each with its value and source, and that flipping them
leaves a checked game as it was.

A meta-test asserts that the options covered here are exactly the catalogue, so that
a new option without a flip test fails.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from games import mittwoch as m
from games.ddv import deal_c
from games.expect import expected_items, item_totals, seat_calls
from games.kinds import call, transcript
from games.verdicts import codes_at

from service.game.options import CATALOGUE

# Flipped one by one against whole lists in tests/test_sittings.py
SESSION_LEVEL = {name for name, meta in CATALOGUE.items() if meta["level"] == "sitting"}
COVERED: set[str] = set()


def flips(*names: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Mark a test as the flip test of ``names`` (collected for the meta-test)."""

    def mark(test: Callable[..., Any]) -> Callable[..., Any]:
        COVERED.update(names)
        return test

    return mark


def rs(preset: str, **options: Any) -> dict[str, Any]:
    return {"preset": preset, "options": options}


def play(*items: str) -> list[dict[str, Any]]:
    """Play events: ``"0:DA"`` seat 0 plays ♦A, ``"1>contra"`` seat 1 announces,
    ``"0!swines"`` seat 0 shows swines."""
    out: list[dict[str, Any]] = []
    for item in items:
        for mark, key in ((":", "card"), (">", "announce"), ("!", "show")):
            if mark in item:
                seat, what = item.split(mark)
                out.append({"seat": int(seat), key: what})
                break
    return out


def run(check, base: dict[str, Any], ruleset: Any) -> dict[str, Any]:
    return check({**base, "ruleset": ruleset})


def trick_winners(result: dict[str, Any]) -> list[int]:
    return [t["winner"] for t in result["tricks"]]


def calls_of(result: dict[str, Any], seat: int) -> set[str]:
    return seat_calls(result["legal_actions"]).get(seat, set())


# ---------------------------------------------------------------------------------------
# Probe deals, written by hand.
# ---------------------------------------------------------------------------------------

# 40 cards (Mittwoch), dealer 3: seat 0 is asked first and leads. Seat 0 holds both ♣Q
# (a bride) and both ♦A (swines); seats 1 and 3 hold three trumps each (a poverty);
# seat 3 holds both ♦K (the hyperswines without nines).
P40 = [
    ["CQ", "CQ", "DA", "DA", "H10", "SQ", "HQ", "DQ", "CJ", "SJ"],
    ["D10", "D10", "DJ", "CA", "C10", "CK", "SA", "S10", "SK", "HA"],
    ["H10", "SQ", "HQ", "DQ", "CJ", "SJ", "HJ", "HJ", "CA", "HK"],
    ["DK", "DK", "DJ", "C10", "CK", "SA", "S10", "SK", "HA", "HK"],
]

# 48 cards (DDV, FreeDoko), dealer 3. ♣Q with seats 0 and 1 (a normal game); seat 0 holds
# both ♦A; seat 2 holds five nines (♣9 ♣9 ♠9 ♠9 ♥9).
P48 = [
    ["DA", "DA", "CQ", "SQ", "HQ", "DQ", "CJ", "SJ", "HJ", "DJ", "D10", "DK"],
    ["H10", "CQ", "SQ", "HQ", "DQ", "CJ", "CA", "C10", "CK", "SA", "S10", "SK"],
    ["C9", "C9", "S9", "S9", "H9", "H10", "SJ", "HJ", "DJ", "D10", "DK", "CA"],
    ["D9", "D9", "C10", "CK", "SA", "S10", "SK", "HA", "HA", "HK", "HK", "H9"],
]

# 40 cards, dealer 3: seat 1 holds three trumps (♦A ♦10 ♦J) and asks for a poverty. It
# passes them; seats 2 and 3 decline, seat 0 takes them and returns ♦K ♥J ♠J. Seat 0
# then holds both ♦A: swines made by a passed fox.
POVERTY_HANDS = [
    ["DA", "H10", "CQ", "SQ", "HQ", "DQ", "CJ", "SJ", "HJ", "DK"],
    ["DA", "D10", "DJ", "CA", "C10", "CK", "SA", "S10", "SK", "HA"],
    ["H10", "CQ", "SQ", "HQ", "DQ", "CJ", "SJ", "CA", "HK", "HK"],
    ["HJ", "DJ", "D10", "DK", "C10", "CK", "SA", "S10", "SK", "HA"],
]
POVERTY_GAME = {"type": "poverty", "declarer": 1, "passed": ["DA", "D10", "DJ"],
                "offers": [{"seat": 2, "accept": False}, {"seat": 3, "accept": False},
                           {"seat": 0, "accept": True}],
                "partner": 0, "returned": ["DK", "HJ", "SJ"], "trumps_returned": True}


def p40(ruleset: Any = "mittwoch", game: dict[str, Any] | None = None,
        events: list[dict[str, Any]] | None = None,
        said: dict[int, dict[str, Any]] | None = None) -> dict[str, Any]:
    return transcript(ruleset, 3, P40, game or {"type": "normal"}, events or [], said)


def marriage(**rule: Any) -> dict[str, Any]:
    game: dict[str, Any] = {"type": "marriage", "declarer": 0}
    if rule:
        game["partner_rule"] = rule
    return game


def poverty(ruleset: Any = "mittwoch", events: list[dict[str, Any]] | None = None,
            game: dict[str, Any] | None = None) -> dict[str, Any]:
    return transcript(ruleset, 3, POVERTY_HANDS, game or POVERTY_GAME, events or [],
                      {1: {"reservation": "poverty"}})


def mittwoch_game(tricks, *events, ruleset: Any = "mittwoch",
                  cards: int | None = None) -> dict[str, Any]:
    return m.normal_transcript(m.deal(tricks, events), ruleset, cards=cards)


# ---------------------------------------------------------------------------------------
# The pack and the card order
# ---------------------------------------------------------------------------------------


@flips("with_nines")
def test_with_nines(check):
    """TSR 2.2.1: 48 cards, the nines among them; seed 003: 'Ohne Neunen'. The 48-card
    deal is a valid deal under ddv; without nines every nine is an unknown card (seat
    2's ♠9 at /hands/2/2 among them) and every hand is two cards too long."""
    base = transcript("ddv", 3, P48, {"type": "normal"}, [])
    assert run(check, base, "ddv")["violations"] == []
    flipped = run(check, base, rs("ddv", with_nines=False))
    assert ("unknown_card", "/hands/2/2") in codes_at(flipped)
    assert {("deal_card_count", f"/hands/{s}") for s in range(4)} <= codes_at(flipped)
    # ... and a 40-card deal (Mittwoch) is valid only without nines.
    assert run(check, p40(), "mittwoch")["violations"] == []
    assert {("deal_card_count", f"/hands/{s}") for s in range(4)} <= codes_at(
        run(check, p40(), rs("mittwoch", with_nines=True)))


@flips("dollen")
def test_dollen(check):
    """TSR 2.3.4 (and seed 003, 'Zweite Herz-Zehn ist hoch'): the ♥10 are trumps;
    seed 002, 2.1: 'optional they can be only miscolor cards'. Seat 0 leads ♥10: seat 1
    must answer with a trump (♦J ♦10, as held), or, with the ♥10 a plain heart, with its ♥A."""
    base = p40(events=play("0:H10"))
    assert run(check, base, "mittwoch")["legal_actions"]["cards"] == ["DJ", "D10"]
    assert run(check, base, rs("mittwoch", dollen=False))["legal_actions"]["cards"] == ["HA"]


@flips("dollen_order")
def test_dollen_order(check):
    """Seed 003: 'Zweite Herz-Zehn ist hoch'; TSR 5.3.3: of two equal cards the first
    played wins, the ♥10 too. Trick 1: ♥10 (seat 0), ♦10, ♥10 (seat 2), ♦K."""
    base = p40(events=play("0:H10", "1:D10", "2:H10", "3:DK"))
    second = run(check, base, "mittwoch")
    assert trick_winners(second) == [2] and second["legal_actions"]["seat"] == 2
    first = run(check, base, rs("mittwoch", dollen_order="first_wins"))
    assert trick_winners(first) == [0] and first["legal_actions"]["seat"] == 0


@flips("dollen_last_trick_reversed")
def test_dollen_last_trick_reversed(check):
    """Seed 002, 2.1: 'the second jabs the first. • but (optional) not in the last
    trick'. The last trick of the whole game holds both ♥10 (seat 1's first, seat 3's
    second): under Mittwoch (seed 003 names no exception) the second wins."""
    base = mittwoch_game(m.LAST_DOLLEN)
    assert trick_winners(run(check, base, "mittwoch"))[-1] == 3
    flipped = run(check, base, rs("mittwoch", dollen_last_trick_reversed=True))
    assert trick_winners(flipped)[-1] == 1
    assert trick_winners(flipped)[:-1] == [t.winner for t in m.LAST_DOLLEN[:-1]]


@flips("dollen_first_wins_with_swines")
def test_dollen_first_wins_with_swines(check):
    """Seed 004, II.a: 'Zweite Herz 10 / Erste Herz 10 - Ausnahme: bei "Sau"; dann
    sticht die erste "10" die zweite'; seed 003 knows no such exception. Seat 0 shows
    swines with its first ♦A (trick 1); in trick 2 both ♥10 fall (seat 0's first)."""
    base = p40(events=play("0!swines", "0:DA", "1:D10", "2:HJ", "3:DK",
                           "0:H10", "1:D10", "2:H10", "3:DK"))
    assert trick_winners(run(check, base, "mittwoch")) == [0, 2]
    flipped = run(check, base, rs("mittwoch", dollen_first_wins_with_swines=True))
    assert flipped["violations"] == []
    assert trick_winners(flipped) == [0, 0]


@flips("swines")
def test_swines(check):
    """TSR 2.3.4: no swines; seed 003: 'Beide Karo-Asse sind Schweine; Ansage erst bei
    Ausspiel des ersten Schweins'; seed 002, 2.2: 'Announcement before the game' or 'in
    the moment of playing the first Swine'."""
    # ddv has none: seat 0's showing is refused and seat 1's ♥10 takes the ♦A.
    shown = transcript("ddv", 3, P48, {"type": "normal"},
                       play("0!swines", "0:DA", "1:H10", "2:DK", "3:D9"))
    none = run(check, shown, "ddv")
    assert ("show_not_allowed", "/play/0") in codes_at(none)
    assert trick_winners(none) == [1]
    at_first = run(check, shown, rs("ddv", swines="at_first_swine"))
    assert at_first["violations"] == []
    assert trick_winners(at_first) == [0]
    # The timing: shown before the first card, but seat 0 leads its ♥10, not a ♦A.
    early = p40(events=play("0!swines", "0:H10", "1:D10", "2:HJ", "3:DK"))
    assert ("swines_timing", "/play/0") in codes_at(run(check, early, "mittwoch"))
    assert run(check, early, rs("mittwoch", swines="before_play"))["violations"] == []


@flips("swines_in_color_solo")
def test_swines_in_color_solo(check):
    """Seed 003, 'Soli': the Trumpf-Solo is played 'Soweit möglich ... [nach den] Regeln
    eines normalen Spiels', swines included. Seat 0 plays a ♦ solo, leads ('Solo kommt
    immer raus') and shows swines with its first ♦A."""
    base = p40(game={"type": "solo", "solo": "diamonds", "declarer": 0},
               events=play("0!swines", "0:DA", "1:D10", "2:H10", "3:DK"),
               said={0: {"reservation": "solo", "solo": "diamonds"}})
    with_swines = run(check, base, "mittwoch")
    assert with_swines["violations"] == [] and trick_winners(with_swines) == [0]
    without = run(check, base, rs("mittwoch", swines_in_color_solo=False))
    assert ("show_not_allowed", "/play/0") in codes_at(without)
    assert trick_winners(without) == [2]  # the ♥10 over a plain ♦A


@flips("swines_in_poverty")
def test_swines_in_poverty(check):
    """Seed 003, 'Sonderspiele': 'Durch einen geschobenen Fuchs entstehende Schweine sind
    gültig!' Seat 1 passes its ♦A to seat 0, who then holds both and shows them."""
    base = poverty(events=play("0!swines", "0:DA", "1:HJ", "2:H10", "3:DK"))
    valid = run(check, base, "mittwoch")
    assert valid["violations"] == [] and trick_winners(valid) == [0]
    refused = run(check, base, rs("mittwoch", swines_in_poverty=False))
    assert ("show_not_allowed", "/play/0") in codes_at(refused)
    assert trick_winners(refused) == [2]


@flips("hyperswines")
def test_hyperswines(check):
    """Seed 003: 'keine Hyperschweine'; seed 002, 2.2: hyperswines (the ♦9; the ♦K
    without nines, per the option's meaning) above the swines, 'Announcement when the
    first nine is played'. Seat 0 shows swines with its ♦A, seat 3 hyperswines with its
    ♦K in the same trick."""
    base = p40(events=play("0!swines", "0:DA", "1:D10", "2:HJ", "3!hyperswines", "3:DK"))
    none = run(check, base, "mittwoch")
    assert ("show_not_allowed", "/play/4") in codes_at(none)
    assert trick_winners(none) == [0]
    hyper = run(check, base, rs("mittwoch", hyperswines="at_first_hyperswine"))
    assert hyper["violations"] == []
    assert trick_winners(hyper) == [3]


# ---------------------------------------------------------------------------------------
# Reservations and game types
# ---------------------------------------------------------------------------------------


@flips("solos")
def test_solos(check):
    """Seed 003: 'Keine Farbensoli'; TSR 2.3.3 allows the colour solos. Seat 2 announces
    and plays a ♥ solo."""
    base = p40(game={"type": "solo", "solo": "hearts", "declarer": 2},
               said={2: {"reservation": "solo", "solo": "hearts"}})
    refused = run(check, base, "mittwoch")
    assert ("reservation_entitlement", "/reservations/2") in codes_at(refused)
    allowed = run(check, base, rs("mittwoch", solos=["diamonds", "hearts", "queens",
                                                     "jacks", "meatless"]))
    assert allowed["violations"] == []


@flips("solo_precedence")
def test_solo_precedence(check):
    """Seed 003, '"Reizen"': 'Bei mehreren Soli entscheidet die höhere Ansage (Re, keine
    90 usw.); bei gleichen Ansagen haben in der Liste weiter oben stehende Soli Vorrang
    [Damen-Solo vor Buben-Solo]; bei identischen Soli und Ansagen entscheidet die
    Sitzreihenfolge'; TSR 4.1.7: among equal reservations the earlier seat wins.
    Seat 0 (asked first) says a jacks solo, seat 1 a queens solo; seat 1 plays."""
    queens = {"type": "solo", "solo": "queens", "declarer": 1}
    base = p40(game=queens, said={0: {"reservation": "solo", "solo": "jacks"},
                                  1: {"reservation": "solo", "solo": "queens"}})
    assert run(check, base, "mittwoch")["violations"] == []
    by_seat = run(check, base, rs("mittwoch", solo_precedence="seat"))
    assert ("reservation_priority", "/game") in codes_at(by_seat)
    # With seat 0's jacks solo bid at 're', the higher bid decides before the rank.
    bid = p40(game=queens, said={0: {"reservation": "solo", "solo": "jacks", "bid": "re"},
                                 1: {"reservation": "solo", "solo": "queens"}})
    assert ("reservation_priority", "/game") in codes_at(run(check, bid, "mittwoch"))
    assert run(check, bid, rs("mittwoch", solo_precedence="rank_then_seat"))["violations"] == []


@flips("soloist_leads")
def test_soloist_leads(check):
    """Seed 003: 'spielt die SolistIn stets auf' ('Solo kommt immer raus'); TSR 4.3.1: a
    lust solo is led by the dealer's left neighbour, 4.2.2 a duty solo by the soloist.
    Seat 2 plays a lust queens solo; dealer 3."""
    base = p40(game={"type": "solo", "solo": "queens", "declarer": 2},
               said={2: {"reservation": "solo", "solo": "queens"}})
    assert run(check, base, "mittwoch")["legal_actions"]["seat"] == 2
    assert run(check, base, rs("mittwoch", soloist_leads="duty_only"))["legal_actions"][
        "seat"] == 0


@flips("reservation_priority")
def test_reservation_priority(check):
    """Seed 003 ranks solos above the other special games but not poverty against
    marriage (the preset's judgement: poverty first, as seed 002, 6.1 and seed 004 do).
    Seat 0 announces a marriage, seat 1 a poverty; the marriage is played."""
    base = p40(game=marriage(), said={0: {"reservation": "marriage"},
                                      1: {"reservation": "poverty"}})
    assert ("reservation_priority", "/game") in codes_at(run(check, base, "mittwoch"))
    flipped = run(check, base, rs("mittwoch", reservation_priority=["solo", "marriage",
                                                                    "poverty"]))
    assert flipped["violations"] == []


@flips("marriage_partner_rules")
def test_marriage_partner_rules(check):
    """Seed 003: 'Hochzeit kann mit beliebigen "Hochzeitsregeln" angesagt werden, also
    z.B. "Erster Stich geht mit", "Erster Trumpfstich", "Zweiter Fehlstich"'; TSR 4.4.3
    a): always the first trick won by another player. The bride names the first foreign
    plain-suit trick."""
    base = p40(game=marriage(trick="color"), said={0: {"reservation": "marriage"}})
    assert run(check, base, "mittwoch")["violations"] == []
    flipped = run(check, base, rs("mittwoch", marriage_partner_rules=["any"]))
    assert ("marriage_partner", "/game/partner_rule/trick") in codes_at(flipped)


@flips("marriage_nth_allowed")
def test_marriage_nth_allowed(check):
    """Seed 003: 'Zweiter Fehlstich' is a marriage rule; TSR 4.4.3 a): the first such
    trick. The bride names the second foreign trick."""
    base = p40(game=marriage(trick="any", nth=2), said={0: {"reservation": "marriage"}})
    assert run(check, base, "mittwoch")["violations"] == []
    flipped = run(check, base, rs("mittwoch", marriage_nth_allowed=False))
    assert ("marriage_partner", "/game/partner_rule/nth") in codes_at(flipped)


@flips("marriage_deciding_tricks")
def test_marriage_deciding_tricks(check):
    """Seed 003: 'dass die Hochzeit zum Trumpf-Solo wird, wenn im dritten Stich noch
    immer keine PartnerIn gefunden wurde'; seed 002, 6.4: 'Optional you can determine
    which trick should be the last trick in which the player with both ♣queens can find
    his partner' (the freedoko preset: 12). The bride wins tricks 1-3, seat 2 trick 4."""
    base = p40(game=marriage(trick="any"), said={0: {"reservation": "marriage"}},
               events=play("0:CQ", "1:D10", "2:HJ", "3:DK",
                           "0:CQ", "1:D10", "2:HJ", "3:DK",
                           "0:H10", "1:DJ", "2:SJ", "3:DJ",
                           "0:SJ", "1:CA", "2:SQ", "3:C10"))
    alone = run(check, base, "mittwoch")
    assert alone["violations"] == [] and trick_winners(alone) == [0, 0, 0, 2]
    assert alone["game"]["re"] == [0] and alone["game"]["deciding_trick"] == 3
    assert "partner" not in alone["game"]
    found = run(check, base, rs("mittwoch", marriage_deciding_tricks=12))
    assert found["game"]["re"] == [0, 2] and found["game"]["partner"] == 2
    assert found["game"]["deciding_trick"] == 4


@flips("poverty")
def test_poverty(check):
    """Seed 003, 'Sonderspiele: Trumpfabgabe' (pass and return); seed 002, 6.5.4: 'The
    first version is to redistribute the cards'; TSR 4.1.5 lists no poverty. Seat 1
    (three trumps) announces a poverty and seat 0 takes it."""
    base = poverty()
    assert run(check, base, "mittwoch")["violations"] == []
    redeal = run(check, base, rs("mittwoch", poverty="redeal"))
    assert ("reservation_priority", "/game") in codes_at(redeal)  # a redeal was due
    none = run(check, base, rs("mittwoch", poverty="none"))
    assert ("reservation_entitlement", "/reservations/1") in codes_at(none)


@flips("poverty_max_trumps")
def test_poverty_max_trumps(check):
    """Seed 003: 'Armut kann mit höchstens drei Trümpfen angesagt werden'. Seat 1 holds
    exactly three."""
    base = poverty()
    assert run(check, base, "mittwoch")["violations"] == []
    flipped = run(check, base, rs("mittwoch", poverty_max_trumps=2))
    assert ("reservation_entitlement", "/reservations/1") in codes_at(flipped)


@flips("poverty_returned_trumps")
def test_poverty_returned_trumps(check):
    """Seed 003: the taker 'muss mitteilen, ob sie Trümpfe zurückschiebt, jedoch nicht
    deren Anzahl'; seed 002, 6.5.4: she 'announces, how many trumps he has given away'.
    Seat 0 returns three trumps and says only that trumps came back."""
    base = poverty()
    assert run(check, base, "mittwoch")["violations"] == []
    flipped = run(check, base, rs("mittwoch", poverty_returned_trumps="count"))
    assert ("poverty_exchange", "/game/trumps_returned") in codes_at(flipped)
    counted = poverty(game={**POVERTY_GAME, "trumps_returned": 3})
    assert run(check, counted, rs("mittwoch", poverty_returned_trumps="count"))[
        "violations"] == []


@flips("throw")
def test_throw(check):
    """Seed 002, 6.5.1: 'If one player owns more than four nines on his hand, than he is
    allowed to decide, whether he wants the cards to be redistributed'; seed 003: 'Unter
    keinen Umständen wird "geschmissen"'. Seat 2 holds five nines and throws."""
    base = transcript("freedoko", 3, P48, {"type": "redeal"}, [],
                      {2: {"reservation": "throw", "reason": "nines"}})
    allowed = run(check, base, "freedoko")
    assert allowed["violations"] == []
    assert allowed["score"]["value"] == 0 and list(allowed["score"]["scores"]) == [0, 0, 0, 0]
    refused = run(check, base, rs("freedoko", throw=[]))
    assert ("reservation_entitlement", "/reservations/2") in codes_at(refused)


@flips("throw_minimums")
def test_throw_minimums(check):
    """Seed 002, 6.5.1: 'more than four nines', i.e. five; with a minimum of six the same
    five nines are not enough."""
    base = transcript("freedoko", 3, P48, {"type": "redeal"}, [],
                      {2: {"reservation": "throw", "reason": "nines"}})
    assert run(check, base, "freedoko")["violations"] == []
    flipped = run(check, base, rs("freedoko", throw_minimums=[6, 6, 7, 70]))
    assert ("reservation_entitlement", "/reservations/2") in codes_at(flipped)


# ---------------------------------------------------------------------------------------
# Announcements
# ---------------------------------------------------------------------------------------


@flips("announcement_clock")
def test_announcement_clock(check):
    """Seed 003: 'muss spätestens nach dem Fall der 5. Karte erfolgen' (cards on the
    table); TSR 6.2.2: counted in cards the announcer still holds. With every deadline
    at 5 (so that either clock is consistent), after 8 cards of deal 1 seat 0 still
    holds 8 cards: in time by the hand, late by the table."""
    options = {"announcement_deadlines": [5, 5, 5, 5, 5]}
    base = mittwoch_game(m.EX1, cards=8)
    table = run(check, base, rs("mittwoch", **options))
    assert "re" not in calls_of(table, 0)
    hand = run(check, base, rs("mittwoch", **options, announcement_clock="hand"))
    assert "re" in calls_of(hand, 0)


@flips("announcement_deadlines")
def test_announcement_deadlines(check):
    """Seed 003: '"Re" oder "Contra" muss spätestens nach dem Fall der 5. Karte
    erfolgen'. After the 5th card of deal 1 every seat may still call; with the deadline
    at the 4th card nobody may."""
    base = mittwoch_game(m.EX1, cards=5)
    in_time = run(check, base, "mittwoch")
    assert {"re"} <= calls_of(in_time, 0) and {"contra"} <= calls_of(in_time, 1)
    late = run(check, base, rs("mittwoch", announcement_deadlines=[4, 9, 13, 17, 21]))
    assert "re" not in calls_of(late, 0) and "contra" not in calls_of(late, 1)


@flips("announcement_reply")
def test_announcement_reply(check):
    """Seed 003: 'Eine Gegenansage kann eine Runde nach dem spätesten Zeitpunkt für die
    betreffende Ansage erfolgen, d.h. z.B. ein "Contra" kann noch nach der 9. Karte mit
    "Re" erwidert werden'; TSR 6.4.4: one card later. Seat 1 says contra after the 2nd
    card of deal 1; after the 9th card re replies."""
    base = mittwoch_game(m.EX1, call(1, 2, 1, "contra"), cards=9)
    assert "re" in calls_of(run(check, base, "mittwoch"), 0)
    for late in ("one_card", "none"):
        assert "re" not in calls_of(run(check, base, rs("mittwoch", announcement_reply=late)),
                                    0)


@flips("announcement_reply_from")
def test_announcement_reply_from(check):
    """Seed 003: 'Eine Gegenansage kann eine Runde nach dem spätesten Zeitpunkt für die
    betreffende Ansage erfolgen' (the preset reads 'die betreffende Ansage' as the
    counter-call itself: re until the 9th card); TSR 6.4.4: a reply 'mit einer Karte
    weniger, als für die An- bzw. Absage der Gegenpartei notwendig war', i.e. counted
    from the opponents' latest call. Deal 1: seat 1 says contra after the 2nd card and
    no 90 after the 6th; after the 10th card re replies: late when counted from re's
    own deadline (5th + 4), in time when counted from contra's no 90 (9th + 4)."""
    base = mittwoch_game(m.EX1, call(1, 2, 1, "contra"), call(2, 2, 1, "no90"), cards=10)
    own = run(check, base, "mittwoch")
    assert own["violations"] == []
    assert "re" not in calls_of(own, 0)
    theirs = run(check, base, rs("mittwoch", announcement_reply_from="opponents_call"))
    assert "re" in calls_of(theirs, 0)


@flips("announcement_skip")
def test_announcement_skip(check):
    """Seed 003: 'Sprungansagen, z.B. nach der 9. Karte "keine neunzig" ohne
    vorhergehendes Re oder Contra'; TSR 6.4.3: a skipped level must itself be in time.
    After the 9th card of deal 1 nobody has called; re's deadline (5th card) is past."""
    base = mittwoch_game(m.EX1, cards=9)
    assert "no90" in calls_of(run(check, base, "mittwoch"), 0)
    strict = run(check, base, rs("mittwoch", announcement_skip="in_time_levels"))
    assert "no90" not in calls_of(strict, 0)
    # The call itself: accepted, implying re, or refused.
    said = mittwoch_game(m.EX1, call(3, 1, 0, "no90"), cards=9)
    accepted = run(check, said, "mittwoch")
    assert accepted["violations"] == []
    assert [(a["call"], a.get("implied", [])) for a in accepted["announcements"]] == [
        ("no90", ["re"])]
    assert run(check, said, rs("mittwoch", announcement_skip="none"))["valid"] is False


@flips("marriage_shifts_deadlines")
def test_marriage_shifts_deadlines(check):
    """Seed 003: 'Alle Ansagezeitpunkte bleiben bei der Hochzeit gleich'; TSR 6.4.2 (and
    seed 002, 8.2): the deadlines move by the tricks the marriage needed. Seat 2 wins
    trick 2 and is the bride's partner; after the 8th card re is late on the Mittwoch
    clock (5th card), in time when moved by one round (9th card)."""
    base = p40(game=marriage(trick="any"), said={0: {"reservation": "marriage"}},
               events=play("0:CQ", "1:D10", "2:HJ", "3:DK",
                           "0:SJ", "1:D10", "2:SQ", "3:DK"))
    fixed = run(check, base, "mittwoch")
    assert fixed["game"]["partner"] == 2 and fixed["game"]["deciding_trick"] == 2
    assert "re" not in calls_of(fixed, 0) and "contra" not in calls_of(fixed, 1)
    moved = run(check, base, rs("mittwoch", marriage_shifts_deadlines=True))
    assert "re" in calls_of(moved, 0) and "contra" in calls_of(moved, 1)


@flips("re_or_contra_before_partner")
def test_re_or_contra_before_partner(check):
    """Seed 003: 'stehen die Partner noch nicht fest, ... die anderen können unsere
    Spezialansage "Re oder Contra" machen'; TSR 4.4.4: no announcement before the
    deciding trick. Seat 0's marriage, before the first card."""
    base = p40(game=marriage(trick="any"), said={0: {"reservation": "marriage"}})
    assert calls_of(run(check, base, "mittwoch"), 1) == {"re_or_contra"}
    assert calls_of(run(check, base, rs("mittwoch", re_or_contra_before_partner=False)),
                    1) == set()


# ---------------------------------------------------------------------------------------
# Scoring (the whole games of the seed 003 examples)
# ---------------------------------------------------------------------------------------


def ex1(ruleset: Any = "mittwoch") -> dict[str, Any]:
    return mittwoch_game(m.EX1, call(1, 1, 2, "re"), call(3, 1, 0, "no90"), ruleset=ruleset)


@flips("re_contra_scoring")
def test_re_contra_scoring(check):
    """Seed 003: 'Re- oder Contra-Ansage verdoppelt die Punkte' (example 'Keine 90': 3,
    mal zwei, 6); TSR 7.2.2 (b) and seed 002, 10.2: re +2. Deal 1, re said."""
    double = run(check, ex1(), "mittwoch")["score"]
    assert (double["multiplier"], double["value"]) == (2, 6)
    add = run(check, ex1(), rs("mittwoch", re_contra_scoring="add_2"))["score"]
    assert (add["multiplier"], add["value"]) == (1, 5)
    assert item_totals(add) == expected_items(
        ("won", "re", 1), ("below_90", "re", 1), ("no90_announced", "re", 1),
        ("re_announced", "re", 2))


@flips("re_needs_121_against_lone_contra")
def test_re_needs_121_against_lone_contra(check):
    """Seed 003: 'Die spielführende Partei ... braucht mindestens 121 Punkte zum Gewinn,
    auch bei unbeantwortetem Contra'; TSR 7.1.1 no. 4 (seed 002, 10.1 no. 4): re wins
    with 120 if only contra was announced. Deal 4 (120 : 120), only contra said."""
    base = mittwoch_game(m.EX4, call(1, 3, 1, "contra"))
    assert run(check, base, "mittwoch")["winner"] == "contra"
    flipped = run(check, base, rs("mittwoch", re_needs_121_against_lone_contra=False))
    assert flipped["winner"] == "re"
    assert list(flipped["score"]["scores"]) == [2, -2, 2, -2]  # keine 120, ×2 wegen Contra


@flips("broken_bid_scoring")
def test_broken_bid_scoring(check):
    """Seed 003: 'Wird eine Ansage gebrochen, dann kommt dieselbe Punktzahl der
    Gegenpartei zugute' (example 'Verlorene Ansage': 4, ×2 = 8); TSR 7.1/7.2.2: the
    winner scores only its own items. Deal 2: re bid no 90 and made 150."""
    base = mittwoch_game(m.EX2, call(1, 1, 2, "re"), call(3, 1, 0, "no90"))
    stakes = run(check, base, "mittwoch")["score"]
    assert stakes["value"] == 8
    ddv = run(check, base, rs("mittwoch", broken_bid_scoring="ddv"))
    assert ddv["winner"] == "contra"
    assert item_totals(ddv["score"]) == expected_items(
        ("won", "contra", 1), ("no90_announced", "contra", 1),
        ("against_club_queens", "contra", 1))
    assert ddv["score"]["value"] == 6


@flips("reached_against_bid_points")
def test_reached_against_bid_points(check):
    """Seed 003: 'Würde eine Partei sogar, obwohl gegen sie "Re" oder "Contra" angesagt
    wurde, 150 (180 usw.) Punkte erzielen, bekäme sie einen ... zusätzliche Punkte'
    (example 'Selber doof': 5, ×4 = 20); TSR 7.2.2 (e) knows only '120 against no 90'.
    Deal 5: contra makes 151 against re."""
    base = mittwoch_game(m.EX5, call(1, 0, 1, "re"), call(1, 3, 0, "contra"))
    assert run(check, base, "mittwoch")["score"]["value"] == 20
    ddv = run(check, base, rs("mittwoch", reached_against_bid_points="ddv"))["score"]
    assert ddv["value"] == 16
    assert "reached_150_against_call" not in {i["code"] for i in ddv["items"]}


@flips("early_announcement_bonus")
def test_early_announcement_bonus(check):
    """Seed 004, V.2: 'Sagt man vor der Mindestkartenzahl (bspw. keine 90 mit 11 Karten)
    an, so erhöht sich die Punktzahl bei der Abrechnung auf 2 Punkte für die Ansage';
    TSR 6.1.2: an early announcement gains nothing. DDV deal C: seat 1 says re and no 90
    before the first card (12 cards in hand; no 90's minimum is 10). Re wins with 165:
    won 1, below 90 1, re 2, no 90 said 1 (2 if early)."""
    # Deal C of tests/games/ddv.py: dealer 0, ♣Q with seats 1 and 2, re 165 : contra 75,
    # no special points.
    base = deal_c(call(1, 0, 1, "re"), call(1, 0, 1, "no90")).transcript()
    plain = run(check, base, "ddv")
    assert plain["violations"] == [] and plain["winner"] == "re"
    assert item_totals(plain["score"])[("no90_announced", "re", None)] == 1
    assert plain["score"]["value"] == 5
    early = run(check, base, rs("ddv", early_announcement_bonus=True))["score"]
    assert item_totals(early)[("no90_announced", "re", None)] == 2
    assert early["value"] == 6


@flips("before_first_card_bonus")
def test_before_first_card_bonus(check):
    """Seed 003, 'Sonderpunkte': 'Ansage vor der ersten Karte ("vorab")' (example 'Re
    vorab/Contra': 3, ×4 = 12); TSR 7.2 knows no such item. Deal 4."""
    base = mittwoch_game(m.EX4, call(1, 0, 0, "re"), call(1, 3, 1, "contra"))
    assert run(check, base, "mittwoch")["score"]["value"] == 12
    flipped = run(check, base, rs("mittwoch", before_first_card_bonus=False))["score"]
    assert flipped["value"] == 8
    assert "announced_before_first_card" not in {i["code"] for i in flipped["items"]}


def ex7(ruleset: Any = "mittwoch") -> dict[str, Any]:
    return m.ex7_transcript(m.ex7_deal([call(1, 1, 1, "re"), call(2, 1, 1, "no90")]), ruleset)


@flips("solo_bonus")
def test_solo_bonus(check):
    """Seed 003: 'Ein Solo wird ebenfalls mit einem Tacken belohnt' (example 'Falsch
    bedient': '... Solo, macht 7, mit Re 14'); TSR 7.2.4: a solo counts the items of
    7.2.2 only. Deal 7."""
    assert run(check, ex7(), "mittwoch")["score"]["value"] == 14
    flipped = run(check, ex7(), rs("mittwoch", solo_bonus=False))["score"]
    assert flipped["value"] == 12 and list(flipped["scores"]) == [0, 36, -36, 0]


@flips("against_solo_bonus")
def test_against_solo_bonus(check):
    """Seed 003: 'Gegen das Solo zu gewinnen gibt allerdings, wie gegen die Alten, einen
    weiteren Punkt' (example 'Versteckte Hochzeit': 3, mit Re 6); TSR 7.2.4. Deal 6."""
    base = mittwoch_game(m.EX6, call(1, 0, 0, "re"))
    assert list(run(check, base, "mittwoch")["score"]["scores"]) == [-18, 6, 6, 6]
    flipped = run(check, base, rs("mittwoch", against_solo_bonus=False))["score"]
    assert flipped["value"] == 4 and list(flipped["scores"]) == [-12, 4, 4, 4]


@flips("special_points")
def test_special_points(check):
    """Seed 003, 'Sonderpunkte': Doppelkopf (example 'Nullspiel': 'Keine 120, Doko wieder
    ab, macht null'); without the Doppelkopf among the special points re keeps its
    'keine 120': 1, ×2 = 2. Deal 3."""
    base = mittwoch_game(m.EX3, call(1, 2, 2, "re"))
    assert run(check, base, "mittwoch")["score"]["value"] == 0
    flipped = run(check, base, rs("mittwoch", special_points=[
        "against_club_queens", "fox_caught", "karlchen_last_trick", "karlchen_caught"]))
    assert flipped["score"]["value"] == 2
    assert list(flipped["score"]["scores"]) == [2, -2, 2, -2]


@flips("special_points_in")
def test_special_points_in(check):
    """Seed 003, 'Soli': 'Die üblichen Sonderpunkte werden nur im Trumpf-Solo vergeben'
    (the silent marriage plays one, example 'Versteckte Hochzeit'); TSR 7.2.4 (seed 002,
    10.2): 'In a solo game there are no special points. The same is valid for a silent
    marriage'. Deal 6 with a Doppelkopf for the three in trick 6; no calls."""
    base = mittwoch_game(m.EX6_DOKO)
    both = run(check, base, "mittwoch")["score"]
    assert item_totals(both) == expected_items(
        ("won", "contra", 1), ("against_solo", "contra", 1), ("doppelkopf", "contra", 1, 6))
    assert list(both["scores"]) == [-9, 3, 3, 3]
    normal_only = run(check, base, rs("mittwoch", special_points_in=["normal"]))["score"]
    assert item_totals(normal_only) == expected_items(
        ("won", "contra", 1), ("against_solo", "contra", 1))
    assert list(normal_only["scores"]) == [-6, 2, 2, 2]


@flips("counting")
def test_counting(check):
    """Seed 003: 'Aufgeschrieben werden Plus- und Minuspunkte'; seed 004, VI: 'Es werden
    nur "Pluspunkte" für die Gewinner eines Spiels notiert!'; seed 002, 10.3: 'only
    counted negative for the losers'. Deal 1: re {0, 2} wins 6."""
    assert list(run(check, ex1(), "mittwoch")["score"]["scores"]) == [6, -6, 6, -6]
    assert list(run(check, ex1(), rs("mittwoch", counting="winners_only"))["score"][
        "scores"]) == [6, 0, 6, 0]
    assert list(run(check, ex1(), rs("mittwoch", counting="losers_only"))["score"][
        "scores"]) == [0, -6, 0, -6]


@flips("solo_multiplier")
def test_solo_multiplier(check):
    """Seed 003: 'Die Solistin erhält wie üblich den dreifachen Punktsatz' (example
    'Versteckte Hochzeit': 18 Minuspunkte für die Solistin); TSR 7.2.4. With a factor
    of 2 the soloist of deal 6 loses 12."""
    base = mittwoch_game(m.EX6, call(1, 0, 0, "re"))
    assert list(run(check, base, "mittwoch")["score"]["scores"]) == [-18, 6, 6, 6]
    assert list(run(check, base, rs("mittwoch", solo_multiplier=2))["score"][
        "scores"]) == [-12, 6, 6, 6]


@flips("revoke_penalty")
def test_revoke_penalty(check):
    """Deal 7: seat 2 (contra) revokes in seat 1's jacks solo; seat 1 said re and no 90.

    * lost_as_black, seed 003 example 'Falsch bedient': +42 for the soloist, -42 for the
      offender, 0 for the innocent two.
    * ddv, TSR 9.4.4: 'Der Verursacher erhält 12 Minuspunkte ... um je 3 Punkte für jede
      Absage, die der Solospieler ... gemacht hat [no 90: one]. Der Solospieler erhält
      12 (bzw. 15 ...) Pluspunkte. Die übrigen Spieler erhalten 0 Punkte.'
    * offender_loses_others_plus_5, seed 004, II.c: 'gilt das Spiel für den Verursacher
      als verloren. Die drei Mitspieler erhalten jeweils 5 Pluspunkte' (plus-minus keeps
      the sum at zero: the offender -15).
    * none: scored as played: the soloist 204, contra 36 with one trick: keine 120,
      keine 90, keine 60, 90 angesagt, Solo = 5, ×2 = 10, the soloist ×3."""
    def scores(penalty: str) -> list[int]:
        return list(run(check, ex7(), rs("mittwoch", revoke_penalty=penalty))["score"][
            "scores"])

    assert list(run(check, ex7(), "mittwoch")["score"]["scores"]) == [0, 42, -42, 0]
    assert scores("ddv") == [0, 15, -15, 0]
    assert scores("offender_loses_others_plus_5") == [5, 5, -15, 5]
    assert scores("none") == [-10, 30, -10, -10]


# ---------------------------------------------------------------------------------------
# Session-level options, and the coverage of the catalogue
# ---------------------------------------------------------------------------------------

SESSION_VALUES = {
    # seed 003, 'Soli': 'Es gibt keine Zwangs-Soli'; 'Im Turnier keine Böcke'
    "mittwoch": {"duty_solos_per_player": 0, "bock_rounds": False,
                 "missed_duty_solo_penalty": 0},
    # seed 004, III: 1 Pflicht-Solo; VII: 8 games at a table of four, -7 for a missed solo
    "doko2026": {"duty_solos_per_player": 1, "games_per_round": 8,
                 "missed_duty_solo_penalty": 7},
    # TSR 8.5.1 (24 games a round), 8.6 (a duty solo per round)
    "ddv": {"duty_solos_per_player": 1, "duty_solo_period": "round", "games_per_round": 24},
}


@flips(*sorted(SESSION_LEVEL))
@pytest.mark.parametrize("preset", ["ddv", "freedoko", "mittwoch", "doko2026"])
def test_session_level_options_are_listed(client, preset):
    """The session-level options play no part in checking one game (rulesets.md:
    'belong to checking a whole sitting, which comes later; keep them in the catalogue
    from the start'): each preset lists them with a value and a source."""
    response = client.get(f"/v1/rulesets/{preset}")
    assert response.status_code == 200
    options = {o["name"]: o for o in response.get_json()["options"]}
    for name in SESSION_LEVEL:
        assert "value" in options[name], name
        assert options[name]["source"].strip(), name
    for name, value in SESSION_VALUES.get(preset, {}).items():
        assert options[name]["value"] == value, name


@pytest.mark.parametrize(("name", "value"), [
    ("duty_solos_per_player", 2), ("duty_solo_period", "sitting"), ("games_per_round", 8),
    ("bock_rounds", True), ("missed_duty_solo_penalty", 7)])
def test_session_level_options_leave_a_game_unchanged(check, name, value):
    """Flipping a session-level option leaves one checked game (deal 1) as it was."""
    expected = run(check, ex1(), "mittwoch")
    flipped = run(check, ex1(), rs("mittwoch", **{name: value}))
    for key in ("valid", "violations", "winner", "score", "card_points"):
        assert flipped[key] == expected[key], key


def test_every_option_has_a_flip_test():
    """A new option in the catalogue fails here until it has a flip test above."""
    assert not COVERED - set(CATALOGUE), COVERED - set(CATALOGUE)  # no typo in a name
    assert set(CATALOGUE) - COVERED == set()
