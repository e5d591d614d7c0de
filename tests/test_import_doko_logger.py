"""Doko_Logger evenings read into sittings. The file is written by hand in the shape
Pages/Datahandling/session.py writes (indent 3, Datum month first, Bockrunden left off
the newest game); the entries worked out as the program counts them: ±Punkte·2^Bockrunden,
three times for a lone winner or loser, a new bock round as long as the number of
players, stacked without a cap."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from service.importing import ImportRefused, import_file
from service.lists.sitting.check import check_sitting

EVENING = (Path(__file__).parent / "imports" / "doko_logger" / "evening.json").read_bytes()


def test_an_evening_at_five_the_one_missing_dealt() -> None:
    imported = import_file("doko-logger", EVENING)
    sitting = imported.imported
    assert sitting["date"] == "2026-11-27"
    games = sitting["games"]
    assert [g["dealer"] for g in games] == ["Lukas", "Johanna", "Oliver", "Julian", "Andre"]
    # game 1 opens a round (games 2-6), game 3 another (games 4-8): ×2, ×2, ×4, ×4
    assert games[1]["sheet"]["scores"] == {"Lukas": -2, "Oliver": -2, "Julian": -2, "Andre": 6}
    assert games[2]["sheet"]["scores"] == {"Lukas": 8, "Johanna": 8, "Julian": -24, "Andre": 8}
    assert games[3]["sheet"]["scores"] == {"Lukas": 16, "Johanna": -16, "Oliver": -16,
                                           "Andre": 16}
    assert "bock" not in games[4]["sheet"]  # left off the newest game
    result = check_sitting(sitting).to_dict()
    assert result["valid"], result["violations"]
    assert [g["bock"] for g in result["games"]] == [1, 2, 2, 4, 4]


def test_a_bock_count_written_wrong_is_found_at_its_line() -> None:
    document = json.loads(EVENING)
    document["Spiele"][3]["Bockrunden"] = 1
    sitting = import_file("doko-logger", json.dumps(document).encode()).imported
    result = check_sitting(sitting).to_dict()
    assert [v["pointer"] for v in result["violations"]] == ["/games/3/sheet/bock"]


def test_at_four_the_first_dealer_is_asked_for() -> None:
    document = json.loads(EVENING)
    document["Session_Info"]["Spieler"] = ["Lukas", "Johanna", "Julian", "Andre"]
    document["Spiele"] = [{**document["Spiele"][2], "Bockrunden": 0}]
    with pytest.raises(ImportRefused) as caught:
        import_file("doko-logger", json.dumps(document).encode())
    assert "first dealer" in caught.value.problems[0].to_dict()["message"]
    sitting = import_file("doko-logger", json.dumps(document).encode(),
                          first_dealer="Andre").imported
    assert sitting["games"][0]["dealer"] == "Andre"
    assert check_sitting(sitting).to_dict()["valid"]


def test_a_normal_game_with_three_winners_is_refused_at_its_entry() -> None:
    document = json.loads(EVENING)
    document["Spiele"][0]["Gewinner"] = ["Julian", "Oliver", "Andre"]
    with pytest.raises(ImportRefused) as caught:
        import_file("doko-logger", json.dumps(document).encode())
    assert [p.entry for p in caught.value.problems] == [0]
