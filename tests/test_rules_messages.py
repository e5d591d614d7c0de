"""Messages that teach: a referee reads what was wrong, the rule's terms and what to do.

Sources: DDV TSR 2.2 (the pack), 6.2/6.3 (deadlines counted in cards in hand), seed 003
'Ansagezeitpunkte' (deadlines counted in cards on the table).
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from service import rules
from service.rules.random_game import random_game

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
