"""A season's days and names (``shared/design/season.md``, "Request": `days`, Names):
days as places or as whole tournament days, and one player across days. The tournament
day is the handbook's nine-player day, whose places and preliminary points are worked
out by hand in ``docs/tournament.md``: places 1. Uwe, 2. Volker, 3. Klaus, 4. Gabi,
5. Jola, 6. Walter, 7. Heino, 7. Per, 9. Felix; preliminary points Gabi 41, Uwe 37,
Klaus 35, Volker 34, Heino 33, Felix 30, Jola 28, Per 22, Walter 17 (24 less a penalty
of 7)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from service.tools.tournament_days import doko2026_day
from tests.test_season import answer, codes, day, ranking, refused, season

FINAL_PLACES = {"Uwe": 1, "Volker": 2, "Klaus": 3, "Gabi": 4, "Jola": 5, "Walter": 6,
                "Heino": 7, "Per": 7, "Felix": 9}
PRELIMINARY = {"Gabi": 41, "Uwe": 37, "Klaus": 35, "Volker": 34, "Heino": 33, "Felix": 30,
               "Jola": 28, "Per": 22, "Walter": 17}


@pytest.fixture(scope="module")
def nine() -> dict[str, Any]:
    return doko2026_day()


def tday(tournament: dict[str, Any], date: str = "2026-06-13") -> dict[str, Any]:
    return {"date": date, "tournament": tournament}


def test_days_as_places_with_shared_places():
    """`places`: the day's final order, a list of names or of lists of names (a list is
    players sharing that place: `["Uwe", ["Volker", "Felix"], "Klaus B."]` is places 1,
    2, 2, 4). 1 to 200 players."""
    out = answer(season([day("2026-01-10", "Uwe", ["Volker", "Felix"], "Klaus B.")]))
    assert out["days"][0]["places"] == {"Uwe": 1, "Volker": 2, "Felix": 2, "Klaus B.": 4}
    many = [f"P{i}" for i in range(201)]
    assert refused(season([day("2026-01-10", *many)])) == ["/days/0/places/200"]
    assert refused(season([day("2026-01-10")])) == ["/days/0/places"]
    assert refused(season([day("2026-01-10", "A", [])])) == ["/days/0/places/1"]


def test_days_bounds_and_one_of_places_and_tournament(nine):
    """`days` (1 to 500) ... Exactly one of `places` and `tournament` (else 400)."""
    assert refused(season([])) == ["/days"]
    assert refused(season([day("2026-01-10", "A")] * 501)) == ["/days"]
    assert refused(season([{"date": "2026-01-10"}])) == ["/days/0"]
    assert refused(season([{**tday(nine), "places": ["A"]}])) == ["/days/0"]
    assert refused(season([{"places": ["A"]}])) == ["/days/0/date"]
    assert refused(season([{"date": "10.01.2026", "places": ["A"]}])) == ["/days/0/date"]


def test_days_share_dates_and_keep_their_order():
    """Two days may share a date. Days need not be in date order (the answer keeps the
    request's order)."""
    out = answer(season([day("2026-05-01", "A", "B"), day("2026-01-01", "B", "A"),
                         day("2026-01-01", "C")]))
    assert [d["date"] for d in out["days"]] == ["2026-05-01", "2026-01-01", "2026-01-01"]
    assert [d["index"] for d in out["days"]] == [0, 1, 2]
    assert out["windows"][0]["counted"] == [1, 2, 0]  # by date, one date in request order
    assert ranking(out) == [(1, "A", 18, 2, 1), (1, "B", 18, 2, 1), (3, "C", 10, 1, 1)]


def test_tournament_day_places_are_the_finals(nine):
    """its places are the final places where the day has a final ... and its places
    still count."""
    out = answer(season([tday(nine)]))
    assert out["days"][0]["places"] == FINAL_PLACES
    # 10/8/6/5/4/3/2/1: Heino and Per share place 7 (2 each), Felix 9th (0)
    assert out["days"][0]["points"] == {"Uwe": 10, "Volker": 8, "Klaus": 6, "Gabi": 5,
                                        "Jola": 4, "Walter": 3, "Heino": 2, "Per": 2,
                                        "Felix": 0}


def test_tournament_day_without_final_is_its_standing(nine):
    """else the order of its preliminary standing (equal points sharing a place)."""
    without = {k: v for k, v in nine.items() if k != "final"}
    out = answer(season([tday(without)], scheme={"kind": "field"}))
    order = sorted(PRELIMINARY, key=lambda n: -PRELIMINARY[n])
    assert out["days"][0]["places"] == {n: i + 1 for i, n in enumerate(order)}
    assert out["days"][0]["points"] == {n: 9 - i for i, n in enumerate(order)}


def test_score_is_the_preliminary_standing(nine):
    """`kind: "score"`: the day's own points per player: the `points` of the day's
    preliminary standing (penalties included) ... A player's `best` is still his place
    that day (the final place where there is a final). Ties do not apply to `score`."""
    out = answer(season([tday(nine)], scheme={"kind": "score", "ties": "average"}))
    assert out["days"][0]["points"] == PRELIMINARY
    lines = {r["name"]: r for r in out["windows"][0]["ranking"]}
    assert lines["Gabi"]["points"] == 41 and lines["Gabi"]["best"] == 4
    assert lines["Walter"]["points"] == 17 and lines["Walter"]["best"] == 6
    assert lines["Gabi"]["place"] == 1


def test_tournament_defects_and_notes_under_the_day(nine):
    """its defects are this request's defects, located under the day
    (`/days/3/tournament/...`), its notes are carried there too, and its places still
    count."""
    claimed = {**nine, "claimed": {"places": {"Uwe": 9}}}
    out = answer(season([day("2026-01-01", "A"), tday(claimed)]))
    assert ("wrong_place", "/days/1/tournament/claimed/places/Uwe") in codes(out)
    assert out["valid"] is False
    assert any(n["code"] == "missed_duty_solo"
               and n["pointer"].startswith("/days/1/tournament/preliminary/")
               for n in out["notes"])
    assert out["days"][1]["points"]["Uwe"] == 10


def test_unfinished_tournament_day_counts_nothing(nine):
    """A tournament day counts only with `finished: true`; otherwise it is
    `season_day_unplaced` at `/days/i/tournament/finished`, whether or not it has a
    final. A day that counts nothing adds no points, no days and no `best`."""
    for body in ({**nine, "finished": False},
                 {k: v for k, v in {**nine, "finished": False}.items() if k != "final"}):
        out = answer(season([day("2026-01-01", "Uwe"), tday(body)]))
        assert [c for c in codes(out) if c[0].startswith("season")] == [
            ("season_day_unplaced", "/days/1/tournament/finished")]
        assert out["days"][1]["counts"] is False and out["days"][1]["points"] == {}
        assert ranking(out) == [(1, "Uwe", 10, 1, 1)]
        assert out["windows"][0]["days"] == 1


def test_refused_tournament_day_refuses_the_season(nine):
    """A day the tournament route would refuse (400) makes the whole request 400, its
    errors located under `/days/i/tournament`."""
    pointers = refused(season([day("2026-01-01", "A"), tday({**nine, "participants": []})]))
    assert pointers and all(p.startswith("/days/1/tournament/") for p in pointers)


def test_participant_absent_from_the_final(nine):
    """A participant placed nowhere (absent from a final) gets no place, points or day
    that day, and a note says so."""
    short = {**nine, "final": {**nine["final"], "tables": nine["final"]["tables"][:1]}}
    out = answer(season([tday(short)]))
    absent = {"Walter", "Heino", "Per", "Felix"}
    assert set(out["days"][0]["places"]) == set(FINAL_PLACES) - absent
    assert {(n["code"], n["player"]) for n in out["notes"]
            if n["code"] == "season_not_placed"} == {("season_not_placed", n) for n in absent}
    assert {r[1] for r in ranking(out)} == set(FINAL_PLACES) - absent


def test_names_are_one_player_across_days():
    """a player is the same person on every day where the names are equal after NFKC,
    case folding, trimming and collapsing white space (a no-break space is a space):
    "Klaus B." and "klaus  b." are one player."""
    out = answer(season([day("2026-01-01", "Klaus B."), day("2026-02-01", " klaus  b. "),
                         day("2026-03-01", "KLAUS\u00a0B."), day("2026-04-01", "Ｋｌａｕｓ B.")]))
    assert ranking(out) == [(1, "Ｋｌａｕｓ B.", 40, 4, 1)]


def test_the_name_shown():
    """The name shown is the one written on that player's latest counted day up to
    `as_of` (on one date, the later day of the request), the same in every window."""
    out = answer(season([day("2026-03-01", "klaus b."), day("2026-03-01", "Klaus B."),
                         day("2026-01-01", "KLAUS B."), day("2026-12-01", "K. B.", "klaus b.")],
                        as_of="2026-11-28",
                        windows=[{"id": "all"}, {"id": "jan", "to": "2026-01-31"}]))
    assert ranking(out, 0) == [(1, "Klaus B.", 30, 3, 1)]
    assert ranking(out, 1) == [(1, "Klaus B.", 10, 1, 1)]
    assert out["days"][3]["points"] == {"K. B.": 10, "Klaus B.": 8}


def test_name_twice_on_one_day():
    """Within one day, two names that are one player by this rule are a defect
    (`season_name_twice`, at the later entry ...) — which counts nothing."""
    out = answer(season([day("2026-01-01", "Uwe", ["Anna", "uwe"], "Bert")]))
    assert codes(out) == [("season_name_twice", "/days/0/places/1/1")]
    assert out["days"][0]["points"] == {"Uwe": 10, "Anna": 8, "Bert": 5}


def test_name_twice_on_a_tournament_day(nine):
    """— for a tournament day at `/days/i` — which counts nothing."""
    twice = json.loads(json.dumps(nine).replace('"Per"', '"Heino "'))
    out = answer(season([tday(twice)]))
    assert [c for c in codes(out) if c[0] == "season_name_twice"] == [
        ("season_name_twice", "/days/0")]
    assert out["days"][0]["participants"] == 8
    assert [r[1:] for r in ranking(out) if r[1].strip() == "Heino"] == [("Heino", 2, 1, 7)]


@pytest.mark.parametrize("name", ["", " ", "x" * 65, "A\u200bB", "Tab\there", 7])
def test_names_follow_the_service_rules(name):
    """Names follow the service's rules for names (printable, not blank, at most 64
    characters, as the sitting and tournament routes read them)."""
    assert refused(season([day("2026-01-01", "A", name)])) == ["/days/0/places/1"]
    assert refused(season([day("2026-01-01", "A")], written={"ewig": [
        {"name": name, "points": 10}]})) == ["/written/ewig/0/name"]
