"""POST /v1/tournaments/check: each reading of tournament.md (cited), on the example days
of examples/ and on days changed from them."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from service.lists.tournament.check import check_tournament
from service.tools.tournament_days import ddv_day, doko2026_day, table

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


@pytest.fixture(scope="module")
def day26() -> dict[str, Any]:
    return doko2026_day()


@pytest.fixture(scope="module")
def ddv() -> dict[str, Any]:
    return ddv_day()


def answer(day: dict[str, Any], lang: str = "en") -> dict[str, Any]:
    return check_tournament(day).to_dict(lang)


def codes(out: dict[str, Any]) -> list[tuple[str, str | None]]:
    return [(v["code"], v["pointer"]) for v in out["violations"]]


def test_the_examples_are_the_built_days(day26, ddv):
    assert json.loads((EXAMPLES / "tournament-doko2026.json").read_text()) == day26
    assert json.loads((EXAMPLES / "tournament-ddv.json").read_text()) == ddv


def test_the_nine_player_day_is_valid_and_complete(day26):
    out = answer(day26)
    assert out["valid"] and out["complete"], out["violations"]
    assert out["claimed"] == {"agrees": True, "differences": []}
    assert len(out["preliminary"]) == 3 and len(out["final"]["tables"]) == 2


def test_duty_solo_owed_over_the_preliminary_rounds_costs_seven_points(day26):
    """doko2026: "in den zu absolvierenden Vorrunden insgesamt 1"; what is still owed once
    the preliminary phase is over is penalised once, missed_duty_solo_penalty points, in
    the preliminary standing (a note naming the player)."""
    out = answer(day26)
    walter = next(s for s in out["preliminary_standing"] if s["player"] == "Walter")
    assert walter["penalty"] == 7
    tables = [t for r in out["preliminary"] for t in r["tables"] if "Walter" in t["players"]]
    assert walter["points"] == sum(t["totals"]["Walter"] for t in tables) - 7
    assert [(n["code"], n["pointer"], n["player"]) for n in out["notes"]] == [
        ("missed_duty_solo", "/preliminary/2", "Walter")]


def test_a_tables_own_totals_carry_no_penalty(day26):
    """"A table's own totals carry no penalty: it is applied in the standing only.\""""
    out = answer(day26)
    for r in out["preliminary"]:
        for t in r["tables"]:
            assert t["notes"] == [] and t["complete"]


def test_a_second_solo_is_a_lust_solo(day26):
    """A table's owed_at_start is the count less the duty solos played in earlier rounds:
    Gabi played hers in round 1, so a solo of hers in round 3 is a lust solo, and a
    sheet's duty: true for it is a defect at that line's duty."""
    day = copy.deepcopy(day26)
    day.pop("claimed")
    t = day["preliminary"][2]["tables"][1]
    assert "Gabi" in t["players"]
    line = t["games"][0]  # dealt by Per; Gabi plays
    line["sheet"] = {"type": "solo", "declarer": "Gabi", "duty": True,
                     "scores": {"Gabi": 3, "Felix": 0, "Volker": 0, "Heino": 0}}
    out = answer(day)
    assert out["preliminary"][2]["tables"][1]["games"][0]["kind"] == "lust_solo"
    assert ("game_declaration", "/preliminary/2/tables/1/games/0/sheet/duty") in codes(out)


def test_no_penalty_while_rounds_may_follow(day26):
    """"not while rounds may follow": no final, not finished."""
    day = copy.deepcopy(day26)
    for key in ("final", "claimed"):
        day.pop(key)
    day["finished"] = False
    out = answer(day)
    assert out["notes"] == [] and all(s["penalty"] == 0 for s in out["preliminary_standing"])
    assert "places" not in out and out["final"] is None and not out["complete"]


def test_penalty_zero_makes_it_a_violation_at_the_last_round(day26):
    """"where the penalty is 0, a duty_solo_missing violation at /preliminary/<last round>\""""
    day = copy.deepcopy(day26)
    day["ruleset"] = {"preset": "doko2026", "options": {"missed_duty_solo_penalty": 0}}
    day.pop("claimed")
    out = answer(day)
    assert ("duty_solo_missing", "/preliminary/2") in codes(out)


def test_ddv_owes_per_table_and_a_missing_one_is_at_the_table(ddv):
    """Under duty_solo_period = "round" (ddv) each table's list owes the count afresh; a
    duty solo still owed at the end is a violation at that table (or the game where the
    forced solo was due)."""
    assert answer(ddv)["valid"]
    day = copy.deepcopy(ddv)
    games = day["preliminary"][0]["tables"][0]["games"]
    games[1]["sheet"] = {"type": "normal", "scores": {n: (1 if i < 2 else -1) for i, n in
                                                      enumerate(games[1]["sheet"]["scores"])}}
    out = answer(day)
    assert any(p and p.startswith("/preliminary/0/tables/0") for _, p in codes(out))
    assert not out["valid"]


def test_ddv_without_final_ranks_by_the_sum_of_two_series(ddv):
    """A DDV tournament: series of 24 games at tables of four, ranked by their sum."""
    out = answer(ddv)
    points = {s["player"]: s["points"] for s in out["preliminary_standing"]}
    for name in points:
        assert points[name] == sum(t["totals"].get(name, 0) for r in out["preliminary"]
                                   for t in r["tables"])
    assert "places" not in out and out["complete"]


def test_equal_points_share_a_place_in_participants_order():
    """"equal points share a place (1, 2, 2, 4) and keep the order of participants"."""
    from service.lists.tournament.standing import ranked

    assert ranked(["a", "b", "c", "d"], {"a": 1, "b": 5, "c": 5, "d": 7}) == [
        ("d", 1), ("b", 2), ("c", 2), ("a", 4)]


def test_seating_missing_and_twice(day26):
    """"One missing from a round is seating at /preliminary/<r>; one seated twice,
    seating at his second seat's players entry.\""""
    day = copy.deepcopy(day26)
    day.pop("claimed")
    t = day["preliminary"][1]["tables"][1]
    t["players"][2] = "Uwe"  # Walter out, Uwe twice
    for g in t["games"]:
        g["dealer"] = "Uwe" if g["dealer"] == "Walter" else g["dealer"]
        sheet = g["sheet"]
        if "Walter" in sheet["scores"]:
            sheet["scores"]["Uwe"] = sheet["scores"].pop("Walter")
    out = answer(day)
    assert ("seating", "/preliminary/1/tables/1/players/2") in codes(out)
    assert ("seating", "/preliminary/1") in codes(out)


def test_final_seating_swapped_players_are_both_defects(day26):
    """"Every participant seated at a table his place does not allow is final_seating at
    /final/tables/<t>/players/<i> (two swapped players: both).\""""
    day = copy.deepcopy(day26)
    day.pop("claimed")
    first, second = day["final"]["tables"][0], day["final"]["tables"][1]
    a, b = first["players"][0], second["players"][0]
    for t, old, new in ((first, a, b), (second, b, a)):
        t["players"][0] = new
        t["first_dealer"] = new
        for g in t["games"]:
            g["dealer"] = new if g["dealer"] == old else g["dealer"]
            if old in g["sheet"]["scores"]:
                g["sheet"]["scores"][new] = g["sheet"]["scores"].pop(old)
    found = [c for c in codes(answer(day)) if c[0] == "final_seating"]
    assert found == [("final_seating", "/final/tables/0/players/0"),
                     ("final_seating", "/final/tables/1/players/0")]


def test_wildcard_among_the_best_four_is_a_defect(day26):
    """The wildcard "must not be among the best four: otherwise a defect at
    /final/wildcard"."""
    day = copy.deepcopy(day26)
    day.pop("claimed")
    day["final"]["wildcard"] = answer(day26)["preliminary_standing"][0]["player"]
    assert ("final_seating", "/final/wildcard") in codes(answer(day))


def _final_day(names: list[str], points: list[int], tables: list[list[str]],
               wildcard: str | None = None) -> dict[str, Any]:
    """A day of one preliminary round whose sheets give each name its points, and a final
    of the given tables (their games no matter: a single normal line)."""
    pre = []
    for i in range(0, len(names), 4):
        group = names[i:i + 4]
        pre.append({"players": group, "games": [{"dealer": group[0], "sheet": {
            "type": "normal", "scores": {n: points[names.index(n)] for n in group}}}]})
    return {"ruleset": {"preset": "doko2026", "options": {"duty_solos_per_player": 0,
                                                        "counting": "plus_minus"}},
            "participants": names, "preliminary": [{"tables": pre}],
            "final": {"wildcard": wildcard, "tables": [
                table(t, 1, {}, 1) for t in tables]}}


def test_a_wildcard_that_leaves_the_others_unseatable():
    """"A wildcard that leaves the others unseatable (8, 12 or 16 participants) is a defect
    at /final/wildcard, and the final is then checked as if none were named.\""""
    names = [f"P{i}" for i in range(8)]
    pts = [4, 4, -4, -4, 2, 2, -2, -2]
    day = _final_day(names, pts, [["P0", "P1", "P4", "P5"], ["P2", "P3", "P6", "P7"]], "P6")
    out = answer(day)
    assert ("final_seating", "/final/wildcard") in codes(out)
    assert out["final"]["wildcard"] is None
    assert not [c for c in codes(out) if c[0] == "final_seating" and "tables" in c[1]]


def test_ten_without_a_wildcard_seat_the_best_five_first():
    """"Where the others could then not be split into tables of four and five (10 or 15
    participants without a wildcard), the first table holds the best five.\""""
    names = [f"P{i}" for i in range(10)]
    day = {"ruleset": "doko2026", "participants": names, "preliminary": [{"tables": [
        table(names[:5], 10, {}, 1, winners_only=True),
        table(names[5:], 10, {}, 2, winners_only=True)]}]}
    ranked = answer(day)["preliminary_standing"]
    assert ranked[4]["points"] != ranked[5]["points"]
    standing = [s["player"] for s in ranked]
    day["final"] = {"tables": [table(standing[:5], 1, {}, 3, winners_only=True),
                               table(standing[5:], 1, {}, 4, winners_only=True)]}
    out = answer(day)
    assert not [c for c in codes(out) if c[0] == "final_seating"], out["violations"]
    first = [*standing[:4], standing[5]]  # the sixth at the first table, the fifth not
    day["final"] = {"tables": [table(first, 1, {}, 3, winners_only=True),
                               table([standing[4], *standing[6:]], 1, {}, 4,
                                     winners_only=True)]}
    found = [c for c in codes(answer(day)) if c[0] == "final_seating"]
    assert found == [("final_seating", "/final/tables/0/players/4"),
                     ("final_seating", "/final/tables/1/players/0")]


def test_tie_at_the_cut_may_sit_on_either_side():
    """"Where equal points straddle the boundary between two tables, any of the tied
    players may sit on either side (a tie_at_cut note says so).\""""
    names = [f"P{i}" for i in range(8)]
    pts = [3, 3, 1, -7, 1, 1, -1, -1]  # P2, P4, P5 tied on 1 across the cut after four
    for first in (["P0", "P1", "P2", "P4"], ["P0", "P1", "P5", "P2"]):
        second = [n for n in names if n not in first]
        out = answer(_final_day(names, pts, [first, second]))
        assert not [c for c in codes(out) if c[0] == "final_seating"], out["violations"]
        assert [n["pointer"] for n in out["notes"] if n["code"] == "tie_at_cut"] == [
            "/final/tables/1"]


def test_final_places_are_not_carried_over(day26):
    """"Preliminary points are not carried over": each final table's totals decide its
    places; the first table's last place is still above the second table's first."""
    out = answer(day26)
    first = [p for p in out["places"] if p["table"] == 0]
    second = [p for p in out["places"] if p["table"] == 1]
    assert [p["place"] for p in first] == [1, 2, 3, 4, 5]  # the wildcard's table of five
    assert min(p["place"] for p in second) == 6
    assert max(p["points"] for p in second) > min(p["points"] for p in first)


def test_the_wildcard_table_plays_ten(day26):
    """Seed 004 VII: with a wildcard "erhöht sich die Anzahl der Spiele auf 10"."""
    day = copy.deepcopy(day26)
    day.pop("claimed")
    day["final"]["tables"][0]["games"].append(copy.deepcopy(
        day["final"]["tables"][0]["games"][0]))
    assert ("round_too_long", "/final/tables/0/games/10") in codes(answer(day))


def test_claimed_figures_compared_at_their_pointers(day26):
    """"a wrong claimed figure at /claimed/preliminary/<name> or /claimed/places/<name>"."""
    day = copy.deepcopy(day26)
    day["claimed"]["preliminary"]["Uwe"] += 1
    day["claimed"]["places"]["Felix"] = 1
    out = answer(day)
    assert out["claimed"]["agrees"] is False
    assert {d["pointer"] for d in out["claimed"]["differences"]} == {
        "/claimed/preliminary/Uwe", "/claimed/places/Felix"}
    assert ("wrong_total", "/claimed/preliminary/Uwe") in codes(out)
    assert ("wrong_place", "/claimed/places/Felix") in codes(out)


def test_a_tables_defect_is_under_its_pointer(day26):
    """"a table's own defects under /preliminary/<r>/tables/<t>/..." (the sitting's pointer
    with that prefix)."""
    day = copy.deepcopy(day26)
    day.pop("claimed")
    day["preliminary"][1]["tables"][0]["games"][3]["dealer"] = "Volker"
    out = answer(day)
    assert ("wrong_dealer", "/preliminary/1/tables/0/games/3/dealer") in codes(out)
    table = out["preliminary"][1]["tables"][0]
    assert table["violations"][0]["pointer"] == "/games/3/dealer"
    # sitting.md v1.1: one slip of the pen in a dealer cell is one defect, also at a
    # tournament's table (the games after it follow the rotation as before)
    assert [c for c in codes(out) if c[0] == "wrong_dealer"] == [
        ("wrong_dealer", "/preliminary/1/tables/0/games/3/dealer")]


def test_rounds_are_finished_lists(day26):
    """A table followed by a later round is checked as finished: short is a note."""
    day = copy.deepcopy(day26)
    day.pop("claimed")
    del day["preliminary"][0]["tables"][0]["games"][-1]
    out = answer(day)
    assert ("round_short", "/preliminary/0/tables/0") in [
        (n["code"], n["pointer"]) for n in out["notes"]]


@pytest.mark.parametrize("count", [6, 7, 11])
def test_unseatable_counts_are_refused(client, count):
    """"a count that cannot be split into fours and fives (6, 7, 11) is refused (400)"."""
    names = [f"P{i}" for i in range(count)]
    body = client.post("/v1/tournaments/check", json={
        "ruleset": "ddv", "participants": names, "preliminary": [{"tables": []}]})
    assert body.status_code == 400
    assert any(e["pointer"] == "/participants" for e in body.get_json()["errors"])


def test_fields_the_tournament_sets_are_refused(client, day26):
    day = copy.deepcopy(day26)
    day["preliminary"][0]["tables"][0]["finished"] = True
    day["preliminary"][0]["tables"][1]["ruleset"] = "ddv"
    day["preliminary"][0]["tables"][0] = json.loads(json.dumps(
        day["preliminary"][0]["tables"][0]).replace('"Jola"', '"Zoe"'))
    errors = client.post("/v1/tournaments/check", json=day).get_json()["errors"]
    pointers = {e["pointer"] for e in errors}
    assert {"/preliminary/0/tables/0/finished", "/preliminary/0/tables/1/ruleset",
            "/preliminary/0/tables/0/players/3"} <= pointers


def test_route_answers_in_german_and_counts_games(client, day26):
    out = client.post("/v1/tournaments/check", json=day26,
                      headers={"Accept-Language": "de"}).get_json()
    assert "Vorrundenstand" in out["notes"][0]["message"]


def test_body_limit_is_four_mib(client):
    body = b'{"x": "' + b" " * (4 * 1024 * 1024) + b'"}'
    answer = client.post("/v1/tournaments/check", data=body, content_type="application/json")
    assert answer.status_code == 413


def test_a_day_takes_a_batch_slot(app, client, day26):
    from service.api.fairshare import BATCH_SLOTS

    with app.extensions[BATCH_SLOTS].held():
        answer = client.post("/v1/tournaments/check", json=day26)
    assert answer.status_code == 503 and "Retry-After" in answer.headers
