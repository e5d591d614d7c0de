"""Every text in German where German is asked for: every route that speaks JSON (its
problem details, the rulesets' titles, meanings, sources and notes, the codes' German
side) and the command (its reports, messages, usage errors and help), checked by an
English-word detector (tests/games/english.py) that leaves names, card codes and the
contract's identifiers alone."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from service.cli import command as cli
from service.cli import speech
from service.game import rulesets
from service.game.rulesets import builtin_presets, use_directory
from service.game.text import msg
from service.game.words import say
from tests.games.english import english_in

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
DE = {"Accept-Language": "de-DE,de;q=0.9"}
HUMAN = {"title", "detail", "message", "meaning", "note", "source", "de", "sources_de"}
NAMES = ["Anna", "Ben", "Cleo", "Dan", "Per", "swine", "bock_factorr",  # as the requests give
         "cases", "compare", "draw", "import"]  # and the command's subcommands


def said(node: Any, key: str | None = None):
    """The texts of an answer meant for a person (its sentences, not its identifiers)."""
    if isinstance(node, dict):
        for k, value in node.items():
            yield from said(value, k)
    elif isinstance(node, list):
        for item in node:
            yield from said(item, key)
    elif isinstance(node, str) and key in HUMAN:
        yield node


def english_of(body: Any) -> dict[str, list[str]]:
    return {text: found for text in said(body) if (found := english_in(text, NAMES))}


# ---- the detector ------------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "The tournament has 3 field errors.", "Must be an array.",
    "Expecting property name enclosed in double quotes: line 1 column 19 (char 18)",
    "swine: is not an option of the catalogue", "Mittwoch rules",
    "value claimed 5, computed 4", "usage: doko-check [-h]",
    "the following arguments are required: FILE",
])
def test_the_detector_finds_english(text):
    assert english_in(text)


@pytest.mark.parametrize("text", [
    "Der Turniertag hat 3 fehlerhafte Angaben.", "Muss eine Liste sein.",
    "Kein gültiges JSON in Zeile 1, Spalte 19: hier gehört ein Name in doppelten "
    "Anführungszeichen hin.", "swine: ist keine Option des Katalogs", "Mittwochsregeln",
    "Gewinner: angegeben Kontra, berechnet Re", "Aufruf: doko-check [-h]",
    "Anna spielt ♣D auf; dealer_repeats_after_duty_solo gilt (DDV-Turnierspielregeln 4.4.3 a).",
])
def test_the_detector_lets_german_and_identifiers_pass(text):
    assert english_in(text, NAMES) == []


# ---- every route that speaks JSON --------------------------------------------------------

def _example(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((EXAMPLES / name).read_text(encoding="utf-8"))
    return data


def _requests() -> list[tuple[str, str, dict[str, Any]]]:
    """(label, route, what the test client posts): every route's problems and answers."""
    game, sitting = _example("normal-game.json"), _example("sitting.json")
    tournament = _example("tournament-ddv.json")
    broken_sitting = json.loads(json.dumps(sitting))
    broken_sitting["games"][0]["sheet"]["scores"] = {"x": 1}
    broken_sitting["games"][1]["dealer"] = 5
    broken_sitting["ruleset"] = {"preset": "ddv", "options": {"bock_factorr": 2}}
    found: list[tuple[str, str, dict[str, Any]]] = []
    for route in ("/v1/games/check", "/v1/games/check-batch", "/v1/sittings/check",
                  "/v1/tournaments/check", "/v1/tournaments/draw", "/v1/echo"):
        found += [
            (f"{route} trailing comma", route, {"data": '{"a": [1,],\n}',
                                                "content_type": "application/json"}),
            (f"{route} NaN", route, {"data": '{"a": NaN}', "content_type": "application/json"}),
            (f"{route} key twice", route, {"data": '{"a": 1, "a": 2}',
                                           "content_type": "application/json"}),
            (f"{route} not UTF-8", route, {"data": b'{"a": "\xff"}',
                                           "content_type": "application/json"}),
            (f"{route} text", route, {"data": "x", "content_type": "text/plain"}),
            (f"{route} a number", route, {"data": "5", "content_type": "application/json"}),
            (f"{route} unknown fields", route, {"json": {"bogus": 1, "rulset": "ddv"}}),
            (f"{route} gzip", route, {"data": "{}", "content_type": "application/json",
                                      "headers": {**DE, "Content-Encoding": "gzip"}}),
            (f"{route} latin-1", route, {"data": "{}",
                                         "content_type": "application/json; charset=latin-1"}),
        ]
    return found + [
        ("batch of one object", "/v1/games/check-batch", {"json": game}),
        ("batch of NDJSON as JSON", "/v1/games/check-batch", {
            "data": json.dumps(game) + "\n" + json.dumps(game),
            "content_type": "application/json"}),
        ("batch with broken lines", "/v1/games/check-batch", {
            "data": json.dumps(game) + '\n{"a":\n5\n[1,]', "content_type": "application/x-ndjson"}),
        ("batch too long", "/v1/games/check-batch", {
            "data": "[" + ",".join(["1"] * 1001) + "]", "content_type": "application/json"}),
        ("option typos", "/v1/games/check", {"json": {**game, "ruleset": {
            "preset": "ddv", "options": {"swine": "none", "bock_factor": 99, "solos": ["x"]}}}}),
        ("options contradicting", "/v1/games/check", {"json": {**game, "ruleset": {
            "preset": "ddv", "options": {"hyperswines": "before_play", "bock_cap": 11}}}}),
        ("unknown preset", "/v1/games/check", {"json": {**game, "ruleset": "ddx"}}),
        ("body too large", "/v1/games/check", {"data": b"[" + b"1," * 200_000 + b"1]",
                                               "content_type": "application/json"}),
        ("field errors", "/v1/games/check", {"json": {**game, "players": 5, "hands": [[1]],
                                                      "play": [{"seat": 9, "card": "XX"}]}}),
        ("sitting field errors", "/v1/sittings/check", {"json": broken_sitting}),
        ("tournament field errors", "/v1/tournaments/check", {"json": {
            **tournament, "participants": tournament["participants"][:6], "finished": "x"}}),
        ("draw field errors", "/v1/tournaments/draw", {"json": {
            "participants": ["a", "a", "b"], "rounds": 99, "seed": 5, "algorithm": 0}}),
        ("draw of seven", "/v1/tournaments/draw", {"json": {
            "participants": list("abcdefg"), "rounds": 2, "seed": "s"}}),
    ] + [(f"example {path.name}", _route_of(path), {"json": _example(path.name)})
         for path in sorted(EXAMPLES.glob("*.json"))]


def _route_of(path: Path) -> str:
    data = _example(path.name)
    return ("/v1/tournaments/check" if "participants" in data else
            "/v1/sittings/check" if "games" in data else "/v1/games/check")


@pytest.mark.parametrize(("label", "route", "request_kwargs"), _requests(),
                         ids=[r[0] for r in _requests()])
def test_every_route_answers_in_german(client, label, route, request_kwargs):
    kwargs = {"headers": DE, **request_kwargs}
    response = client.post(route, **kwargs)
    assert response.headers["Content-Language"] == "de"
    assert english_of(response.get_json(force=True)) == {}


@pytest.mark.parametrize("path", ["/v1/rulesets", "/v1/rulesets/ddv", "/v1/rulesets/freedoko",
                                  "/v1/rulesets/mittwoch", "/v1/rulesets/doko2026",
                                  "/v1/rulesets/nope", "/v1/codes", "/v1/nowhere",
                                  "/v1/games/check"])
def test_every_get_answers_in_german(client, path):
    body = client.get(path, headers=DE).get_json()
    assert english_of(body) == {}


def test_every_preset_option_has_its_german_and_english_stays(client):
    for preset in builtin_presets().values():
        assert preset.source_de, preset.id
        assert set(preset.sources_de) == set(preset.sources), preset.id
        assert set(preset.notes_de) == set(preset.notes), preset.id
    english = client.get("/v1/rulesets/mittwoch").get_json()
    german = client.get("/v1/rulesets/mittwoch", headers=DE).get_json()
    by_name = {o["name"]: o for o in german["options"]}
    for option in english["options"]:
        assert by_name[option["name"]]["source"] != option["source"] or "„" in option["source"]
    assert english["options"][0]["meaning"].startswith("Play with 48 cards")
    assert by_name["with_nines"]["meaning"].startswith("Mit 48 Karten spielen")


def test_a_house_ruleset_shows_the_clubs_texts(client, tmp_path):
    (tmp_path / "club.toml").write_text(
        'id = "club"\ntitle = "Club"\nsource = "Our rules"\nextends = "ddv"\n'
        '[options.dollen_order]\nvalue = "second_wins"\nsource = "Rule 1"\n'
        'source_de = "Regel 1"\nnote = "As we play it."\n'
        '[options.solo_multiplier]\nvalue = 3\nsource = "Regel 2, wie beim DDV"\n'
        '[options.with_nines]\nvalue = false\nsource = "Without nines"\n',
        encoding="utf-8")
    try:
        use_directory(tmp_path)
        german = {o["name"]: o for o in client.get("/v1/rulesets/club", headers=DE)
                  .get_json()["options"]}
        english = {o["name"]: o for o in client.get("/v1/rulesets/club").get_json()["options"]}
    finally:
        rulesets._house.clear()
        rulesets._resolve_preset.cache_clear()
    assert german["dollen_order"]["source"] == "Regel 1"  # its source_de
    assert german["dollen_order"]["note"] == "As we play it."  # the club's, as written
    assert german["solo_multiplier"]["source"] == english["solo_multiplier"]["source"]
    assert german["dollen"]["source"] == ("DDV-Turnierspielregeln 2.3.4: die ♥10 ist der "
                                          "höchste Trumpf")
    moved = german["announcement_deadlines"]["note"]  # the deadlines moved with the pack
    assert moved != english["announcement_deadlines"]["note"] and english_in(moved) == []


def test_the_codes_name_their_sources_in_german(client):
    codes = {c["code"]: c for c in client.get("/v1/codes").get_json()["codes"]}
    assert codes["heart_trick"]["sources"] == ["Mittwoch rules"]
    assert codes["heart_trick"]["sources_de"] == ["Mittwochsregeln"]
    assert all(len(c["sources"]) == len(c["sources_de"]) for c in codes.values())
    assert not any("DDV TSR" in s for c in codes.values() for s in c["sources_de"])


def test_numbers_with_a_fraction_take_a_decimal_comma_in_german():
    assert say(msg("{share} of the games", share=1.5), "de").startswith("1,5")
    assert say(msg("{share} of the games", share=-0.25), "en").startswith("−0.25")


# ---- the command -------------------------------------------------------------------------

def run(capsys, *args: str | Path) -> tuple[int, str]:
    capsys.readouterr()
    code = cli.main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out + err


def _files(tmp_path: Path) -> dict[str, Path]:
    game = _example("normal-game.json")
    game["claimed"] = {"winner": "contra", "value": 9, "scores": [1, 1, 1, 1],
                       "card_points": {"re": 1, "contra": 2}, "valid": False}
    sitting = _example("sitting.json")
    sitting["games"][2]["dealer"] = 7
    files = {"claim.json": json.dumps(game), "bad-sitting.json": json.dumps(sitting),
             "broken.json": '{\n "a": [1,],\n}', "lines.jsonl": '{"ruleset": "ddv"}\n{"a":\n'}
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    return {name: tmp_path / name for name in files}


def _runs(tmp: dict[str, Path], tmp_path: Path) -> list[list[str | Path]]:
    example = [EXAMPLES / p for p in sorted(p.name for p in EXAMPLES.glob("*.json"))]
    return [
        ["--help"], ["--bogus"], [], ["--jobs", "0", "x"], ["--json", "--github", "x"],
        ["--ruleset", "nope", "x"], ["--ruleset", '{"preset": "ddv", "options": {"swine": 1}}',
                                      "x"], ["--ruleset", "{bad", "x"],
        [tmp_path / "missing.json"], [tmp["broken.json"]], [tmp["lines.jsonl"]],
        [tmp["claim.json"]], ["--list-rulesets"], ["--sitting", tmp["bad-sitting.json"]],
        ["--sitting", EXAMPLES / "normal-game.json"], ["--tournament", EXAMPLES / "sitting.json"],
        ["--sitting", "--junit", "x.xml", "y"], ["--junit", tmp_path / "no" / "x.xml", "y"],
        [EXAMPLES / "sitting.json"], ["--sitting", EXAMPLES / "sitting.json"],
        ["--tournament", EXAMPLES / "tournament-ddv.json"],
        ["--tournament", EXAMPLES / "tournament-doko2026.json"], [EXAMPLES / "evening.jsonl"],
        *[[p] for p in example if "sitting" not in p.name and "tournament" not in p.name],
    ]


def test_the_command_speaks_german(capsys, tmp_path):
    tmp = _files(tmp_path)
    allowed = [*NAMES, *(p.stem for p in tmp.values()), "x", "y", "bad", "missing", "fsspec"]
    for args in _runs(tmp, tmp_path):
        _, text = run(capsys, *args, "--lang", "de")
        english = {line: found for line in text.splitlines()
                   if (found := english_in(line, allowed))}
        assert english == {}, args


@pytest.mark.parametrize("args", [
    ["draw", "--help"], ["draw", "--rounds", "1", "--seed", "s"],
    ["draw", "--rounds", "1", "--seed", "s", "a", "b", "c"], ["cases", "--help"],
    ["compare", "--help"], ["cases", "--ruleset", "nope"], ["compare", "none", "none"],
])
def test_the_subcommands_speak_german(capsys, args):
    _, text = run(capsys, *args, "--lang", "de")
    allowed = [*NAMES, "none", "nope", "valid"]  # --require's field names
    assert [line for line in text.splitlines() if english_in(line, allowed)] == []


def test_help_and_usage_errors_speak_the_locales_language(capsys, monkeypatch):
    monkeypatch.setenv("LC_ALL", "de_DE.UTF-8")
    code, text = run(capsys, "--help")
    assert code == 0
    assert text.startswith("Aufruf: doko-check") and "Optionen:" in text
    assert "diese Hilfe zeigen und beenden" in text and "Rückgabewert: 0" in text
    code, text = run(capsys, "--frobnicate")
    assert code == 2 and "doko-check: Fehler: unbekannte Angaben: --frobnicate" in text
    code, text = run(capsys, "--lang", "en", "--frobnicate")  # --lang wins over the locale
    assert "doko-check: error: unrecognized arguments: --frobnicate" in text
    monkeypatch.setenv("LC_ALL", "C.UTF-8")
    code, text = run(capsys, "--lang=de", "x.json", "--jobs", "0")
    assert "Angabe --jobs: keine ganze Zahl ab 1: '0'" in text


def test_argparse_is_put_back_after_the_command():
    import argparse
    before = argparse._  # type: ignore[attr-defined]
    with speech.spoken("de"):
        assert argparse._("usage: ") == "Aufruf: "  # type: ignore[attr-defined]
    assert argparse._ is before and argparse._("usage: ") == "usage: "  # type: ignore[attr-defined]


def test_a_claim_that_differs_is_said_in_words(capsys, tmp_path):
    _, text = run(capsys, _files(tmp_path)["claim.json"], "--lang", "de")
    assert "Gewinner: angegeben Kontra, berechnet Re" in text
    assert "Augen: angegeben Re 1, Kontra 2" in text
    _, text = run(capsys, _files(tmp_path)["claim.json"])
    assert "winner: contra claimed, re computed" in text
    assert "valid: no claimed, yes computed" in text



@pytest.mark.parametrize("fmt,folder", [("freedoko", "freedoko"), ("qtdoppelkopf", "qtdoppelkopf"),
                                        ("doko-logger", "doko_logger")])
def test_imports_speak_german(client, fmt, folder):
    """The import route's notes, its check and its refusals in German (tests/imports)."""
    for path in sorted((ROOT / "tests" / "imports" / folder).iterdir()):
        answer = client.post(f"/v1/imports/{fmt}?check=true", data=path.read_bytes(),
                             headers={**DE, "Content-Type": "text/plain; charset=utf-8"})
        body = answer.get_json()
        texts = [*said(body), *body.get("notes", [])]
        assert texts, path.name
        assert {t: f for t in texts if (f := english_in(t, NAMES))} == {}, path.name


def test_a_season_speaks_german(client):
    """The season route's verdicts and field errors in German (examples/season.json, and
    the same with a window and a day written wrong)."""
    season = json.loads((EXAMPLES / "season.json").read_text(encoding="utf-8"))
    players = ["Uwe", "Felix", "Volker", "Heino", "Per", "Walter", "Gabi", "Klaus", "ewig"]
    answer = client.post("/v1/seasons/check", json=season, headers=DE).get_json()
    assert answer["violations"] and english_of(answer) == {}
    assert {t: f for t in said(answer) if (f := english_in(t, players))} == {}
    broken = season | {"windows": [{"id": "x", "calendar": True}],
                       "days": [{"date": "2026-13-01", "places": []}]}
    problem = client.post("/v1/seasons/check", json=broken, headers=DE).get_json()
    assert len(problem["errors"]) >= 3
    assert {t: f for t in said(problem) if (f := english_in(t, players))} == {}
