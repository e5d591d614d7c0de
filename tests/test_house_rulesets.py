"""House rulesets: a club's file names the preset it extends and only what it changes;
the service and the command load a directory of them and refuse a broken one at start."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from service import cli, create_app
from service.game import rulesets
from service.game.rulesets import RulesetError, use_directory

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples" / "rulesets"
GAME = json.loads((ROOT / "examples" / "normal-game.json").read_text())


@pytest.fixture(autouse=True)
def _no_house_rulesets_left_behind():
    yield
    rulesets._house.clear()
    rulesets._resolve_preset.cache_clear()


def test_the_example_house_ruleset_loads_over_its_preset():
    found = use_directory(EXAMPLES)
    club = found["zum-anker"]
    assert club.extends == "ddv"
    assert club.ruleset.dollen_order == "second_wins"
    ddv = rulesets.builtin_presets()["ddv"].ruleset
    changed = [n for n in rulesets.CATALOGUE if getattr(club.ruleset, n) != getattr(ddv, n)]
    assert changed == ["dollen_order"]
    assert club.sources["dollen_order"].startswith("House rule 1")
    assert club.sources["with_nines"] == rulesets.builtin_presets()["ddv"].sources["with_nines"]


def test_the_service_lists_and_uses_house_rulesets(monkeypatch):
    monkeypatch.setenv(rulesets.HOUSE_DIR_ENV, str(EXAMPLES))
    client = create_app().test_client()
    listed = client.get("/v1/rulesets").get_json()["rulesets"]
    assert {"id": "zum-anker", "title": "Stammtisch Zum Anker",
            "source": "House rules agreed at the Stammtisch, 2026", "extends": "ddv"} in listed
    detail = client.get("/v1/rulesets/zum-anker").get_json()
    assert detail["extends"] == "ddv"
    answer = client.post("/v1/games/check", json={**GAME, "ruleset": "zum-anker"}).get_json()
    assert answer["ruleset"] == "zum-anker" and answer["valid"]
    ddv = client.post("/v1/games/check", json=GAME).get_json()
    assert answer["ruleset_digest"] != ddv["ruleset_digest"]


def _write(folder: Path, name: str, text: str) -> Path:
    folder.mkdir(exist_ok=True)
    (folder / name).write_text(text, encoding="utf-8")
    return folder


HEAD = 'id = "club"\ntitle = "Club"\nsource = "our list"\nextends = "ddv"\n'


@pytest.mark.parametrize(("text", "option", "reason"), [
    (HEAD + '[options.dollen_order]\nvalue = "third_wins"\nsource = "x"\n',
     "dollen_order", "must be one of first_wins, second_wins"),
    (HEAD + '[options.no_such]\nvalue = 1\nsource = "x"\n', "no_such", "not an option"),
    (HEAD + '[options.dollen_order]\nvalue = "second_wins"\n', "dollen_order", "source"),
    (HEAD.replace('"club"', '"ddv"'), "id", "built-in preset"),
    (HEAD.replace('"ddv"', '"nope"'), "extends", "unknown preset 'nope'"),
    ('id = "club"\n', "title", "needs title"),
    ("this is [not toml", "file", "cannot be read"),
    (HEAD + '[options.swines]\nvalue = "none"\nsource = "x"\n'
     '[options.hyperswines]\nvalue = "before_play"\nsource = "x"\n', "hyperswines", "need"),
])
def test_a_broken_house_ruleset_is_refused_with_file_option_and_reason(
        tmp_path, text, option, reason):
    folder = _write(tmp_path / "rules", "club.toml", text)
    with pytest.raises(RulesetError) as refused:
        use_directory(folder)
    problem = refused.value.problems[0]
    assert problem.option == option and "club.toml" in problem.message
    assert reason in problem.message
    assert "club" not in rulesets.presets()  # nothing half-loaded


def test_the_service_does_not_start_with_a_broken_file(tmp_path, monkeypatch):
    folder = _write(tmp_path / "rules", "club.toml", HEAD.replace('"club"', '"ddv"'))
    monkeypatch.setenv(rulesets.HOUSE_DIR_ENV, str(folder))
    with pytest.raises(RulesetError, match=r"club\.toml"):
        create_app()


def test_the_command_loads_a_rulesets_directory(tmp_path, capsys):
    game = tmp_path / "game.json"
    game.write_text(json.dumps({**GAME, "ruleset": "zum-anker"}))
    assert cli.main(["--rulesets-dir", str(EXAMPLES), str(game)]) == 0
    assert cli.main(["--rulesets-dir", str(EXAMPLES), "--ruleset", "zum-anker",
                     str(tmp_path / "game.json")]) == 0
    broken = _write(tmp_path / "broken", "club.toml", "x = [")
    assert cli.main(["--rulesets-dir", str(broken), str(game)]) == 2
    assert "club.toml" in capsys.readouterr().err


OPTION = '[options.dollen_order]\nvalue = "second_wins"\nsource = "x"\n'


@pytest.mark.parametrize(("text", "option", "must"), [
    (HEAD + "options = 5\n", "options", "must be a table of options"),
    (HEAD + 'options = "dollen_order"\n', "options", "must be a table of options"),
    (HEAD + "[options]\ndollen_order = 5\n", "dollen_order", "must be a table"),
    (HEAD + OPTION + "note = 5\n", "dollen_order", 'note must be text, as note = "…"'),
    (HEAD + OPTION + "note = [\"a\"]\n", "dollen_order", "note must be text"),
    (HEAD.replace('source = "our list"', "source = 5"), "source", "must be text"),
    (HEAD + OPTION.replace('source = "x"', "source = 5"), "dollen_order",
     "source must be text"),
    (HEAD + OPTION.replace('source = "x"', "source = 1979-05-27"), "dollen_order",
     "source must be text"),
    (HEAD + OPTION + "colour = 1\n", "dollen_order", "colour is not a field of an option"),
    ("title_de = 5\n" + HEAD, "title_de", 'must be text, as title_de = "…"'),
    ('title_de = ""\n' + HEAD, "title_de", "must be text"),
    (HEAD.replace('title = "Club"', "title = 5"), "title", "must be text"),
    (HEAD.replace('title = "Club"', "title = {a = 1}"), "title", "must be text"),
    (HEAD.replace('extends = "ddv"', "extends = 5"), "extends", "must be text"),
    (HEAD.replace('id = "club"', "id = true"), "id", "must be text"),
])
def test_every_wrong_type_is_one_line_naming_file_option_and_what_it_must_be(
        tmp_path, monkeypatch, text, option, must):
    """``options = 5`` or ``note = 5`` stopped the start with a 40-line traceback;
    ``title_de = 5`` was accepted and served as ``"title": 5``."""
    folder = _write(tmp_path / "rules", "club.toml", text)
    with pytest.raises(RulesetError) as refused:
        use_directory(folder)
    problem = refused.value.problems[0]
    assert problem.option == option and problem.message.startswith("club.toml: ")
    assert must in problem.message
    monkeypatch.setenv(rulesets.HOUSE_DIR_ENV, str(folder))
    with pytest.raises(RuntimeError) as stopped:
        create_app()
    said = str(stopped.value)
    assert "\n" not in said and str(folder / "club.toml") in said and must in said
    assert f" {option}: " in said
