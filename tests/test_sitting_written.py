"""A sheet line's written running totals and the evening's date (sitting.md v1.1)."""

from __future__ import annotations

import pytest

from service.game.errors import TranscriptError
from service.lists.sitting.check import check_sitting

P = ["Anna", "Ben", "Cleo", "Dan"]


def line(scores: list[int] | None, totals: list[int] | None, dealer: str) -> dict:
    sheet: dict = {"type": "normal"}
    if scores is not None:
        sheet["scores"] = dict(zip(P, scores, strict=True))
    if totals is not None:
        sheet["written_totals"] = dict(zip(P, totals, strict=True))
    return {"dealer": dealer, "sheet": sheet}


def sitting(*games: dict, **top: object) -> dict:
    return {"ruleset": "mittwoch", "players": P, "games": list(games), **top}


def test_the_date_is_shown_not_judged() -> None:
    out = check_sitting(sitting(line([1, -1, -1, 1], None, "Anna"), date="2026-11-27"))
    assert out.to_dict()["date"] == "2026-11-27" and out.valid
    with pytest.raises(TranscriptError) as caught:
        check_sitting(sitting(line([1, -1, -1, 1], None, "Anna"), date="27.11.2026"))
    assert caught.value.errors[0].pointer == "/date"


def test_written_totals_beside_the_entries_a_wrong_one_is_one_defect() -> None:
    """Ben's total after game 2 is written −4 for −3; game 3 is written on from the right
    total: one defect, at that cell, with what it should be."""
    out = check_sitting(sitting(line([2, -2, -2, 2], [2, -2, -2, 2], "Anna"),
                                line([-1, -1, 1, 1], [1, -4, -1, 3], "Ben"),
                                line([1, 1, -1, -1], [2, -2, -2, 2], "Cleo"))).to_dict()
    assert [(v["pointer"], v["should_be"]) for v in out["violations"]] == [
        ("/games/1/sheet/written_totals/Ben", -3)]


def test_written_totals_carried_on_from_a_wrong_total_are_one_defect() -> None:
    out = check_sitting(sitting(line([2, -2, -2, 2], [2, -2, -2, 2], "Anna"),
                                line([-1, -1, 1, 1], [1, -4, -1, 3], "Ben"),
                                line([1, 1, -1, -1], [2, -3, -2, 2], "Cleo"))).to_dict()
    assert [v["pointer"] for v in out["violations"]] == ["/games/1/sheet/written_totals/Ben"]


def test_totals_alone_a_slip_is_at_its_total_not_at_two_lines() -> None:
    out = check_sitting(sitting(line(None, [2, -2, -2, 2], "Anna"),
                                line(None, [1, -4, -1, 3], "Ben"),
                                line(None, [2, -2, -2, 2], "Cleo"))).to_dict()
    assert [(v["pointer"], v["should_be"]) for v in out["violations"]] == [
        ("/games/1/sheet/written_totals/Ben", -3)]
    assert out["corrected_totals"] == {"Anna": 2, "Ben": -2, "Cleo": -2, "Dan": 2}
