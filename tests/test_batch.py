"""POST /v1/games/check-batch: both encodings, order, summary, malformed entries, limits."""

from __future__ import annotations

import io
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from prometheus_client.parser import text_string_to_metric_families

from service.checking import MAX_BATCH_BYTES, MAX_BATCH_GAMES
from service.game.rulesets import presets
from service.generating.random_game import random_game

PROBLEM = "application/problem+json"
NDJSON = "application/x-ndjson"
NAMES = ["Anna", "Ben", "Cleo", "Dan"]


@pytest.fixture(scope="module")
def games() -> list[dict[str, Any]]:
    """Legal games of every type under every preset, with names and agreeing claims."""
    rng = random.Random(21)
    rulesets = [p.ruleset for p in presets().values()]
    return [random_game(rulesets[i % len(rulesets)], rng, game_types=True, call_chance=0.1)
            | {"players": NAMES} for i in range(8)]


def post_json(client, body: Any):
    return client.post("/v1/games/check-batch", json=body)


def post_ndjson(client, text: str | bytes):
    return client.post("/v1/games/check-batch", data=text, content_type=NDJSON)


def answer_of(response) -> dict[str, Any]:
    assert response.status_code == 200, response.get_data(as_text=True)[:500]
    assert response.mimetype == "application/json"
    assert response.headers["X-Request-ID"]
    return response.get_json()


def problem(response, status: int) -> dict[str, Any]:
    assert response.status_code == status, response.get_data(as_text=True)[:500]
    assert response.mimetype == PROBLEM
    return response.get_json()


def single(client, body: Any) -> tuple[int, dict[str, Any]]:
    """What POST /v1/games/check answers for one transcript, as sent."""
    data = body if isinstance(body, bytes) else json.dumps(body)
    response = client.post("/v1/games/check", data=data, content_type="application/json")
    return response.status_code, response.get_json()


def mixed(games: list[dict[str, Any]]) -> list[Any]:
    """Good games with an invalid one, a disagreeing claim, a partial game and two
    malformed transcripts among them."""
    good = games[0]
    return [
        good,
        good | {"play": good["play"][1:]},  # out of turn from the first card: invalid,
        # and one card short: incomplete
        games[1] | {"claimed": {"value": 99, "winner": None}},  # disagrees
        games[2] | {"play": games[2]["play"][:7]},  # incomplete
        good | {"dealer": 9, "extra": True},  # malformed: two field errors
        "not a transcript",  # malformed: not an object
        games[3],
    ]


# ---- both encodings answer as the single check does ----------------------------------

def test_json_array_answers_each_game_as_the_single_check_in_order(client, games):
    batch = mixed(games)
    results = answer_of(post_json(client, batch))["results"]
    assert len(results) == len(batch)
    for index, (body, entry) in enumerate(zip(batch, results, strict=True)):
        status, alone = single(client, body)
        if status == 200:
            assert entry == alone
        else:
            assert status == 400
            assert entry == {"index": index, "error": alone}


def test_ndjson_answers_each_line_as_the_single_check_in_order(client, games):
    batch = mixed(games)
    lines = [json.dumps(body) for body in batch]
    results = answer_of(post_ndjson(client, "\n".join(lines) + "\n"))["results"]
    assert len(results) == len(batch)
    for index, (line, entry) in enumerate(zip(lines, results, strict=True)):
        status, alone = single(client, line.encode())
        if status == 200:
            assert entry == alone
        else:
            assert entry == {"index": index, "line": index + 1, "error": alone}


def test_both_encodings_answer_alike(client, games):
    by_array = answer_of(post_json(client, games))
    by_lines = answer_of(post_ndjson(client, "\n".join(map(json.dumps, games))))
    assert by_array == by_lines
    assert [r["players"] for r in by_array["results"]] == [NAMES] * len(games)


def test_order_is_kept(client, games):
    """Each game's tricks come back at its own place, whatever the order sent."""
    order = [5, 0, 7, 2, 2, 6, 1, 4, 3]
    results = answer_of(post_json(client, [games[i] for i in order]))["results"]
    assert [r["tricks"] for r in results] == [single(client, games[i])[1]["tricks"]
                                              for i in order]


def test_blank_lines_and_crlf_are_ignored_but_counted(client, games):
    text = ("\r\n\r\n" + json.dumps(games[0]) + "\r\n   \n\t\n"
            + json.dumps(games[1]) + "\r\n{\r\n")
    answer = answer_of(post_ndjson(client, text))
    first, second, broken = answer["results"]
    assert first == single(client, games[0])[1]
    assert second == single(client, games[1])[1]
    assert broken["index"] == 2 and broken["line"] == 7
    assert answer["summary"]["total"] == 3


# ---- malformed transcripts and broken lines ------------------------------------------

def test_broken_line_among_good_ones_does_not_fail_the_batch(client, games):
    text = "\n".join([json.dumps(games[0]), '{"ruleset": "ddv",', json.dumps(games[1]),
                      "[1, 2", "NaN", json.dumps(games[2])])
    answer = answer_of(post_ndjson(client, text))
    results = answer["results"]
    assert [r.get("line") for r in results] == [None, 2, None, 4, 5, None]
    for entry, line in zip((results[1], results[3], results[4]),
                           (b'{"ruleset": "ddv",', b"[1, 2", b"NaN"), strict=True):
        assert set(entry) == {"index", "line", "error"}
        assert entry["error"]["status"] == 400
        assert "ot valid JSON" in entry["error"]["detail"]
        # the parse error of a line is what the single check says of that body, its
        # line the body's
        alone = single(client, line)[1]
        if "line" in alone:
            assert alone["line"] == 1
            alone["line"] = entry["line"]
            alone["detail"] = alone["detail"].replace("line 1,", f"line {entry['line']},")
        assert entry["error"] == alone
    assert [r["valid"] for r in (results[0], results[2], results[5])] == [True] * 3
    assert answer["summary"]["malformed"] == 3 and answer["summary"]["valid"] == 3


def test_malformed_transcript_keeps_its_field_errors(client, games):
    results = answer_of(post_json(client, [games[0], {"ruleset": "nope", "dealer": 0,
                                                      "hands": [[]] * 4, "play": []}]))
    error = results["results"][1]
    assert error["index"] == 1 and "line" not in error
    assert error["error"]["title"] == "Bad Request"
    assert [e["pointer"] for e in error["error"]["errors"]] == ["/ruleset"]


def test_invalid_utf8_on_one_line_is_that_line_only(client, games):
    body = json.dumps(games[0]).encode() + b'\n{"ruleset": "\xff"}\n'
    results = answer_of(post_ndjson(client, body))["results"]
    assert results[0]["valid"]
    assert results[1]["line"] == 2 and results[1]["error"]["status"] == 400


# ---- summary ---------------------------------------------------------------------------

def test_summary_counts_every_kind(client, games):
    batch = mixed(games)
    answer = answer_of(post_json(client, batch))
    invalid = answer["results"][1]
    codes: dict[str, int] = {}
    for violation in invalid["violations"]:
        codes[violation["code"]] = codes.get(violation["code"], 0) + 1
    assert answer["summary"] == {
        "total": 7, "valid": 4, "invalid": 1, "malformed": 2, "complete": 3,
        "incomplete": 2, "disagreeing": 1, "violations": dict(sorted(codes.items()))}


def test_claims_that_agree_are_not_disagreeing(client, games):
    claimed = []
    for game in games[:3]:
        result = single(client, game)[1]
        claimed.append(game | {"claimed": {"winner": result["winner"],
                                           "value": result["score"]["value"]}})
    summary = answer_of(post_json(client, claimed))["summary"]
    assert summary["disagreeing"] == 0 and summary["valid"] == 3


def test_empty_batches(client):
    empty = {"results": [], "summary": {
        "total": 0, "valid": 0, "invalid": 0, "malformed": 0, "complete": 0,
        "incomplete": 0, "disagreeing": 0, "violations": {}}}
    assert answer_of(post_json(client, [])) == empty
    assert answer_of(post_ndjson(client, "")) == empty
    assert answer_of(post_ndjson(client, "\n \n")) == empty


# ---- whole-body errors -----------------------------------------------------------------

@pytest.mark.parametrize("media", ["text/plain", "application/x-www-form-urlencoded",
                                   "application/jsonl", "text/csv"])
def test_other_media_types_are_415(client, games, media):
    body = problem(client.post("/v1/games/check-batch", data=json.dumps(games[:1]),
                               content_type=media), 415)
    assert NDJSON in body["detail"]


def test_json_body_must_be_an_array_of_json(client, games):
    body = problem(post_json(client, games[0]), 400)
    assert body["errors"] == [{"pointer": "", "message": "Must be an array."}]
    body = problem(client.post("/v1/games/check-batch", data="[{",
                               content_type="application/json"), 400)
    assert "Not valid JSON at line 1, column 3" in body["detail"]


def test_the_route_takes_only_post(client):
    answer = client.get("/v1/games/check-batch")
    assert answer.status_code == 405 and "POST" in answer.headers["Allow"]


# ---- limits ----------------------------------------------------------------------------

def test_at_most_max_games(client):
    """Cheap transcripts (each malformed) show the count limit without checking games."""
    answer = answer_of(post_ndjson(client, "1\n" * MAX_BATCH_GAMES))
    assert answer["summary"]["malformed"] == MAX_BATCH_GAMES
    body = problem(post_ndjson(client, "1\n" * (MAX_BATCH_GAMES + 1)), 413)
    assert f"at most {MAX_BATCH_GAMES}" in body["detail"]
    body = problem(post_json(client, [1] * (MAX_BATCH_GAMES + 1)), 413)
    assert str(MAX_BATCH_GAMES + 1) in body["detail"]
    assert problem(post_json(client, [{}] * 5000), 413)


def padded(games: list[dict[str, Any]], size: int) -> bytes:
    body = json.dumps(games).encode()
    return body + b" " * (size - len(body))


def test_body_up_to_the_batch_limit_is_read(client, games):
    """The batch limit is above the single check's 256 KiB."""
    answer = answer_of(client.post("/v1/games/check-batch", data=padded(games, MAX_BATCH_BYTES),
                                   content_type="application/json"))
    assert answer["summary"]["valid"] == len(games)
    ndjson = b"\n".join(json.dumps(g).encode() for g in games)
    answer = answer_of(post_ndjson(client, ndjson + b"\n" * (MAX_BATCH_BYTES - len(ndjson))))
    assert answer["summary"]["valid"] == len(games)


def test_body_over_the_batch_limit_is_413(client, games):
    problem(client.post("/v1/games/check-batch", data=padded(games, MAX_BATCH_BYTES + 1),
                        content_type="application/json"), 413)
    problem(post_ndjson(client, b"\n" * (MAX_BATCH_BYTES + 1)), 413)


def test_the_single_check_keeps_its_own_limit(client, games):
    """Raising the batch route's limit leaves POST /v1/games/check at 256 KiB."""
    from service.checking import MAX_BODY_BYTES

    body = json.dumps(games[0]).encode()
    answer = client.post("/v1/games/check", data=body + b" " * (MAX_BODY_BYTES + 1 - len(body)),
                         content_type="application/json")
    problem(answer, 413)


class Trickle(io.BytesIO):
    """A chunked body as a server hands it on: short reads, then the end."""

    def read(self, size: int | None = -1) -> bytes:
        return super().read(65536 if size is None or size < 0 else min(size, 65536))


def chunked(client, data: bytes, media: str):
    stream = Trickle(data)
    response = client.post("/v1/games/check-batch", content_type=media, input_stream=stream,
                           environ_overrides={"HTTP_TRANSFER_ENCODING": "chunked",
                                              "wsgi.input_terminated": True})
    return response, stream.tell()


def test_chunked_body_is_bounded_by_the_batch_limit(client, games):
    response, _ = chunked(client, padded(games, MAX_BATCH_BYTES), "application/json")
    assert answer_of(response)["summary"]["valid"] == len(games)
    response, read = chunked(client, b"\n" * (MAX_BATCH_BYTES + 10_000), NDJSON)
    problem(response, 413)
    assert read == MAX_BATCH_BYTES + 1  # no further than needed to know


# ---- metrics ---------------------------------------------------------------------------

def checked_games(client) -> dict[tuple[str, str], float]:
    text = client.get("/metrics").get_data(as_text=True)
    counts: dict[tuple[str, str], float] = {}
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            if sample.name == "doko_games_checked_total":
                key = (sample.labels["outcome"], sample.labels["claim"])
                counts[key] = counts.get(key, 0) + sample.value
    return counts


def test_batch_games_are_counted_as_single_ones(client, games):
    before = checked_games(client)
    answer_of(post_json(client, mixed(games)))
    after = checked_games(client)
    delta = {key: after.get(key, 0) - before.get(key, 0) for key in after}
    # pytest-xdist runs other tests in another process: this process's counts are ours
    assert {k: v for k, v in delta.items() if v} == {
        ("valid", "none"): 3, ("invalid", "none"): 1, ("valid", "disagrees"): 1}


# ---- the handbook's example (docs/api.md) ----------------------------------------------

def test_the_api_pages_batch_summary_is_what_the_service_answers(client):
    root = Path(__file__).resolve().parents[1]
    page = (root / "docs" / "api.md").read_text(encoding="utf-8")
    block = re.search(r"<!-- batch-summary:start -->\n```json\n(.*?)```", page, re.S)
    assert block, "docs/api.md lost its batch summary"
    lines = (root / "examples" / "evening.jsonl").read_bytes()
    by_lines = answer_of(post_ndjson(client, lines))
    by_array = answer_of(post_json(client, [json.loads(x) for x in lines.splitlines()]))
    assert by_lines == by_array
    assert by_lines["summary"] == json.loads(block.group(1))


def test_ndjson_sent_as_json_gets_a_problem_saying_what_to_send(client, games):
    """NDJSON with Content-Type application/json: a 400 problem naming both ways that
    work (application/x-ndjson, or a JSON array)."""
    body = "".join(json.dumps(g) + "\n" for g in games[:3])
    response = client.post("/v1/games/check-batch", data=body,
                           headers={"Content-Type": "application/json"})
    assert response.status_code == 400
    assert response.mimetype == "application/problem+json"
    detail = response.get_json()["detail"]
    assert "application/x-ndjson" in detail and "JSON array" in detail


def test_one_transcript_sent_to_the_batch_says_where_it_goes(client, games):
    response = client.post("/v1/games/check-batch", json=games[0])
    assert response.status_code == 400
    assert "POST /v1/games/check" in response.get_json()["detail"]
