"""openapi.yaml is valid, describes exactly the app's routes, and real answers match it."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from jsonschema import Draft202012Validator
from openapi_spec_validator import validate as validate_spec
from referencing import Registry
from referencing.jsonschema import DRAFT202012

from service.game.rulesets import presets
from service.generating.random_game import random_game

SPEC_PATH = Path(__file__).resolve().parents[1] / "openapi.yaml"
SPEC_URI = "urn:doko:openapi"
METHODS = {"get", "put", "post", "delete", "patch", "head", "options", "trace"}


@pytest.fixture(scope="module")
def spec() -> dict[str, Any]:
    return yaml.safe_load(SPEC_PATH.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def conforms(spec):
    """Assert that a response matches what the spec says for its path, method and status."""
    registry = Registry().with_resource(SPEC_URI, DRAFT202012.create_resource(spec))
    resolver = registry.resolver(SPEC_URI)

    def run(path: str, method: str, response) -> None:
        location = f"/paths/{token(path)}/{method}/responses/{response.status_code}"
        documented = resolver.lookup(f"#{location}").contents
        if "$ref" in documented:  # a shared response under components/responses
            location = documented["$ref"][1:]
            documented = resolver.lookup(documented["$ref"]).contents
        media = media_type(response, documented["content"])
        if response.mimetype.endswith("json"):
            body = response.get_json()
        elif response.mimetype == "application/yaml":  # the spec itself, a mapping
            body = yaml.safe_load(response.get_data(as_text=True))
        else:
            body = response.get_data(as_text=True)
        schema = {"$ref": f"{SPEC_URI}#{location}/content/{token(media)}/schema"}
        errors = list(Draft202012Validator(schema, registry=registry).iter_errors(body))
        assert not errors, [f"{list(e.absolute_path)}: {e.message}" for e in errors]
        for name, header in documented.get("headers", {}).items():
            if "$ref" in header:
                header = resolver.lookup(header["$ref"]).contents
            if header.get("required"):
                assert name in response.headers, (path, name)
            value = response.headers.get(name)
            if value is not None and "schema" in header:
                Draft202012Validator(header["schema"]).validate(value)

    return run


def token(text: str) -> str:
    return text.replace("~", "~0").replace("/", "~1")


def media_type(response, content: dict[str, Any]) -> str:
    """The documented media type the response is: same type, and its parameters but charset.

    ``text/plain; version=0.0.4`` (the metrics) is matched by parameters as well.
    """
    sent = {p.strip() for p in response.content_type.split(";")[1:]
            if not p.strip().startswith("charset=")}
    for media in content:
        kind, *params = (part.strip() for part in media.split(";"))
        if kind == response.mimetype and set(params) == sent:
            return media
    raise AssertionError(f"{response.content_type} is not documented: {list(content)}")


@pytest.fixture(scope="module")
def game() -> dict[str, Any]:
    # call_chance high enough that the game has announcements
    return random_game(presets()["ddv"].ruleset, random.Random(11), call_chance=0.3)


def test_spec_is_valid_openapi(spec):
    validate_spec(spec)


def test_spec_describes_exactly_the_routes(app, spec):
    routed = set()
    for rule in app.url_map.iter_rules():
        if rule.endpoint == "static":
            continue
        path = re.sub(r"<(?:[^:<>]+:)?([^<>]+)>", r"{\1}", rule.rule)
        routed |= {(path, m.lower()) for m in rule.methods - {"HEAD", "OPTIONS"}}
    documented = {(path, method) for path, item in spec["paths"].items()
                  for method in item if method in METHODS}
    assert routed == documented


def test_simple_routes_match_the_spec(client, conforms):
    for path, url in [("/v1/rulesets", "/v1/rulesets"), ("/v1/codes", "/v1/codes"),
                      ("/v1/rulesets/{ruleset_id}", "/v1/rulesets/ddv"),
                      ("/v1/rulesets/{ruleset_id}", "/v1/rulesets/nope"),
                      ("/openapi.yaml", "/openapi.yaml"),
                      ("/healthz", "/healthz"),
                      ("/readyz", "/readyz"),
                      ("/metrics", "/metrics")]:
        conforms(path, "get", client.get(url))


def test_every_answer_documents_the_request_id(spec):
    """Each response the spec describes (inline or shared) names the X-Request-ID header."""
    header = {"$ref": "#/components/headers/RequestId"}
    for name, response in spec["components"]["responses"].items():
        assert response.get("headers", {}).get("X-Request-ID") == header, name
    for path, item in spec["paths"].items():
        assert {"$ref": "#/components/parameters/RequestId"} in item.get("parameters", []), path
        for method, operation in item.items():
            if method not in METHODS:
                continue
            for status, response in operation["responses"].items():
                if "$ref" not in response:
                    assert response.get("headers", {}).get("X-Request-ID") == header, (
                        path, method, status)


def test_served_spec_is_the_file(client):
    served = client.get("/openapi.yaml").get_data(as_text=True)
    assert served == SPEC_PATH.read_text(encoding="utf-8")


def post(client, body: Any, **kwargs: Any):
    return client.post("/v1/games/check", json=body, **kwargs)


def test_errors_match_the_spec(client, conforms, game):
    malformed = {"ruleset": {"preset": "ddv", "options": {"foo": 1}}, "dealer": 7,
                 "hands": [], "play": [{"seat": 0}]}
    response = post(client, malformed)
    assert response.status_code == 400
    conforms("/v1/games/check", "post", response)
    response = client.post("/v1/games/check", data="{", content_type="application/json")
    conforms("/v1/games/check", "post", response)
    response = client.post("/v1/games/check", data="{}", content_type="text/plain")
    assert response.status_code == 415
    conforms("/v1/games/check", "post", response)


def test_complete_game_matches_the_spec(client, conforms, game):
    response = post(client, game | {"players": ["Anna", "Ben", "Cleo", "Dan"]})
    result = response.get_json()
    assert result["valid"] and result["complete"], result["violations"]
    assert result["score"]["items"] and result["announcements"]
    conforms("/v1/games/check", "post", response)


def test_claimed_game_matches_the_spec(client, conforms, game):
    claimed = {"winner": None, "value": 99, "scores": [1, 2, 3, 4],
               "card_points": {"re": 1, "contra": 2}, "valid": False}
    response = post(client, game | {"claimed": claimed})
    assert response.get_json()["claimed"]["differences"]
    conforms("/v1/games/check", "post", response)


def test_game_with_violations_matches_the_spec(client, conforms, game):
    broken = game | {"hands": [["ZZ", *game["hands"][0][1:]], *game["hands"][1:]],
                     "play": game["play"][1:]}
    response = post(client, broken | {"players": ["Anna", "Ben", "Cleo", "Dan"]})
    result = response.get_json()
    assert not result["valid"] and result["violations"]
    conforms("/v1/games/check", "post", response)


def test_partial_game_matches_the_spec(client, conforms, game):
    response = post(client, game | {"play": game["play"][:9],
                                    "players": ["Anna", "Ben", "Cleo", "Dan"]})
    result = response.get_json()
    assert not result["complete"] and result["legal_actions"]
    conforms("/v1/games/check", "post", response)


def test_empty_deal_matches_the_spec(client, conforms):
    response = post(client, {"ruleset": "ddv", "dealer": 0, "hands": [[], [], [], []],
                             "play": []})
    conforms("/v1/games/check", "post", response)


def test_unrouted_errors_are_problems(client, spec):
    schema = {"$ref": f"{SPEC_URI}#/components/schemas/Problem"}
    registry = Registry().with_resource(SPEC_URI, DRAFT202012.create_resource(spec))
    for response in (client.get("/nowhere"), client.delete("/healthz")):
        assert response.mimetype == "application/problem+json"
        assert response.headers["X-Request-ID"]
        Draft202012Validator(schema, registry=registry).validate(response.get_json())


def _requests(game: dict[str, Any]) -> list[dict[str, Any]]:
    """Well-formed and malformed bodies whose fault the request schema can express."""
    solo = {"type": "solo", "solo": "queens", "declarer": 1, "duty": True}
    poverty = {"type": "poverty", "declarer": 0, "passed": ["D9", "D9", "DK"], "partner": 2,
               "offers": [{"seat": 1, "accept": False}, {"seat": 2, "accept": True}],
               "returned": ["CA", "SA", "HA"], "trumps_returned": 0}
    return [
        game,
        game | {"players": ["A", "B", "C", "D"], "claimed": {"winner": None, "valid": True}},
        game | {"game": solo, "reservations": [{"seat": 1, "reservation": "solo",
                                                "solo": "queens", "duty": True}]},
        game | {"game": {"type": "marriage", "declarer": 0,
                         "partner_rule": {"trick": "color", "nth": 2}}},
        game | {"game": poverty},
        game | {"game": {"type": "redeal"}, "play": [],
                "reservations": [{"seat": 0, "reservation": "throw", "reason": "nines"}]},
        game | {"play": [{"seat": 0, "show": "swines"}, {"seat": 1, "announce": "re_or_contra"}]},
        game | {"ruleset": {"preset": "ddv", "options": {"solo_multiplier": 2}}},
        game | {"extra": 1},
        game | {"dealer": True},
        game | {"players": ["A", "B", "C"]},
        game | {"hands": [[], [], [], [], []]},
        game | {"hands": [["CQ"] * 25, [], [], []]},
        game | {"play": [{"seat": 0, "card": "CQ", "announce": "re"}]},
        game | {"play": [{"seat": 4, "card": "CQ"}]},
        game | {"reservations": [{"seat": 0, "reservation": "healthy", "duty": False}]},
        game | {"reservations": [{"seat": 0, "reservation": "throw"}]},
        game | {"game": {"type": "normal", "declarer": 0}},
        game | {"game": {"type": "solo", "declarer": 0}},
        game | {"game": {"type": "poverty", "declarer": 0, "trumps_returned": -1}},
        game | {"claimed": {"scores": [1, 2]}},
        game | {"claimed": {"card_points": {"re": 1}}},
        game | {"ruleset": {"options": {}}},
        {key: value for key, value in game.items() if key != "play"},
    ]


def test_request_schema_agrees_with_the_app(client, spec, game):
    registry = Registry().with_resource(SPEC_URI, DRAFT202012.create_resource(spec))
    schema = Draft202012Validator({"$ref": f"{SPEC_URI}#/components/schemas/CheckRequest"},
                                  registry=registry)
    for body in _requests(game):
        status = post(client, body).status_code
        assert status in (200, 400)
        assert schema.is_valid(body) == (status == 200), body


def test_echo_route_matches_the_spec(client, conforms, game):
    """The load-test baseline parses the body as a check does and answers its size."""
    answer = client.post("/v1/echo", json=game)
    assert answer.get_json() == {"received": len(game)}
    conforms("/v1/echo", "post", answer)
    conforms("/v1/echo", "post", client.post("/v1/echo", data="{", content_type="application/json"))
    conforms("/v1/echo", "post", client.post("/v1/echo", data="x", content_type="text/plain"))


def test_batch_route_matches_the_spec(client, conforms, game):
    """Both encodings, with checked, invalid, claimed, partial and malformed transcripts."""
    games = [
        game | {"players": ["Anna", "Ben", "Cleo", "Dan"]},
        game | {"claimed": {"winner": None, "value": 99}},
        game | {"play": game["play"][1:]},
        game | {"play": game["play"][:9]},
        game | {"dealer": 7},
        [1, 2],
    ]
    answer = client.post("/v1/games/check-batch", json=games)
    assert answer.status_code == 200
    kinds = ["error" in entry for entry in answer.get_json()["results"]]
    assert kinds == [False, False, False, False, True, True]
    conforms("/v1/games/check-batch", "post", answer)
    lines = "\n".join([*map(json.dumps, games[:3]), "", "{broken", json.dumps(games[4])])
    answer = client.post("/v1/games/check-batch", data=lines,
                         content_type="application/x-ndjson")
    assert answer.status_code == 200
    assert [entry.get("line") for entry in answer.get_json()["results"]] == [
        None, None, None, 5, 6]
    conforms("/v1/games/check-batch", "post", answer)


def test_batch_errors_match_the_spec(client, conforms):
    for data, media, status in [("{", "application/json", 400),
                                ("{}", "application/json", 400),
                                ("[]", "text/plain", 415),
                                ("1\n" * 1001, "application/x-ndjson", 413),
                                ("[" + " " * (8 * 1024 * 1024) + "]", "application/json", 413)]:
        answer = client.post("/v1/games/check-batch", data=data, content_type=media)
        assert answer.status_code == status, answer.get_data(as_text=True)
        conforms("/v1/games/check-batch", "post", answer)


def test_batch_entries_with_ids_match_the_spec(client, conforms, game):
    """The client's id in a checked entry and in a malformed one's error entry."""
    games = [game | {"id": "g-1"}, game | {"dealer": 7, "id": 7}]
    answer = client.post("/v1/games/check-batch", json=games)
    assert [entry["id"] for entry in answer.get_json()["results"]] == ["g-1", 7]
    conforms("/v1/games/check-batch", "post", answer)


def test_batch_refused_for_want_of_a_slot_matches_the_spec(app, client, conforms):
    from service.api.fairshare import BATCH_SLOTS

    with app.extensions[BATCH_SLOTS].held():
        answer = client.post("/v1/games/check-batch", json=[])
    assert answer.status_code == 503
    conforms("/v1/games/check-batch", "post", answer)


def test_tournament_routes_match_the_spec(app, client, conforms):
    """A day with a final and a wildcard, one with defects, a draw, and their refusals."""
    from service.api.fairshare import BATCH_SLOTS
    from service.tools.tournament_days import ddv_day, doko2026_day

    day = doko2026_day()
    for body in (day, ddv_day(), {**day, "claimed": {"places": {"Uwe": 9}}},
                 {**day, "final": {"wildcard": "Gabi", "tables": day["final"]["tables"]}}):
        answer = client.post("/v1/tournaments/check", json=body)
        assert answer.status_code == 200
        conforms("/v1/tournaments/check", "post", answer)
    for data, status in (("{", 400), ('{"participants": []}', 400),
                         ('{"x": "' + " " * (4 * 1024 * 1024) + '"}', 413)):
        answer = client.post("/v1/tournaments/check", data=data,
                             content_type="application/json")
        assert answer.status_code == status
        conforms("/v1/tournaments/check", "post", answer)
    with app.extensions[BATCH_SLOTS].held():
        answer = client.post("/v1/tournaments/check", json=day)
    assert answer.status_code == 503
    conforms("/v1/tournaments/check", "post", answer)
    answer = client.post("/v1/tournaments/draw", json={
        "participants": day["participants"], "rounds": 3, "seed": "2026-03-14 club day"})
    conforms("/v1/tournaments/draw", "post", answer)
    answer = client.post("/v1/tournaments/draw", json={"participants": [], "rounds": 0})
    assert answer.status_code == 400
    conforms("/v1/tournaments/draw", "post", answer)


def test_import_route_matches_the_spec(app, client, conforms):
    """A sheet and a FreeDoko record read, checked, refused; each answer as documented."""
    from service.api.fairshare import BATCH_SLOTS

    path = "/v1/imports/{format}"
    record = (Path(__file__).parent / "imports" / "freedoko" / "poverty.txt").read_bytes()
    sheet = "Anna;Ben;Cleo;Dän\r\n2;-2;-2;2\r\n-1;-1;3;-1\r\nSumme;1;-3;1;1\r\n"
    for url, body, media, status in (
            ("/v1/imports/csv?first_dealer=Anna", sheet.encode(), "text/csv", 200),
            ("/v1/imports/csv?first_dealer=Anna&check=true", sheet.encode("cp1252"),
             "text/csv; charset=windows-1252", 200),
            ("/v1/imports/csv?check=true&first_dealer=Anna", sheet.encode("utf-16"),
             "text/plain; charset=utf-16", 200),
            ("/v1/imports/freedoko?check=true", record, "text/plain", 200),
            ("/v1/imports/freedoko", record, "application/octet-stream", 200),
            ("/v1/imports/doko-logger?check=true", (Path(__file__).parent / "imports"
             / "doko_logger" / "evening.json").read_bytes(), "application/json", 200),
            ("/v1/imports/qtdoppelkopf?check=true", (Path(__file__).parent / "imports"
             / "qtdoppelkopf" / "evening.json").read_bytes(), "application/json", 200),
            ("/v1/imports/csv", b"Anna;Ben;Cleo;Dan\n1,5;-1;-1;1\n", "text/csv", 400),
            ("/v1/imports/csv?sheet=rows", sheet.encode(), "text/csv", 400),
            ("/v1/imports/freedoko", b"no record", "text/plain", 400),
            ("/v1/imports/qtdoppelkopfx", b"{}", "application/json", 404),
            ("/v1/imports/csv", sheet.encode(), "image/png", 415),
            ("/v1/imports/csv", sheet.encode(), "text/csv; charset=koi8-r", 415),
            ("/v1/imports/csv", b"x" * (1024 * 1024 + 1), "text/csv", 413)):
        answer = client.post(url, data=body, content_type=media)
        assert answer.status_code == status, (url, answer.get_json())
        conforms(path, "post", answer)
    with app.extensions[BATCH_SLOTS].held():
        answer = client.post("/v1/imports/csv", data=b"A;B;C;D\n" + b"1;-1;1;-1\n" * 7000,
                             content_type="text/csv")
    assert answer.status_code == 503
    conforms(path, "post", answer)
