"""The check route's fast path (service/api/fastpath.py) answers exactly as Flask does:
the same status, bytes and headers for games of every kind and for bodies it refuses
(which go to Flask), counted once in the metrics."""

from __future__ import annotations

import json
import random

import pytest

from service import create_app
from service.api import fastpath
from service.game.rulesets import presets
from service.generating.random_game import random_game

# Flask takes a request the fast path does not (a charset parameter, same meaning)
FLASK_WAY = "application/json; charset=utf-8"
REFUSED = [b"", b"{", b"[]", b'{"a":1,"a":2}', b'{"ruleset":"nope"}', b"\xff",
           b'{"ruleset":"ddv","dealer":0,"hands":[[],[],[],[]],"x":1}', b"NaN",
           b'{"ruleset":{"preset":"ddv","options":{"A":0}},"dealer":0,"hands":[]}']


def games() -> list[bytes]:
    rng = random.Random(11)
    rulesets = [p.ruleset for p in presets().values()]
    found = []
    for i in range(40):
        game = random_game(rulesets[i % len(rulesets)], rng, game_types=True, call_chance=0.5)
        if i % 3 == 0:
            game["claimed"] = {"value": 3, "winner": "re"}
        if i % 5 == 0:
            game["play"] = game["play"][::-1]  # out of turn: violations, still a 200
        found.append(json.dumps(game, separators=(",", ":")).encode())
    return found


def answered(client, body: bytes, content_type: str, lang: str) -> tuple[int, bytes, list]:
    response = client.post("/v1/games/check", data=body, content_type=content_type,
                           headers={"Accept-Language": lang})
    headers = [(k, v) for k, v in response.headers if k != "X-Request-ID"]
    return response.status_code, response.get_data(), headers


@pytest.mark.parametrize("lang", ["de", "en"])
def test_both_ways_answer_alike(lang):
    client = create_app().test_client()
    for body in games() + REFUSED:
        fast = answered(client, body, "application/json", lang)
        assert fast == answered(client, body, FLASK_WAY, lang), body[:80]


def test_the_fast_path_takes_the_common_request_and_leaves_the_rest(monkeypatch):
    app = create_app()
    taken = []
    real = fastpath.answer

    def spy(*args):
        taken.append(result := real(*args))
        return result

    monkeypatch.setattr(fastpath, "answer", spy)
    client = app.test_client()
    client.post("/v1/games/check", data=games()[0], content_type="application/json")
    client.post("/v1/games/check", data=b"{", content_type="application/json")
    client.post("/v1/games/check", data=games()[0], content_type=FLASK_WAY)
    assert [t is not None for t in taken] == [True, False, False]


def test_a_refused_body_is_counted_once(client):
    from service.api import observability

    def count() -> float:
        return sum(s.value for m in observability.REQUESTS.collect() for s in m.samples
                   if s.labels.get("route") == "/v1/games/check"
                   and s.labels.get("status") == "400" and s.name.endswith("_total"))

    before = count()
    client.post("/v1/games/check", data=b'{"ruleset":"nope"}', content_type="application/json")
    assert count() == before + 1


def test_no_fast_path_where_the_app_hooks_into_requests(monkeypatch):
    monkeypatch.setenv("DOKO_CORS_ORIGINS", "https://club.example")
    assert fastpath.fast_routes(create_app()) == {}
    monkeypatch.delenv("DOKO_CORS_ORIGINS")
    monkeypatch.delenv("DOKO_ECHO", raising=False)
    assert set(fastpath.fast_routes(create_app())) == {"/v1/games/check"}
    monkeypatch.setenv("DOKO_ECHO", "on")
    assert set(fastpath.fast_routes(create_app())) == {"/v1/games/check", "/v1/echo"}


def test_another_method_on_the_route_is_flasks_and_unmatched(client, capsys):
    capsys.readouterr()
    response = client.get("/v1/games/check")
    assert response.status_code == 405 and response.headers["Allow"]
    (line,) = capsys.readouterr().out.splitlines()
    assert json.loads(line)["route"] == "<unmatched>"


def test_a_refused_body_is_checked_once(client, monkeypatch):
    """The problem the fast path found is the one Flask answers with: not found twice."""
    from service.api import routes

    calls = []
    real = routes.check_data

    def counted(*args, **kwargs):
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(routes, "check_data", counted)
    answer = client.post("/v1/games/check", data=b'{"ruleset":"nope"}',
                         content_type="application/json")
    assert answer.status_code == 400 and answer.mimetype == "application/problem+json"
    assert len(calls) == 1
