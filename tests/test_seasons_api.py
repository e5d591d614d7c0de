"""POST /v1/seasons/check over HTTP: the contract's own example answered as
``shared/design/season.md`` shows it, the answer held to ``openapi.yaml``, the limits
and the batch slot."""

from __future__ import annotations

import json
from typing import Any

import pytest

from service.tools.tournament_days import doko2026_day
from tests.test_openapi import conforms, spec  # noqa: F401  (fixtures)

CONTRACT = {
    "name": "Ewige Rangliste",
    "scheme": {"kind": "places", "points": [10, 8, 6, 5, 4, 3, 2, 1], "rest": 0,
               "ties": "share"},
    "windows": [{"id": "ewig"}, {"id": "fuenf-jahre", "years": 5}],
    "as_of": "2026-11-28",
    "min_days": 1,
    "days": [
        {"date": "2025-11-15", "name": "Herbstturnier",
         "places": ["Uwe", ["Volker", "Felix"], "Klaus B."]},
        {"date": "2026-03-07", "name": "Frühjahr",
         "places": ["Volker", "Uwe", "Klaus B.", "Felix"]}],
    "written": {"ewig": [{"name": "Uwe", "points": 18}, {"name": "Volker", "points": 16},
                         {"name": "Felix", "points": 13}, {"name": "Klaus B.", "points": 11}]},
}


def post(client: Any, body: Any, **kwargs: Any) -> Any:
    return client.post("/v1/seasons/check", json=body, **kwargs)


def test_the_contracts_example(client, conforms):  # noqa: F811
    """## Answer: "For the request above" — worked by hand: Uwe 10 + 8 = 18, Volker
    8 + 10 = 18, Felix 8 + 5 = 13, Klaus B. 5 + 6 = 11; the written 16 for Volker is the
    one slip."""
    answer = post(client, CONTRACT)
    assert answer.status_code == 200
    conforms("/v1/seasons/check", "post", answer)
    out = answer.get_json()
    ranking = [{"place": 1, "name": "Uwe", "points": 18, "days": 2, "best": 1},
               {"place": 1, "name": "Volker", "points": 18, "days": 2, "best": 1},
               {"place": 3, "name": "Felix", "points": 13, "days": 2, "best": 2},
               {"place": 4, "name": "Klaus B.", "points": 11, "days": 2, "best": 3}]
    assert out["valid"] is False and out["as_of"] == "2026-11-28"
    assert [(w["id"], w["from"], w["to"], w["days"], w["ranking"], w["unranked"])
            for w in out["windows"]] == [
        ("ewig", None, "2026-11-28", 2, ranking, []),
        ("fuenf-jahre", "2021-11-29", "2026-11-28", 2, ranking, [])]
    assert [(d["index"], d["date"], d["name"], d["participants"], d["points"])
            for d in out["days"]] == [
        (0, "2025-11-15", "Herbstturnier", 4,
         {"Uwe": 10, "Volker": 8, "Felix": 8, "Klaus B.": 5}),
        (1, "2026-03-07", "Frühjahr", 4,
         {"Volker": 10, "Uwe": 8, "Klaus B.": 6, "Felix": 5})]
    assert [(v["code"], v["pointer"], v["should_be"]) for v in out["violations"]] == [
        ("season_points", "/written/ewig/1/points", 18)]
    assert out["notes"] == []


def test_the_answer_written_line_by_line_is_the_whole_answer():
    """The route writes its answer one ranking line at a time (to_json): the same JSON
    as the answer built whole (to_dict)."""
    from service.checking.season import check_season_data, parse_season

    decimals = {"scheme": {"kind": "places", "points": [2.675, 1, -0.5], "ties": "average"},
                "windows": [{"id": "a/b~"}, {"id": "x"}], "min_days": 2,
                "days": [{"date": "2026-01-01", "places": [["Ä \\\"q\\\"", "B"], "C"]},
                         {"date": "2026-01-02", "places": ["B", "D"]}]}
    for body in (CONTRACT, decimals):
        result = check_season_data(parse_season(json.dumps(body)))
        for lang in ("en", "de"):
            assert json.loads(result.to_json(lang)) == result.to_dict(lang)


def test_the_openapi_example_is_the_contracts(spec):  # noqa: F811
    """openapi.yaml's request examples: the contract's request, and the handbook's."""
    examples = spec["paths"]["/v1/seasons/check"]["post"]["requestBody"]["content"][
        "application/json"]["examples"]
    assert examples["contract"]["value"] == CONTRACT
    assert examples["ewige-rangliste"] == {"$ref": "#/components/examples/Season"}


def test_answers_match_the_spec(client, conforms):  # noqa: F811
    """A season with a tournament day (its defects and notes), decimals, unranked
    players, a day after as_of and every written defect; in German too."""
    body = {
        "scheme": {"kind": "places", "points": [10.5, 8, 6.25], "rest": -1,
                   "ties": "average"},
        "windows": [{"id": "all"}, {"id": "k", "years": 2, "calendar": True},
                    {"id": "span", "from": "2026-01-01"}],
        "min_days": 2,
        "days": [{"date": "2026-06-13", "tournament": {
                     **doko2026_day(), "claimed": {"places": {"Uwe": 2}}}},
                 {"date": "2026-07-01", "places": ["Uwe", ["Gabi", "gabi"], "Per"]},
                 {"date": "2027-01-01", "places": ["Per"]},
                 {"date": "2026-08-01", "tournament": {**doko2026_day(), "finished": False}}],
        "as_of": "2026-12-31",
        # Uwe 10.5 + 10.5 = 21, Gabi −1 + 8 = 7 (alone at place 2 once gabi is struck),
        # Per (7, 8) → −1 and −1: −2
        "written": {"all": [{"name": "Per", "points": 3}, {"name": "Gabi", "points": 7},
                            {"name": "Uwe", "points": 21},
                            {"name": "Nobody", "points": 1}], "span": []},
    }
    for lang in ("en", "de"):
        answer = post(client, body, headers={"Accept-Language": lang})
        assert answer.status_code == 200
        conforms("/v1/seasons/check", "post", answer)
        out = answer.get_json()
        assert {v["code"] for v in out["violations"]} >= {
            "wrong_place", "season_name_twice", "season_day_unplaced", "season_points",
            "season_missing", "season_unknown", "season_order"}
    answer = post(client, {**body, "scheme": {"kind": "score"}})
    assert answer.status_code == 200
    conforms("/v1/seasons/check", "post", answer)


@pytest.mark.parametrize(("data", "status"), [
    ("{", 400), ("[]", 400), ('{"days": []}', 400),
    ('{"x": "' + " " * (4 * 1024 * 1024) + '"}', 413)])
def test_refusals_match_the_spec(client, conforms, data, status):  # noqa: F811
    """The body may be up to 4 MiB."""
    answer = client.post("/v1/seasons/check", data=data, content_type="application/json")
    assert answer.status_code == status
    conforms("/v1/seasons/check", "post", answer)


def test_a_body_near_the_limit_is_read(client):
    """The body may be up to 4 MiB (the tournament route's 4 MiB, not the check's
    256 KiB)."""
    body = json.dumps({**CONTRACT, "name": "x", "pad": ""})
    filler = " " * (3 * 1024 * 1024)
    answer = client.post("/v1/seasons/check", data=body[:-1] + filler + "}",
                         content_type="application/json")
    assert answer.status_code == 400  # read whole: "pad" is an unknown field
    assert answer.get_json()["errors"] == [{"pointer": "/pad", "message": "Unknown field."}]


def test_not_json_is_415(client, conforms):  # noqa: F811
    answer = client.post("/v1/seasons/check", data="x", content_type="text/plain")
    assert answer.status_code == 415
    conforms("/v1/seasons/check", "post", answer)


def test_the_route_takes_a_batch_slot(app, client, conforms):  # noqa: F811
    """the route takes a fair-share slot like the tournament route."""
    from service.api.fairshare import BATCH_SLOTS

    with app.extensions[BATCH_SLOTS].held():
        answer = post(client, CONTRACT)
    assert answer.status_code == 503 and answer.headers["Retry-After"]
    conforms("/v1/seasons/check", "post", answer)
