"""doko-check: exit statuses, the report, --json against the API, --ruleset, broken lines,
content detection and the parallel path."""

from __future__ import annotations

import io
import json
import random
import re
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest
from games.builder import Game, trick
from games.ddv import DEAL_A

from service import cli
from service.cli import command, output
from service.cli import games as cli_games
from service.game.rulesets import presets
from service.game.version import VERSION
from service.generating.random_game import random_game

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
NORMAL_GAME = EXAMPLES / "normal-game.json"
EVENING = EXAMPLES / "evening.jsonl"


def run(capsys, *args: str | Path) -> tuple[int, str, str]:
    capsys.readouterr()  # drop what came before (the API's access log lines)
    code = cli.main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def run_json(capsys, *args: str | Path) -> tuple[int, dict[str, Any]]:
    code, out, _ = run(capsys, "--json", *args)
    return code, json.loads(out)


def api(client, body: Any) -> dict[str, Any]:
    response = client.post("/v1/games/check", json=body)
    assert response.status_code == 200, response.get_data(as_text=True)
    return response.get_json()


def write_lines(path: Path, bodies: list[Any]) -> Path:
    path.write_text("".join(json.dumps(b) + "\n" for b in bodies), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def games() -> list[dict[str, Any]]:
    rng = random.Random(33)
    rulesets = [p.ruleset for p in presets().values()]
    return [random_game(rulesets[i % len(rulesets)], rng, game_types=True)
            for i in range(12)]


@pytest.fixture(autouse=True)
def _not_in_the_pytest_dir(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)


# ---- exit statuses ---------------------------------------------------------------------

def test_all_valid_is_0(capsys, tmp_path, games):
    assert run(capsys, NORMAL_GAME)[0] == 0
    assert run(capsys, write_lines(tmp_path / "g.jsonl", games))[0] == 0


def test_an_invalid_game_is_1(capsys):
    code, out, _ = run(capsys, EVENING)
    assert code == 1
    assert "summary: 4 games: 3 valid, 1 invalid" in out


def test_a_claim_that_disagrees_is_1(capsys, tmp_path):
    game = json.loads(NORMAL_GAME.read_text()) | {"claimed": {"winner": "re", "value": 5}}
    (tmp_path / "claim.json").write_text(json.dumps(game))
    code, out, _ = run(capsys, tmp_path / "claim.json")
    assert code == 1
    assert "game 1: valid" in out
    assert "claim DISAGREES: game value: 5 claimed, 4 computed" in out
    assert "1 disagrees with the claimed result" in out


def test_unreadable_files_are_2_and_the_others_still_checked(capsys, tmp_path):
    code, out, _ = run(capsys, tmp_path / "missing.json", NORMAL_GAME, tmp_path)
    assert code == 2
    assert f"{tmp_path / 'missing.json'}: cannot read: No such file or directory" in out
    assert f"{tmp_path}: cannot read" in out
    assert "game 1: valid" in out
    assert "2 files unreadable" in out
    code, document = run_json(capsys, tmp_path / "missing.json", NORMAL_GAME)
    assert code == 2
    assert document["files"][0] == {"path": str(tmp_path / "missing.json"),
                                    "error": "cannot read: No such file or directory"}
    assert document["files"][1]["summary"]["valid"] == 1


@pytest.mark.parametrize("args", [[], ["--ruleset", "nope", "x.json"],
                                  ["--ruleset", '{"preset": "ddv", "options": {"x": 1}}', "x"],
                                  ["--ruleset", "{broken", "x"], ["--jobs", "0", "x"],
                                  ["--unknown", "x"]])
def test_usage_errors_are_2(capsys, args):
    code, _, err = run(capsys, *args)
    assert code == 2
    assert "usage: doko-check" in err


@pytest.mark.parametrize("options", [[], ["--json"], ["--github"], ["--summary"],
                                     ["--junit", "out.xml"], ["--jobs", "1"]])
@pytest.mark.parametrize("content", ["", "[]", "\n\n"])
def test_an_input_without_a_game_is_5_unless_allowed(capsys, tmp_path, options, content):
    """As pytest exits 5 when it collects no test: a CI step cannot pass on an engine log
    that came out empty. One line on stderr says so; --allow-empty lets it pass."""
    path = tmp_path / ("empty.json" if content == "[]" else "empty.jsonl")
    path.write_text(content, encoding="utf-8")
    code, _, err = run(capsys, *options, path)
    assert code == 5
    assert err == "doko-check: no game in the input (--allow-empty lets that pass)\n"
    assert run(capsys, *options, "--allow-empty", path)[:3:2] == (0, "")
    code, _, err = run(capsys, *options, "--lang", "de", path)
    assert code == 5 and err.startswith("doko-check: kein Spiel in der Eingabe")


def test_no_game_is_5_for_a_sitting_too_and_errors_win(capsys, tmp_path):
    sitting = {"ruleset": "ddv", "players": ["A", "B", "C", "D"], "games": []}
    (tmp_path / "s.json").write_text(json.dumps(sitting))
    assert run(capsys, "--sitting", tmp_path / "s.json")[0] == 5
    assert run(capsys, "--sitting", "--allow-empty", tmp_path / "s.json")[0] == 0
    (tmp_path / "e.jsonl").write_text("")
    assert run(capsys, tmp_path / "e.jsonl", tmp_path / "missing.json")[0] == 2
    assert run(capsys, tmp_path / "e.jsonl", NORMAL_GAME)[0] == 0


@pytest.mark.parametrize("args", [["--junit", "/missing/dir/x.xml", str(NORMAL_GAME)],
                                  ["--junit", ".", str(NORMAL_GAME)],
                                  ["compare", "--junit", "/missing/dir/x.xml",
                                   str(EXAMPLES / "conformance" / "ddv.jsonl"), "v.jsonl"],
                                  ["--lang", "xx", str(NORMAL_GAME)]])
def test_a_command_error_is_2_with_one_line_and_no_traceback(args):
    """An error of the command itself (a bad option, a file it cannot write) is the
    usage line and one line of its own, before any game is checked: not a traceback,
    and not 1, which says a game is invalid."""
    script = Path(sys.executable).parent / "doko-check"
    done = subprocess.run([str(script), *args], capture_output=True, text=True, timeout=60,
                          check=False)
    assert done.returncode == 2
    assert done.stdout == "" and "Traceback" not in done.stderr
    lines = done.stderr.splitlines()
    assert lines[0].startswith("usage: doko-check")
    assert lines[-1].startswith("doko-check: error: argument ")
    assert not [x for x in lines[1:-1] if not x.startswith(" ")]  # the usage's own lines


def test_a_junit_file_that_cannot_be_written_after_all_is_one_line(capsys, tmp_path,
                                                                   monkeypatch):
    """Where the file cannot be written when the report is done (its folder gone in the
    meantime), the command says so in one line and exits 2."""
    monkeypatch.setattr(command, "writable", lambda *args: None)
    code, out, err = run(capsys, "--junit", tmp_path / "gone" / "x.xml", NORMAL_GAME)
    assert code == 2
    assert "summary: 1 game: 1 valid, 0 invalid" in out
    assert err == (f"doko-check: cannot write {tmp_path / 'gone' / 'x.xml'}: "
                   "No such file or directory\n")


def test_help_is_0(capsys):
    code, out, _ = run(capsys, "--help")
    assert code == 0
    assert "Exit status:" in out


def test_the_console_script(tmp_path):
    """pyproject names service.cli:main; the installed script exits with its status."""
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]
    assert scripts == {"doko-check": "service.cli:main"}
    script = Path(sys.executable).parent / "doko-check"
    done = subprocess.run([str(script), str(EVENING)], capture_output=True, text=True,
                          timeout=60, check=False)
    assert done.returncode == 1, done.stderr
    assert "INVALID" in done.stdout
    done = subprocess.run([str(script), "--json", str(NORMAL_GAME)], capture_output=True,
                          text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["summary"]["valid"] == 1


# ---- the readable report ---------------------------------------------------------------

def columns(line: str) -> list[str]:
    """A table row's cells: columns stand two or more spaces apart, a cell may hold one."""
    return re.split(r"\s{2,}", line.strip())


def test_report_names_the_verdict_violations_and_score_sheet(capsys):
    _, out, _ = run(capsys, EVENING)
    lines = out.splitlines()
    assert lines[0] == f"{EVENING}: 4 games"
    assert ("  game 1, line 1: valid: a normal game under the DDV tournament rules; re won, "
            "game value 4") in lines
    assert ("  game 2, line 2: valid: a jack solo by Ben under the DOKO 2026 rules; "
            "contra won, game value 6") in lines
    invalid = lines.index("  game 3, line 3: INVALID (1 violation): a normal game under the "
                          "DDV tournament rules; contra won, game value 4")
    # the violation as its message, which names the player and the place
    assert lines[invalid + 1].startswith("      Anna said “contra” too late. Under the DDV "
                                         "tournament rules")
    # the score items, then the score sheet: seats, names, teams, scores
    items = lines[invalid + 2:invalid + 7]
    assert [columns(line) for line in items] == [
        ["item", "team", "points", "where"], ["won", "contra", "+1"],
        ["below 90", "contra", "+1"], ["against club queens", "contra", "+1"],
        ["fox caught", "contra", "+1", "trick 9"]]
    sheet = lines[invalid + 7:invalid + 12]
    assert [line.split() for line in sheet] == [
        ["seat", "player", "team", "score"], ["1", "Anna", "contra", "+4"],
        ["2", "Ben", "re", "−4"], ["3", "Cleo", "contra", "+4"], ["4", "Dan", "re", "−4"]]
    assert lines[-1] == "summary: 4 games: 3 valid, 1 invalid"


def test_report_of_an_unfinished_game_and_a_game_without_names(capsys, tmp_path, games):
    (tmp_path / "partial.json").write_text(json.dumps(games[0] | {"play": games[0]["play"][:9]}))
    code, out, _ = run(capsys, tmp_path / "partial.json")
    assert code == 0  # valid as far as it goes
    assert "incomplete after 2 tricks" in out
    assert "to play" in out and "seat  team" not in out  # no score sheet yet
    (tmp_path / "full.json").write_text(json.dumps(games[0]))
    code, out, _ = run(capsys, tmp_path / "full.json")
    assert [line.split() for line in out.splitlines() if line.startswith("      seat")] == [
        ["seat", "team", "score"]]


# ---- --json ----------------------------------------------------------------------------

def test_json_results_are_the_apis_answers(capsys, client):
    code, document = run_json(capsys, EVENING, NORMAL_GAME)
    assert code == 1
    transcripts = [json.loads(line) for line in EVENING.read_text().splitlines()]
    evening, normal = document["files"]
    assert evening["path"] == str(EVENING)
    assert evening["results"] == [api(client, t) for t in transcripts]
    assert normal["results"] == [api(client, json.loads(NORMAL_GAME.read_text()))]
    assert document["summary"]["total"] == 5 and document["summary"]["invalid"] == 1


def test_json_per_file_is_the_batch_answer(capsys, client, tmp_path, games):
    """A file's results and summary are what POST /v1/games/check-batch answers for it."""
    lines = [json.dumps(games[0]), "{broken", json.dumps(games[1] | {"dealer": 5}),
             json.dumps(games[2] | {"claimed": {"value": 77}})]
    path = tmp_path / "mixed.ndjson"
    path.write_text("\n".join(lines) + "\n")
    _, document = run_json(capsys, path)
    batch = client.post("/v1/games/check-batch", data=path.read_bytes(),
                        content_type="application/x-ndjson").get_json()
    assert document["files"][0] == {"path": str(path), **batch}
    assert document["summary"] == batch["summary"]


# ---- --ruleset ---------------------------------------------------------------------------

def test_ruleset_overrides_every_transcript(capsys, client, games):
    game = json.loads(NORMAL_GAME.read_text())
    _, document = run_json(capsys, "--ruleset", "freedoko", NORMAL_GAME, EVENING)
    results = [r for f in document["files"] for r in f["results"]]
    assert {r["ruleset"] for r in results} == {"freedoko"}
    assert results[0] == api(client, game | {"ruleset": "freedoko"})
    spec = '{"preset": "ddv", "options": {"solo_multiplier": 2}}'
    _, document = run_json(capsys, "--ruleset", spec, NORMAL_GAME)
    (result,) = document["files"][0]["results"]
    assert result["ruleset"] == "ddv+custom"
    assert result == api(client, game | {"ruleset": json.loads(spec)})


def test_ruleset_supplies_a_missing_ruleset(capsys, tmp_path):
    game = json.loads(NORMAL_GAME.read_text())
    del game["ruleset"]
    (tmp_path / "bare.json").write_text(json.dumps(game))
    assert run(capsys, tmp_path / "bare.json")[0] == 2  # ruleset is required
    assert run(capsys, "--ruleset", "ddv", tmp_path / "bare.json")[0] == 0


# ---- broken lines and content detection ---------------------------------------------------

def test_broken_line_is_reported_by_number_and_the_rest_checked(capsys, tmp_path, games):
    path = tmp_path / "night.jsonl"
    path.write_text("\n".join([json.dumps(games[0]), "", '{"ruleset": "ddv", "dealer"',
                               json.dumps(games[1]), json.dumps({"ruleset": "ddv"}),
                               json.dumps(games[2])]) + "\n")
    code, out, _ = run(capsys, path)
    assert code == 2
    assert "  game 2, line 3: MALFORMED: Not valid JSON at line 3, column 28: a colon is " \
        "missing here." in out
    assert "  game 4, line 5: MALFORMED: The transcript has 3 field errors." in out
    assert "      /hands: Missing data for required field." in out
    assert "  game 3, line 4: valid" in out and "  game 5, line 6: valid" in out
    assert out.splitlines()[-1] == "summary: 5 games: 3 valid, 0 invalid, 2 malformed"
    _, document = run_json(capsys, path)
    results = document["files"][0]["results"]
    assert [r.get("line") for r in results] == [None, 3, None, 5, None]
    assert [r.get("valid") for r in results] == [True, None, True, None, True]


def test_files_are_recognised_by_content(capsys, tmp_path, games):
    array = tmp_path / "array.json"
    array.write_text(json.dumps(games[:3], indent=2))
    lines = write_lines(tmp_path / "lines.json", games[:3])  # JSON Lines behind .json
    _, by_array = run_json(capsys, array)
    _, by_lines = run_json(capsys, lines)
    assert by_array["files"][0]["results"] == by_lines["files"][0]["results"]
    assert by_array["summary"]["valid"] == 3


def test_a_broken_json_file_is_reported_as_the_file(capsys, tmp_path):
    """A file that is no JSON is reported as that file, with the parser's place."""
    path = tmp_path / "broken.json"
    path.write_text('{\n  "ruleset": "ddv",\n  "dealer": \n}\n')
    code, out, _ = run(capsys, path)
    assert code == 2
    assert f"{path}: Not valid JSON at line 4, column 1: a value is missing here.\n" \
        "  4 | }\n    | ^\n" in out
    assert "request body" not in out
    code, document = run_json(capsys, path)
    assert code == 2
    assert document["files"][0]["error"] == ("Not valid JSON at line 4, column 1: a value is "
                                             "missing here.")


def test_a_broken_line_and_a_non_object_are_said_of_the_file(capsys, tmp_path):
    (tmp_path / "lines.jsonl").write_text('{"ruleset": "ddv"\n')
    (tmp_path / "number.json").write_text("5\n")
    _, out, _ = run(capsys, tmp_path / "lines.jsonl", tmp_path / "number.json")
    assert "MALFORMED: Not valid JSON at line 1, column 18: a comma is missing here." in out
    assert "MALFORMED: The transcript must be a JSON object." in out
    assert "request body" not in out


def test_each_verdict_is_said_once(capsys):
    """The player is named once per violation; a refused call is marked not scored on
    its violation's line rather than repeated as a note."""
    _, out, _ = run(capsys, EVENING)
    (line,) = [x for x in out.splitlines() if "too late" in x]
    assert line.count("Anna") == 1 and "seat" not in line and line.endswith("(not scored)")
    assert "note:" not in out and "does not count" not in out


def test_penalties_are_score_items(capsys, tmp_path):
    """A revoke penalty (DOKO 2026 II.c: the offender loses, the others +5; winners-only
    counting) shows as an item at the offender, then the seats' entries."""
    tricks = list(DEAL_A)  # seat 1 plays ♥K on trump in trick 6 while holding trumps
    tricks[5] = trick(3, "DQ D9 HK DJ", winner=3)
    tricks[6] = trick(3, "HA HJ DK D9", winner=0)
    (tmp_path / "g.json").write_text(json.dumps(
        Game(3, tricks, check_design=False).transcript("doko2026")))
    _, out, _ = run(capsys, tmp_path / "g.json")
    lines = out.splitlines()
    at = next(i for i, line in enumerate(lines) if line.split()[:1] == ["item"])
    assert [columns(line) for line in lines[at:at + 7]] == [
        ["item", "team", "points", "where"], ["revoke penalty", "contra", "−15", "seat 2"],
        ["seat", "team", "score"], ["1", "re", "+5"], ["2", "contra", "0"], ["3", "re", "+5"],
        ["4", "contra", "+5"]]  # seats counted from 1, as people count them


def test_version_and_list_rulesets(capsys):
    code, out, _ = run(capsys, "--version")
    assert code == 0 and out.strip() == f"doko-check {VERSION}"
    code, out, _ = run(capsys, "--list-rulesets")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].split() == ["id", "title", "source"]
    ids = [line.split()[0] for line in lines[1:]]
    assert ids == list(presets())
    assert any("Deutscher Doppelkopf-Verband" in line for line in lines)


def test_stdin(capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(EVENING.read_bytes())))
    code, out, _ = run(capsys, "-")
    assert code == 1
    assert out.startswith("<stdin>: 4 games\n")


# ---- the parallel path ---------------------------------------------------------------------

@pytest.fixture(scope="module")
def many(tmp_path_factory) -> Path:
    rng = random.Random(44)
    rulesets = [p.ruleset for p in presets().values()]
    bodies: list[Any] = [random_game(rulesets[i % 4], rng, game_types=True) for i in range(150)]
    bodies[40] = bodies[40] | {"play": bodies[40]["play"][::-1]}  # invalid
    bodies[77] = {"dealer": "x"}  # malformed
    path = tmp_path_factory.mktemp("many") / "many.jsonl"
    write_lines(path, bodies)
    with path.open("a") as file:
        file.write("{broken\n")
    return path


def test_parallel_path_gives_the_same_results_in_order(capsys, monkeypatch, many):
    pools = []
    real = cli_games.ProcessPoolExecutor

    def counted(*args: Any, **kwargs: Any):
        pools.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(cli_games, "ProcessPoolExecutor", counted)
    serial = run(capsys, "--json", "--jobs", "1", many)
    assert not pools
    parallel = run(capsys, "--json", "--jobs", "2", "--parallel-from", "10", many)
    assert pools == [(2,)]
    assert parallel == serial
    assert serial[0] == 2
    results = json.loads(serial[1])["files"][0]["results"]
    assert len(results) == 151
    assert results[40]["valid"] is False and results[77]["index"] == 77
    assert results[150]["line"] == 151
    # the readable report alike
    assert run(capsys, "--parallel-from", "10", many) == run(capsys, "--jobs", "1", many)
    # by default, many games go to two workers
    monkeypatch.setattr(command, "PARALLEL_FROM", 100)
    pools.clear()
    assert cli.main(["--json", str(many)]) == 2
    capsys.readouterr()
    assert pools == [(2,)]


# ---- progress ------------------------------------------------------------------------------

class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_bar_only_on_a_terminal_and_for_many_games():
    bar = Terminal()
    progress = output.Progress(output.PROGRESS_FROM, bar)
    for _ in range(output.PROGRESS_FROM):
        progress.update()
    progress.close()
    assert f"{output.PROGRESS_FROM}/{output.PROGRESS_FROM} games" in bar.getvalue()
    assert bar.getvalue().endswith("\r")
    for stream, total in ((io.StringIO(), output.PROGRESS_FROM), (Terminal(), 3)):
        progress = output.Progress(total, stream)
        for _ in range(total):
            progress.update()
        progress.close()
        assert stream.getvalue() == ""


@pytest.mark.parametrize(("page", "marker", "example"), [
    ("docs/engine-authors.md", "cli-report", "examples/evening.jsonl"),
    ("README.md", "cli-check", "examples/normal-game.json")])
def test_the_documented_report_is_what_the_command_prints(capsys, monkeypatch, page, marker,
                                                          example):
    text = (ROOT / page).read_text(encoding="utf-8")
    block = re.search(rf"<!-- {marker}:start -->\n```text\n(.*?)```", text, re.S)
    assert block, f"{page} lost its doko-check report"
    monkeypatch.chdir(ROOT)
    code, out, _ = run(capsys, example)
    assert out + f"exit status {code}\n" == block.group(1)


def test_help_names_the_conformance_commands(capsys):
    """An engine author's first look, `doko-check -h`, shows how to run the conformance
    suite, in plain text (no reStructuredText markup)."""
    assert cli.main(["-h"]) == 0
    out = capsys.readouterr().out
    assert "doko-check cases --ruleset ID [--count N] [--seed S]" in out
    assert "doko-check compare CASES VERDICTS" in out
    assert "``" not in out and ":mod:" not in out


def test_a_violation_names_its_seat_once(tmp_path, capsys):
    """The report prints a violation as its message, which names the player (by name
    where the transcript names them) once: "Cleo played out of turn: …", with no code,
    pointer or seat number besides; the CI outputs put the code and the pointer before
    the message, and no seat (the message names the player)."""
    from service.cli.formats.findings import violation_line

    violation = {"code": "turn_order", "pointer": "/play/1", "seat": 2, "name": "Cleo",
                 "message": "Cleo played out of turn: Anna led trick 1, so it was Ben's "
                            "turn (trick 1, 2nd card)"}
    assert violation_line(violation, "en") == violation["message"]
    assert violation_line(violation) == "turn_order at /play/1: " + violation["message"]
    assert violation_line(violation).count("Cleo") == 1
    game = json.loads(NORMAL_GAME.read_text())
    game["play"][1], game["play"][2] = game["play"][2], game["play"][1]
    assert game["play"][1]["seat"] == 2
    path = tmp_path / "swapped.json"
    path.write_text(json.dumps(game))
    _, out, _ = run(capsys, path)
    (line,) = [x for x in out.splitlines() if "out of turn" in x]
    assert line == "      " + violation["message"], out
    assert line.count("Cleo") == 1 and "seat" not in line and "/play/" not in line
