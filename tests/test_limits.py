"""No request makes a worker hang or answer hugely: body, lists, nesting, numbers, strings,
unknown fields and the number of errors listed are all bounded, and answered quickly."""

from __future__ import annotations

import io
import json
import random
import time
from typing import Any

import pytest

from service.checking import MAX_BODY_BYTES
from service.game.errors import MAX_ERRORS
from service.game.rulesets import presets
from service.generating.random_game import random_game

PROBLEM = "application/problem+json"
# Seconds of this thread's CPU time (the test client runs the app in it), so that a
# machine busy with other work does not fail the test: a normal check takes about a
# millisecond, the worst requests here about a hundred.
QUICK = 2.0


@pytest.fixture(scope="module")
def game() -> dict[str, Any]:
    return random_game(presets()["ddv"].ruleset, random.Random(9), call_chance=0.2)


def post_raw(client, data: bytes | str, **kwargs: Any):
    """POST a body as it is; return the answer and the CPU seconds it took."""
    started = time.thread_time()
    response = client.post("/v1/games/check", data=data, content_type="application/json",
                           **kwargs)
    return response, time.thread_time() - started


def post(client, body: Any):
    return post_raw(client, json.dumps(body))


def problem(response, status: int) -> dict[str, Any]:
    assert response.status_code == status, response.get_data(as_text=True)[:500]
    assert response.mimetype == PROBLEM
    assert response.headers["X-Request-ID"]
    return response.get_json()


# ---- body size ------------------------------------------------------------------------

def padded(game: dict[str, Any], size: int) -> bytes:
    body = json.dumps(game).encode()
    return body + b" " * (size - len(body))


def test_body_up_to_the_limit_is_read(client, game):
    response, _ = post_raw(client, padded(game, MAX_BODY_BYTES))
    assert response.status_code == 200
    assert response.get_json()["valid"]


def test_body_over_the_limit_is_413(client, game):
    response, took = post_raw(client, padded(game, MAX_BODY_BYTES + 1))
    assert problem(response, 413)["detail"] == (
        f"The request body is over {MAX_BODY_BYTES} bytes, the limit of this route.")
    response, took = post_raw(client, b"[" * (10 * MAX_BODY_BYTES))
    problem(response, 413)
    assert took < QUICK


class Trickle(io.BytesIO):
    """A chunked body as a server hands it on: short reads, then the end."""

    def read(self, size: int | None = -1) -> bytes:
        return super().read(1000 if size is None or size < 0 else min(size, 1000))

    def readinto(self, buffer: Any) -> int:
        data = self.read(len(buffer))
        buffer[:len(data)] = data
        return len(data)


def chunked(client, data: bytes):
    # As gunicorn passes a chunked body: no Content-Length, the stream ends with the body.
    stream = Trickle(data)
    response = client.post("/v1/games/check", content_type="application/json",
                           input_stream=stream, environ_overrides={
                               "HTTP_TRANSFER_ENCODING": "chunked",
                               "wsgi.input_terminated": True})
    return response, stream.tell()


@pytest.mark.parametrize("extra", [1, 1000, 10 * MAX_BODY_BYTES])
def test_chunked_body_over_the_limit_is_413(client, game, extra):
    """Without a Content-Length, too long a body is refused, not cut to the limit."""
    response, read = chunked(client, padded(game, MAX_BODY_BYTES + extra))
    problem(response, 413)
    assert read == MAX_BODY_BYTES + 1  # no further than needed to know


def test_chunked_body_up_to_the_limit_is_read(client, game):
    response, _ = chunked(client, padded(game, MAX_BODY_BYTES))
    assert response.status_code == 200
    response, _ = chunked(client, json.dumps(game).encode())
    assert response.status_code == 200


# ---- list bounds ----------------------------------------------------------------------

def test_play_of_200_events_is_checked_201_refused(client, game):
    events = (game["play"] * 5)[:200]
    response, _ = post(client, game | {"play": events})
    assert response.status_code == 200  # far too many cards: violations, not a 400
    assert not response.get_json()["valid"]
    response, _ = post(client, game | {"play": [*events, events[0]]})
    body = problem(response, 400)
    assert body["errors"] == [{"pointer": "/play", "message": "Must have at most 200 entries."}]


# ---- nesting --------------------------------------------------------------------------

PLACES = ["ruleset", "players", "hands", "reservations", "game", "play", "claimed", "extra"]


@pytest.mark.parametrize("depth", [50, 900, 5_000, 100_000])
@pytest.mark.parametrize("place", PLACES)
def test_deeply_nested_json_is_400_quickly(client, game, place, depth):
    nested = "[" * depth + "]" * depth
    raw = json.dumps(game | {place: "@nested@"}).replace('"@nested@"', nested)
    response, took = post_raw(client, raw)
    problem(response, 400)
    assert took < QUICK


def test_deeply_nested_objects_in_a_field_are_400(client, game):
    nested = '{"a":' * 800 + "1" + "}" * 800
    for place in ("claimed", "game", "extra"):
        raw = json.dumps(game | {place: "@nested@"}).replace('"@nested@"', nested)
        response, took = post_raw(client, raw)
        problem(response, 400)
        assert took < QUICK
    options = '{"preset": "ddv", "options": {"solos": ' + "[" * 800 + "]" * 800 + "}}"
    raw = json.dumps(game | {"ruleset": "@nested@"}).replace('"@nested@"', options)
    response, took = post_raw(client, raw)
    problem(response, 400)
    assert took < QUICK


NESTING = ("The request body nests arrays and objects more than 64 levels deep; at most "
           "that many are read.")
BODY_ROUTES = ("/v1/games/check", "/v1/games/check-batch", "/v1/sittings/check",
               "/v1/tournaments/check")


@pytest.mark.parametrize("depth", [65, 200, 971, 972, 973, 974, 975, 1_100])
@pytest.mark.parametrize("route", BODY_ROUTES)
def test_one_nesting_limit_one_answer_on_both_paths(client, route, depth):
    """Arrays 971-975 deep were "must be a JSON object" on the fast path and "maximum
    recursion depth exceeded" by Flask (the same body with ``; charset=utf-8``): the
    parsers' own limits depend on the stack. One limit is counted before either parses."""
    for body in ("[" * depth + "]" * depth, "[" * depth, '{"a":' * depth + "1" + "}" * depth):
        answers = []
        for content_type in ("application/json", "application/json; charset=utf-8"):
            response = client.post(route, data=body.encode(), content_type=content_type)
            answers.append((response.status_code, response.get_json()))
        assert answers[0] == answers[1], (route, depth, body[:8])
        assert answers[0][0] == 400 and answers[0][1]["detail"] == NESTING


@pytest.mark.parametrize("route", BODY_ROUTES)
def test_64_levels_are_read(client, game, route):
    """At the limit the body is read (and answered for what it says)."""
    nested = "[" * 62 + "]" * 62  # in a transcript's field, 2 levels down
    raw = json.dumps([game | {"extra": "@nested@"}]).replace('"@nested@"', nested)
    for content_type in ("application/json", "application/json; charset=utf-8"):
        response = client.post(route, data=raw.encode(), content_type=content_type)
        assert response.status_code in (200, 400), response.get_data()[:200]
        assert "levels deep" not in response.get_data(as_text=True)
    response = client.post(route, data=raw.replace("[" * 62, "[" * 63, 1)
                           .replace("]" * 62, "]" * 63, 1).encode(),
                           content_type="application/json")
    assert response.get_json()["detail"] == NESTING


def test_brackets_in_strings_are_no_nesting(client, game):
    raw = json.dumps(game | {"players": ["[" * 30, "{" * 30, "]\\\"[" * 10, "Dora"]})
    response, _ = post_raw(client, raw)
    assert "levels deep" not in response.get_data(as_text=True)


# ---- numbers --------------------------------------------------------------------------

def test_integers_beyond_4300_digits_are_not_json(client, game):
    raw = json.dumps(game | {"dealer": "@n@"}).replace('"@n@"', "9" * 5000)
    response, took = post_raw(client, raw)
    assert problem(response, 400)["detail"] == (
        "The request body holds a number of more than 4300 digits; a number may have at "
        "most 4300.")
    assert took < QUICK


@pytest.mark.parametrize("number", ["1e400", "-1e400", "1.0", "-0.0", "1e-400"])
def test_floats_are_no_seats(client, game, number):
    raw = json.dumps(game | {"dealer": "@n@"}).replace('"@n@"', number)
    response, _ = post_raw(client, raw)
    assert problem(response, 400)["errors"] == [
        {"pointer": "/dealer", "message": "Not a valid integer."}]


def test_huge_integers_where_integers_go_are_answered_quickly(client, game):
    huge = 10 ** 4000
    bodies = [
        game | {"claimed": {"value": huge, "scores": [huge, -huge, huge, -huge],
                            "card_points": {"re": huge, "contra": -huge}}},
        game | {"game": {"type": "marriage", "declarer": 0,
                         "partner_rule": {"trick": "any", "nth": huge}}},
        game | {"game": {"type": "poverty", "declarer": 0, "trumps_returned": huge}},
        game | {"dealer": huge},
    ]
    catalogue = {o["name"]: o for o in presets_detail()}
    for name, option in catalogue.items():
        if option["kind"] == "int":
            bodies.append(game | {"ruleset": {"preset": "ddv", "options": {name: huge}}})
        elif option["kind"] == "ints":
            bodies.append(game | {"ruleset": {"preset": "ddv",
                                              "options": {name: [huge] * option["length"]}}})
    for body in bodies:
        response, took = post(client, body)
        assert response.status_code in (200, 400), response.get_data(as_text=True)[:300]
        assert took < QUICK
        assert len(response.get_data()) < 64 * 1024


def presets_detail() -> list[dict[str, Any]]:
    from service.game.options import CATALOGUE

    return [{"name": name, **meta} for name, meta in CATALOGUE.items()]


# ---- long strings ---------------------------------------------------------------------

LONG = MAX_BODY_BYTES - 4096  # as long as a string in a body may be


@pytest.mark.parametrize("change", [
    lambda g: {"ruleset": "x" * LONG},
    lambda g: {"ruleset": {"preset": "x" * LONG}},
    lambda g: {"ruleset": {"preset": "ddv", "options": {"x" * LONG: 1}}},
    lambda g: {"ruleset": {"preset": "ddv", "options": {"swines": "x" * LONG}}},
    lambda g: {"players": ["x" * (LONG // 4)] * 4},
    lambda g: {"hands": [["X" * (LONG // 100)] * 24] * 4},
    lambda g: {"play": [{"seat": i % 4, "card": "X" * (LONG // 220)} for i in range(200)]},
    lambda g: {"play": [{"seat": 0, "announce": "x" * LONG}]},
    lambda g: {"game": {"type": "x" * LONG}},
    lambda g: {"x" * LONG: 1},
], ids=["preset-id", "preset", "option-name", "option-value", "players", "hands",
        "cards", "announce", "game-type", "unknown-field"])
def test_long_strings_are_answered_quickly_and_boundedly(client, game, change):
    body = game | change(game)
    raw = json.dumps(body)
    assert len(raw) <= MAX_BODY_BYTES
    response, took = post_raw(client, raw)
    assert response.status_code in (200, 400)
    assert took < QUICK
    # The answer may quote what was sent, a few times at most.
    assert len(response.get_data()) < 4 * MAX_BODY_BYTES


# ---- many fields, many errors -----------------------------------------------------------

@pytest.mark.parametrize("make", [
    lambda g: {**{f"k{i}": 0 for i in range(20_000)}, **g},
    lambda g: g | {"play": [{"seat": 0, "card": "CQ", **{f"k{i}": 0 for i in range(100)}}]
                   * 200},
    lambda g: g | {"ruleset": {"preset": "ddv", "options": {f"o{i}": 1 for i in range(20_000)}}},
    lambda g: g | {"claimed": {f"k{i}": 0 for i in range(20_000)}},
    lambda g: g | {"game": {"type": "normal", **{f"k{i}": 0 for i in range(20_000)}}},
    lambda g: g | {"reservations": [{"seat": 0, "reservation": "healthy",
                                     **{f"k{i}": 0 for i in range(2_000)}}] * 8},
], ids=["top-level", "play-events", "options", "claimed", "game", "reservations"])
def test_many_unknown_fields_list_at_most_100_errors(client, game, make):
    body = make(game)
    raw = json.dumps(body)
    assert len(raw) <= MAX_BODY_BYTES
    response, took = post_raw(client, raw)
    found = problem(response, 400)
    assert len(found["errors"]) == MAX_ERRORS
    assert f"the first {MAX_ERRORS} are listed" in found["detail"]
    total = int(found["detail"].split()[3])
    assert total > MAX_ERRORS
    assert took < QUICK
    assert len(response.get_data()) < 32 * 1024


def test_up_to_100_errors_are_all_listed(client, game):
    at_limit = {**{f"k{i}": 0 for i in range(MAX_ERRORS)}, **game}
    found = problem(post(client, at_limit)[0], 400)
    assert len(found["errors"]) == MAX_ERRORS
    assert found["detail"] == f"The transcript has {MAX_ERRORS} field errors."
    over = {**{f"k{i}": 0 for i in range(MAX_ERRORS + 1)}, **game}
    found = problem(post(client, over)[0], 400)
    assert found["detail"] == (f"The transcript has {MAX_ERRORS + 1} field errors; "
                               f"the first {MAX_ERRORS} are listed.")
    pointers = {e["pointer"] for e in found["errors"]}
    assert len(pointers) == MAX_ERRORS
    assert pointers < {f"/k{i}" for i in range(MAX_ERRORS + 1)}


def test_repeated_keys_and_whitespace_are_cheap(client):
    repeated = "{" + ",".join(['"dealer": 1'] * 20_000) + "}"
    response, took = post_raw(client, repeated)
    # a key twice in one object is refused (tests/test_bad_input.py), whatever the count
    assert problem(response, 400)["errors"] == [
        {"pointer": "/dealer", "message": "Duplicate key: 'dealer' appears more than once in "
         "this object."}]
    assert took < QUICK
    response, took = post_raw(client, " " * (MAX_BODY_BYTES - 2) + "{}")
    problem(response, 400)
    assert took < QUICK
