"""Nothing a client sends crashes the service, hangs it or is silently misread: every
answer here is a checked game (200) or a 4xx problem document, within QUICK seconds.

tests/test_limits.py covers sizes (bodies, lists, nesting, long strings, many fields,
huge integers where integers go) and tests/test_api.py the field errors of a few
malformed transcripts; this file goes through every field of full transcripts (null,
every other JSON type, unknown members), unicode anywhere, keys given twice, lone
surrogates, NaN and Infinity inside a body, integers above the option bound, bodies
that are empty, short or of another media type.
"""

from __future__ import annotations

import copy
import json
import random
import re
import time
from collections.abc import Iterator
from typing import Any

import pytest

from service.game.options import CATALOGUE
from service.game.rulesets import resolve
from service.generating.random_game import random_game
from service.reading.shapes import MAX_NAME, MAX_OPTION_INT

PROBLEM = "application/problem+json"
QUICK = 2.0  # seconds; a check takes about a millisecond, a refusal less
ROUTES = ("/v1/games/check", "/v1/echo")  # the echo route reads bodies the same way


def find_game(preset: str, kind: str) -> dict[str, Any]:
    for seed in range(5000):
        data = random_game(resolve(preset), random.Random(seed), game_types=True,
                           call_chance=0.2)
        if data["game"]["type"] == kind:
            return data
    raise AssertionError(kind)


@pytest.fixture(scope="module")
def full_games(app) -> dict[str, dict[str, Any]]:
    """Transcripts with every field there is: players, a ruleset with options,
    reservations with their extra fields, each game type's fields, every claim."""
    client = app.test_client()
    games = {}
    for preset, kind in (("freedoko", "poverty"), ("ddv", "marriage"), ("mittwoch", "solo")):
        data = find_game(preset, kind)
        data["ruleset"] = {"preset": preset, "options": {"solo_multiplier": 3}}
        data["players"] = ["Anna", "Ben", "Cleo", "Dan"]
        if kind == "solo":
            solo = next(r for r in data["reservations"] if r["reservation"] == "solo")
            solo["bid"] = "re"
        answer = client.post("/v1/games/check", json=data).get_json()
        if kind == "marriage":
            data["game"]["partner"] = answer["game"].get("partner")
        data["claimed"] = {"winner": answer["winner"], "value": answer["score"]["value"],
                           "scores": answer["score"]["scores"],
                           "card_points": answer["card_points"], "valid": answer["valid"]}
        assert client.post("/v1/games/check", json=data).get_json()["claimed"]["agrees"]
        games[kind] = data
    return games


def post(client, data: bytes | str, content_type: str | None = "application/json",
         route: str = "/v1/games/check", **kwargs: Any):
    """POST a body as it is; the answer, checked to be quick and a 200 or a 4xx problem."""
    started = time.thread_time()  # CPU time: a busy machine does not fail the test
    headers = {} if content_type is None else {"Content-Type": content_type}
    response = client.post(route, data=data, headers=headers, **kwargs)
    took = time.thread_time() - started
    assert took < QUICK, (route, took)
    if response.status_code != 200:
        assert 400 <= response.status_code < 500, response.get_data(as_text=True)[:500]
        assert response.mimetype == PROBLEM
        body = response.get_json()
        assert body["status"] == response.status_code and body["detail"]
        assert response.headers["X-Request-ID"]
    return response


def post_json(client, body: Any, **kwargs: Any):
    return post(client, json.dumps(body, ensure_ascii=False).encode(), **kwargs)


def error_pointers(response) -> list[str]:
    assert response.status_code == 400, response.get_data(as_text=True)[:500]
    return [e["pointer"] for e in response.get_json().get("errors", [])]


def token(key: object) -> str:
    return str(key).replace("~", "~0").replace("/", "~1")


def locations(value: Any, pointer: str = "") -> Iterator[str]:
    """The pointer of every member and element, except the many alike in long lists
    (of play, hands and a hand only the first two and the last are taken)."""
    if isinstance(value, dict):
        items = list(value.items())
    elif isinstance(value, list):
        items = list(enumerate(value))
        if len(items) > 4:
            items = [*items[:2], items[-1]]
    else:
        return
    for key, item in items:
        here = f"{pointer}/{token(key)}"
        yield here
        yield from locations(item, here)


def replaced(data: dict[str, Any], pointer: str, value: Any) -> dict[str, Any]:
    copied = copy.deepcopy(data)
    *path, last = [t.replace("~1", "/").replace("~0", "~") for t in pointer.split("/")[1:]]
    target: Any = copied
    for key in path:
        target = target[int(key)] if isinstance(target, list) else target[key]
    target[int(last) if isinstance(target, list) else last] = value
    return copied


def related(a: str, b: str) -> bool:
    """One pointer is the other or lies inside it."""
    return a == b or a.startswith(b + "/") or b.startswith(a + "/")


# ---- every field ---------------------------------------------------------------------

NULLABLE = {"/game/partner", "/claimed/winner"}  # a poverty nobody took, nobody won


@pytest.mark.parametrize("kind", ["poverty", "marriage", "solo"])
def test_null_in_every_field_is_refused_where_it_stands(client, full_games, kind):
    data = full_games[kind]
    for pointer in locations(data):
        response = post_json(client, replaced(data, pointer, None))
        if pointer in NULLABLE:
            assert response.status_code == 200, pointer
        else:
            assert pointer in error_pointers(response), (pointer, response.get_json())


OTHER_TYPES = [True, 0, -1, 1.5, 10**30, "", "x", "♥ÄΩ🂡", [], [None], {}, {"seat": 0}]


@pytest.mark.parametrize("value", OTHER_TYPES, ids=repr)
def test_any_value_in_every_field_is_a_game_or_a_refusal_there(client, full_games, value):
    """A checked game where the value fits (a string is a card to check), else a 400 that
    names the field (or a field next to it that the value made wrong)."""
    for data in full_games.values():
        for pointer in locations(data):
            response = post_json(client, replaced(data, pointer, value))
            if response.status_code != 200:
                found = error_pointers(response)
                parent = pointer.rsplit("/", 1)[0]
                assert any(related(p, pointer) or p.startswith(parent + "/") for p in found), (
                    pointer, found)


def test_unknown_members_of_every_object_are_named(client, full_games):
    for data in full_games.values():
        objects = [""] + [p for p in locations(data) if isinstance(at(data, p), dict)]
        for pointer in objects:
            name = "ünknown/~field"
            body = copy.deepcopy(data)
            at(body, pointer)[name] = 1
            expected = f"{pointer}/{token(name)}"
            assert expected in error_pointers(post_json(client, body)), expected


def at(data: Any, pointer: str) -> Any:
    for key in [t.replace("~1", "/").replace("~0", "~") for t in pointer.split("/")[1:]]:
        data = data[int(key)] if isinstance(data, list) else data[key]
    return data


# ---- unicode ---------------------------------------------------------------------------

NAMES = [
    "Jörg", "Zoë", "Åsa", "Łukasz", "Søren", "Ελένη", "Дмитрий", "王芳", "さくら", "김민준",
    "محمد", "שׂרה", "🂡🂱", "👩👩👧", "e\u0301\u0301", "\U0010ffff", "🙂" * MAX_NAME,
    "x" * MAX_NAME,
]
# Not names of people (a zero-width space, a direction override, NUL, a BOM, a joiner):
# refused since names are compared as people (tests/test_names.py).
UNPRINTABLE = ["\u200b", "\u202eevil", "a\u0000b", "\ufeff", "👩\u200d👩\u200d👧"]


def test_unprintable_player_names_are_refused(client, full_games):
    for name in UNPRINTABLE:
        raw = json.dumps(full_games["solo"] | {"players": ["a", "b", name, "d"]})
        answer = post(client, raw.encode())
        assert answer.status_code == 400
        assert answer.get_json()["errors"][0]["pointer"] == "/players/2"


def test_player_names_in_any_script_are_echoed_exactly(client, full_games):
    data = full_games["solo"]
    for i in range(0, len(NAMES), 4):
        names = [*NAMES[i:i + 4], "a", "b", "c", "d"][:4]
        for encoding in ("utf-8", "ascii"):  # raw UTF-8 or \u escapes (surrogate pairs)
            raw = json.dumps(data | {"players": names}, ensure_ascii=encoding == "ascii")
            answer = post(client, raw.encode()).get_json()
            assert answer["players"] == names
            assert answer["violations"] == []
            declarer = data["game"]["declarer"]
            assert answer["legal_actions" if "legal_actions" in answer else "game"]
            assert all(a.get("name") == names[a["seat"]] for a in answer["announcements"])
            assert [n for n in names if n] and names[declarer] in json.dumps(
                answer, ensure_ascii=False)


@pytest.mark.parametrize("name", ["", "🙂" * (MAX_NAME + 1), "x" * (MAX_NAME + 1)])
def test_names_out_of_bounds_are_refused_by_code_points(client, full_games, name):
    body = full_games["solo"] | {"players": ["a", "b", "c", name]}
    assert error_pointers(post_json(client, body)) == ["/players/3"]


CARD_TEXTS = ["♣Q", "cq", "CQ ", " CQ", "CQ\u0301", "ＣＱ", "C\u0000Q", "🂭", "H1O", "Dame",
              "\u202eQC", "CQ\ufe0f"]


SUIT_LETTERS = {"♣": "C", "♠": "S", "♥": "H", "♦": "D"}


def test_unicode_card_strings_are_violations_where_they_stand(client, full_games):
    """A card string that names no card is one unknown_card violation at its pointer;
    the text is kept as it was sent, or taken as the card it is a slip for."""
    data = full_games["solo"]
    first = next(i for i, e in enumerate(data["play"]) if "card" in e)
    for text in CARD_TEXTS:
        for where in ("play", "hands"):
            body = copy.deepcopy(data)
            if where == "play":
                body["play"][first]["card"] = text
                pointer = f"/play/{first}"
            else:
                body["hands"][2][0] = text
                pointer = "/hands/2/0"
            answer = post_json(client, body).get_json()
            found = [v for v in answer["violations"] if v["pointer"] == pointer]
            assert [v["code"] for v in found] == ["unknown_card"], (text, where, found)
            if where == "play":
                # a slip for a card the seat may play is taken as that card, else the
                # text is kept as it was sent
                # (said as players write it, ♥Q; the tricks list it as the transcript
                # does, HQ)
                taken = re.search(r"taken as ([♣♠♥♦])(10|[9JQKA]),", found[0]["message"])
                card = SUIT_LETTERS[taken.group(1)] + taken.group(2) if taken else text
                assert card in answer["tricks"][0]["cards"], (text, found[0]["message"])


@pytest.mark.parametrize("place", ["key", "preset", "option", "option_value", "announce",
                                   "game_type", "claimed_winner"])
def test_unicode_anywhere_else_is_refused_and_named(client, full_games, place):
    data = full_games["poverty"]
    text = "Ünïcødé ♥ 🂡 \u202e"
    body, pointer = {
        "key": (data | {text: 1}, f"/{token(text)}"),
        "preset": (data | {"ruleset": text}, "/ruleset"),
        "option": (data | {"ruleset": {"preset": "ddv", "options": {text: 1}}},
                   f"/ruleset/options/{token(text)}"),
        "option_value": (data | {"ruleset": {"preset": "ddv", "options": {"swines": text}}},
                         "/ruleset/options/swines"),
        "announce": (data | {"play": [{"seat": 0, "announce": text}]}, "/play/0/announce"),
        "game_type": (data | {"game": {"type": text}}, "/game/type"),
        "claimed_winner": (data | {"claimed": {"winner": text}}, "/claimed/winner"),
    }[place]
    assert pointer in error_pointers(post_json(client, body))


# Found by this file: a lone surrogate in a name, a played card or an unknown member's
# name made the answer unencodable (500, for a key from the error handler itself).
@pytest.mark.parametrize("route", ROUTES)
@pytest.mark.parametrize(("place", "pointer"), [
    ("players", "/players/3"), ("card", "/play/{first}/card"), ("hand", "/hands/1/2"),
    ("key", ""), ("option", "/ruleset/options"), ("preset", "/ruleset")])
@pytest.mark.parametrize("surrogate", ["\\ud800", "\\udfff", "\\uDBFF"])
def test_lone_surrogates_are_refused_with_their_place(client, full_games, route, place,
                                                      pointer, surrogate):
    data = full_games["solo"]
    first = next(i for i, e in enumerate(data["play"]) if "card" in e)
    mark = "@@surrogate@@"
    body = copy.deepcopy(data)
    if place == "players":
        body["players"][3] = mark
    elif place == "card":
        body["play"][first]["card"] = mark
    elif place == "hand":
        body["hands"][1][2] = mark
    elif place == "key":
        body[mark] = 1
    elif place == "option":
        body["ruleset"] = {"preset": "ddv", "options": {mark: 1}}
    else:
        body["ruleset"] = mark
    raw = json.dumps(body).replace(mark, f"x{surrogate}y")
    response = post(client, raw.encode(), route=route)
    assert response.status_code == 400
    assert response.get_json()["errors"] == [{
        "pointer": pointer.format(first=first),
        "message": ("A key of this object" if place in ("key", "option") else "The string")
        + f" holds the lone surrogate {surrogate.lower()}."}]


def test_surrogates_in_the_bytes_are_not_utf8(client, full_games):
    raw = json.dumps(full_games["solo"] | {"players": ["a", "b", "c", "@"]}).encode()
    response = post(client, raw.replace(b'"@"', b'"\xed\xa0\x80"'))
    assert response.get_json()["detail"] == (
        f"The request body is not valid UTF-8 (byte {raw.index(b'@') + 1}).")
    assert response.status_code == 400


def test_surrogate_pairs_are_characters(client, full_games):
    """An escaped pair (what ensure_ascii writes for 🂡) is one character, not refused."""
    raw = json.dumps(full_games["solo"] | {"players": ["🂡", "b", "c", "d"]})
    assert "\\ud83c\\udca1" in raw
    assert post(client, raw.encode()).get_json()["players"][0] == "🂡"


# ---- keys given twice ------------------------------------------------------------------

@pytest.mark.parametrize("route", ROUTES)
@pytest.mark.parametrize(("where", "key", "pointer"), [
    ("", "dealer", "/dealer"),
    ("", "play", "/play"),
    ("/ruleset", "preset", "/ruleset/preset"),
    ("/ruleset/options", "solo_multiplier", "/ruleset/options/solo_multiplier"),
    ("/game", "declarer", "/game/declarer"),
    ("/claimed", "winner", "/claimed/winner"),
    ("/claimed/card_points", "re", "/claimed/card_points/re"),
    ("/reservations/1", "seat", "/reservations/1/seat"),
    ("/play/5", "seat", "/play/5/seat"),
    ("/play/5", "a/b~c", "/play/5/a~1b~0c"),
])
def test_a_key_twice_in_one_object_is_refused_naming_it(client, full_games, route, where,
                                                        key, pointer):
    """Python's json keeps the last value silently; the service refuses the body instead
    (the two values might be read differently by another reader of the same record)."""
    body = copy.deepcopy(full_games["solo"])
    target = at(body, where)
    value = target.setdefault(key, 1)
    mark = "@@first@@"
    target[mark] = value
    raw = json.dumps(body).replace(f'"{mark}"', json.dumps(key))
    assert raw.count(json.dumps(key)) >= 2
    response = post(client, raw.encode(), route=route)
    assert response.status_code == 400
    problem = response.get_json()
    assert problem["errors"] == [{"pointer": pointer, "message":
                                  f"Duplicate key: {key!r} appears more than once in this "
                                  "object."}]
    assert repr(key) in problem["detail"]


def test_keys_differing_in_case_or_form_are_not_duplicates(client, full_games):
    body = full_games["solo"] | {"Dealer": 1, "de\u0301aler": 1}
    assert sorted(error_pointers(post_json(client, body))) == ["/Dealer", "/de\u0301aler"]


def test_one_duplicate_is_named_outer_objects_first(client):
    raw = '{"a": {"x": 1, "x": 2}, "b": 1, "b": 2, "play": [{"y": 1, "y": 1}]}'
    assert error_pointers(post(client, raw)) == ["/b"]
    raw = '{"a": {"x": 1, "x": 2}, "b": 1, "play": [{"y": 1, "y": 1}]}'
    assert error_pointers(post(client, raw)) == ["/a/x"]


# ---- numbers -----------------------------------------------------------------------------

@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
@pytest.mark.parametrize("place", ["/dealer", "/claimed/value", "/play/0/seat",
                                   "/ruleset/options/solo_multiplier", "/extra"])
def test_nan_and_infinity_inside_a_body_are_not_json(client, full_games, constant, place):
    body = replaced(full_games["solo"] | {"extra": 0}, place, "@n@")
    response = post(client, json.dumps(body).replace('"@n@"', constant))
    assert response.get_json()["detail"] == (
        f"The request body is not valid JSON: {constant} is not a JSON value")


@pytest.mark.parametrize("number", ["1e999", "-1e999", "1e-999", "2.0", "1E2"])
@pytest.mark.parametrize("place", ["/claimed/value", "/claimed/scores/0", "/play/0/seat",
                                   "/ruleset/options/solo_multiplier",
                                   "/game/offers/0/seat"])
def test_floats_where_integers_go_are_named(client, full_games, number, place):
    body = replaced(full_games["poverty"], place, "@n@")
    response = post(client, json.dumps(body).replace('"@n@"', number))
    assert place in error_pointers(response)


# Found by this file: a solo_multiplier of 4300 digits (the most the parser reads) made
# a soloist's score too long to print: 500.
@pytest.mark.parametrize("name", sorted(n for n, m in CATALOGUE.items()
                                        if m["kind"] in ("int", "ints")))
def test_integer_options_are_bounded(client, full_games, name):
    kind, length = CATALOGUE[name]["kind"], CATALOGUE[name]["length"]

    def options(value: int) -> dict[str, Any]:
        return {name: [value] * length if kind == "ints" else value}

    body = full_games["solo"] | {"ruleset": {"preset": "ddv", "options": options(0)}}
    for value in (MAX_OPTION_INT + 1, 10**100, int("9" * 4300)):
        body["ruleset"]["options"] = options(value)
        response = post_json(client, body)
        assert error_pointers(response) == [f"/ruleset/options/{name}"]
        assert response.get_json()["errors"][0]["message"] == (
            f"{name}: must be at most {MAX_OPTION_INT}")
    body["ruleset"]["options"] = options(MAX_OPTION_INT)
    assert post_json(client, body).status_code in (200, 400)  # the core judges the rest


def test_a_huge_solo_multiplier_is_refused_not_a_server_error(client, full_games):
    body = full_games["solo"] | {"ruleset": {"preset": "mittwoch",
                                             "options": {"solo_multiplier": "@n@"}}}
    response = post(client, json.dumps(body).replace('"@n@"', "9" * 4300))
    assert error_pointers(response) == ["/ruleset/options/solo_multiplier"]
    body["ruleset"]["options"]["solo_multiplier"] = MAX_OPTION_INT
    answer = post_json(client, body).get_json()
    soloist = body["game"]["declarer"]
    assert abs(answer["score"]["scores"][soloist]) == MAX_OPTION_INT * abs(
        answer["score"]["value"])


# ---- bodies: empty, short, of another kind -----------------------------------------------

@pytest.mark.parametrize("route", ROUTES)
@pytest.mark.parametrize(("data", "content_type", "status"), [
    (b"", None, 415),
    (b"", "application/json", 400),
    (b"   \n\t ", "application/json", 400),
    (b"\xef\xbb\xbf", "application/json", 400),
    (b"\xff\xfe", "application/json", 400),
    (b'{"ruleset": "ddv"', "application/json", 400),
    (b"{}", None, 415),
    (b"{}", "text/plain", 415),
    (b"{}", "application/x-www-form-urlencoded", 415),
    (b"{}", "multipart/form-data; boundary=x", 415),
    (b"{}", "application/xml", 415),
    (b"{}", "application/jsonx", 415),
    (b"{}", "json", 415),
    (b"{}", "", 415),
    (b"ruleset=ddv&dealer=0", "application/x-www-form-urlencoded", 415),
])
def test_empty_broken_and_foreign_bodies_are_4xx(client, route, data, content_type, status):
    assert post(client, data, content_type, route=route).status_code == status


@pytest.mark.parametrize("content_type", ["application/json; charset=utf-8",
                                          "application/json;charset=UTF-8",
                                          "Application/JSON", "application/vnd.doko+json"])
def test_json_media_types_with_parameters_are_read(client, full_games, content_type):
    body = json.dumps(full_games["solo"]).encode()
    assert post(client, body, content_type).status_code == 200


def test_a_body_shorter_than_its_content_length_is_refused_not_awaited(client):
    response = post(client, b'{"ruleset": "ddv"}', environ_overrides={"CONTENT_LENGTH": "1000"})
    assert response.status_code == 400


@pytest.mark.parametrize("method", ["GET", "PUT", "PATCH", "DELETE"])
def test_other_methods_are_405_problems(client, method):
    response = client.open("/v1/games/check", method=method, json={})
    assert response.status_code == 405 and response.mimetype == PROBLEM
    assert "POST" in response.headers["Allow"]
