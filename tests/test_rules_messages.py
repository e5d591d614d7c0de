"""Messages that teach: a referee reads what was wrong, the rule's terms and what to do.

Sources: DDV TSR 2.2 (the pack), 6.2/6.3 (deadlines counted in cards in hand), seed 003
'Ansagezeitpunkte' (deadlines counted in cards on the table).
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from service import rules
from service.generating.random_game import random_game

EVENING = Path(__file__).resolve().parents[1] / "examples" / "evening.jsonl"


def late_game() -> dict:
    return json.loads(EVENING.read_text().splitlines()[2])


def test_a_late_call_says_the_deadline_in_the_rulesets_terms():
    """DDV TSR 6.2: re/contra until the announcer holds 11 cards (ddv's deadline)."""
    result = rules.check(late_game())
    late = result.violations[0]
    assert late.code == "announcement_too_late"
    assert late.message == ("'contra' came too late: re/contra needs at least 11 cards in "
                            "hand under ddv; the announcer held 4")


def test_a_late_bid_on_the_table_clock_says_cards_on_the_table():
    """Seed 003 'Ansagezeitpunkte': no 90 until the 9th card has fallen."""
    data = random_game(rules.resolve("mittwoch"), random.Random(3), call_chance=0)
    cards = [i for i, e in enumerate(data["play"]) if "card" in e]
    data["play"].insert(cards[12], {"seat": data["play"][cards[12]]["seat"],
                                    "announce": "no90"})
    found = [v for v in rules.check(data).violations if v.code == "announcement_too_late"]
    assert len(found) == 1, found
    assert found[0].message.endswith(
        "no 90 may be said until 9 cards are on the table under mittwoch; 12 were")


def test_a_refused_call_is_a_note_saying_it_is_not_scored():
    """DDV TSR 6.2: a call after its deadline does not count; the notes say so."""
    result = rules.check(late_game())
    notes = [n for n in result.notes if n.code == "call_not_scored"]
    assert [(n.seat, n.message) for n in notes] == [
        (0, "'contra' at /play/30 was refused (announcement_too_late) and is not scored")]
    assert all(a.pointer != "/play/30" for a in result.announcements)


def test_a_violation_says_its_seat_once():
    """The seat is a field of the violation; the message does not repeat it as a prefix."""
    message = rules.check(late_game()).violations[0].message
    assert not message.startswith("seat ")


def test_unknown_card_says_how_cards_are_written_and_the_card_taken():
    """DDV TSR 2.2: the pack's cards; 'hq' is a slip for HQ."""
    data = json.loads((EVENING.parent / "normal-game.json").read_text())
    data["play"][0]["card"] = "hq"
    message = rules.check(data).violations[0].message
    assert message == ("'hq' is not a card: cards are written suit C/S/H/D and rank "
                       "9/10/J/Q/K/A, e.g. H10; taken as HQ, the nearest card seat 0 could "
                       "play")


def test_an_unreadable_card_near_several_names_them():
    """DDV TSR 2.2: 'XQ' is one slip away from each queen Anna holds; the message names
    them, so the referee sees what to write, and says what the guess leaves unchecked."""
    data = json.loads((EVENING.parent / "normal-game.json").read_text())
    data["play"][0]["card"] = "XQ"
    (violation,) = rules.check(data).violations
    assert violation.code == "unknown_card"
    assert "; it may stand for CQ, DQ, HQ or SQ, so it is taken as an unknown card" in (
        violation.message)
    assert violation.message.endswith(
        "a later card of seat 0 off the suit led is not called a revoke where the unknown "
        "card may have been its last card of that suit")


def test_an_unreadable_card_near_none_names_the_cards_the_seat_could_play():
    """Ben (seat 1) plays a card no legal card is near: the message lists what he could
    play: a trump on Anna's ♥Q lead, his ♣J ♠J ♥10 ♥J ♦10 ♦Q ♦J."""
    data = json.loads((EVENING.parent / "normal-game.json").read_text())
    data["play"][1]["card"] = "??"
    (violation,) = rules.check(data).violations
    assert ("; seat 1 could play CJ, SJ, H10, HJ, D10, DQ or DJ, none of them near it, so "
            "it is taken as an unknown card") in violation.message


def test_a_card_not_held_says_what_the_seat_could_play():
    """DDV TSR 5.2: Anna leads the second trick with ♣K, which she does not hold; the
    message lists the cards she could lead instead."""
    data = json.loads((EVENING.parent / "normal-game.json").read_text())
    data["play"][5]["card"] = "CK"
    (violation,) = rules.check(data).violations
    assert violation.code == "card_not_in_hand"
    assert violation.message.startswith(
        "played CK, which it does not hold (it could play CA, C10, CQ, C9, SA, SQ, "
        "HK, HJ, DA, D10 or DQ); the trick goes to the seat that leads the next one")


def test_a_card_not_held_by_a_seat_with_no_card_left_says_so():
    """DDV TSR 3.3: Anna was dealt 11 cards (her ♣10 missing); her twelfth card is none
    she holds, and she had none left to play."""
    data = json.loads((EVENING.parent / "normal-game.json").read_text())
    data["hands"][0].remove("C10")
    found = [v for v in rules.check(data).violations if v.code == "card_not_in_hand"]
    assert [v.message.split(";")[0] for v in found] == [
        "played C10, which it does not hold (it has no card left to play)"]


def test_a_call_of_the_other_team_says_which_call_is_the_announcers():
    """DDV TSR 6.1: re is said by the re team, contra by the contra team; Ben (contra,
    no ♣Q) says re, and the message says his call would be contra."""
    data = json.loads((EVENING.parent / "normal-game.json").read_text())
    data["play"][4]["announce"] = "re"
    (violation,) = rules.check(data).violations
    assert (violation.code, violation.message) == (
        "announcement_wrong_team",
        "'re' is not a call of the contra team, which the announcer plays on: its call is "
        "'contra'")


def test_swines_where_there_are_none_say_why():
    """DDV TSR has no swines (ddv: swines none); FreeDoko seed 002 8 has them only in
    normal games, poverties and colour solos, not in a meatless solo."""
    data = json.loads((EVENING.parent / "normal-game.json").read_text())
    data["play"].insert(0, {"seat": 0, "show": "swines"})
    assert [v.message for v in rules.check(data).violations] == [
        "there are no swines under ddv (swines: none)"]
    meatless = json.loads((EVENING.parent / "solo-meatless.json").read_text())
    meatless["ruleset"] = "freedoko"
    meatless["play"].insert(0, {"seat": 0, "show": "swines"})
    assert [v.message for v in rules.check(meatless).violations
            if v.code == "show_not_allowed"] == [
        "there are no swines in a solo (meatless) game under freedoko"]


def test_no_message_opens_with_its_own_seat():
    """The seat is a field of a violation or note (and the answer names the player): no
    message repeats it as its opening, over every case of the shipped conformance suites
    (each rule broken at least once) and their games spoiled by a card out of turn."""
    import json
    from pathlib import Path

    found = []
    for suite in sorted(Path(__file__).parent.parent.glob("examples/conformance/*.jsonl")):
        for line in suite.read_text(encoding="utf-8").splitlines():
            case = json.loads(line)
            if case.get("kind") != "game":
                continue
            games = [case["transcript"]]
            play = case["transcript"].get("play", [])
            if len(play) > 3:
                swapped = json.loads(json.dumps(case["transcript"]))
                swapped["play"][1], swapped["play"][2] = play[2], play[1]
                games.append(swapped)
            for game in games:
                result = rules.check(game)
                found += [(case["id"], v.code, v.message)
                          for v in (*result.violations, *result.notes)
                          if v.seat is not None and v.message.startswith(f"seat {v.seat} ")]
    assert not found, found
