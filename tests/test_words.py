"""Every text in German and English, in the game's own words (docs/glossary.md).

The catalogue is the sources' (Babel extracts, the .mo is the .po compiled); every
shipped game answers in both languages with no pointer, code, card code or seed number
in a message and no English in the German; the language follows Accept-Language, --lang
and the locale.
"""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from service import cli, rules
from service.checking.phrases import PHRASES, phrase
from service.checking.problem import problem_body
from service.cli.output import locale_language
from service.game.text import Call, Card, Ordinal, Seat, msg
from service.game.words import say
from service.tools import catalogue, cli_report_doc, words_doc

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = sorted([*ROOT.glob("examples/*.json"), *ROOT.glob("service/web/static/examples/*.json")])
SUITES = sorted(ROOT.glob("examples/conformance/*.jsonl"))
POINTER = re.compile(r"(^|\s)/[a-z]")
SNAKE = re.compile(r"\b[a-z]+_[a-z_]+\b")
CARD_CODE = re.compile(r"\b[CSHD](?:10|[AKQJ9])\b")
SEED = re.compile(r"\bseed \d", re.I)
# English words that have no place in a German message (a small list is enough).
ENGLISH = re.compile(r"\b(the|and|played|trick|card|cards|while|holding|team|seat|not|"
                     r"under|game|rules|too|late|points|which|without|partner)\b")


def _games() -> list[dict]:
    games = []
    for path in EXAMPLES:
        data = json.loads(path.read_text(encoding="utf-8"))
        if isinstance(data, dict) and "hands" in data:
            games.append(data)
    for path in SUITES:
        games += [json.loads(line)["transcript"]
                  for line in path.read_text(encoding="utf-8").splitlines()]
    games += [json.loads(line)
              for line in (ROOT / "examples" / "evening.jsonl").read_text().splitlines()]
    return games


GAMES = _games()


# ---- the catalogue -----------------------------------------------------------------------

def test_the_catalogue_holds_every_template_the_sources_say_and_german_for_each():
    said = {m.id if isinstance(m.id, str) else m.id[0] for m in catalogue.extracted() if m.id}
    with catalogue.PO.open("rb") as file:
        kept = read_po(file, locale="de")
    ids = {m.id if isinstance(m.id, str) else m.id[0] for m in kept if m.id}
    assert said - ids == set(), "no German yet: python -m service.tools.catalogue --write"
    assert ids - said == set(), "German for templates no longer said: catalogue --write"
    assert catalogue.untranslated(kept) == []


def test_every_template_in_the_sources_has_its_german():
    """Read with ast, not only Babel: a template nested in another call's arguments is
    one Babel's extraction would miss."""
    import ast

    with catalogue.PO.open("rb") as file:
        ids = {m.id if isinstance(m.id, str) else m.id[0] for m in read_po(file) if m.id}
    missing = []
    for path in (ROOT / "service").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            name = getattr(getattr(node, "func", None), "id", None)
            if not isinstance(node, ast.Call) or name not in ("msg", "msgn", "N_", "_v", "_n",
                                                             "_s"):
                continue
            args = node.args[1:] if name in ("_v", "_n", "_s") else node.args
            first = args[0] if args else None
            if isinstance(first, ast.Call) and getattr(first.func, "id", None) == "N_":
                first = first.args[0]
            if isinstance(first, ast.Constant) and isinstance(first.value, str) \
                    and first.value not in ids:
                missing.append((path.name, node.lineno, first.value))
    assert missing == []


def test_the_compiled_catalogue_is_the_po_compiled():
    with catalogue.PO.open("rb") as file:
        kept = read_po(file, locale="de")
    assert catalogue.MO.read_bytes() == catalogue.mo_bytes(kept), \
        "doko.mo is stale: python -m service.tools.catalogue --write"


def test_each_placeholder_of_a_template_is_in_its_german():
    with catalogue.PO.open("rb") as file:
        kept = read_po(file, locale="de")
    for m in kept:
        if not m.id:
            continue
        ids = [m.id] if isinstance(m.id, str) else list(m.id)
        strings = [m.string] if isinstance(m.string, str) else list(m.string)
        wanted = set(re.findall(r"\{(\w+)\}", ids[0]))
        for string in strings:  # German may decline a card: {card:dem}
            said = set(re.findall(r"\{(\w+)(?::\w+)?\}", string))
            assert said <= wanted | {"count"}, (m.id, string)
            assert wanted - {"count"} <= said, (m.id, string)


# ---- every shipped game, both languages ---------------------------------------------------

def _texts(answer: dict) -> list[str]:
    return [x["message"] for x in answer["violations"] + answer["notes"]]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_no_message_of_a_shipped_game_holds_a_pointer_code_or_card_code(lang):
    seen = 0
    for data in GAMES:
        for text in _texts(rules.check(data).to_dict(lang)):
            seen += 1
            assert not POINTER.search(text), text
            assert not SNAKE.search(text), text
            assert not CARD_CODE.search(text), text
            assert not SEED.search(text), text
            if lang == "de":
                assert not ENGLISH.search(text), text
    assert seen > 100  # the scan sees the suites' mutations and notes


def test_a_revoke_in_the_games_own_words():
    """DDV TSR 5.2.2 (Bedienpflicht): the player by name, the cards as players write them
    (♣D for the queen in German), the place as trick and card."""
    data = json.loads((ROOT / "service/web/static/examples/revoke.json").read_text())
    result = rules.check(data)
    assert result.to_dict("en")["violations"][0]["message"] == (
        "Dan played ♣K on a ♥9 lead (hearts) while holding ♥9 (trick 3, 2nd card)")
    assert result.to_dict("de")["violations"][0]["message"] == (
        "Dan hat falsch bedient: ♣K auf ♥9 (Herz), obwohl ♥9 auf der Hand war "
        "(Stich 3, 2. Karte)")
    note = result.to_dict("de")["notes"][0]["message"]
    assert "DDV-Turnierspielregeln 9.4.3" in note and "12 Strafpunkte" in note


def test_cards_calls_seats_and_places_as_players_say_them():
    """Glossary: ♣D/♠B in German, ♣Q/♠J in English; „keine 90“; 2. Karte."""
    queen, jack = 3, 10  # ♣Q and ♠J by their codes (suit × 6 + rank)
    text = msg("{a} {b} {call} {nth} {who}", a=Card(queen), b=Card(jack), call=Call("no90"),
               nth=Ordinal(2), who=Seat(1))
    assert say(text, "en") == "♣Q ♠J no 90 2nd seat 2"
    assert say(text, "de") == "♣D ♠B keine 90 2. Position 2"
    assert say(text, "de", ("Anna", "Ben", "Cleo", "Dan")) == "♣D ♠B keine 90 2. Ben"


# ---- field errors and problems by example --------------------------------------------------

@pytest.mark.parametrize(("english", "german"), [
    ("Missing data for required field.", "Diese Angabe fehlt; sie ist Pflicht."),
    ("Unknown field.", "Unbekanntes Feld."),
    ("Must be one of: normal, solo.", "Muss eines davon sein: normal, solo."),
    ("Not a valid integer.", "Keine gültige ganze Zahl."),
    ("Must be a seat: an integer from 0 to 3.",
     "Muss ein Platz sein: eine ganze Zahl von 0 bis 3."),
    ("The transcript has 2 field errors.", "Das Spiel hat 2 fehlerhafte Angaben."),
    ("The request body must be a JSON object.",
     "Der Inhalt der Anfrage muss ein JSON-Objekt sein."),
])
def test_field_errors_and_details_in_german(english, german):
    assert phrase(english, "de") == german
    assert phrase(english, "en") == english


def test_a_problem_document_in_german():
    body = problem_body(400, "The transcript has 1 field error.",
                        [{"pointer": "/dealer", "message": "Not a valid integer."}], "de")
    assert body["title"] == "Ungültige Anfrage"
    assert body["detail"] == "Das Spiel hat 1 fehlerhafte Angabe."
    assert body["errors"] == [{"pointer": "/dealer", "message": "Keine gültige ganze Zahl."}]


# ---- choosing the language -------------------------------------------------------------

@pytest.mark.parametrize(("header", "lang"), [
    (None, "en"), ("de", "de"), ("de-AT", "de"), ("de-CH,en;q=0.5", "de"),
    ("en;q=0.9,de;q=0.8", "en"), ("en;q=0.1,de;q=0.8", "de"), ("fr", "en"),
    ("fr, de;q=0.3", "de"), ("*", "en")])
def test_the_answer_speaks_the_language_asked_for(client, header, lang):
    data = json.loads((ROOT / "service/web/static/examples/revoke.json").read_text())
    headers = {"Accept-Language": header} if header else {}
    response = client.post("/v1/games/check", json=data, headers=headers)
    assert response.headers["Content-Language"] == lang
    assert "Accept-Language" in response.headers["Vary"]
    message = response.get_json()["violations"][0]["message"]
    assert ("falsch bedient" in message) == (lang == "de")


def test_problems_and_sittings_speak_german_too(client):
    response = client.post("/v1/games/check", json={"hands": 1},
                           headers={"Accept-Language": "de-DE"})
    body = response.get_json()
    assert response.status_code == 400 and response.headers["Content-Language"] == "de"
    assert body["detail"].startswith("Das Spiel hat")
    sitting = json.loads((ROOT / "examples" / "sitting.json").read_text())
    answer = client.post("/v1/sittings/check", json=sitting,
                         headers={"Accept-Language": "de"}).get_json()
    assert answer["violations"][0]["message"].startswith("Nach dem Geben von Cleo gibt")


def test_the_locale_chooses_the_commands_language():
    assert locale_language({"LANG": "de_DE.UTF-8"}) == "de"
    assert locale_language({"LC_ALL": "C.UTF-8", "LANG": "de_DE.UTF-8"}) == "en"
    assert locale_language({"LC_MESSAGES": "de_AT"}) == "de"
    assert locale_language({}) == "en"


def test_the_german_report_is_the_handbooks(monkeypatch):
    """docs/referees.md shows what `doko-check --lang de examples/evening.jsonl` prints."""
    monkeypatch.chdir(ROOT)
    assert cli_report_doc.main([]) == 0, "python -m service.tools.cli_report_doc --write"
    out = cli_report_doc.report("--lang", "de", "examples/evening.jsonl")
    assert "Anna hat „Kontra“ zu spät gesagt" in out and "gültig" in out
    assert not ENGLISH.search(out.replace("examples/evening.jsonl", ""))


def test_the_example_answers_in_both_languages_are_the_services():
    assert words_doc.main([]) == 0, "python -m service.tools.words_doc --write"


def test_the_worker_processes_speak_the_language_passed(tmp_path, capsys):
    """Many games go to a pool of workers: they get --lang, not the parent's options."""
    line = (ROOT / "examples" / "evening.jsonl").read_text().splitlines()[2]
    path = tmp_path / "many.jsonl"
    path.write_text((line + "\n") * 12)
    assert cli.main(["--lang", "de", "--jobs", "2", "--parallel-from", "4", str(path)]) == 1
    out = capsys.readouterr().out
    assert out.count("zu spät gesagt") == 12


def test_a_sitting_list_in_german(capsys):
    assert cli.main(["--sitting", "--lang", "de", str(ROOT / "examples" / "sitting.json")]) == 1
    out = capsys.readouterr().out
    assert "Geber" in out and "Platzierung" in out and "UNGÜLTIG" in out
    assert "wrong_dealer" not in out and "/games/" not in out


def test_the_catalogue_reads_with_the_standard_library_only():
    """The core gains no dependency: gettext reads the compiled catalogue."""
    import gettext

    translations = gettext.GNUTranslations(io.BytesIO(catalogue.MO.read_bytes()))
    assert translations.gettext("Unknown field.") == "Unbekanntes Feld."


# ---- input errors that teach ------------------------------------------------------------

def test_an_unknown_field_names_the_nearest_known_one(client):
    data = json.loads((ROOT / "examples" / "normal-game.json").read_text())
    data["game"]["declarr"] = 1
    data["play"][0]["crad"] = data["play"][0].pop("card")
    body = client.post("/v1/games/check", json=data).get_json()
    assert {"pointer": "/game/declarr", "message": "Unknown field; did you mean “declarer”?"} \
        in body["errors"]
    assert {"pointer": "/play/0/crad", "message": "Unknown field; did you mean “card”?"} \
        in body["errors"]
    german = client.post("/v1/games/check", json=data,
                         headers={"Accept-Language": "de"}).get_json()
    assert {"pointer": "/game/declarr", "message": "Unbekanntes Feld; gemeint ist wohl "
            "„declarer“?"} in german["errors"]


def test_an_unknown_preset_names_the_nearest(client):
    data = json.loads((ROOT / "examples" / "normal-game.json").read_text())
    data["ruleset"] = "ddb"
    body = client.post("/v1/games/check", json=data).get_json()
    assert "did you mean “ddv”?" in body["errors"][0]["message"]


def test_errors_are_listed_by_pointer_indices_as_numbers(client):
    """Two servers answer a bad request alike: /play/2 before /play/10."""
    data = json.loads((ROOT / "examples" / "normal-game.json").read_text())
    for i in (10, 2):
        data["play"][i]["seat"] = 9
    pointers = [e["pointer"] for e in client.post("/v1/games/check", json=data)
                .get_json()["errors"]]
    assert pointers == sorted(pointers, key=lambda p: [(0, int(t)) if t.isdigit() else (1, t)
                                                       for t in p.split("/")[1:]])
    assert pointers.index("/play/2/seat") < pointers.index("/play/10/seat")


def test_a_missing_sheet_type_says_it_is_missing(client):
    sitting = json.loads((ROOT / "examples" / "sitting.json").read_text())
    del sitting["games"][0]["sheet"]["type"]
    body = client.post("/v1/sittings/check", json=sitting).get_json()
    assert {"pointer": "/games/0/sheet/type",
            "message": "Game 1: Missing data for required field."} in body["errors"]


def test_an_over_long_integer_says_the_limit_in_plain_words(client):
    raw = json.dumps({"dealer": "@n@"}).replace('"@n@"', "9" * 5000)
    body = client.post("/v1/games/check", data=raw, content_type="application/json").get_json()
    assert body["detail"] == ("The request body holds a number of more than 4300 digits; a "
                              "number may have at most 4300.")


def test_a_413_names_the_limit(client):
    body = client.post("/v1/games/check", data=b" " * (300 * 1024),
                       content_type="application/json").get_json()
    assert body["status"] == 413 and "262144 bytes" in body["detail"]


# ---- every code's message, both languages, by example ----------------------------------------

def _example(name: str) -> dict:
    return json.loads((ROOT / "examples" / f"{name}.json").read_text(encoding="utf-8"))


def _game(change) -> dict:
    data = _example("normal-game")
    change(data)
    return data


def _first_card_index(data: dict, seat: int | None = None) -> int:
    return next(i for i, e in enumerate(data["play"]) if "card" in e
                and (seat is None or e["seat"] == seat))


GAME_CASES = {  # a code: a game that makes it (each written from the rule it breaks)
    "announcement_not_allowed": lambda d: d["play"].insert(0, {"seat": 0, "announce":
                                                                "re_or_contra"}),
    "announcement_not_raising": lambda d: d["play"].__setitem__(  # DDV TSR 6.3: re twice
        slice(0, 0), [{"seat": 0, "announce": "re"}, {"seat": 0, "announce": "re"}]),
    "deal_card_count": lambda d: d["hands"][0].pop(),
    "overlong_game": lambda d: d["play"].append({"seat": 0, "card": "CA"}),
    "reservation_order": lambda d: d["reservations"].reverse(),
    "reservations_missing": lambda d: d.pop("reservations"),
    "show_not_allowed": lambda d: d["play"].insert(0, {"seat": 0, "show": "swines"}),
    "unknown_card": lambda d: d["play"][0].update(card="XQ"),
    "card_points_unknown": lambda d: d["play"][0].update(card="??"),
    "wrong_leader": lambda d: d.update(dealer=0),
    "game_declaration": lambda d: d.update(  # DDV TSR 4.3.1: owing none, a lust solo
        game={"type": "solo", "declarer": 0, "solo": "jacks", "duty": True},
        context={"duty_solo_owed": False}) or d.pop("reservations"),
}
EXAMPLE_CASES = {  # a code: (an example, the change that makes it)
    "announcement_too_early": ("marriage", lambda d: d["play"].insert(  # DDV TSR 4.4.4
        0, {"seat": 0, "announce": "contra"})),
    "marriage_partner": ("marriage", lambda d: d["game"].update(partner=1)),  # TSR 4.4.3
    "poverty_exchange": ("poverty", lambda d: d["game"].update(  # FreeDoko rules 6.5
        passed=["DK", "HJ", "DA"])),
    "swines_timing": ("swines", lambda d: d["play"].insert(  # the second showing
        9, {"seat": 3, "show": "swines"})),
}
RULESET_CASES = {"round_option": {"preset": "ddv", "options": {"games_per_round": 8}}}


def _sitting_cases() -> dict[str, dict]:
    cases = {}
    base = _example("sitting")
    bad = json.loads(json.dumps(base))
    bad["games"][0]["sheet"]["scores"]["Ben"] = 4  # and Eve's +3: the line is 1 off, twice
    bad["games"][0]["sheet"]["scores"]["Eve"] = 4
    cases["sheet_zero_sum"] = bad
    odd = json.loads(json.dumps(base))
    odd["players"] = ["Anna", "Ben", "Cleo", "Dan"]
    odd.pop("claimed")
    odd["games"] = [{"dealer": "Anna", "sheet": {"type": "normal",
                                                 "scores": {"Anna": 2, "Ben": -2, "Cleo": 1,
                                                            "Dan": -1}}}]
    cases["sheet_even_odd"] = odd
    line = json.loads(json.dumps(odd))
    line["games"][0]["sheet"] = {"type": "normal", "scores": {"Anna": 2, "Ben": -2,
                                                              "Cleo": 2, "Dan": -2},
                                 "value": 3}
    cases["sheet_line"] = line
    kind = json.loads(json.dumps(odd))
    kind["games"][0]["sheet"] = {"type": "poverty", "scores": {"Anna": 2, "Ben": -2,
                                                               "Cleo": 2, "Dan": -2}}
    cases["sheet_type"] = kind
    long = json.loads(json.dumps(odd))
    long["ruleset"] = {"preset": "ddv", "options": {"games_per_round": 1}}
    long["games"] = [{"dealer": name, "sheet": {"type": "normal", "scores": {
        "Anna": 1, "Ben": 1, "Cleo": -1, "Dan": -1}}} for name in ("Anna", "Ben")]
    cases["round_too_long"] = long
    short = json.loads(json.dumps(odd))
    short["finished"] = True
    short["games"][0]["sheet"]["scores"] = {"Anna": 1, "Ben": 1, "Cleo": -1, "Dan": -1}
    cases["round_short"] = short
    cases["duty_solo_missing"] = short
    missed = json.loads(json.dumps(short))
    missed["ruleset"] = "doko2026"
    missed["games"][0]["sheet"]["scores"] = {"Anna": 1, "Ben": 1, "Cleo": 0, "Dan": 0}
    cases["missed_duty_solo"] = missed
    return cases


def _said(result_dict: dict) -> list[tuple[str, str]]:
    return [(x["code"], x["message"]) for x in
            result_dict["violations"] + result_dict["notes"]]


def _check_words(en: str, de: str) -> None:
    assert en and de and en != de, (en, de)
    for text in (en, de):
        assert not POINTER.search(text) and not SNAKE.search(text), text
        assert not CARD_CODE.search(text) and not SEED.search(text), text
    assert not ENGLISH.search(de), de


@pytest.mark.parametrize("code", sorted(GAME_CASES))
def test_each_games_code_in_both_languages(code):
    data = _game(GAME_CASES[code])
    result = rules.check(data)
    en = dict(_said(result.to_dict("en")))
    de = dict(_said(result.to_dict("de")))
    assert code in en, sorted(en)
    _check_words(en[code], de[code])


@pytest.mark.parametrize("code", sorted(EXAMPLE_CASES))
def test_each_special_games_code_in_both_languages(code):
    name, change = EXAMPLE_CASES[code]
    data = _example(name)
    change(data)
    result = rules.check(data)
    en, de = dict(_said(result.to_dict("en"))), dict(_said(result.to_dict("de")))
    assert code in en, sorted(en)
    _check_words(en[code], de[code])


def test_a_sitting_level_option_on_one_game_in_both_languages():
    result = rules.check(_example("normal-game"), RULESET_CASES["round_option"])
    en, de = dict(_said(result.to_dict("en"))), dict(_said(result.to_dict("de")))
    _check_words(en["round_option"], de["round_option"])


@pytest.mark.parametrize("code", sorted(_sitting_cases()))
def test_each_lists_code_in_both_languages(code):
    result = rules.check_sitting(_sitting_cases()[code])
    en, de = dict(_said(result.to_dict("en"))), dict(_said(result.to_dict("de")))
    assert code in en, sorted(en)
    _check_words(en[code], de[code])


@pytest.mark.parametrize("template", PHRASES)
def test_each_field_error_and_problem_detail_in_german(template):
    """Every phrase a reader or the HTTP layer says, filled with example values, reads
    back in German with those values and no English left."""
    values = {name: f"X{i}" for i, name in enumerate(re.findall(r"\{(\w+)\}", template))}
    english = template.format(**values)
    german = phrase(english, "de")
    assert german != english or english in ("Duplicate key: X0 appears more than once in "
                                            "this object.",), german
    assert all(value in german for value in values.values()), german
    assert phrase(english, "en") == english
    words = re.sub(r"application/\S+|/v1/\S+|/docs|Retry-After|Content-Encoding|JSON|"
                   r"\b(card|announce|show|transcript|sheet|preset|options|identity|true|"
                   r"false)\b", "", german)
    assert not ENGLISH.search(words), german


def test_every_field_error_and_detail_the_readers_say_has_its_phrase():
    """Read with ast: each message a reader or route gives (a Reader's err, a Problem, a
    ValidationError), its placeholders filled, is one of the phrases said in German."""
    import ast

    def texts(node: ast.AST) -> list[str]:
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return [node.value]
        if isinstance(node, ast.JoinedStr):
            return ["".join(v.value if isinstance(v, ast.Constant) else
                            "application/x-ndjson" if getattr(v.value, "id", "") == "NDJSON"
                            else "X7" for v in node.values)]
        if isinstance(node, ast.IfExp):  # either message
            return texts(node.body) + texts(node.orelse)
        return []

    places = {"err": 1, "Problem": 1, "ValidationError": 0, "FieldError": 1}
    missing = []
    for folder in ("lists", "checking", "reading", "api"):
        for path in (ROOT / "service" / folder).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if not isinstance(node, ast.Call):
                    continue
                name = getattr(node.func, "attr", None) or getattr(node.func, "id", None)
                index = places.get(name or "")
                if index is None or len(node.args) <= index:
                    continue
                missing += [(path.name, node.lineno, said) for said in texts(node.args[index])
                            if phrase(said, "de") == said]
    assert missing == []
