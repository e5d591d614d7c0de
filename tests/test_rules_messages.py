"""Messages that teach: a referee reads what was wrong, the rule's terms and what to do.

Sources: DDV TSR 2.2 (the pack), 5.2 (following suit), 6.2/6.3 (deadlines counted in
cards in hand), 9.4.3 (the revoke penalty), seed 003 'Ansagezeitpunkte' (deadlines
counted in cards on the table).

A message is said as players speak: it names the player, the call or card and where in
the play it happened; the code and the JSON pointer are fields of their own, never part
of the text. The German answers (``to_dict("de")``, Accept-Language: de) say the same.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

from games.builder import Game, trick
from games.ddv import DEAL_A

from service import rules
from service.game.codes import CODES
from service.generating.random_game import random_game

EVENING = Path(__file__).resolve().parents[1] / "examples" / "evening.jsonl"


def late_game() -> dict:
    return json.loads(EVENING.read_text().splitlines()[2])


def test_a_late_call_says_the_deadline_in_the_rulesets_terms():
    """DDV TSR 6.2: re/contra until the announcer holds 11 cards (ddv's deadline)."""
    result = rules.check(late_game())
    late = result.violations[0]
    assert (late.code, late.pointer, late.seat) == ("announcement_too_late", "/play/30", 0)
    assert late.message == ("Seat 1 said “contra” too late. Under the DDV tournament rules "
                            "“re or contra” needs at least 11 cards in hand, the player held "
                            "4 (trick 8, before its 3rd card)")
    assert "/play/" not in late.message and "announcement_too_late" not in late.message


def test_a_late_bid_on_the_table_clock_says_cards_on_the_table():
    """Seed 003 'Ansagezeitpunkte': no 90 until the 9th card has fallen."""
    data = random_game(rules.resolve("mittwoch"), random.Random(3), call_chance=0)
    cards = [i for i, e in enumerate(data["play"]) if "card" in e]
    data["play"].insert(cards[12], {"seat": data["play"][cards[12]]["seat"],
                                    "announce": "no90"})
    found = [v for v in rules.check(data).violations if v.code == "announcement_too_late"]
    assert len(found) == 1, found
    assert found[0].message == (
        f"Seat {found[0].seat + 1} said “no 90” too late. Under the Mittwoch rules “no 90” "
        "may be said until 9 cards are on the table, 12 were (trick 4, before its 1st card)")


def test_a_refused_call_is_a_note_saying_it_is_not_scored():
    """DDV TSR 6.2: a call after its deadline does not count; the notes say so, and
    where the call was, as its violation does (the note is read on its own)."""
    result = rules.check(late_game())
    notes = [n for n in result.notes if n.code == "call_not_scored"]
    assert [(n.seat, n.message) for n in notes] == [
        (0, "Seat 1's “contra” (trick 8, before its 3rd card) does not count: it came "
            "too late.")]
    assert "(trick 8, before its 3rd card)" in result.violations[0].message
    # the refused call's pointer and its violation's code are the violation's fields
    assert [(v.code, v.pointer) for v in result.violations] == [
        ("announcement_too_late", "/play/30")]
    assert "/play/" not in notes[0].message and "announcement_too_late" not in notes[0].message
    assert all(a.pointer != "/play/30" for a in result.announcements)


def test_a_violation_says_its_seat_once():
    """The seat is a field of the violation; the message names the player once, as the
    one who acted (by name where the transcript names the players), not as a seat number
    besides."""
    (violation,) = rules.check(late_game()).to_dict()["violations"]
    assert (violation["seat"], violation["name"]) == (0, "Anna")
    assert violation["message"].startswith("Anna said “contra” too late")
    assert violation["message"].count("Anna") == 1
    assert "seat" not in violation["message"].lower()


def test_unknown_card_says_how_cards_are_written_and_the_card_taken():
    """DDV TSR 2.2: the pack's cards; 'hq' is a slip for HQ. The message quotes what was
    written, says how cards are written (suit letter and rank) and the card taken as
    players write it; the code's meaning (GET /v1/codes) says the notation too. In
    German the notation stays the transcript's letters, each suit letter named."""
    data = json.loads((EVENING.parent / "normal-game.json").read_text())
    data["play"][0]["card"] = "hq"
    message = rules.check(data).violations[0].message
    assert message == ("Seat 1 played 'hq', which is no card (trick 1, 1st card). A card is "
                       "written as its suit, C, S, H or D, and its rank, 9, 10, J, Q, K or "
                       "A. It is taken as ♥Q, the nearest card that could be played.")
    (german,) = rules.check(data).to_dict("de")["violations"]
    assert german["message"] == (
        "Anna hat „hq“ gespielt, das ist keine Karte (Stich 1, 1. Karte). Im Spielprotokoll "
        "steht eine Karte als Farbe (C, S, H, D für Kreuz, Pik, Herz, Karo) und Wert (9, 10, "
        "J, Q, K, A). Sie gilt als ♥D, die nächstliegende spielbare Karte.")
    assert CODES["unknown_card"].en == ("A card that is not in this pack (cards are written "
                                        "suit C/S/H/D and rank 9/10/J/Q/K/A, e.g. H10).")


def test_an_unreadable_card_near_several_names_them():
    """DDV TSR 2.2: 'XQ' is one slip away from each queen Anna holds; the message names
    them, so the referee sees what to write, and says what the guess leaves unchecked."""
    data = json.loads((EVENING.parent / "normal-game.json").read_text())
    data["play"][0]["card"] = "XQ"
    (violation,) = rules.check(data).violations
    assert violation.code == "unknown_card"
    assert violation.message.startswith(
        "Seat 1 played 'XQ', which is no card (trick 1, 1st card). A card is written as its "
        "suit, C, S, H or D, and its rank, 9, 10, J, Q, K or A. It may stand for ♣Q, ♦Q, "
        "♥Q or ♠Q. It is taken as an unknown card")
    assert violation.message.endswith(
        "A later card of this player off the suit led is no revoke while the unknown card "
        "may have been the last of that suit.")


def test_an_unreadable_card_near_none_names_the_cards_the_seat_could_play():
    """Ben (seat 1) plays a card no legal card is near: the message lists what he could
    play: a trump on Anna's ♥Q lead, his ♣J ♠J ♥10 ♥J ♦10 ♦Q ♦J."""
    data = json.loads((EVENING.parent / "normal-game.json").read_text())
    data["play"][1]["card"] = "??"
    (violation,) = rules.check(data).violations
    assert violation.message.startswith(
        "Seat 2 played '??', which is no card (trick 1, 2nd card). A card is written as its "
        "suit, C, S, H or D, and its rank, 9, 10, J, Q, K or A. The cards that could be "
        "played were ♣J, ♠J, ♥10, ♥J, ♦10, ♦Q or ♦J, none of them near it. It is taken as "
        "an unknown card")


def test_a_card_not_held_says_what_the_seat_could_play():
    """DDV TSR 5.2: Anna leads the second trick with ♣K, which she does not hold; the
    message lists the cards she could lead instead."""
    data = json.loads((EVENING.parent / "normal-game.json").read_text())
    data["play"][5]["card"] = "CK"
    (violation,) = rules.check(data).violations
    assert violation.code == "card_not_in_hand"
    assert violation.message.startswith(
        "Seat 1 played ♣K without holding it (trick 2, 1st card). The cards that could be "
        "played were ♣A, ♣10, ♣Q, ♣9, ♠A, ♠Q, ♥K, ♥J, ♦A, ♦10 or ♦Q. The trick goes to the "
        "player who leads the next one.")


def test_a_card_not_held_by_a_seat_with_no_card_left_says_so():
    """DDV TSR 3.3: Anna was dealt 11 cards (her ♣10 missing); her twelfth card is none
    she holds, and she had none left to play."""
    data = json.loads((EVENING.parent / "normal-game.json").read_text())
    data["hands"][0].remove("C10")
    found = [v for v in rules.check(data).violations if v.code == "card_not_in_hand"]
    assert [v.message.split(". The")[0] for v in found] == [
        "Seat 1 played ♣10 without holding it (trick 12, 4th card). No card was left to "
        "play"]


def test_a_call_of_the_other_team_says_which_call_is_the_announcers():
    """DDV TSR 6.1: re is said by the re team, contra by the contra team; Ben (contra,
    no ♣Q) says re, and the message says his call would be contra."""
    data = json.loads((EVENING.parent / "normal-game.json").read_text())
    data["play"][4]["announce"] = "re"
    (violation,) = rules.check(data).violations
    assert (violation.code, violation.message) == (
        "announcement_wrong_team",
        "Seat 2 said “re”, but plays on the contra team, whose call is “contra” (trick 2, "
        "before its 1st card)")


def test_swines_where_there_are_none_say_why():
    """DDV TSR has no swines (ddv: swines none); FreeDoko seed 002 8 has them only in
    normal games, poverties and colour solos, not in a meatless solo."""
    data = json.loads((EVENING.parent / "normal-game.json").read_text())
    data["play"].insert(0, {"seat": 0, "show": "swines"})
    assert [v.message for v in rules.check(data).violations] == [
        "Seat 1 announced swines, which the DDV tournament rules do not have (trick 1, "
        "before its 1st card)"]
    meatless = json.loads((EVENING.parent / "solo-meatless.json").read_text())
    meatless["ruleset"] = "freedoko"
    meatless["play"].insert(0, {"seat": 0, "show": "swines"})
    assert [v.message for v in rules.check(meatless).violations
            if v.code == "show_not_allowed"] == [
        "Seat 1 announced swines, which the FreeDoko rules do not have in a meatless solo "
        "(trick 1, before its 1st card)"]


CARD_CODE = re.compile(r"\b[CSHD](?:10|[9JQKA])\b")  # a card as the transcript writes it
POINTER = re.compile(r"/(?:play|hands|game|reservations|players|ruleset|dealer)\b")


def test_no_message_says_a_pointer_a_code_or_a_card_code():
    """The pointer and the code are fields of a violation (a note has its code): no
    message says them, nor a card in the transcript's notation (a card is said as
    players write it, ♣Q / ♣D), in English or German, over every case of the shipped
    conformance suites (each rule broken at least once) and their games spoiled by a
    card out of turn."""
    found = []
    said = 0
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
                for lang in ("en", "de"):
                    answer = result.to_dict(lang)
                    for v in (*answer["violations"], *answer["notes"]):
                        said += 1
                        text = v["message"]
                        leaks = (CARD_CODE.findall(text) + POINTER.findall(text)
                                 + [v["code"]] * (v["code"] in text))
                        if v.get("pointer"):
                            leaks += [v["pointer"]] * (v["pointer"] in text)
                        if leaks:
                            found.append((case["id"], lang, v["code"], leaks, text))
    assert said > 100  # the suites break every rule: there is plenty said
    assert not found, found


# ---- the same messages in German (Accept-Language: de, doko-check --lang de) -------------

def revoke_game() -> dict:
    """Deal A, Ben (seat 1, contra) plays ♥K on Dan's ♦Q lead (trump) in trick 6 while
    holding ♠Q, a trump (as in test_rules_penalties); the players named."""
    tricks = list(DEAL_A)
    tricks[5] = trick(3, "DQ D9 HK DJ", winner=3)
    tricks[6] = trick(3, "HA HJ DK D9", winner=0)
    data = Game(3, tricks, check_design=False).transcript()
    data["players"] = ["Anna", "Ben", "Cleo", "Dan"]
    return data


def test_a_revoke_names_the_card_the_lead_and_the_card_held():
    """DDV TSR 5.2: who must follow suit and did not: the card played, the card led (and
    that it is trump), a card of the suit led that was held, and where."""
    result = rules.check(revoke_game())
    (violation,) = result.to_dict()["violations"]
    assert (violation["code"], violation["pointer"], violation["seat"]) == (
        "follow_suit", "/play/22", 1)
    assert violation["message"] == (
        "Ben played ♥K on a ♦Q lead (trump) while holding ♠Q (trick 6, 3rd card)")


def test_a_revoke_in_german_says_falsch_bedient_with_the_cards_in_german():
    """DDV TSR 5.2 ("Bedienpflicht"): the same revoke in German: "falsch bedient", the
    cards as German players write them (D for Dame), Stich and Karte counted alike."""
    (violation,) = rules.check(revoke_game()).to_dict("de")["violations"]
    assert (violation["code"], violation["pointer"], violation["seat"]) == (
        "follow_suit", "/play/22", 1)
    assert violation["message"] == (
        "Ben hat falsch bedient: ♥K auf ♦D (Trumpf), obwohl ♠D auf der Hand war "
        "(Stich 6, 3. Karte)")


def test_the_penalty_note_in_english_and_german_cites_9_4_3():
    """DDV TSR 9.4.3: the revoke penalty replaces the game as played: 12 penalty points
    for the offender (3 more per denial of the opponents), 4 for each of the three others
    (1 more per denial); the note names the rule and where the revoke was (as its
    violation does) in either language."""
    result = rules.check(revoke_game())
    (english,) = result.to_dict()["notes"]
    (german,) = result.to_dict("de")["notes"]
    assert (english["code"], english["seat"]) == (german["code"], german["seat"]) == (
        "penalty_scored", 1)
    assert english["message"] == (
        "Ben did not follow suit (trick 6, 3rd card). Under the DDV tournament rules 9.4.3 "
        "the game counts as not played. Ben gets 12 penalty points and 3 more for each "
        "denial the opponents made. The three others get 4 points each and 1 more for each "
        "denial. It is scored in plus and minus points, in place of the game as played.")
    assert german["message"] == (
        "Ben hat falsch bedient (Stich 6, 3. Karte). Nach den DDV-Turnierspielregeln 9.4.3 "
        "gilt das Spiel als nicht gespielt. Ben erhält 12 Strafpunkte und 3 weitere für "
        "jede Absage der Gegenpartei. Die drei anderen erhalten je 4 Punkte und 1 weiteren "
        "für jede Absage. Gewertet wird in Plus- und Minuspunkten, anstelle des gespielten "
        "Spiels.")


def test_a_late_call_in_german_says_the_deadline_in_the_rulesets_terms():
    """DDV TSR 6.2: Re/Kontra until the announcer holds 11 cards; in German the call as
    said at the table ("Kontra"), the rules by their German name."""
    (late,) = rules.check(late_game()).to_dict("de")["violations"]
    assert (late["code"], late["pointer"], late["seat"]) == ("announcement_too_late",
                                                             "/play/30", 0)
    assert late["message"] == (
        "Anna hat „Kontra“ zu spät gesagt. Nach den DDV-Turnierspielregeln braucht „Re oder "
        "Kontra“ mindestens 11 Karten auf der Hand, es waren 4 (Stich 8, vor der 3. Karte)")


def test_a_late_bid_on_the_table_clock_in_german_counts_the_cards_fallen():
    """Seed 003 'Ansagezeitpunkte': "keine 90" until the 9th card has fallen."""
    data = random_game(rules.resolve("mittwoch"), random.Random(3), call_chance=0)
    cards = [i for i, e in enumerate(data["play"]) if "card" in e]
    data["play"].insert(cards[12], {"seat": data["play"][cards[12]]["seat"],
                                    "announce": "no90"})
    found = [v for v in rules.check(data).to_dict("de")["violations"]
             if v["code"] == "announcement_too_late"]
    assert [v["message"] for v in found] == [
        f"Position {found[0]['seat'] + 1} hat „keine 90“ zu spät gesagt. Nach den "
        "Mittwochsregeln darf „keine 90“ gesagt werden, bis 9 Karten gefallen sind, es waren "
        "12 (Stich 4, vor der 1. Karte)"]


def test_a_refused_call_in_german_is_a_note_saying_it_does_not_count():
    """DDV TSR 6.2: a call after its deadline does not count; the German note says so,
    where the call was (as the violation says it) and why; the pointer is the
    violation's field."""
    answer = rules.check(late_game()).to_dict("de")
    assert [(n["code"], n["seat"], n["message"]) for n in answer["notes"]] == [
        ("call_not_scored", 0,
         "„Kontra“ von Anna (Stich 8, vor der 3. Karte) zählt nicht: sie kam zu spät.")]
    assert answer["violations"][0]["message"].endswith("(Stich 8, vor der 3. Karte)")
    assert [v["pointer"] for v in answer["violations"]] == ["/play/30"]
