"""The fast paths answer exactly as the authoritative paths they shortcut.

orjson in front of the strict JSON reader (service/checking/fastjson.py), plain-code
validation in front of marshmallow (service/reading/fastload.py), orjson writing the
answer: on a generated corpus of realistic games and on thousands of mutated bodies,
the value read, the transcript loaded and the answer's bytes (or the problem document)
are the same either way.
"""

from __future__ import annotations

import importlib
import json
import random
from typing import Any

import orjson
import pytest
from marshmallow import ValidationError

from service.checking import check_data, fastjson, jsonbody
from service.checking.problem import Problem, problem_body
from service.game.rulesets import RulesetError, resolve
from service.game.transcript import from_dict
from service.reading import fastload
from service.reading.fastload import fast_transcript
from service.reading.schemas import GAME_FIELDS, TRANSCRIPT, GameSchema
from service.tools.corpus import bodies, games

check_module = importlib.import_module("service.reading.load")
GAMES = games(240, seed=7)
BODIES = bodies(240, seed=7)

# Values a mutation puts somewhere: every JSON type, edge integers, near-miss strings.
ODD_VALUES: tuple[Any, ...] = (
    None, True, False, 0, -1, 4, 3, 1.0, 2.5, 2**64, 2**53, "", "x", "0", "normal", "solo",
    "re", "contra", "ddv", "healthy", "H10", [], {}, [1], {"preset": "ddv"},
    {"preset": "ddv", "options": {"solo_multiplier": 5000}}, {"type": "solo"},
    "ä\u2028", "\x1f",
)
EXTRA_KEYS = ("seat", "card", "type", "extra", "declarer", "winner", "bock", "trick", "")


def _containers(value: Any, found: list[Any]) -> list[Any]:
    if isinstance(value, dict | list):
        found.append(value)
        for item in value.values() if isinstance(value, dict) else value:
            _containers(item, found)
    return found


def mutate(data: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A copy with one or two structural changes somewhere in the tree."""
    data = json.loads(json.dumps(data))
    for _ in range(rng.choice((1, 1, 2))):
        target = rng.choice(_containers(data, []))
        roll = rng.random()
        if isinstance(target, dict):
            if not target or roll < 0.2:
                target[rng.choice(EXTRA_KEYS)] = rng.choice(ODD_VALUES)
            elif roll < 0.4:
                del target[rng.choice(list(target))]
            else:
                target[rng.choice(list(target))] = rng.choice(ODD_VALUES)
        elif target:
            index = rng.randrange(len(target))
            if roll < 0.2:
                del target[index]
            elif roll < 0.3:
                target.append(rng.choice(target))
            else:
                target[index] = rng.choice(ODD_VALUES)
    return data


def mutate_bytes(body: bytes, rng: random.Random) -> bytes:
    """Textual changes the parsers may read differently: a key twice, escapes, numbers
    written as floats or huge, whitespace, a cut, a stray byte."""
    roll = rng.random()
    if roll < 0.15:
        return body.replace(b'"dealer":', b'"dealer":1,"dealer":', 1)
    if roll < 0.25:
        return body.replace(b'{"seat":', b'{"seat":0,"seat":', 1)
    if roll < 0.35:
        return body.replace(b'"seat":1', rng.choice((b'"seat":1.0', b'"seat":1e0',
                                                      b'"seat":18446744073709551617')), 1)
    if roll < 0.45:
        return body.replace(b'"card":"', rng.choice((b'"card":"\\u0048', b'"card":"\\ud800',
                                                      b'"card":"\\/', b'"card":"\\"')), 1)
    if roll < 0.55:
        return body.replace(b",", b", ").replace(b":", b": ")
    if roll < 0.65:
        return body[:rng.randrange(len(body))]
    if roll < 0.75:
        return rng.choice((b"\xef\xbb\xbf", b" ", b"\n", b"")) + body + rng.choice(
            (b"\n", b"", b" x", b"\x00"))
    if roll < 0.85:
        return body.replace(b"}", b',"id":' + rng.choice((b"NaN", b"Infinity", b"-0",
                                                          b'"a:b"', b"1E400")) + b"}", 1)
    position = rng.randrange(len(body))
    return body[:position] + bytes([rng.randrange(256)]) + body[position + 1:]


def read(reader: Any, body: bytes) -> str:
    """What a reader makes of a body: the value's repr (types and key order), or the
    problem document."""
    try:
        return repr(reader(body))
    except Problem as problem:
        return repr(problem_body(problem.status, problem.detail, problem.errors))


def marshmallow_load(data: Any) -> str:
    """The transcript as marshmallow's reading of the data makes it."""
    try:
        loaded = TRANSCRIPT.load(data)
    except ValidationError as error:
        return repr(error.messages)
    return repr(from_dict(loaded, loaded["ruleset"]))


def authoritative_answer(body: bytes, monkeypatch: pytest.MonkeyPatch) -> bytes:
    with monkeypatch.context() as patch:
        patch.setattr(check_module, "fast_transcript", lambda data: None)
        return answer(body, jsonbody.loads,
                      lambda v: json.dumps(v, ensure_ascii=False, separators=(",", ":")).encode())


def answer(body: bytes, loads: Any = fastjson.loads, dumps: Any = fastjson.dumps) -> bytes:
    try:
        return dumps(check_data(loads(body)).answer)
    except Problem as problem:
        return repr(problem_body(problem.status, problem.detail, problem.errors)).encode()


def test_corpus_takes_the_fast_paths() -> None:
    # The shortcut is taken for the bodies clients send; otherwise it speeds nothing up.
    assert all(orjson.dumps(orjson.loads(b)) == b for b in BODIES)  # compact: written back
    assert all(fastjson._members(json.loads(b), 0) == b.count(b":") for b in BODIES)
    assert all(fast_transcript(g) is not None for g in GAMES)


def test_json_reader_agrees_on_corpus_and_mutated_bodies() -> None:
    rng = random.Random(1)
    samples = BODIES + [mutate_bytes(rng.choice(BODIES), rng) for _ in range(3000)]
    samples += [json.dumps(mutate(rng.choice(GAMES), rng)).encode() for _ in range(1000)]
    # nesting: within both parsers' limits, beyond orjson's writer, beyond the strict reader
    samples += [b"[" * depth + b"]" * depth for depth in (30, 40, 254, 300, 1500)]
    samples += [b'{"a":' * depth + b"1" + b"}" * depth for depth in (31, 33, 300)]
    for body in samples:
        assert read(fastjson.loads, body) == read(jsonbody.loads, body), body


def test_validation_agrees_on_corpus_and_mutated_transcripts() -> None:
    rng = random.Random(2)
    fast = 0
    for data in GAMES + [mutate(rng.choice(GAMES), rng) for _ in range(4000)]:
        loaded = fast_transcript(data)
        if loaded is not None:
            fast += 1
            assert repr(loaded) == marshmallow_load(data), data
    assert fast > len(GAMES)  # many mutations are still well-formed and go the fast way


def test_a_games_fields_are_loaded_in_the_schemas_order() -> None:
    # fast_transcript loads a game's fields in GAME_FIELDS' order, marshmallow in the
    # schema's; game_fields, a frozenset of their names, prints in the order they came
    # in (for some hash seeds only, so the corpus test above may not see it).
    schema_order = list(GameSchema().fields)
    for kind, names in GAME_FIELDS.items():
        assert list(names) == [n for n in schema_order if n in names], kind
    game = {"trumps_returned": 0, "partner": 1, "type": "poverty", "declarer": 2}
    assert list(fastload._game(game)) == list(GameSchema().load(game))
    assert list(GameSchema().load(game)) == ["type", "declarer", "partner", "trumps_returned"]


def test_answers_are_byte_identical(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(3)
    samples = BODIES + [json.dumps(mutate(rng.choice(GAMES), rng), ensure_ascii=False,
                                   separators=(",", ":")).encode() for _ in range(1500)]
    samples += [mutate_bytes(rng.choice(BODIES), rng) for _ in range(500)]
    for body in samples:
        assert answer(body) == authoritative_answer(body, monkeypatch), body


def test_dumps_hands_unusual_values_to_json() -> None:
    class Name(str):
        pass

    for value in ({"a": 2**70}, {"n": Name("x")}, [1.5], {"s": "ä\x1f\u2028"}):
        assert fastjson.dumps(value) == json.dumps(
            value, ensure_ascii=False, separators=(",", ":")).encode()


def test_without_orjson_both_go_the_standard_way(monkeypatch: pytest.MonkeyPatch) -> None:
    # The rules library and doko-check install without orjson (it comes with the extras).
    monkeypatch.setattr(fastjson, "orjson", None)
    for body in [*BODIES[:20], b'{"a":1,"a":2}', b"[1.5]", b"\xff"]:
        assert read(fastjson.loads, body) == read(jsonbody.loads, body)
    value = {"tricks": [(1, 2)], "name": "Zoë"}
    assert fastjson.dumps(value) == json.dumps(value, ensure_ascii=False,
                                               separators=(",", ":")).encode()


def test_a_custom_ruleset_is_kept_by_its_options_exactly_as_written() -> None:
    # Built once and then looked up (resolve keeps the custom rulesets it built), keyed
    # so that values Python holds equal but JSON does not (false and 0, 2 and 2.0) are
    # never taken for each other.
    def spec(**options: Any) -> dict[str, Any]:
        return {"preset": "ddv", "options": options}

    assert resolve(spec(solo_multiplier=2)) is resolve(spec(solo_multiplier=2))
    assert resolve(spec(dollen=False)).dollen is False
    with pytest.raises(RulesetError, match="dollen: must be true or false"):
        resolve(spec(dollen=0))
    with pytest.raises(RulesetError, match="solo_multiplier: must be a non-negative integer"):
        resolve(spec(solo_multiplier=2.0))
