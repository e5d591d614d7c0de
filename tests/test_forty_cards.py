"""Games without nines (40 cards, 10 a hand) under rulesets stated for 48, and catching
both Charlies (♣J) in the last trick.

Deadlines are stated for a ruleset's own pack. Seed 002 (FreeDoko) 8.1 counts re/contra
by a trick: allowed "till the player has played his card of the second trick"; with 12
cards that is 11 in hand (the freedoko preset's 11), with 10 it is 9. So a ruleset that
takes the nines out and states no deadlines of its own gets all five hand-counted
deadlines two cards earlier: freedoko 11/9/6/3/3 -> 9/7/4/1/1 (the issue's FreeDoko
games without nines were played with exactly these). DDV TSR 6.2.2 reads the same way
("Der erste Stich wird daher auch als 'Freistich' bezeichnet"). Deadlines counted on
the table (seed 003, Mittwoch: re/contra "spätestens nach dem Fall der 5. Karte") fall
in the same trick in either pack and stay.

Seed 002 10.2 lists "1 special point for catching Charly" and, as a separate option, "2
special points for catching both Charlies"; with only the first, a last trick that
catches both is one point.

Every expected value is worked out here from those rules, trick by trick.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from games.kinds import Deal, call, order, trick
from games.verdicts import assert_score, assert_valid_complete, assert_violation

from service.game import rulesets
from service.game.rulesets import resolve, use_directory
from service.generating import cases as conformance

ROOT = Path(__file__).resolve().parents[1]

FREEDOKO_40 = {"preset": "freedoko", "options": {"with_nines": False}}
TOO_LATE = "announcement_too_late"

# The normal game of FreeDoko without nines: ♥10 (of two, the second wins: the freedoko
# preset's dollen_order, seed 002 2.1), the queens, the jacks, ♦A ♦10 ♦K (seed 002 2,
# "when playing without nines there are two trumps less").
ORDER = order("normal", with_nines=False, second_h10_wins=True)

# Ten tricks, dealer 3, so seat 0 leads the first (seed 002 7.1). Seats 0 and 2 hold one
# ♣Q each (re), seats 1 and 3 one ♣J each (contra). No hand holds both ♦A (no swines)
# or both ♣Q (no marriage); every hand has six trumps (no poverty).
TRICKS = (
    trick(0, "CA C10 CK CA", 0),     # 1: the first of two equal cards wins: 36
    trick(0, "SA S10 SK SA", 0),     # 2: 36
    trick(0, "HA HK HA HK", 0),      # 3: 30
    trick(0, "C10 CK S10 SK", 0),    # 4: seats 2 and 3 have no club left: 28
    trick(0, "DK HJ HQ DJ", 2),      # 5: ♥Q highest: 11
    trick(2, "SQ D10 DA HQ", 2),     # 6: ♠Q; seat 0's ♦A won by its own team: 27
    trick(2, "DA DQ CQ SQ", 0),      # 7: ♣Q; seat 2's ♦A won by its own team: 20
    trick(0, "D10 DQ DK SJ", 1),     # 8: ♦Q, the contra team's only trick: 19
    trick(1, "SJ CQ HJ DJ", 2),      # 9: ♣Q: 9
    trick(2, "H10 CJ H10 CJ", 0),    # 10: the second ♥10 takes the first, and both ♣J
                                     #     of the contra team are caught: 24
)
# Re 36+36+30+28+11+27+20+9+24 = 221, contra 19: below 90, 60 and 30; not black.
RE_POINTS, CONTRA_POINTS = 221, 19
RE_SEATS, CONTRA_SEATS = [0, 2], [1, 3]

# Seat 0 leads trick 2 with 9 of its 10 cards in hand: its card of the second trick.
RE_AT_TRICK_2 = call(2, 0, 0, "re")
# Seat 2 plays third in trick 4: before its card it holds 7, after it 6.
NO90_WITH_7 = call(4, 2, 2, "no90")
NO90_WITH_6 = call(4, 3, 2, "no90")


def game(*calls: Any) -> Deal:
    return Deal(0, TRICKS, ORDER, calls, with_nines=False)


def transcript(ruleset: Any, *calls: Any) -> dict[str, Any]:
    return game(*calls).transcript(ruleset, 3)


def notes(result: dict[str, Any]) -> list[str]:
    return [n["code"] for n in result["notes"]]


@pytest.fixture()
def house(tmp_path):
    """Write house ruleset files and load them; forgotten again after the test."""

    def load(**files: str) -> dict[str, rulesets.Preset]:
        for name, text in files.items():
            (tmp_path / f"{name}.toml").write_text(text, encoding="utf-8")
        return use_directory(tmp_path)

    yield load
    rulesets._house.clear()
    rulesets._resolve_preset.cache_clear()
    rulesets._custom.clear()


def club(base: str, options: str) -> str:
    return (f'id = "club"\ntitle = "Club"\nsource = "our list"\nextends = "{base}"\n'
            + options)


NO_NINES = '[options.with_nines]\nvalue = false\nsource = "we play without nines"\n'


# ---- the deal itself ------------------------------------------------------------------

def test_the_forty_card_game_is_valid_under_freedoko_without_nines(check):
    """Seed 002 1: 'Optional can FreeDoko be played without nines': ten cards a hand."""
    assert game().hand_size == 10
    result = check(transcript(FREEDOKO_40))
    assert_valid_complete(result)
    assert result["card_points"] == {"re": RE_POINTS, "contra": CONTRA_POINTS}


# ---- deadlines that follow the pack (seed 002 8.1) ------------------------------------

def test_freedoko_without_nines_moves_its_deadlines_two_cards():
    """Seed 002 8.1: re/contra till one's card of the second trick: 11 of 12 cards, 9 of
    10. The denials of FreeDoko's defaults (9, 6, 3, 3 of 12) stand for tricks as well:
    7, 4, 1, 1 of 10."""
    assert resolve("freedoko").announcement_deadlines == (11, 9, 6, 3, 3)
    assert resolve(FREEDOKO_40).announcement_deadlines == (9, 7, 4, 1, 1)


@pytest.mark.parametrize(("preset", "moved"), [
    ("ddv", (9, 8, 7, 6, 5)),  # TSR 6.2.2 and 6.3.4: 11, 10, 9, 8, 7 of 12
    ("doko2026", (9, 8, 7, 5, 3)),  # seed 004 V.1, V.2: 11, 10, 9, 7, 5 of 12
])
def test_every_hand_counted_preset_moves_the_same_way(preset, moved):
    """The issue: 'freedoko 11/9/6/3/3 -> 9/7/4/1/1, ddv and doko2026 likewise'."""
    ruleset = resolve({"preset": preset, "options": {"with_nines": False}})
    assert ruleset.announcement_deadlines == moved
    assert ruleset.deadlines_note


def test_re_with_the_first_card_of_trick_2_is_in_time(check):
    """Seed 002 8.1: 'till the player has played his card of the second trick': seat 0
    says re as it leads trick 2, holding 9 of 10 cards. Under freedoko with only
    with_nines false given, in time, scored (+2, 10.2 item 2), and a note says why."""
    result = check(transcript(FREEDOKO_40, RE_AT_TRICK_2))
    assert_valid_complete(result)
    assert [(a["seat"], a["call"]) for a in result["announcements"]] == [(0, "re")]
    assert "deadlines_moved" in notes(result)
    note = next(n for n in result["notes"] if n["code"] == "deadlines_moved")
    assert "11/9/6/3/3" in note["message"] and "9/7/4/1/1" in note["message"]


def test_no90_with_seven_cards_in_time_and_with_six_too_late(check):
    """The moved no 90 needs 7 cards in hand (FreeDoko's 9 of 12, two cards earlier):
    seat 2 says it before its card of trick 4 (7 held): in time; after that card (6
    held): too late."""
    in_time = check(transcript(FREEDOKO_40, RE_AT_TRICK_2, NO90_WITH_7))
    assert_valid_complete(in_time)
    assert [a["call"] for a in in_time["announcements"]] == ["re", "no90"]
    late = transcript(FREEDOKO_40, RE_AT_TRICK_2, NO90_WITH_6)
    result = check(late)
    assert_violation(result, TOO_LATE, game(RE_AT_TRICK_2, NO90_WITH_6).event_pointer(1), 2)
    assert [a["call"] for a in result["announcements"]] == ["re"]


def test_the_whole_game_scored_with_the_moved_deadlines(check):
    """Seed 002 10.2: won 1, below 90, 60, 30 one each (contra 19), re +2, no 90 +1;
    catching Charly 1 (both ♣J caught, the option for both off: see below). Counted for
    the winners only (the freedoko preset): 8 for seats 0 and 2."""
    result = check(transcript(FREEDOKO_40, RE_AT_TRICK_2, NO90_WITH_7))
    assert_score(result, card_points=(RE_POINTS, CONTRA_POINTS), winner="re", items=[
        ("won", "re", 1), ("below_90", "re", 1), ("below_60", "re", 1), ("below_30", "re", 1),
        ("re_announced", "re", 2), ("no90_announced", "re", 1),
        ("karlchen_caught", "re", 1, 10)], value=8, scores=[8, 0, 8, 0])


def test_deadlines_the_ruleset_states_are_taken_as_written(check):
    """The issue: 'Deadlines a ruleset states are taken as written': with FreeDoko's 11 for
    re stated for the 40-card game, re with 9 cards is too late, and nothing is moved."""
    stated = {"preset": "freedoko", "options": {"with_nines": False,
                                                "announcement_deadlines": [11, 9, 6, 3, 3]}}
    assert resolve(stated).announcement_deadlines == (11, 9, 6, 3, 3)
    result = check(transcript(stated, RE_AT_TRICK_2))
    assert_violation(result, TOO_LATE, game(RE_AT_TRICK_2).event_pointer(0), 0)
    assert "deadlines_moved" not in notes(result)


def test_moved_and_stated_deadlines_are_the_same_ruleset():
    """The digest names the rules a game is judged by: moved 9/7/4/1/1 judge as stated."""
    stated = {"preset": "freedoko", "options": {"with_nines": False,
                                                "announcement_deadlines": [9, 7, 4, 1, 1]}}
    assert resolve(stated).digest == resolve(FREEDOKO_40).digest
    assert resolve(stated).deadlines_note == ""


def test_a_48_card_freedoko_ruleset_gets_no_note():
    """Nothing moves where the pack stays: the preset itself, or with_nines restated."""
    assert resolve({"preset": "freedoko", "options": {"with_nines": True}}).deadlines_note == ""
    assert resolve({"preset": "freedoko", "options": {"dollen": False}}).deadlines_note == ""


def test_table_counted_deadlines_stay_when_the_nines_come_back():
    """Seed 003 'Ansagezeitpunkte': re/contra by the 5th card on the table (the first card
    of trick 2 in either pack), each further call 'eine Runde später': the same tricks
    with 48 cards, so mittwoch with the nines keeps 5/9/13/17/21 and says nothing."""
    ruleset = resolve({"preset": "mittwoch", "options": {"with_nines": True}})
    assert ruleset.announcement_clock == "table"
    assert ruleset.announcement_deadlines == (5, 9, 13, 17, 21)
    assert ruleset.deadlines_note == ""


# ---- house rulesets -------------------------------------------------------------------

def test_a_house_ruleset_without_nines_moves_its_deadlines(house, check, client):
    """A club's file over freedoko that takes the nines out and says nothing of the
    deadlines: the same 9/7/4/1/1 as the request's options (seed 002 8.1), said in the
    ruleset's own documentation and in each game's notes."""
    found = house(club=club("freedoko", NO_NINES))
    assert found["club"].ruleset.announcement_deadlines == (9, 7, 4, 1, 1)
    assert "9/7/4/1/1" in found["club"].notes["announcement_deadlines"]
    assert "club.toml" in found["club"].sources["announcement_deadlines"]
    detail = client.get("/v1/rulesets/club").get_json()
    deadlines = next(o for o in detail["options"] if o["name"] == "announcement_deadlines")
    assert deadlines["value"] == [9, 7, 4, 1, 1]
    assert "9/7/4/1/1" in deadlines["note"]
    in_time = check(transcript("club", RE_AT_TRICK_2, NO90_WITH_7))
    assert_valid_complete(in_time)
    assert "deadlines_moved" in notes(in_time)
    late = check(transcript("club", RE_AT_TRICK_2, NO90_WITH_6))
    assert_violation(late, TOO_LATE, game(RE_AT_TRICK_2, NO90_WITH_6).event_pointer(1), 2)


def test_a_house_ruleset_that_states_its_deadlines_keeps_them(house):
    found = house(club=club("freedoko", NO_NINES + (
        '[options.announcement_deadlines]\nvalue = [10, 8, 5, 2, 2]\nsource = "our list"\n')))
    assert found["club"].ruleset.announcement_deadlines == (10, 8, 5, 2, 2)
    assert found["club"].ruleset.deadlines_note == ""


def test_putting_the_nines_back_moves_the_deadlines_two_cards_later(house):
    """Over a 40-card ruleset counted in the hand (the club's 9/7/4/1/1), 12 cards a hand
    move every deadline two cards later: FreeDoko's own 11/9/6/3/3 again."""
    house(club=club("freedoko", NO_NINES))
    back = resolve({"preset": "club", "options": {"with_nines": True}})
    assert back.announcement_deadlines == (11, 9, 6, 3, 3)
    assert "9/7/4/1/1" in back.deadlines_note and "11/9/6/3/3" in back.deadlines_note
    # The club's other options keep its moved deadlines, and their note.
    other = resolve({"preset": "club", "options": {"dollen": False}})
    assert other.announcement_deadlines == (9, 7, 4, 1, 1)
    assert other.deadlines_note == resolve("club").deadlines_note != ""


# ---- catching both Charlies (seed 002 10.2) --------------------------------------------

def with_specials(*extra: str) -> dict[str, Any]:
    specials = list(resolve("freedoko").special_points) + list(extra)
    return {"preset": "freedoko", "options": {"with_nines": False, "special_points": specials}}


def test_both_charlies_caught_score_one_point_under_freedoko(check):
    """Seed 002 10.2: 'optional 1 special point for catching Charly: if the ♣jack is
    jabbed from the opposing team in the last trick'; the 2 points for catching both are
    a separate option, off in the freedoko preset. Both ♣J caught in trick 10: 1 point.
    Value: won, below 90, 60, 30, catching Charly = 5."""
    result = check(transcript(FREEDOKO_40))
    assert_score(result, card_points=(RE_POINTS, CONTRA_POINTS), winner="re", items=[
        ("won", "re", 1), ("below_90", "re", 1), ("below_60", "re", 1), ("below_30", "re", 1),
        ("karlchen_caught", "re", 1, 10)], value=5, scores=[5, 0, 5, 0])


def test_both_charlies_caught_score_two_where_the_ruleset_lists_it(check):
    """Seed 002 10.2: 'optional 2 special points for catching both Charlies: if both
    ♣jacks are jabbed in the last trick by the opposing team': 2 instead of 1; 6 in all."""
    result = check(transcript(with_specials("double_karlchen_caught")))
    assert_score(result, card_points=(RE_POINTS, CONTRA_POINTS), winner="re", items=[
        ("won", "re", 1), ("below_90", "re", 1), ("below_60", "re", 1), ("below_30", "re", 1),
        ("double_karlchen_caught", "re", 2, 10)], value=6, scores=[6, 0, 6, 0])


@pytest.mark.parametrize("preset", ["ddv", "freedoko", "mittwoch", "doko2026"])
def test_no_preset_lists_catching_both(preset):
    """Seed 002 10.2 makes it optional and FreeDoko's default has it off; the seeds 003
    and 004 and the DDV TSR 7.2.3 name no such item (each preset's note says so)."""
    assert "double_karlchen_caught" not in resolve(preset).special_points
    note = rulesets.presets()[preset].notes["special_points"]
    assert "double_karlchen_caught" in note


# ---- the conformance suites and the handbook ----------------------------------------------

def test_the_suites_add_a_game_without_nines_where_the_rules_offer_it():
    """Seed 002 1 offers FreeDoko without nines; TSR 2.2 and seed 004 II.a know 48 cards
    only, and mittwoch plays 40 throughout (seed 003 'Ohne Neunen')."""
    for preset in ("ddv", "doko2026", "freedoko", "mittwoch"):
        offered = ("without_nines", "") in conformance.scenarios(resolve(preset))
        assert offered == (preset == "freedoko"), preset
    shipped = [json.loads(line) for line in
               (ROOT / "examples" / "conformance" / "freedoko.jsonl").read_text().splitlines()]
    cases = [c for c in shipped if c["about"].startswith("without nines")]
    rounds = conformance.rounds(resolve("freedoko"))
    assert [c["kind"] for c in cases] == ["game", "mutation", "partial"] * rounds
    for case in cases:
        assert case["transcript"]["ruleset"] == FREEDOKO_40
        assert [len(hand) for hand in case["transcript"]["hands"]] == [10, 10, 10, 10]
        assert "deadlines_moved" in [n["code"] for n in case["expected"]["notes"]]


def test_the_handbook_table_is_what_the_rulesets_resolve_to():
    """docs/forty-cards.md: each base's deadlines and the moved ones, as resolved."""
    text = (ROOT / "docs" / "forty-cards.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| `(\w+)` \| ([\d, ]+) \| ([\d, ]+) \|$", text, re.M)
    assert {row[0] for row in rows} == {"freedoko", "ddv", "doko2026"}
    for preset, own, moved in rows:
        assert resolve(preset).announcement_deadlines == _numbers(own)
        assert resolve({"preset": preset, "options": {"with_nines": False}}
                       ).announcement_deadlines == _numbers(moved)
    example = json.loads(re.search(r'```json\n(\{"preset": "freedoko", "options": '
                                   r'\{"special_points".*?)\n```', text, re.S)[1])
    assert "double_karlchen_caught" in resolve(example).special_points


def _numbers(text: str) -> tuple[int, ...]:
    return tuple(int(n) for n in text.split(","))
