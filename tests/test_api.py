"""The HTTP layer: request validation, problem documents, rulesets and health routes."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

from service.game.options import CATALOGUE
from service.game.rulesets import presets
from service.generating.random_game import random_game

PROBLEM = "application/problem+json"


def minimal(**changes: Any) -> dict[str, Any]:
    """A well-formed transcript with no cards: the core reports the deal, not a 400."""
    return {"ruleset": "ddv", "dealer": 0, "hands": [[], [], [], []], "play": []} | changes


@pytest.fixture(scope="module")
def game() -> dict[str, Any]:
    return random_game(presets()["ddv"].ruleset, random.Random(7), call_chance=0.2)


def problem_of(response, status: int) -> dict[str, Any]:
    assert response.status_code == status, response.get_data(as_text=True)
    assert response.mimetype == PROBLEM
    body = response.get_json()
    assert body["type"] == "about:blank"
    assert body["status"] == status
    assert body["title"] and body["detail"]
    return body


def pointers(client, body: Any) -> dict[str, str]:
    """The field errors of a 400 answer, pointer -> messages joined."""
    response = client.post("/v1/games/check", data=json.dumps(body),
                           content_type="application/json")
    found = problem_of(response, 400)
    errors: dict[str, str] = {}
    for error in found["errors"]:
        errors[error["pointer"]] = " | ".join(filter(None, (errors.get(error["pointer"]),
                                                            error["message"])))
    return errors


# ---- malformed requests -------------------------------------------------------------

def test_every_field_error_is_listed_by_pointer(client):
    body = {
        "ruleset": "ddv",
        "players": ["Anna", "Ben", "", 7],
        "dealer": 4,
        "hands": [["CQ"], [1], "x", []],
        "reservations": [{"seat": 0, "reservation": "maybe"}],
        "game": {"type": "normal", "declarer": 1},
        "play": [{"seat": 0, "card": "CQ"}, {"seat": True, "card": "CA"},
                 {"seat": 1, "card": "CA", "announce": "re"}, {"seat": 2, "shout": "x"},
                 {"card": "DA"}, "CQ", {"seat": 1, "show": "foxes"}],
        "extra": 1,
    }
    assert pointers(client, body) == {
        "/players/2": "Must be 1 to 64 characters long.",
        "/players/3": "Not a valid string.",
        "/dealer": "Must be a seat: an integer from 0 to 3.",
        "/hands/1/0": "Not a valid string.",
        "/hands/2": "Not a valid list.",
        "/reservations/0/reservation": "Must be one of: healthy, solo, marriage, poverty, throw.",
        "/game/declarer": "Not a field of a normal game.",
        "/play/1/seat": "Not a valid integer.",
        "/play/2": "Must have exactly one of: card, announce, show.",
        "/play/3": "Must have exactly one of: card, announce, show.",
        "/play/3/shout": "Unknown field; did you mean “show”?",
        "/play/4/seat": "Missing data for required field.",
        "/play/5": "Must be an object.",
        "/play/6/show": "Must be one of: swines, hyperswines.",
        "/extra": "Unknown field.",
    }


def test_missing_required_fields(client):
    assert pointers(client, {}) == {
        f"/{name}": "Missing data for required field."
        for name in ("ruleset", "dealer", "hands", "play")}


@pytest.mark.parametrize("body", [[], "text", 3, None])
def test_body_must_be_an_object(client, body):
    assert pointers(client, body) == {"": "Must be an object."}


def test_ints_refuse_bools_and_strings(client):
    body = minimal(dealer=False, play=[{"seat": "1", "card": "CQ"}],
                   claimed={"value": True, "scores": [1, 2, 3, False]})
    assert pointers(client, body) == {
        "/dealer": "Not a valid integer.",
        "/play/0/seat": "Not a valid integer.",
        "/claimed/value": "Not a valid integer.",
        "/claimed/scores/3": "Not a valid integer.",
    }


def test_null_is_no_value(client):
    assert pointers(client, minimal(players=None, game=None)) == {
        "/players": "Field may not be null.", "/game": "Field may not be null."}


def test_list_bounds(client):
    body = minimal(hands=[[], [], []], play=[{"seat": 0, "card": "CQ"}] * 201,
                   players=["a"] * 5, reservations=[{"seat": 0, "reservation": "healthy"}] * 9)
    assert pointers(client, body) == {
        "/hands": "Must have exactly 4 hands, one per seat.",
        "/play": "Must have at most 200 entries.",
        "/players": "Must have exactly 4 names, one per seat.",
        "/reservations": "Must have at most 8 entries.",
    }
    long_hand = minimal(hands=[["CQ"] * 25, [], [], []])
    assert pointers(client, long_hand) == {"/hands/0": "Must have at most 24 entries."}


def test_reservation_fields_fit_the_reservation(client):
    body = minimal(reservations=[
        {"seat": 0, "reservation": "healthy", "solo": "queens", "reason": "nines"},
        {"seat": 1, "reservation": "solo", "duty": 1},
        {"seat": 2, "reservation": "throw", "reason": "boredom"},
        {"seat": 3, "reservation": "solo", "solo": "queens", "duty": True, "bet": 2},
        7,
        {"seat": 0, "reservation": "solo", "solo": "jacks", "bid": "no120"},
        {"seat": 1, "reservation": "marriage", "bid": "re"},
    ])
    assert pointers(client, body) == {
        "/reservations/0/solo": "Only allowed with reservation solo.",
        "/reservations/0/reason": "Only allowed with reservation throw.",
        "/reservations/1/solo": "Missing data for required field.",
        "/reservations/1/duty": "Not a valid boolean.",
        "/reservations/2/reason": "Must be one of: nines, kings, nines_kings, fox_highest, "
                                  "richness.",
        "/reservations/3/bet": "Unknown field.",
        "/reservations/4": "Must be an object.",
        "/reservations/5/bid": "Must be one of: re, no90, no60, no30, black.",
        "/reservations/6/bid": "Only allowed with reservation solo.",
    }


def test_game_fields_fit_the_game_type(client):
    assert pointers(client, minimal(game={"type": "solo", "solo": "fish", "partner": 1})) == {
        "/game/solo": "Must be one of: diamonds, hearts, spades, clubs, queens, jacks, kings, "
                      "queens_jacks, kings_jacks, kings_queens, koehler, meatless.",
        "/game/partner": "Not a field of a solo game.",
        "/game/declarer": "Missing data for required field.",
    }
    marriage = {"type": "marriage", "declarer": 0, "partner_rule": {"trick": "any", "nth": 0}}
    assert pointers(client, minimal(game=marriage)) == {
        "/game/partner_rule/nth": "Must be greater than or equal to 1."}
    poverty = {"type": "poverty", "declarer": 0, "passed": ["CQ", 3], "trumps_returned": -1,
               "offers": [{"seat": 1, "accept": "no"}, {"seat": 2}], "colour": "red"}
    assert pointers(client, minimal(game=poverty)) == {
        "/game/passed/1": "Not a valid string.",
        "/game/trumps_returned": "Must be a non-negative integer or a boolean.",
        "/game/offers/0/accept": "Not a valid boolean.",
        "/game/offers/1/accept": "Missing data for required field.",
        "/game/colour": "Unknown field.",
    }
    assert pointers(client, minimal(game={"type": "bidding"})) == {
        "/game/type": "Must be one of: normal, marriage, poverty, solo, redeal."}


def test_claimed_refuses_unknown_fields(client):
    body = minimal(claimed={"winner": "both", "card_points": {"re": 121}, "verdict": "ok"})
    assert pointers(client, body) == {
        "/claimed/winner": "Must be one of: re, contra.",
        "/claimed/card_points/contra": "Missing data for required field.",
        "/claimed/verdict": "Unknown field.",
    }


ODD_VALUES = [None, True, 0, -1, 1.5, "x", [], [[]], {}, {"seat": 0}, [{"seat": 0}]]


@pytest.mark.parametrize("value", ODD_VALUES, ids=repr)
def test_odd_values_anywhere_are_answered(client, game, value):
    """Any value in any place gets a checked game or a problem, never a server error."""
    places = [(name,) for name in game] + [("ruleset", "preset"), ("ruleset", "options"),
                                           ("game", "type"), ("game", "partner_rule"),
                                           ("claimed", "card_points"), ("play", 0),
                                           ("play", 0, "card"), ("reservations", 0, "solo")]
    for place in places:
        body = copy.deepcopy(game) | {"ruleset": {"preset": "ddv", "options": {}},
                                      "claimed": {}, "game": {"type": "solo"}}
        target = body
        for key in place[:-1]:
            target = target[key]
        target[place[-1]] = value
        response = client.post("/v1/games/check", json=body)
        assert response.status_code in (200, 400), (place, response.get_data(as_text=True))


def test_pointer_tokens_are_escaped(client):
    assert pointers(client, minimal(**{"a/b~c": 1})) == {"/a~1b~0c": "Unknown field."}


# ---- rulesets in a request ------------------------------------------------------------

def test_unknown_preset(client):
    assert pointers(client, minimal(ruleset="nope")) == {
        "/ruleset": "preset: unknown preset 'nope'; known: " + ", ".join(presets())}
    assert list(pointers(client, minimal(ruleset={"preset": "nope"}))) == ["/ruleset/preset"]


def test_unknown_and_mistyped_options_are_named(client):
    ruleset = {"preset": "ddv", "options": {"foo": 1, "with_nines": "yes", "solos": ["x"]}}
    errors = pointers(client, minimal(ruleset=ruleset))
    assert set(errors) == {"/ruleset/options/foo", "/ruleset/options/with_nines",
                           "/ruleset/options/solos"}
    assert errors["/ruleset/options/with_nines"] == "with_nines: must be true or false"


def test_contradicting_options_are_named(client):
    ruleset = {"preset": "ddv", "options": {"hyperswines": "before_play"}}
    assert pointers(client, minimal(ruleset=ruleset)) == {
        "/ruleset/options/hyperswines": "hyperswines: hyperswines need swines"}
    # The option at fault was not sent: the problem is the ruleset's, and names it.
    errors = pointers(client, minimal(ruleset={"preset": "ddv", "options": {"poverty": "pass"}}))
    assert list(errors) == ["/ruleset"]
    assert errors["/ruleset"].startswith("reservation_priority:")


def test_ruleset_object_shape(client):
    ruleset = {"options": [], "colour": "red"}
    assert pointers(client, minimal(ruleset=ruleset)) == {
        "/ruleset/preset": "Missing data for required field.",
        "/ruleset/options": "Must be an object.",
        "/ruleset/colour": "Unknown field.",
    }
    assert list(pointers(client, minimal(ruleset=3))) == ["/ruleset"]


def test_ruleset_errors_come_with_the_other_errors(client):
    body = minimal(ruleset={"preset": "ddv", "options": {"foo": 1}}, dealer=9)
    assert set(pointers(client, body)) == {"/ruleset/options/foo", "/dealer"}


def test_a_custom_ruleset_is_used(check, game):
    custom = {"preset": "ddv", "options": {"solo_multiplier": 3}}
    assert check(game | {"ruleset": custom})["ruleset"] == "ddv+custom"


# ---- what is not a malformed request --------------------------------------------------

def test_wrong_card_counts_and_unknown_cards_are_violations(check):
    result = check(minimal(hands=[["CQ", "XX"], [], [], []]))
    codes = {v["code"] for v in result["violations"]}
    assert {"deal_card_count", "unknown_card"} <= codes
    assert result["valid"] is False


# ---- bodies that are not JSON ---------------------------------------------------------

@pytest.mark.parametrize("data", ["{", "", "{'a': 1}", "NaN", "[" * 100_000])
def test_invalid_json(client, data):
    response = client.post("/v1/games/check", data=data, content_type="application/json")
    detail = problem_of(response, 400)["detail"]
    assert ("more than 64 levels deep" if data.startswith("[[") else "ot valid JSON") in detail


def test_wrong_content_type(client, game):
    response = client.post("/v1/games/check", data=json.dumps(game), content_type="text/plain")
    problem_of(response, 415)


def test_body_too_large(client):
    response = client.post("/v1/games/check", data=b" " * 300_000,
                           content_type="application/json")
    problem_of(response, 413)


# ---- other errors are problem documents too -------------------------------------------

def test_unknown_route(client):
    problem_of(client.get("/v1/games"), 404)


def test_wrong_method(client):
    response = client.get("/v1/games/check")
    problem_of(response, 405)
    assert "POST" in response.headers["Allow"]


def test_unexpected_errors_are_problems(app, client, monkeypatch, game):
    def broken(transcript):
        raise RuntimeError("core failure")

    monkeypatch.setattr("service.checking.check", broken)
    body = problem_of(client.post("/v1/games/check", json=game), 500)
    assert "core failure" not in body["detail"]


# ---- a checked game -------------------------------------------------------------------

def test_players_name_every_seat(check, game):
    names = ["Anna", "Ben", "Cleo", "Dan"]
    partial = game | {"players": names, "play": game["play"][:10]}
    result = check(partial)
    assert result["players"] == names
    seated = [*result["violations"], *result["notes"], *result["announcements"],
              result["legal_actions"], *result["legal_actions"]["announcements"]]
    assert seated
    for entry in seated:
        if entry["seat"] is not None:
            assert entry["name"] == names[entry["seat"]]


def test_without_players_no_names(check, game):
    result = check(game)
    assert "players" not in result
    assert all("name" not in v for v in (*result["violations"], *result["notes"]))


def test_claimed_is_compared(check, game):
    computed = check(game)
    claimed = {"winner": computed["winner"], "value": computed["score"]["value"] + 1}
    result = check(game | {"claimed": claimed})
    assert result["claimed"]["agrees"] is False
    assert [d["field"] for d in result["claimed"]["differences"]] == ["value"]
    assert "claimed" not in computed


def test_complete_and_partial_games(check, game):
    complete = check(game)
    assert complete["complete"] is True
    assert complete["score"] is not None
    assert "legal_actions" not in complete
    partial = check(game | {"play": game["play"][:5]})
    assert partial["complete"] is False
    assert partial["score"] is None
    assert partial["legal_actions"]["cards"]


def test_request_is_not_changed(client, game):
    sent = copy.deepcopy(game)
    client.post("/v1/games/check", json=sent)
    assert sent == game


# ---- rulesets, contract and health ----------------------------------------------------

def test_rulesets_list(client):
    response = client.get("/v1/rulesets")
    assert response.status_code == 200
    listed = response.get_json()["rulesets"]
    assert [r["id"] for r in listed] == list(presets())
    assert all(set(r) == {"id", "title", "source"} for r in listed)


def test_ruleset_detail_lists_every_option(client):
    response = client.get("/v1/rulesets/ddv")
    assert response.status_code == 200
    body = response.get_json()
    assert body["id"] == "ddv"
    options = {o["name"]: o for o in body["options"]}
    assert list(options) == list(CATALOGUE)
    preset = presets()["ddv"]
    for name, option in options.items():
        meta = CATALOGUE[name]
        assert option["kind"] == meta["kind"]
        assert option["meaning"] == meta["meaning"]
        assert option["source"] == preset.sources[name]
        assert option.get("choices", []) == list(meta["choices"])
        assert option.get("note") == preset.notes.get(name)
    assert options["with_nines"]["value"] is True
    assert options["solo_multiplier"]["value"] == 3


def test_unknown_ruleset(client):
    assert "nope" in problem_of(client.get("/v1/rulesets/nope"), 404)["detail"]


def test_openapi_is_served(client):
    response = client.get("/openapi.yaml")
    assert response.status_code == 200
    assert response.mimetype == "application/yaml"
    assert response.get_data(as_text=True).startswith("openapi:")


def test_health(client):
    # this checkout's editable install runs the pure core (tests/test_compiled.py)
    assert client.get("/healthz").get_json() == {"status": "ok", "core": "pure"}
    assert client.get("/readyz").get_json() == {"status": "ready"}


def test_not_ready_when_presets_fail(client, monkeypatch):
    def failing():
        raise OSError("presets missing")

    monkeypatch.setattr("service.api.routes.presets", failing)
    problem_of(client.get("/readyz"), 503)
