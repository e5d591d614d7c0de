"""A season's rankings: every reading of ``shared/design/season.md`` ("Request", "What is
checked and computed"), each test citing the sentence it tests. Every figure is worked
out by hand from the scheme in the test; none is copied from an answer."""

from __future__ import annotations

import json
from typing import Any

import pytest

from service.checking.problem import Problem
from service.checking.season import check_season_data, parse_season

AS_OF = "2026-11-28"


def season(days: list[dict[str, Any]], **over: Any) -> dict[str, Any]:
    body: dict[str, Any] = {
        "scheme": {"kind": "places", "points": [10, 8, 6, 5, 4, 3, 2, 1]},
        "windows": [{"id": "ewig"}], "days": days}
    body.update(over)
    return body


def answer(body: dict[str, Any] | str, lang: str = "en") -> dict[str, Any]:
    """The answer, the body read as the route reads it (decimals exact)."""
    text = body if isinstance(body, str) else json.dumps(body)
    return check_season_data(parse_season(text)).to_dict(lang)


def refused(body: dict[str, Any] | str) -> list[str]:
    """The pointers of a refused body's field errors."""
    with pytest.raises(Problem) as caught:
        answer(body)
    assert caught.value.status == 400
    return [e["pointer"] for e in caught.value.errors or []]


def ranking(out: dict[str, Any], window: int = 0) -> list[tuple[Any, ...]]:
    return [(r["place"], r["name"], r["points"], r["days"], r["best"])
            for r in out["windows"][window]["ranking"]]


def day(date: str, *places: Any) -> dict[str, Any]:
    return {"date": date, "places": list(places)}


def codes(out: dict[str, Any]) -> list[tuple[str, str]]:
    return [(v["code"], v["pointer"]) for v in out["violations"]]


# ---- the scheme ------------------------------------------------------------------------


def test_places_scheme_and_rest():
    """`kind: "places"`: `points[i]` for place `i + 1`; a place beyond the list gets
    `rest` (default 0) ... may be negative."""
    out = answer(season([day("2026-01-10", "A", "B", "C", "D")],
                        scheme={"kind": "places", "points": [10, 8]}))
    assert out["days"][0]["points"] == {"A": 10, "B": 8, "C": 0, "D": 0}
    out = answer(season([day("2026-01-10", "A", "B", "C")],
                        scheme={"kind": "places", "points": [3, 1.5], "rest": -0.5}))
    assert out["days"][0]["points"] == {"A": 3, "B": 1.5, "C": -0.5}


def test_places_scheme_bounds():
    """`points` holds 1 to 200 numbers (integers or decimals, may be negative)."""
    assert refused(season([day("2026-01-10", "A")],
                          scheme={"kind": "places", "points": []})) == ["/scheme/points"]
    assert refused(season([day("2026-01-10", "A")],
                          scheme={"kind": "places", "points": [1] * 201})) == ["/scheme/points"]
    assert refused(season([day("2026-01-10", "A")],
                          scheme={"kind": "places", "points": [1, "2"]})) == ["/scheme/points/1"]
    out = answer(season([day("2026-01-10", "A")],
                        scheme={"kind": "places", "points": [-2.25] * 200}))
    assert out["days"][0]["points"] == {"A": -2.25}


def test_field_scheme():
    """`kind: "field"`: `participants − place + 1` (the last of a day of 9 gets 1, the
    winner 9)."""
    names = [f"P{i}" for i in range(1, 10)]
    out = answer(season([day("2026-01-10", *names)], scheme={"kind": "field"}))
    points = out["days"][0]["points"]
    assert points["P1"] == 9 and points["P5"] == 5 and points["P9"] == 1
    assert out["days"][0]["participants"] == 9


def test_share_ties():
    """`"share"`: each gets the points of the best place they share (two second places:
    both get the points of place 2; the next player is fourth), also where the tie runs
    past the list."""
    out = answer(season([day("2026-01-10", "A", ["B", "C"], "D", ["E", "F", "G"])],
                        scheme={"kind": "places", "points": [10, 8, 6, 5, 4], "rest": 1}))
    # A 1st, B and C 2nd (place 2: 8), D 4th (5), E, F, G 5th (place 5: 4, past the
    # list from place 6 on)
    assert out["days"][0]["points"] == {"A": 10, "B": 8, "C": 8, "D": 5, "E": 4, "F": 4,
                                        "G": 4}
    assert out["days"][0]["places"] == {"A": 1, "B": 2, "C": 2, "D": 4, "E": 5, "F": 5,
                                        "G": 5}


def test_average_ties():
    """`"average"`: each gets the average of the points of the places they occupy
    together (two on places 2 and 3 under 10/8/6: 7 each), counting `rest` for places
    past the list."""
    out = answer(season([day("2026-01-10", "A", ["B", "C"], ["D", "E"])],
                        scheme={"kind": "places", "points": [10, 8, 6], "rest": 1,
                                "ties": "average"}))
    # B, C: (8 + 6) / 2 = 7; D, E on places 4 and 5, both past the list: 1
    assert out["days"][0]["points"] == {"A": 10, "B": 7, "C": 7, "D": 1, "E": 1}
    out = answer(season([day("2026-01-10", "A", ["B", "C"])],
                        scheme={"kind": "places", "points": [10, 8], "rest": -1,
                                "ties": "average"}))
    assert out["days"][0]["points"] == {"A": 10, "B": 3.5, "C": 3.5}  # (8 − 1) / 2


def test_field_ties_are_averaged_alike():
    """For `field` (every placed player counts in `participants`), places are averaged
    the same way."""
    out = answer(season([day("2026-01-10", "A", ["B", "C"], "D")],
                        scheme={"kind": "field", "ties": "average"}))
    # 4 placed: place 1 = 4, 2 = 3, 3 = 2, 4 = 1; B and C: (3 + 2) / 2
    assert out["days"][0]["points"] == {"A": 4, "B": 2.5, "C": 2.5, "D": 1}
    out = answer(season([day("2026-01-10", "A", ["B", "C"], "D")],
                        scheme={"kind": "field"}))
    assert out["days"][0]["points"] == {"A": 4, "B": 3, "C": 3, "D": 1}


def test_average_stays_exact():
    """kept exact while adding (an average of 16/3 stays 16/3) and shown rounded to two
    places."""
    three = ["A", ["B", "C", "D"]]  # B, C, D on places 2 to 4 under 10/6/5/5: 16/3
    scheme = {"kind": "places", "points": [10, 6, 5, 5], "ties": "average"}
    out = answer(season([day("2026-01-10", *three)], scheme=scheme))
    assert out["days"][0]["points"]["B"] == 5.33
    out = answer(season([day(f"2026-01-1{i}", *three) for i in range(3)], scheme=scheme))
    # 3 × 16/3 = 16 exactly (3 × 5.33 would be 15.99)
    assert ranking(out)[1] == (2, "B", 16, 3, 2)


def test_decimals_are_read_as_written():
    """Numbers are read as written (decimals exactly, not as binary floats ...) and shown
    rounded to two places, half away from zero (2.675 → 2.68)."""
    text = ('{"scheme": {"kind": "places", "points": [2.675, -2.675, 0.1]}, '
            '"windows": [{"id": "w"}], "days": [{"date": "2026-01-10", '
            '"places": ["A", "B", "C"]}, {"date": "2026-01-11", "places": ["X", "Y", "C"]},'
            ' {"date": "2026-01-12", "places": ["X", "Y", "C"]}]}')
    out = answer(text)
    # the float 2.675 is 2.67499999…: read as a float it would round down
    assert out["days"][0]["points"] == {"A": 2.68, "B": -2.68, "C": 0.1}
    # 0.1 + 0.1 + 0.1 is 0.3 exactly (as floats: 0.30000000000000004); X 5.35, A 2.68,
    # C 0.3, B −2.68, Y −5.35
    assert ranking(out) == [(1, "X", 5.35, 2, 1), (2, "A", 2.68, 1, 1), (3, "C", 0.3, 3, 3),
                            (4, "B", -2.68, 1, 2), (5, "Y", -5.35, 2, 2)]


def test_score_scheme_needs_tournament_days():
    """a day given as `places` under this scheme is a defect (`season_day_unscored`)
    and counts nothing."""
    out = answer(season([day("2026-01-10", "A", "B"), day("2026-01-11", "A")],
                        scheme={"kind": "score"}))
    assert codes(out) == [("season_day_unscored", "/days/0/places"),
                          ("season_day_unscored", "/days/1/places")]
    assert out["days"][0]["points"] == {} and out["days"][0]["counts"] is False
    assert out["windows"][0]["days"] == 0 and ranking(out) == []


def test_scheme_fields_refused():
    """`scheme` (required) ...; `ties` ... `"share"` or `"average"`."""
    assert refused(season([day("2026-01-10", "A")], scheme={"kind": "elo"})) == [
        "/scheme/kind"]
    assert refused(season([day("2026-01-10", "A")], scheme={
        "kind": "places", "points": [1], "ties": "best"})) == ["/scheme/ties"]
    assert refused(season([day("2026-01-10", "A")], scheme={
        "kind": "field", "points": [1]})) == ["/scheme/points"]
    body = season([day("2026-01-10", "A")])
    del body["scheme"]
    assert refused(body) == ["/scheme"]


# ---- windows ---------------------------------------------------------------------------


def test_window_of_all_days():
    """nothing more: all of them (the "Ewige Rangliste")."""
    out = answer(season([day("1990-05-01", "A"), day("2026-11-28", "A")], as_of=AS_OF))
    assert out["windows"][0]["from"] is None and out["windows"][0]["to"] == AS_OF
    assert ranking(out) == [(1, "A", 20, 2, 1)]


def test_rolling_years():
    """`years: N` (1 to 100): dates after the same calendar day N years before `as_of`
    (`as_of` 2026-11-28, 5 years: dates from 2021-11-29 on)."""
    out = answer(season([day("2021-11-28", "Old"), day("2021-11-29", "New")], as_of=AS_OF,
                        windows=[{"id": "5", "years": 5}]))
    assert out["windows"][0]["from"] == "2021-11-29"
    assert [r[1] for r in ranking(out)] == ["New"]
    assert refused(season([day("2021-11-28", "A")], windows=[{"id": "x", "years": 0}])) == [
        "/windows/0/years"]
    assert refused(season([day("2021-11-28", "A")], windows=[{"id": "x", "years": 101}])) \
        == ["/windows/0/years"]


def test_leap_day_steps_back():
    """29 February steps back to 28 February."""
    out = answer(season([day("2027-02-28", "Old"), day("2027-03-01", "New")],
                        as_of="2028-02-29", windows=[{"id": "1", "years": 1}]))
    assert out["windows"][0]["from"] == "2027-03-01"
    assert [r[1] for r in ranking(out)] == ["New"]


def test_calendar_years():
    """`"calendar": true` counts instead the calendar years of `as_of` and the N − 1
    before (2022-01-01 to `as_of`)."""
    out = answer(season([day("2021-12-31", "Old"), day("2022-01-01", "New")], as_of=AS_OF,
                        windows=[{"id": "k", "years": 5, "calendar": True}]))
    assert (out["windows"][0]["from"], out["windows"][0]["to"]) == ("2022-01-01", AS_OF)
    assert [r[1] for r in ranking(out)] == ["New"]


def test_fixed_span():
    """`from` / `to` (ISO dates, inclusive): a fixed span ...; one of them alone leaves
    the other end open; `from` after `to` is an empty window."""
    days = [day("2024-01-01", "A"), day("2025-01-01", "B"), day("2026-01-01", "C")]
    out = answer(season(days, windows=[
        {"id": "span", "from": "2024-01-01", "to": "2025-01-01"},
        {"id": "from", "from": "2025-01-01"}, {"id": "to", "to": "2025-01-01"},
        {"id": "empty", "from": "2026-01-01", "to": "2024-01-01"}]))
    assert [[r[1] for r in ranking(out, w)] for w in range(4)] == [
        ["A", "B"], ["B", "C"], ["A", "B"], []]
    assert out["windows"][1]["from"] == "2025-01-01" and out["windows"][1]["to"] == "2026-01-01"
    assert out["windows"][2]["from"] is None and out["windows"][3]["days"] == 0


def test_windows_refused():
    """`calendar` without `years`, `years` with `from`/`to`, two windows with one id, and
    a `written` key that names no window are refused (400)."""
    one = [day("2026-01-01", "A")]
    assert refused(season(one, windows=[{"id": "k", "calendar": True}])) == [
        "/windows/0/calendar"]
    assert refused(season(one, windows=[{"id": "k", "years": 2, "from": "2020-01-01"}])) \
        == ["/windows/0/from"]
    assert refused(season(one, windows=[{"id": "k"}, {"id": "k"}])) == ["/windows/1/id"]
    assert refused(season(one, written={"nowhere": []})) == ["/written/nowhere"]
    assert refused(season(one, windows=[{"id": f"w{i}"} for i in range(11)])) == ["/windows"]
    assert refused(season(one, windows=[])) == ["/windows"]


def test_as_of_default_and_later_days():
    """`as_of` ...: default the latest date of any day. A day after `as_of` is in no
    window (a note says so); it stays in the answer's `days` with its points, and its
    defects are reported."""
    out = answer(season([day("2026-01-01", "A"), day("2026-03-01", "B")]))
    assert out["as_of"] == "2026-03-01" and out["windows"][0]["days"] == 2
    out = answer(season([day("2026-01-01", "A"), day("2026-12-01", "B", "b")], as_of=AS_OF))
    assert [(n["code"], n["pointer"]) for n in out["notes"]] == [
        ("season_day_after", "/days/1/date")]
    assert out["days"][1]["points"] == {"B": 10}
    assert codes(out) == [("season_name_twice", "/days/1/places/1")]
    assert [r[1] for r in ranking(out)] == ["A"]


def test_min_days_and_unranked():
    """`min_days` (default 1): a player is ranked in a window only with at least this
    many days in it; the others are listed apart (`unranked`, with their points and
    days)."""
    out = answer(season([day("2026-01-01", "A", "B"), day("2026-02-01", "C", "A")],
                        min_days=2))
    assert ranking(out) == [(1, "A", 18, 2, 1)]
    assert out["windows"][0]["unranked"] == [{"name": "C", "points": 10, "days": 1},
                                             {"name": "B", "points": 8, "days": 1}]
    assert refused(season([day("2026-01-01", "A")], min_days=0)) == ["/min_days"]
