"""A locked-down service: compressed bodies refused, the echo route off unless turned on,
CORS only for the origins allowed, batches refused early and taking turns. (A worker
aborted by the timeout: tests/test_observability.py; the NetworkPolicy:
tests/test_deploy.py; memory: tests/test_memory.py.)"""

from __future__ import annotations

import gzip
import json
import os
import random

import pytest

from service import create_app
from service.checking import MAX_BATCH_GAMES, MAX_BODY_BYTES
from service.game.rulesets import presets
from service.generating.random_game import random_game

PROBLEM = "application/problem+json"
NDJSON = "application/x-ndjson"
BODY_ROUTES = ("/v1/games/check", "/v1/games/check-batch", "/v1/echo")


@pytest.fixture(scope="module")
def game() -> dict:
    return random_game(presets()["ddv"].ruleset, random.Random(5))


def problem(response, status: int) -> dict:
    assert response.status_code == status, response.get_data(as_text=True)[:300]
    assert response.mimetype == PROBLEM
    assert response.headers["X-Request-ID"]
    return response.get_json()


# ---- Content-Encoding ------------------------------------------------------------------

@pytest.mark.parametrize("route", BODY_ROUTES)
@pytest.mark.parametrize("coding", ["gzip", "deflate", "br", "GZIP", "gzip, identity"])
def test_a_compressed_body_is_415(client, game, route, coding):
    body = gzip.compress(json.dumps(game).encode())
    answer = client.post(route, data=body, content_type="application/json",
                         headers={"Content-Encoding": coding})
    assert "Content-Encoding" in problem(answer, 415)["detail"]


@pytest.mark.parametrize("coding", ["identity", "Identity", ""])
def test_an_uncompressed_body_is_read(client, game, coding):
    answer = client.post("/v1/games/check", json=game, headers={"Content-Encoding": coding})
    assert answer.status_code == 200


# ---- the echo route --------------------------------------------------------------------

def test_echo_is_off_unless_turned_on(monkeypatch, game):
    monkeypatch.delenv("DOKO_ECHO", raising=False)
    answer = create_app().test_client().post("/v1/echo", json=game)
    problem(answer, 404)
    monkeypatch.setenv("DOKO_ECHO", "off")
    problem(create_app().test_client().post("/v1/echo", json=game), 404)
    monkeypatch.setenv("DOKO_ECHO", "on")
    assert create_app().test_client().post("/v1/echo", json=game).status_code == 200


# ---- CORS ------------------------------------------------------------------------------

def test_cors_is_off_by_default(monkeypatch, game):
    monkeypatch.delenv("DOKO_CORS_ORIGINS", raising=False)
    client = create_app().test_client()
    answer = client.post("/v1/games/check", json=game, headers={"Origin": "https://x.example"})
    assert answer.status_code == 200
    assert not [h for h, _ in answer.headers if h.lower().startswith("access-control-")]


def test_cors_answers_the_allowed_origins_only(monkeypatch, game):
    monkeypatch.setenv("DOKO_CORS_ORIGINS", "https://club.example, http://localhost:5173/")
    client = create_app().test_client()
    for origin in ("https://club.example", "http://localhost:5173"):
        answer = client.post("/v1/games/check", json=game, headers={"Origin": origin})
        assert answer.headers["Access-Control-Allow-Origin"] == origin
        assert "X-Request-ID" in answer.headers["Access-Control-Expose-Headers"]
        assert "Origin" in answer.headers["Vary"]
        # errors too, so that the page can read the problem
        answer = client.post("/v1/games/check", data="{", content_type="application/json",
                             headers={"Origin": origin})
        assert answer.headers["Access-Control-Allow-Origin"] == origin
        preflight = client.options("/v1/games/check", headers={
            "Origin": origin, "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "content-type"})
        assert preflight.status_code == 200
        assert preflight.headers["Access-Control-Allow-Origin"] == origin
        assert "POST" in preflight.headers["Access-Control-Allow-Methods"]
        assert "Content-Type" in preflight.headers["Access-Control-Allow-Headers"]
    answer = client.post("/v1/games/check", json=game, headers={"Origin": "https://evil.example"})
    assert "Access-Control-Allow-Origin" not in answer.headers
    assert "Origin" in answer.headers["Vary"]


# ---- batches: refused while read, each transcript held to the single limits ------------

def test_an_oversized_array_is_refused_before_it_is_parsed_whole(client):
    """Some 300,000 empty objects (900 KB, within the batch's bytes): 413 after the
    first element over the count, holding little more than the body; it was parsed and
    wrapped whole before (some 25 MB here, 575 MiB for 8 MiB)."""
    import tracemalloc

    body = ("[" + ",".join(["{}"] * 300_000) + "]").encode()
    tracemalloc.start()
    try:
        tracemalloc.reset_peak()
        before = tracemalloc.get_traced_memory()[0]
        answer = client.post("/v1/games/check-batch", data=body,
                             content_type="application/json")
        peak = tracemalloc.get_traced_memory()[1] - before
    finally:
        tracemalloc.stop()
    assert f"at most {MAX_BATCH_GAMES}" in problem(answer, 413)["detail"]
    assert peak < 4 * len(body) + 1024 * 1024, peak


def test_an_oversized_ndjson_batch_is_refused_at_the_first_line_over(client):
    body = b"{}\n" * 300_000
    assert f"at most {MAX_BATCH_GAMES}" in problem(
        client.post("/v1/games/check-batch", data=body, content_type=NDJSON), 413)["detail"]


def test_each_transcript_of_a_batch_keeps_the_single_checks_limits(client, game):
    big = json.dumps(game | {"note": "x" * MAX_BODY_BYTES})
    twice = json.dumps(game)[:-1] + ', "dealer": 1}'
    lone = json.dumps(game | {"players": ["A", "B", "C", "@"]}).replace("@", "\\ud800")
    for answer in (
            client.post("/v1/games/check-batch", content_type="application/json",
                        data="[" + ",".join([json.dumps(game), big, twice, lone]) + "]"),
            client.post("/v1/games/check-batch", content_type=NDJSON,
                        data="\n".join([json.dumps(game), big, twice, lone]))):
        assert answer.status_code == 200, answer.get_data(as_text=True)[:300]
        first, too_large, duplicate, surrogate = answer.get_json()["results"]
        assert first["valid"] is True
        assert too_large["index"] == 1 and too_large["error"]["status"] == 413
        assert duplicate["error"]["errors"][0]["pointer"] == "/dealer"
        assert surrogate["error"]["errors"][0]["pointer"] == "/players/3"


def test_a_batch_with_every_slot_taken_is_503_with_retry_after(app, client, game):
    from service.api import fairshare

    slots = app.extensions[fairshare.BATCH_SLOTS]
    assert slots.count == fairshare.DEFAULT_SLOTS
    with slots.held():
        answer = client.post("/v1/games/check-batch", json=[game])
        body = problem(answer, 503)
        assert int(answer.headers["Retry-After"]) >= 1
        assert "Retry-After" in body["detail"]
        assert client.post("/v1/games/check", json=game).status_code == 200
    assert client.post("/v1/games/check-batch", json=[game]).status_code == 200


def test_batch_slots_are_shared_by_forked_workers(tmp_path):
    """A slot held in one process (a worker) is taken for another forked after it."""
    from service.api import fairshare

    slots = fairshare.BatchSlots(1, str(tmp_path))
    read, write = os.pipe()
    with slots.held():
        pid = os.fork()
        if pid == 0:  # pragma: no cover - the child reports through the pipe
            try:
                with slots.held():
                    os.write(write, b"free")
            except Exception as error:
                os.write(write, str(getattr(error, "status", error)).encode())
            os._exit(0)
        os.waitpid(pid, 0)
    assert os.read(read, 100) == b"503"
    with slots.held():  # released
        pass
