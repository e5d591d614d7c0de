"""docs/season.md's worked example: its blocks are what the code gives
(service/tools/season_doc.py), and its figures are worked out here by hand from the
request in examples/season.json under 10/8/6/5/4/3/2/1 (``share``)."""

from __future__ import annotations

from service.tools import season_doc
from service.tools.codes_doc import replace_between

# Day by day (place: points), the names as the club means them:
# 2019-11-16 Uwe 10, Heino 8, Volker 6, Walter 5, Felix 4
# 2021-11-27 Volker 10, Uwe and Gabi St. (both 2nd) 8, Klaus B. (4th) 5, Per 4
# 2023-03-11 Felix 10, Klaus B. 8, Uwe 6, Gabi St. 5, Heino 4, Per 3
# 2024-11-23 Klaus B. 10, Volker 8, Felix 6, Per and Walter (both 4th) 5, Uwe (6th) 3
# 2026-03-14 Uwe 10, Klaus B. 8, Gabi St. 6, Volker 5, Felix 4
EWIG = [  # place, name, points, days, best
    (1, "Uwe", 10 + 8 + 6 + 3 + 10, 5, 1),
    (2, "Klaus B.", 5 + 8 + 10 + 8, 4, 1),
    (3, "Volker", 6 + 10 + 8 + 5, 4, 1),
    (4, "Felix", 4 + 10 + 6 + 4, 4, 1),
    (5, "Gabi St.", 8 + 5 + 6, 3, 2),
    (6, "Heino", 8 + 4, 2, 2),  # 12 each: Heino before Per by name
    (6, "Per", 4 + 3 + 5, 3, 4),
    (8, "Walter", 5 + 5, 2, 4)]
# Five years as of 2026-11-28: days after 2021-11-28, so 2023, 2024 and 2026
FUENF = [
    (1, "Klaus B.", 8 + 10 + 8, 3, 1),
    (2, "Felix", 10 + 6 + 4, 3, 1),
    (3, "Uwe", 6 + 3 + 10, 3, 1),
    (4, "Volker", 8 + 5, 2, 2),
    (5, "Gabi St.", 5 + 6, 2, 3),
    (6, "Per", 3 + 5, 2, 4),
    (7, "Walter", 5, 1, 4),
    (8, "Heino", 4, 1, 5)]


def test_the_page_is_generated():
    text = season_doc.PAGE.read_text(encoding="utf-8")
    fresh = text
    for pair, body in season_doc.blocks():
        fresh = replace_between(fresh, pair, body)
    assert fresh == text, "run python -m service.tools.season_doc --write"


def test_the_worked_example_by_hand():
    out = season_doc.answer()
    rows = [[(r["place"], r["name"], r["points"], r["days"], r["best"])
             for r in w["ranking"]] for w in out["windows"]]
    assert rows == [EWIG, FUENF]
    assert [(w["from"], w["to"], w["days"]) for w in out["windows"]] == [
        (None, "2026-11-28", 5), ("2021-11-29", "2026-11-28", 3)]
    # the one slip: Felix written with 25
    assert [(v["code"], v["pointer"], v["player"], v["should_be"])
            for v in out["violations"]] == [
        ("season_points", "/written/ewig/3/points", "Felix", 24)]
    assert out["valid"] is False and out["notes"] == []


def test_the_printed_rankings_in_german():
    text = season_doc.printed("de")
    assert "Platz  Name      Ranglistenpunkte  Turniertage  Bester Platz" in text
    assert "4  Felix        25*" in text
    assert "UNGÜLTIG: 1 Fehler" in text and text.endswith("exit status 1\n```\n")
