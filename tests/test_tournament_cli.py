"""doko-check --tournament FILE and doko-check draw (issue: "The same from the command
line")."""

from __future__ import annotations

import json
from pathlib import Path

from service.cli.command import main

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
DAY = str(EXAMPLES / "tournament-doko2026.json")


def test_the_day_as_a_referee_reads_it(capsys):
    assert main(["--tournament", DAY, "--lang", "en"]) == 0
    out = capsys.readouterr().out
    for line in ("round 1", "  table 2: Volker 8, Felix 11", "preliminary standing: 1. Gabi 41",
                 "9. Walter 17 (penalty −7)", "final round (wildcard: Jola)",
                 "places: 1. Uwe", "claimed figures agree", "valid"):
        assert line in out


def test_the_day_in_german_and_as_json(capsys):
    assert main(["--tournament", DAY, "--lang", "de"]) == 0
    out = capsys.readouterr().out
    assert "Vorrundenstand: 1. Gabi 41" in out and "Endrunde (Wildcard: Jola)" in out
    assert main(["--tournament", DAY, "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["files"][0]["result"]["valid"] is True


def test_a_defect_is_printed_under_its_table_and_fails(tmp_path, capsys):
    day = json.loads(Path(DAY).read_text())
    day["preliminary"][1]["tables"][0]["games"][3]["dealer"] = "Volker"
    path = tmp_path / "day.json"
    path.write_text(json.dumps(day))
    assert main(["--tournament", str(path), "--lang", "en"]) == 1
    out = capsys.readouterr().out
    assert "(/preliminary/1/tables/0/games/3/dealer)" in out and "INVALID" in out


def test_draw_by_names_and_from_a_file(tmp_path, capsys):
    names = ["Uwe", "Volker", "Felix", "Klaus", "Gabi", "Heino", "Walter", "Per", "Jola"]
    assert main(["draw", "--rounds", "3", "--seed", "2026-03-14 club day", "--lang", "en",
                 *names]) == 0
    printed = capsys.readouterr().out
    assert "round 3" in printed and "table 2: Felix, Klaus, Gabi, Per, Jola" in printed
    listing = tmp_path / "names.txt"
    listing.write_text("\n".join(names) + "\n")
    assert main(["draw", "--rounds", "3", "--seed", "2026-03-14 club day", "--json",
                 "--participants", str(listing)]) == 0
    assert json.loads(capsys.readouterr().out)["rounds"][2]["tables"][1] == [
        "Felix", "Klaus", "Gabi", "Per", "Jola"]


def test_draw_refuses_an_unseatable_count(capsys):
    assert main(["draw", "--rounds", "2", "--seed", "x", "a", "b", "c", "d", "e", "f"]) == 2
    assert "/participants" in capsys.readouterr().err
