"""Names are people: a player or participant name is printable, and two names that are
equal after NFKC and case folding are one person's (refused, naming both). Names are
compared normalised but echoed and pointed at as sent."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from service.game.names import name_key, printable

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
GAME = json.loads((EXAMPLES / "normal-game.json").read_text())
SITTING = json.loads((EXAMPLES / "sitting.json").read_text())
TOURNAMENT = json.loads((EXAMPLES / "tournament-ddv.json").read_text())

UNPRINTABLE = ["Anna\u200b", "An\x00na", "Anna\r\nX-Evil: 1", "\u202eannA", "   ", "\t",
               "Anna\u2028", "\ufeffAnna", "A\u200dnna"]
# look-alikes of "Anna" that NFKC and case folding make equal to it
SAME_AS_ANNA = ["ANNA", "anna", "Ａｎｎａ", "ＡＮＮＡ", "Anna"]


def errors(answer) -> dict[str, str]:
    assert answer.status_code == 400, answer.get_data(as_text=True)[:500]
    return {e["pointer"]: e["message"] for e in answer.get_json()["errors"]}


@pytest.mark.parametrize("name", UNPRINTABLE)
def test_an_unprintable_name_is_not_printable(name):
    assert not printable(name)


@pytest.mark.parametrize("name", ["Anna", "Jürgen", "Zoë", "李雷", "Ann-Kathrin", "O'Neil",
                                  "Анна", "🂡 Ace"])
def test_names_of_people_are_printable(name):
    assert printable(name)


def test_look_alikes_compare_equal_distinct_names_do_not():
    assert {name_key(n) for n in SAME_AS_ANNA} == {name_key("Anna")}
    assert name_key("Straße") == name_key("STRASSE")
    assert name_key("Anna") != name_key("Anja")


@pytest.mark.parametrize("name", UNPRINTABLE)
def test_a_transcript_refuses_an_unprintable_player(client, name):
    game = {**GAME, "players": ["Ben", name, "Cleo", "Dan"]}
    found = errors(client.post("/v1/games/check", json=game))
    assert "printable" in found["/players/1"]


@pytest.mark.parametrize("name", SAME_AS_ANNA)
def test_a_transcript_refuses_one_player_twice(client, name):
    game = {**GAME, "players": ["Anna", "Ben", name, "Dan"]}
    found = errors(client.post("/v1/games/check", json=game))
    assert set(found) == {"/players/2"}
    assert repr(name) in found["/players/2"] and "'Anna'" in found["/players/2"]


def test_a_transcript_echoes_names_as_sent(client):
    game = {**GAME, "players": ["Ánna", "Bén", "Ｃleo", "Dan"]}
    answer = client.post("/v1/games/check", json=game)
    assert answer.status_code == 200, answer.get_data(as_text=True)[:300]
    assert "Ｃleo" in answer.get_data(as_text=True)


@pytest.mark.parametrize("name", UNPRINTABLE)
def test_a_sitting_refuses_an_unprintable_player(client, name):
    sitting = copy.deepcopy(SITTING)
    sitting["players"][4] = name
    found = errors(client.post("/v1/sittings/check", json=sitting))
    assert "printable" in found["/players/4"]


@pytest.mark.parametrize("name", SAME_AS_ANNA[:4])
def test_a_sitting_refuses_one_player_twice_naming_both(client, name):
    sitting = copy.deepcopy(SITTING)
    sitting["players"][4] = name
    found = errors(client.post("/v1/sittings/check", json=sitting))
    assert repr(name) in found["/players/4"] and "'Anna'" in found["/players/4"]


def test_a_sitting_says_the_clash_in_german(client):
    sitting = copy.deepcopy(SITTING)
    sitting["players"][4] = "ANNA"
    answer = client.post("/v1/sittings/check", json=sitting, headers={"Accept-Language": "de"})
    message = errors(answer)["/players/4"]
    assert "'ANNA' und 'Anna' sind ein Name" in message


@pytest.mark.parametrize("name", UNPRINTABLE)
def test_a_tournament_refuses_an_unprintable_participant(client, name):
    day = copy.deepcopy(TOURNAMENT)
    day["participants"][7] = name
    found = errors(client.post("/v1/tournaments/check", json=day))
    assert "printable" in found["/participants/7"]


@pytest.mark.parametrize("name", SAME_AS_ANNA[:4])
def test_a_tournament_refuses_one_participant_twice_naming_both(client, name):
    day = copy.deepcopy(TOURNAMENT)
    day["participants"][7] = name
    found = errors(client.post("/v1/tournaments/check", json=day))
    assert repr(name) in found["/participants/7"] and "'Anna'" in found["/participants/7"]


def test_the_examples_still_pass(client):
    assert client.post("/v1/sittings/check", json=SITTING).status_code == 200
    assert client.post("/v1/tournaments/check", json=TOURNAMENT).status_code == 200
    assert client.post("/v1/games/check", json=GAME).status_code == 200


def test_the_draw_reads_names_as_a_tournament_does(client):
    """A participant of a draw is a person as on the day (the issue's "names are people"):
    printable, and none alike another after NFKC and case folding."""
    names = ["Anna", "Ben", "Cleo", "Dan", "Eva", "Finn", "Gero", "Hanna"]
    bad = client.post("/v1/tournaments/draw", json={
        "participants": [*names[:7], "Anna\u200b"], "rounds": 1, "seed": "s"})
    assert bad.status_code == 400
    assert [e["pointer"] for e in bad.get_json()["errors"]] == ["/participants/7"]
    alike = client.post("/v1/tournaments/draw", json={
        "participants": [*names[:7], "ANNA"], "rounds": 1, "seed": "s"})
    assert alike.status_code == 400
    assert client.post("/v1/tournaments/draw", json={
        "participants": names, "rounds": 1, "seed": "s"}).status_code == 200


# ---- names that only look blank --------------------------------------------------------

# Each alone was accepted as a name: fillers that render as nothing (U+3164 Hangul
# filler, U+115F and U+1160 the Hangul choseong and jungseong fillers, U+FFA0 the
# halfwidth one, U+2800 the blank Braille pattern), a space under a combining mark, a
# letter smeared by 63 combining marks.
BLANK_FILLERS = ["\u3164", "\u115f", "\u1160", "\uffa0", "\u2800", "\u3164\u3164",
                 "\u2800 \u2800"]
FILLER_INSIDE = ["An\u3164na", "Anna\u2800", "\u115fAnna", "Anna \uffa0"]
BLANK = [" \u0301", "\u0301\u0302", "\u3000\u0308"]  # only spaces and combining marks
SMEARED = ["A" + "\u0301" * 63, "Anna" + "\u0308" * 5, "\u0301" * 5 + "Anna"]
NEWLY_REFUSED = BLANK_FILLERS + FILLER_INSIDE + BLANK + SMEARED

FILLER_EN = ("Must be a printable name: no filler characters that show as blank (Hangul "
             "fillers, the blank Braille pattern).")
FILLER_DE = ("Muss ein druckbarer Name sein: keine Füllzeichen, die leer erscheinen "
             "(Hangul-Füllzeichen, das leere Braille-Muster).")
MARKS_EN = ("Must be a printable name: at most 4 accents or other combining marks on one "
            "letter.")
MARKS_DE = ("Muss ein druckbarer Name sein: höchstens 4 Akzente oder andere "
            "Kombinationszeichen auf einem Buchstaben.")
BLANK_DE = "Muss ein druckbarer Name sein: keine Steuer- oder Formatzeichen, nicht leer."


def said(name: str, lang: str) -> str:
    if name in SMEARED:
        return MARKS_DE if lang == "de" else MARKS_EN
    if name in BLANK:
        return BLANK_DE if lang == "de" else (
            "Must be a printable name: no control or format characters, not blank.")
    return FILLER_DE if lang == "de" else FILLER_EN


@pytest.mark.parametrize("name", NEWLY_REFUSED)
def test_a_name_that_only_looks_blank_is_not_printable(name):
    assert not printable(name)


@pytest.mark.parametrize("name", ["Nguyê\u0303\u0301n", "A\u0301\u0302\u0303\u0304",
                                  "שָׁלוֹם", "한국", "Zoe\u0308", "Ｚｏë", "ท่าน"])
def test_names_with_a_few_marks_are_printable(name):
    assert printable(name)


def _each_place(name: str) -> list[tuple[str, dict, str]]:
    game = {**GAME, "players": ["Ben", name, "Cleo", "Dan"]}
    sitting = copy.deepcopy(SITTING)
    sitting["players"][4] = name
    day = copy.deepcopy(TOURNAMENT)
    day["participants"][7] = name
    draw = {"participants": ["Anna", "Ben", "Cleo", "Dan", "Eva", "Finn", "Gero", name],
            "rounds": 1, "seed": "s"}
    return [("/v1/games/check", game, "/players/1"),
            ("/v1/sittings/check", sitting, "/players/4"),
            ("/v1/tournaments/check", day, "/participants/7"),
            ("/v1/tournaments/draw", draw, "/participants/7")]


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("name", NEWLY_REFUSED)
def test_every_reader_of_names_refuses_it_in_both_languages(client, name, lang):
    for route, body, pointer in _each_place(name):
        answer = client.post(route, json=body, headers={"Accept-Language": lang})
        assert errors(answer)[pointer] == said(name, lang), (route, name)


def test_the_command_refuses_it_too(tmp_path, capsys):
    from service import cli

    game = tmp_path / "game.json"
    game.write_text(json.dumps({**GAME, "players": ["Ben", "\u3164", "Cleo", "Dan"]}))
    assert cli.main([str(game)]) != 0
    assert "filler" in capsys.readouterr().out


def test_every_latin1_character_is_judged_by_its_category():
    """The Latin-1 names take a quicker way: each of its characters, alone and after a
    letter, judged as the category says (controls and the soft hyphen refused, a blank
    alone refused)."""
    import unicodedata

    from service.game.names import NOT_PRINTABLE, name_problem

    for c in map(chr, range(0x100)):
        kind = unicodedata.category(c)
        assert name_problem("A" + c) == (NOT_PRINTABLE if kind in ("Cc", "Cf") else None), c
        assert name_problem(c) == (NOT_PRINTABLE if kind in ("Cc", "Cf", "Zs") else None), c
    assert name_problem("") == NOT_PRINTABLE
