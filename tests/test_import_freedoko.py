"""FreeDoko 0.7.13 game records read into transcripts (src/os/bug_report.cpp writes them):
a record of each game type checks as FreeDoko scored it. The records under
tests/imports/freedoko/ are written in the shape of bug_report.cpp (banner, seed,
startplayer, the party's rules block with FreeDoko's built-in values, gametype, hands,
gameplay actions, game summary) around games written by hand from the rules (the deals
and plays of examples/), their summaries worked out by hand by FreeDoko's scoring
(re/contra doubling, counting for the winners only: GameSummary::points)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from service.importing import ImportRefused, import_file
from service.reading.load import check

HERE = Path(__file__).parent / "imports" / "freedoko"
EXAMPLES = Path(__file__).parent.parent / "examples"


def read(name: str) -> bytes:
    return (HERE / f"{name}.txt").read_bytes()


@pytest.mark.parametrize(("name", "kind", "value"), [
    ("normal-announcements", "normal", 4),  # contra and no 90 said, re wins with 90
    ("solo", "solo", 4),
    ("marriage", "marriage", 12),  # re and contra said: doubled twice
    ("poverty", "poverty", 0),  # won and worth 0: won 1, the fox caught by contra 1
    ("swines", "normal", 5),
    ("bock", "normal", 8),  # FreeDoko's bock special point: ×2
])
def test_each_game_type_checks_as_freedoko_scored_it(name: str, kind: str, value: int) -> None:
    imported = import_file("freedoko", read(name))
    assert imported.kind == "transcript"
    result = check(imported.imported).to_dict()
    assert result["valid"], result["violations"]
    assert result["game"]["type"] == kind
    assert result["claimed"] == {"agrees": True, "differences": []}
    assert result["score"]["value"] == value


def test_the_rules_block_becomes_the_preset_with_options() -> None:
    imported = import_file("freedoko", read("swines")).imported
    assert imported["ruleset"] == {"preset": "freedoko", "options": {
        "dollen_order": "first_wins", "swines": "at_first_swine", "soloist_leads": "always",
        "re_contra_scoring": "double"}}
    assert imported["players"] == ["Anna", "Ben", "Cleo", "Dan"]
    assert imported["dealer"] == 0  # startplayer 1: the dealer is the one before
    shows = [e for e in imported["play"] if "show" in e]
    assert shows == [{"seat": 3, "show": "swines"}]


def test_a_poverty_deal_is_rebuilt_from_the_exchange() -> None:
    """The record's hands are those after the exchange; the deal is the example's."""
    deal = json.loads((EXAMPLES / "poverty.json").read_text())["hands"]
    imported = import_file("freedoko", read("poverty")).imported
    assert [sorted(h) for h in imported["hands"]] == [sorted(h) for h in deal]
    assert imported["game"] == {"type": "poverty", "declarer": 1, "offers": [
        {"seat": 2, "accept": False}, {"seat": 3, "accept": True}], "passed": ["DK", "HJ", "CA"],
        "partner": 3, "returned": ["D10", "S9", "H9"], "trumps_returned": 1}


def test_a_passed_card_handed_straight_back_in_an_unfinished_record() -> None:
    """The partner returns the ♣A he was passed: added before removed, the deal stands;
    the record stops before the first card: checked as far as it goes."""
    deal = json.loads((EXAMPLES / "poverty.json").read_text())["hands"]
    imported = import_file("freedoko", read("poverty-unfinished"))
    t = imported.imported
    assert [sorted(h) for h in t["hands"]] == [sorted(h) for h in deal]
    assert t["game"]["returned"] == ["CA", "S9", "H9"] and "claimed" not in t
    result = check(t).to_dict()
    assert not result["complete"] and result["valid"], result["violations"]
    assert any("stops during the game" in n for n in imported.to_dict()["notes"])


def test_a_rule_without_an_option_is_named_in_a_note() -> None:
    text = read("solo").replace(b"knocking = false", b"knocking = true")
    notes = import_file("freedoko", text).to_dict("de")["notes"]
    assert any("knocking = true" in n for n in notes)


def test_a_genscher_is_refused_at_its_line() -> None:
    text = read("normal-announcements").replace(b"  # trick 1\n",
                                                b"  genscher = 2, 0\n  # trick 1\n", 1)
    with pytest.raises(ImportRefused) as caught:
        import_file("freedoko", text)
    (problem,) = caught.value.problems
    assert problem.line is not None and "Genscher" in problem.to_dict()["message"]


def test_an_unreadable_card_is_refused_at_its_line() -> None:
    text = read("solo").replace(b"card played = 0, ", b"card played = 0, club queeen", 1)
    with pytest.raises(ImportRefused) as caught:
        import_file("freedoko", text)
    line = caught.value.problems[0].line
    assert line is not None and b"queeen" in text.splitlines()[line - 1]


def test_no_record_is_refused() -> None:
    with pytest.raises(ImportRefused) as caught:
        import_file("freedoko", b"hello\n")
    assert "seed" in caught.value.problems[0].to_dict()["message"]


def test_teams_and_special_points_beside_the_check_in_notes() -> None:
    """FreeDoko's summary says more than the claim: where its teams or special points
    differ from the check's, a note says so (here a fox caught by contra left out)."""
    from service.checking.importing import import_data

    text = read("normal-announcements").replace(b"caught fox = contra, contra, 2, 3, 1\n", b"")
    _, answer = import_data("freedoko", text, check=True)
    (note,) = [n for n in answer["notes"] if n.startswith("FreeDoko's special points")]
    assert "fox_caught (contra)" in note
    text = read("solo").replace(b"teams = contra, contra, re, contra",
                                b"teams = contra, re, re, contra")
    _, answer = import_data("freedoko", text, check=True)
    assert any("re team is Ben, Cleo; the check's is Cleo" in n for n in answer["notes"])
