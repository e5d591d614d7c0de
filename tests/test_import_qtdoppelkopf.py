"""QtDoppelKopf and jsdoppelkopf lists read into sittings under their house rules. The
files are written by hand in the shapes their writers give them (QtDoppelKopf
Backend/deserializer.cpp: compact, non-ASCII as \\uXXXX; jsdoppelkopf
backend/models/game.js: the server's document), the completed diffs and the bock factor
worked out from GameInfo::AutoCompleteDeal and the bock rounds per event."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from service.importing import ImportRefused, import_file
from service.lists.sitting.check import check_sitting

HERE = Path(__file__).parent / "imports" / "qtdoppelkopf"


def load(name: str) -> bytes:
    return (HERE / name).read_bytes()


def entries(*data: dict) -> bytes:
    head = {"kind": "playersSet", "playerNames": ["Anna", "Ben", "Cleo", "Dan"],
            "dealerName": "Anna", "sitOutScheme": [], "previousDealerName": ""}
    return json.dumps({"dataVersion": "2", "data": [head, *data]}).encode()


def deal(*changes: tuple[str, int], events: int = 0) -> dict:
    return {"kind": "deal", "players": 4, "numberOfEvents": events,
            "changes": [{"name": n, "diff": d} for n, d in changes]}


def test_an_evening_read_completed_and_multiplied_by_bock() -> None:
    imported = import_file("qtdoppelkopf", load("evening.json"))
    sitting = imported.imported
    assert sitting["players"] == ["Jürgen", "Anna", "Ben", "Cleo"]
    games = sitting["games"]
    # two typed diffs of +2: the two others playing get −2 each
    assert games[0]["sheet"]["scores"] == {"Anna": 2, "Ben": 2, "Jürgen": -2, "Cleo": -2}
    # one typed −9: a lost solo, the three others −(1·−9)/3 = +3
    assert games[1]["sheet"] == {"type": "solo", "declarer": "Cleo", "bock_event_count": 1,
                                 "scores": {"Cleo": -9, "Anna": 3, "Ben": 3, "Jürgen": 3}}
    # its one event opens a round of four games at ×2; the mandatory solo round plays
    # none of it, the game after the round its third
    assert [g["sheet"].get("bock", 1) for g in games] == [1, 1, 2, 2, 1, 1, 1, 1, 2]
    assert games[2]["sheet"]["scores"] == {"Jürgen": 2, "Anna": 2, "Ben": -2, "Cleo": -2}
    assert games[4]["solo_round_starts"] is True
    assert games[8]["table"] == ["Jürgen", "Anna", "Ben", "Cleo", "Dora"]
    assert [g["dealer"] for g in games] == ["Jürgen", "Anna", "Ben", "Cleo", "Jürgen", "Anna",
                                            "Ben", "Cleo", "Dora"]
    result = check_sitting(sitting).to_dict()
    assert result["valid"], result["violations"]
    assert result["totals"] == {"Jürgen": -1, "Anna": 11, "Ben": 7, "Cleo": -17, "Dora": 0}


def test_a_completion_that_drops_a_remainder_is_found_by_the_check() -> None:
    """One typed +2: the others get −(2)/3, 0 in C++: the line adds up to +2."""
    imported = import_file("qtdoppelkopf", entries(deal(("Ben", 2))))
    assert imported.imported["games"][0]["sheet"]["scores"] == {"Ben": 2, "Anna": 0,
                                                                "Cleo": 0, "Dan": 0}
    assert any("drops the remainder" in n for n in imported.to_dict()["notes"])
    result = check_sitting(imported.imported).to_dict()
    assert [v["code"] for v in result["violations"]] == ["sheet_zero_sum"]


def test_jsdoppelkopf_document_at_five_the_dealer_sits_out() -> None:
    imported = import_file("qtdoppelkopf", load("jsdoppelkopf.json"))
    sitting = imported.imported
    assert sitting["date"] == "2025-11-27"
    assert [g["dealer"] for g in sitting["games"]] == ["Eve", "Anna", "Ben"]
    assert [g["sheet"].get("bock", 1) for g in sitting["games"]] == [1, 1, 2]
    assert sitting["games"][2]["sheet"]["scores"] == {"Anna": 6, "Cleo": -2, "Dan": -2,
                                                      "Eve": -2}
    assert check_sitting(sitting).to_dict()["valid"]


def test_six_at_a_table_the_dealer_and_the_scheme_sit_out() -> None:
    """QtDoppelKopf's sitOutScheme [3]: the dealer and the player opposite sit out
    (Backend/gameinfo.cpp ApplyScheme); the scheme becomes sit_out_at_six."""
    data = json.dumps({"dataVersion": "2", "data": [
        {"kind": "playersSet", "playerNames": list("ABCDEF"), "dealerName": "A",
         "sitOutScheme": [3], "previousDealerName": ""},
        {"kind": "deal", "players": 6, "numberOfEvents": 0,
         "changes": [{"name": "B", "diff": 1}, {"name": "C", "diff": 1}]},
        {"kind": "deal", "players": 6, "numberOfEvents": 0,
         "changes": [{"name": "C", "diff": -1}, {"name": "F", "diff": -1}]}]}).encode()
    sitting = import_file("qtdoppelkopf", data).imported
    assert sitting["ruleset"]["options"]["sit_out_at_six"] == 3
    assert sitting["games"][0]["sheet"]["scores"] == {"B": 1, "C": 1, "E": -1, "F": -1}
    assert sitting["games"][1]["sheet"]["scores"] == {"C": -1, "F": -1, "A": 1, "D": 1}
    result = check_sitting(sitting).to_dict()
    assert result["valid"], result["violations"]


def test_a_scheme_that_does_not_fit_the_table_is_refused() -> None:
    data = json.dumps({"dataVersion": "2", "data": [
        {"kind": "playersSet", "playerNames": list("ABCDEFG"), "dealerName": "A",
         "sitOutScheme": [3], "previousDealerName": ""}]}).encode()
    with pytest.raises(ImportRefused) as caught:
        import_file("qtdoppelkopf", data)
    (problem,) = caught.value.problems
    assert problem.entry == 0 and "sitOutScheme" in problem.to_dict()["message"]


def test_unequal_typed_diffs_and_a_stranger_refused_at_their_entries() -> None:
    with pytest.raises(ImportRefused) as caught:
        import_file("qtdoppelkopf", entries(deal(("Ben", 2), ("Anna", 1)),
                                            deal(("Zoe", 1), ("Anna", 1))))
    assert [p.entry for p in caught.value.problems] == [1, 2]


def test_not_a_list() -> None:
    for data in (b"[]", b'{"dataVersion": "3", "data": []}', b"{"):
        with pytest.raises(ImportRefused):
            import_file("qtdoppelkopf", data)
