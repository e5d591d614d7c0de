"""Files written by hand: a JSON syntax error is said in the reader's language with its
line and column (over HTTP beside the detail; on the command line with the line and a
caret) and a hint for the common slips; a list or a day checked without its flag names
the flag; an error about a list's game names the game from 1, as the list does."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from service.cli import command as cli

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
DE = {"Accept-Language": "de"}

# (what was typed, line, column, the English detail, the German detail)
SLIPS = [
    ('{\n  "players": ["A", "B",],\n  "ruleset": "ddv"\n}', 2, 24,
     "Not valid JSON at line 2, column 24: a value is missing here. Delete the comma after "
     "the last entry, before “]”.",
     "Kein gültiges JSON in Zeile 2, Spalte 24: hier fehlt ein Wert. Das Komma nach dem "
     "letzten Eintrag, vor „]“, streichen."),
    ('{\n  "ruleset": "ddv",\n}', 3, 1,
     "Not valid JSON at line 3, column 1: a name in double quotes belongs here. Delete the "
     "comma after the last entry, before “}”.",
     "Kein gültiges JSON in Zeile 3, Spalte 1: hier gehört ein Name in doppelten "
     "Anführungszeichen hin. Das Komma nach dem letzten Eintrag, vor „}“, streichen."),
    ('{"ruleset": „ddv“}', 1, 13,
     "Not valid JSON at line 1, column 13: a value is missing here. Write names and texts in "
     "straight double quotes (\"…\"), not in typographic quotes („…“).",
     "Kein gültiges JSON in Zeile 1, Spalte 13: hier fehlt ein Wert. Namen und Texte in gerade "
     "doppelte Anführungszeichen (\"…\") setzen, nicht in typografische („…“)."),
    ('{"ruleset”: "ddv"}', 1, 14,
     "Not valid JSON at line 1, column 14: a colon is missing here. Write names and texts in "
     "straight double quotes (\"…\"), not in typographic quotes („…“).",
     "Kein gültiges JSON in Zeile 1, Spalte 14: hier fehlt ein Doppelpunkt. Namen und Texte in "
     "gerade doppelte Anführungszeichen (\"…\") setzen, nicht in typografische („…“)."),
    ("{'ruleset': 'ddv'}", 1, 2,
     "Not valid JSON at line 1, column 2: a name in double quotes belongs here. Write names "
     "and texts in double quotes (\"…\"), not in single quotes.",
     "Kein gültiges JSON in Zeile 1, Spalte 2: hier gehört ein Name in doppelten "
     "Anführungszeichen hin. Namen und Texte in doppelte Anführungszeichen (\"…\") setzen, "
     "nicht in einfache."),
    ('{\n  "ruleset": "ddv"\n  "dealer": 0\n}', 3, 3,
     "Not valid JSON at line 3, column 3: a comma is missing here. Put a comma at the end of "
     "line 2, between the two entries.",
     "Kein gültiges JSON in Zeile 3, Spalte 3: hier fehlt ein Komma. Am Ende von Zeile 2 ein "
     "Komma setzen, zwischen die beiden Einträge."),
    ('{"dealer": 0 "ruleset": "ddv"}', 1, 14,
     "Not valid JSON at line 1, column 14: a comma is missing here. Put a comma between the "
     "two entries.",
     "Kein gültiges JSON in Zeile 1, Spalte 14: hier fehlt ein Komma. Zwischen die beiden "
     "Einträge ein Komma setzen."),
    ('{"ruleset": "ddv"} {', 1, 20,
     "Not valid JSON at line 1, column 20: more text follows the end of the JSON value.",
     "Kein gültiges JSON in Zeile 1, Spalte 20: nach dem Ende des JSON-Werts folgt noch Text."),
]


@pytest.mark.parametrize(("text", "line", "column", "english", "german"), SLIPS)
@pytest.mark.parametrize("route", ["/v1/games/check", "/v1/sittings/check",
                                   "/v1/tournaments/check", "/v1/tournaments/draw"])
def test_a_slip_is_said_with_its_place_and_what_to_change(client, route, text, line, column,
                                                         english, german):
    for headers, detail in (({}, english), (DE, german)):
        response = client.post(route, data=text.encode(), content_type="application/json",
                               headers=headers)
        assert response.status_code == 400
        body = response.get_json()
        assert (body["detail"], body["line"], body["column"]) == (detail, line, column)
        assert "Expecting" not in body["detail"]


def test_a_broken_line_of_a_batch_is_placed_in_the_body(client):
    game = (EXAMPLES / "normal-game.json").read_text(encoding="utf-8")
    body = json.dumps(json.loads(game)) + "\n\n" + '{"ruleset": "ddv",}\n'
    results = client.post("/v1/games/check-batch", data=body, headers=DE,
                          content_type="application/x-ndjson").get_json()["results"]
    error = results[1]["error"]
    assert (results[1]["line"], error["line"], error["column"]) == (3, 3, 19)
    assert error["detail"].startswith("Kein gültiges JSON in Zeile 3, Spalte 19")
    assert "Komma nach dem letzten Eintrag" in error["detail"]


def test_a_window_of_a_long_line_is_shown(capsys, tmp_path):
    """A one-line file of some 100 KB: the caret's line is cut around the place."""
    path = tmp_path / "long.json"
    path.write_text('{"id": "' + "x" * 100_000 + '", }', encoding="utf-8")
    code, out, _ = run(capsys, path)
    shown = out.splitlines()[1:3]
    assert code == 2 and all(len(line) < 140 for line in shown)
    assert shown[1].index("^") == shown[0].index('}')


# ---- the command -------------------------------------------------------------------------

def run(capsys, *args: str | Path) -> tuple[int, str, str]:
    capsys.readouterr()
    code = cli.main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


EVENING = """{
  "ruleset": "ddv",
  "players": ["Anna", "Ben", "Cleo", "Dan"],
  "games": [
    {"dealer": "Anna", "sheet": {"type": "normal", "winners": ["Anna", "Ben"], "value": 1,
                                 "scores": {"Anna": 1, "Ben": 1, "Cleo": -1, "Dan": -1}}},
  ]
}
"""


@pytest.mark.parametrize("flags", [[], ["--sitting"]])
def test_the_command_shows_the_line_and_a_caret(capsys, tmp_path, flags):
    path = tmp_path / "evening.json"
    path.write_text(EVENING, encoding="utf-8")
    code, out, err = run(capsys, *flags, path, "--lang", "de")
    assert code == 2
    assert (f"{path}: Kein gültiges JSON in Zeile 7, Spalte 3: hier fehlt ein Wert. Das Komma "
            "nach dem letzten Eintrag, vor „]“, streichen.\n"
            "  7 |   ]\n"
            "    |   ^\n") in out + err
    assert "Anfrage" not in out + err


def test_a_file_is_never_called_a_request(capsys, tmp_path):
    (tmp_path / "twice.json").write_text('{"ruleset": "ddv", "ruleset": "ddv"}')
    (tmp_path / "list.json").write_text('{"ruleset": "ddv", "ruleset": "ddv"}')
    for flags, name in (([], "twice.json"), (["--sitting"], "list.json")):
        _, out, err = run(capsys, *flags, tmp_path / name, "--lang", "de")
        assert "Anfrage" not in out + err and "Die Datei hat den Schlüssel" in out + err
        _, out, err = run(capsys, *flags, tmp_path / name)
        assert "request" not in out + err and "The file has the key" in out + err


@pytest.mark.parametrize(("flags", "example", "said"), [
    ([], "sitting.json", "Die Datei enthält die Spielliste eines Tisches: mit --sitting prüfen."),
    ([], "tournament-ddv.json", "Die Datei enthält einen Turniertag: mit --tournament prüfen."),
    (["--sitting"], "tournament-ddv.json",
     "Die Datei enthält einen Turniertag: mit --tournament prüfen."),
    (["--sitting"], "normal-game.json",
     "Die Datei enthält ein einzelnes Spiel: ohne --sitting prüfen."),
    (["--tournament"], "sitting.json",
     "Die Datei enthält die Spielliste eines Tisches: mit --sitting prüfen."),
    (["--tournament"], "normal-game.json",
     "Die Datei enthält ein einzelnes Spiel: ohne --tournament prüfen."),
])
def test_a_file_checked_without_its_flag_names_the_flag(capsys, flags, example, said):
    code, out, err = run(capsys, *flags, EXAMPLES / example, "--lang", "de")
    assert code == 2
    assert f"{EXAMPLES / example}: {said}" in out + err
    assert "dealer" not in out + err  # no field of a game is suggested


def test_a_list_checked_without_its_flag_says_so_in_english(capsys):
    _, out, _ = run(capsys, EXAMPLES / "sitting.json")
    assert "The file holds a table's list of games: check it with --sitting." in out


# ---- a list's games from 1 ---------------------------------------------------------------

def _sitting() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((EXAMPLES / "sitting.json").read_text(encoding="utf-8"))
    return data


def test_a_field_error_of_a_list_names_the_game_from_one(client):
    sitting = _sitting()
    sitting["games"][3]["dealer"] = 9
    body = client.post("/v1/sittings/check", json=sitting, headers=DE).get_json()
    found = [e for e in body["errors"] if e["pointer"].startswith("/games/3/")]
    assert found and all(e["message"].startswith("Spiel 4: ") for e in found)
    english = client.post("/v1/sittings/check", json=sitting).get_json()
    assert all(e["message"].startswith("Game 4: ") for e in english["errors"]
               if e["pointer"].startswith("/games/3/"))


def test_a_field_error_of_a_days_game_names_round_table_and_game(client):
    day = json.loads((EXAMPLES / "tournament-ddv.json").read_text(encoding="utf-8"))
    day["preliminary"][0]["tables"][1]["games"][2]["dealer"] = 9
    body = client.post("/v1/tournaments/check", json=day, headers=DE).get_json()
    [error] = [e for e in body["errors"]
               if e["pointer"].startswith("/preliminary/0/tables/1/games/2/")]
    assert error["message"].startswith("Runde 1, Tisch 2, Spiel 3: ")


def test_the_command_names_the_game_as_the_list_does(capsys, tmp_path):
    sitting = _sitting()
    sitting["games"][3]["dealer"] = 9
    path = tmp_path / "list.json"
    path.write_text(json.dumps(sitting), encoding="utf-8")
    _, out, _ = run(capsys, "--sitting", path, "--lang", "de")
    assert "  /games/3/dealer: Spiel 4: " in out


def test_a_lists_violation_names_its_game_once(client):
    sitting = _sitting()
    sitting["games"][3]["sheet"]["scores"] = {
        name: points + 1 for name, points in sitting["games"][3]["sheet"]["scores"].items()}
    sitting["games"][2]["dealer"] = "Anna"
    body = client.post("/v1/sittings/check", json=sitting, headers=DE).get_json()
    said = {v["pointer"]: v["message"] for v in body["violations"]}
    assert said["/games/3/sheet/scores"].startswith("Spiel 4: Die Quersumme der Zeile ist ")
    assert said["/games/2/dealer"].count("Spiel 3") == 1  # it names the game itself
    assert not said["/games/2/dealer"].startswith("Spiel 3:")
