"""A season's rankings and the written ranking checked against them
(``shared/design/season.md``, "Rankings" and "The written ranking"), and the words of
its messages. Every figure is worked out by hand in the test."""

from __future__ import annotations

from decimal import Decimal

from service.lists.season.written import keep_in_order
from tests.test_season import answer, codes, day, ranking, season

# Under 10/8/6/5/4/3/2/1: A 10 + 10 = 20, B 8 + 6 = 14, C 6 + 8 = 14, D 5 + 5 = 10,
# E 4 (one day)
DAYS = [day("2026-01-01", "A", "B", "C", "D", "E"), day("2026-02-01", "A", "C", "B", "D")]


def written(*entries: tuple[str, float | int]) -> dict[str, list[dict[str, object]]]:
    return {"ewig": [{"name": n, "points": p} for n, p in entries]}


def test_rankings_share_places_by_shown_points():
    """per window, the players with at least `min_days` days in it, by points as shown
    (highest first); equal shown points share a place (1, 2, 2, 4) and are listed by the
    code-point order of their case-folded names."""
    out = answer(season(DAYS))
    assert ranking(out) == [(1, "A", 20, 2, 1), (2, "B", 14, 2, 2), (2, "C", 14, 2, 2),
                            (4, "D", 10, 2, 4), (5, "E", 4, 1, 5)]
    out = answer(season([day("2026-01-01", "bert", "Anna", "Ärger", "Zoe")],
                        scheme={"kind": "places", "points": [1]}))
    # all 0 but bert: "anna" < "zoe" < "ärger" by code point (ä is U+00E4)
    assert [r[:2] for r in ranking(out)] == [(1, "bert"), (2, "Anna"), (2, "Zoe"),
                                             (2, "Ärger")]


def test_equal_shown_points_share_a_place():
    """by points as shown ... equal shown points share a place."""
    # X: 5.33 exactly; Y: 16/3 (B, C, D average 6, 5, 5), shown 5.33
    out = answer(season([day("2026-01-01", "X"), day("2026-01-02", "Q", ["Y", "Z", "W"])],
                        scheme={"kind": "places", "points": [5.33], "ties": "average"},
                        windows=[{"id": "one", "from": "2026-01-01", "to": "2026-01-01"},
                                 {"id": "all"}]))
    assert out["days"][1]["points"]["Y"] == 0  # places 2 to 4 past the list: rest 0
    out = answer(season([day("2026-01-01", "X"), day("2026-01-02", "Q", ["Y", "Z", "W"])],
                        scheme={"kind": "places", "points": [5.33, 6, 5, 5],
                                "ties": "average"}))
    lines = {r[1]: r for r in ranking(out)}
    assert lines["X"][:3] == (1, "X", 5.33) and lines["Y"][:3] == (1, "Y", 5.33)
    assert lines["Q"][0] == 1  # Q 5.33 on day 2 as well


def test_window_entries_and_span():
    """Each entry: `place`, `name`, `points`, `days` (counted in the window), `best` (the
    best place reached on a day of the window). ... Each window in the answer also says
    its span (`from`, `to`: the first and last date it can count, `from` null where it
    is open)."""
    out = answer(season(DAYS, windows=[{"id": "feb", "from": "2026-02-01"}]))
    window = out["windows"][0]
    assert (window["id"], window["from"], window["to"], window["days"]) == (
        "feb", "2026-02-01", "2026-02-01", 1)
    assert window["ranking"][1] == {"place": 2, "name": "C", "points": 8, "days": 1,
                                    "best": 2}


def test_a_right_list_is_valid():
    out = answer(season(DAYS, written=written(("A", 20), ("C", 14), ("B", 14), ("D", 10),
                                              ("E", 4))))
    assert out["valid"] is True and out["violations"] == []


def test_points_slip():
    """a player's points that differ from both the exact and the shown figure:
    `season_points` at `/written/<id>/<i>/points`, with `should_be` (the shown figure)."""
    out = answer(season(DAYS, written=written(("A", 20), ("B", 15), ("C", 14), ("D", 10),
                                              ("E", 4))))
    assert out["violations"] == [{
        "code": "season_points", "pointer": "/written/ewig/1/points", "player": "B",
        "message": "B has 14 ranking points in “ewig”, not 15", "should_be": 14}]


def test_exact_or_shown_figure_is_right():
    """differ from both the exact and the shown figure."""
    three = [day("2026-01-01", "A", ["B", "C", "D"])]  # B: (6 + 5 + 5) / 3 = 16/3
    scheme = {"kind": "places", "points": [10, 6, 5, 5], "ties": "average"}
    ok = answer(season(three, scheme=scheme, written={"ewig": [
        {"name": "A", "points": 10}, {"name": "B", "points": 5.33},
        {"name": "C", "points": 5.330}, {"name": "D", "points": 5.33}]}))
    assert ok["violations"] == []
    slip = answer(season(three, scheme=scheme, written={"ewig": [
        {"name": "A", "points": 10}, {"name": "B", "points": 5.333},
        {"name": "C", "points": 5.34}, {"name": "D", "points": 5.33}]}))
    assert [(v["pointer"], v["should_be"]) for v in slip["violations"]] == [
        ("/written/ewig/1/points", 5.33), ("/written/ewig/2/points", 5.33)]
    # a figure written exactly: 2.5 is both
    half = answer(season([day("2026-01-01", ["A", "B"])], scheme={
        "kind": "places", "points": [3, 2], "ties": "average"},
        written=written(("A", 2.5), ("B", 2.50))))
    assert half["violations"] == []


def test_missing_player():
    """a ranked player missing from the written list: `season_missing` at
    `/written/<id>`, one per player, naming him."""
    out = answer(season(DAYS, written=written(("A", 20), ("B", 14), ("D", 10))))
    assert [(v["code"], v["pointer"], v["player"]) for v in out["violations"]] == [
        ("season_missing", "/written/ewig", "C"), ("season_missing", "/written/ewig", "E")]


def test_unknown_names():
    """a written name with no day in the window, below `min_days`, or written a second
    time: `season_unknown` at `/written/<id>/<i>/name`."""
    out = answer(season(DAYS, min_days=2, written=written(
        ("A", 20), ("Zed", 16), ("B", 14), ("a", 20), ("C", 14), ("D", 10), ("E", 4))))
    assert codes(out) == [("season_unknown", "/written/ewig/1/name"),
                          ("season_unknown", "/written/ewig/3/name"),
                          ("season_unknown", "/written/ewig/6/name")]
    messages = [v["message"] for v in out["violations"]]
    assert "no tournament day" in messages[0] and "second time" in messages[1]
    assert "1 tournament day" in messages[2] and "fewer than the 2" in messages[2]


def test_written_names_match_by_identity():
    """Written names match players by the identity rule above."""
    out = answer(season(DAYS, written=written(("a", 20), (" B ", 14), ("c", 14), ("D", 10),
                                              ("e", 4))))
    assert out["violations"] == []


def test_order_fewest_removals():
    """the fewest entries whose removal leaves the list in that order are each a
    `season_order` at `/written/<id>/<i>`."""
    out = answer(season(DAYS, written=written(("E", 4), ("A", 20), ("B", 14), ("C", 14),
                                              ("D", 10))))
    assert codes(out) == [("season_order", "/written/ewig/0")]  # E alone, not A B C D
    out = answer(season(DAYS, written=written(("A", 20), ("D", 10), ("E", 4), ("B", 14),
                                              ("C", 14))))
    # keeping A D E (3) or A B C (3): two removals either way
    assert len(out["violations"]) == 2
    assert {v["code"] for v in out["violations"]} == {"season_order"}
    assert "his place is" in out["violations"][0]["message"]


def test_equal_points_in_any_order_and_place_not_judged():
    """equal points in any order, as clubs print them, places shared or counted on ...
    A written `place` is not judged."""
    body = season(DAYS, written={"ewig": [
        {"name": "A", "points": 20, "place": 1}, {"name": "C", "points": 14, "place": 2},
        {"name": "B", "points": 14, "place": 3}, {"name": "D", "points": 10, "place": 9},
        {"name": "E", "points": 4}]})
    assert answer(body)["violations"] == []


def test_slips_take_no_part_in_the_order():
    """An entry with a points slip or an unknown name takes no part in the order, so a
    slip in one player's points does not also make his place a defect."""
    out = answer(season(DAYS, written=written(("E", 40), ("Zed", 99), ("A", 20), ("B", 14),
                                              ("C", 14), ("D", 10))))
    assert codes(out) == [("season_points", "/written/ewig/0/points"),
                          ("season_unknown", "/written/ewig/1/name")]


def test_longest_non_increasing_subsequence():
    """(where several choices are equally few, any one of them): the kept entries are a
    longest non-increasing run."""
    values = [Decimal(v) for v in (5, 1, 4, 4, 2, 3, 0)]
    keep = keep_in_order(values)
    kept = [v for v, k in zip(values, keep, strict=True) if k]
    assert kept == sorted(kept, reverse=True) and len(kept) == 5  # 5 4 4 2 0 / 5 4 4 3 0
    backwards = [Decimal(i) for i in range(2000)]
    assert sum(keep_in_order(backwards)) == 1
    assert keep_in_order([]) == []


def test_messages_in_the_clubs_words():
    """Messages in German and English ..., in the words of the club's own ranking
    ("Rangliste", "Platz", "Punkte", "Turniertag")."""
    body = season([*DAYS, day("2026-03-01", "Zed", "A")], scheme={
        "kind": "places", "points": [10.25, 8, 6, 5, 4, 3, 2, 1]}, as_of="2026-02-15",
        written=written(("E", 4), ("B", 14), ("A", 21), ("C", 14)))
    de = answer(body, "de")
    said = {v["code"]: v["message"] for v in de["violations"]}
    assert said["season_points"] == ("A hat in der Rangliste „ewig“ 20,5 "
                                     "Ranglistenpunkte, nicht 21")
    assert said["season_order"] == ("E steht in der Rangliste „ewig“ an falscher Stelle: "
                                    "mit 4 Ranglistenpunkten ist sein Platz 5")
    assert said["season_missing"] == ("D fehlt in der Rangliste „ewig“: 10 "
                                      "Ranglistenpunkte aus 2 Turniertagen, Platz 4")
    assert de["notes"][0]["message"] == ("Der Turniertag vom 2026-03-01 liegt nach dem "
                                         "2026-02-15, dem Stichtag der Ranglisten: er zählt "
                                         "in keiner Rangliste")
    en = answer(body, "en")
    assert {v["code"] for v in en["violations"]} == set(said)
    assert all("/" not in v["message"] for v in en["violations"] + de["violations"])
