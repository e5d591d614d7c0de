"""doko-check's CI outputs: JUnit XML valid against Jenkins' junit-10.xsd, GitHub Actions
annotations in the documented workflow-command syntax at the games' lines, the --summary
object; and the client's `id`, echoed in every answer, batch entry and report."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from games import junit
from lxml import etree

from service import cli
from service.checking import Item, check_item
from service.cli.ci import element_lines, github
from service.cli.report import report
from service.game.rulesets import presets
from service.generating.random_game import random_game

ROOT = Path(__file__).resolve().parents[1]
XSD = junit.schema()
EVENING = ROOT / "examples" / "evening.jsonl"

# GitHub's "Workflow commands for GitHub Actions": ::error file={name},line={line},
# title={title}::{message}. In a property value %, CR, LF, ':' and ',' are escaped as
# %25 %0D %0A %3A %2C; in the message %, CR and LF.
PROPERTY = r"(?:file|line|endLine|col|endColumn|title)=(?:[^%:,\r\n]|%25|%0D|%0A|%3A|%2C)*"
MESSAGE = r"(?:[^%\r\n]|%25|%0D|%0A)*"
ANNOTATION = re.compile(rf"::(?:error|warning|notice)(?: {PROPERTY}(?:,{PROPERTY})*)?::{MESSAGE}")


def unescape(text: str) -> str:
    for code, char in (("%0D", "\r"), ("%0A", "\n"), ("%3A", ":"), ("%2C", ","), ("%25", "%")):
        text = text.replace(code, char)
    return text


def parse_annotation(line: str) -> tuple[dict[str, str], str]:
    assert ANNOTATION.fullmatch(line), line
    head, message = line[2:].split("::", 1)
    _, _, props = head.partition(" ")
    fields = dict(part.split("=", 1) for part in props.split(",")) if props else {}
    return {k: unescape(v) for k, v in fields.items()}, unescape(message)


def run(capsys, *args: Any) -> tuple[int, str, str]:
    capsys.readouterr()
    code = cli.main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(autouse=True)
def _in_tmp(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)


@pytest.fixture(scope="module")
def games() -> list[dict[str, Any]]:
    rng = random.Random(5)
    ddv = presets()["ddv"].ruleset
    return [random_game(ddv, rng) for _ in range(3)]


def _revoked(game: dict[str, Any]) -> dict[str, Any]:
    """The game with the 2nd and 3rd card of the first trick swapped: out of turn."""
    bad = json.loads(json.dumps(game))
    cards = [i for i, e in enumerate(bad["play"]) if "card" in e]
    a, b = cards[1], cards[2]
    bad["play"][a], bad["play"][b] = bad["play"][b], bad["play"][a]
    return bad


@pytest.fixture()
def mixed(tmp_path, games) -> tuple[Path, Path]:
    """A JSONL file (valid, invalid with an id, a broken line, a disagreeing claim) and a
    pretty-printed JSON array."""
    lines = tmp_path / "engine.jsonl"
    lines.write_text("\n".join([
        json.dumps(games[0]),
        json.dumps(_revoked(games[1]) | {"id": "deal-7, table 2: ✓"}),
        "{broken",
        json.dumps(games[2] | {"claimed": {"value": 99}}),
    ]) + "\n", encoding="utf-8")
    array = tmp_path / "array.json"
    array.write_text(json.dumps([games[0], _revoked(games[2])], indent=2), encoding="utf-8")
    return lines, array


# ---- JUnit --------------------------------------------------------------------------------

def test_junit_validates_against_the_jenkins_schema(capsys, mixed, tmp_path):
    lines, array = mixed
    code, out, _ = run(capsys, "--junit", tmp_path / "r.xml", lines, array, tmp_path / "none.json")
    assert code == 2  # a malformed line and an unreadable file
    assert "summary:" in out  # the report still goes to stdout
    document = etree.parse(str(tmp_path / "r.xml"))
    XSD.assertValid(document)
    suites = document.getroot()
    assert (suites.get("tests"), suites.get("failures"), suites.get("errors")) == ("7", "3", "2")
    first = suites[0]
    assert first.get("name") == str(lines)
    names = [case.get("name") for case in first]
    assert names == [f"{lines}:1", "deal-7, table 2: ✓", f"{lines}:3", f"{lines}:4"]
    revoked = first[1]
    assert {f.get("type") for f in revoked.findall("failure")} == {"turn_order"}
    assert all("/play/" in f.get("message") for f in revoked.findall("failure"))
    assert first[2].find("error").get("type") == "malformed"
    claim = first[3].find("failure")
    assert (claim.get("type"), claim.get("message")) == ("claimed", claim.get("message"))
    assert "claimed value 99" in claim.get("message")
    # the JSON array's games are named by the line each starts on
    assert [case.get("name") for case in suites[1]] == [f"{array}:2", f"{array}:{_second(array)}"]
    assert suites[2][0].find("error").get("type") == "unreadable"


def _second(array: Path) -> int:
    """The line the array's second game starts on, as json.dumps(indent=2) writes it."""
    starts = [n for n, line in enumerate(array.read_text().splitlines(), 1) if line == "  {"]
    assert starts[0] == 2
    return starts[1]


def test_the_schema_rejects_what_jenkins_would_not_read():
    """The validation bites: a test case without a name, a suite without counts."""
    for bad in (b'<testsuites><testsuite name="x" tests="1" failures="0" errors="0">'
                b"<testcase/></testsuite></testsuites>",
                b'<testsuites><testsuite name="x"/></testsuites>'):
        assert not XSD.validate(etree.fromstring(bad))


def test_junit_of_all_valid_games_has_no_failures(capsys, tmp_path, games):
    path = tmp_path / "ok.jsonl"
    path.write_text("".join(json.dumps(g) + "\n" for g in games))
    assert run(capsys, "--junit", tmp_path / "ok.xml", "--json", path)[0] == 0
    root = etree.parse(str(tmp_path / "ok.xml")).getroot()
    assert (root.get("tests"), root.get("failures"), root.get("errors")) == ("3", "0", "0")


def test_junit_text_keeps_to_xml_characters(tmp_path, games):
    from service.cli.ci import junit
    from service.cli.formats.findings import Finding
    doc = junit.document([junit.Suite("a\x01b", [junit.Case("c\x1f", [
        Finding("failure", "follow_suit", "t", "bad \x00 char")])])])
    XSD.assertValid(etree.fromstring(doc))


# ---- GitHub annotations ---------------------------------------------------------------

def test_github_annotations_follow_the_workflow_command_syntax(capsys, mixed):
    lines, array = mixed
    code, out, _ = run(capsys, "--github", lines, array)
    assert code == 2
    commands = [line for line in out.splitlines() if line.startswith("::")]
    assert out.splitlines()[-1].startswith("summary: ")
    parsed = [parse_annotation(line) for line in commands]
    by_line = {(p["file"], int(p["line"])): (p, m) for p, m in parsed}
    assert {key[1] for key in by_line if key[0] == str(lines)} == {2, 3, 4}
    props, message = by_line[(str(lines), 2)]
    assert props["title"] == "doko-check: turn_order" and message.startswith("turn_order at /play/")
    assert "malformed" in by_line[(str(lines), 3)][0]["title"]
    assert "claimed value 99" in by_line[(str(lines), 4)][1]
    assert (str(array), _second(array)) in by_line


def test_a_refused_call_reads_alike_in_the_report_and_the_ci_outputs(capsys, tmp_path):
    """DDV TSR 6.2: a late call is refused and not scored; the report prints the message
    (which names the player and the place) marked "(not scored)"; the annotation and the
    JUnit failure print the same after the code and the pointer, with no seat besides
    (the message names the player)."""
    _, report, _ = run(capsys, EVENING)
    _, github_out, _ = run(capsys, "--github", "--junit", tmp_path / "j.xml", EVENING)
    said = ("Anna said “contra” too late. Under the DDV tournament rules “re or contra” "
            "needs at least 11 cards in hand, the player held 4 (trick 8, before its 3rd "
            "card) (not scored)")
    assert f"\n      {said}\n" in report
    assert "/play/30" not in report and "announcement_too_late" not in report
    expected = f"announcement_too_late at /play/30: {said}"
    (annotation,) = [parse_annotation(x)[1] for x in github_out.splitlines()
                     if x.startswith("::")]
    assert annotation == expected
    (failure,) = etree.parse(str(tmp_path / "j.xml")).iter("failure")
    assert failure.get("message") == expected


def test_the_not_scored_mark_follows_the_code_not_the_note_wording():
    """The report marks a refused call from its violation's code: a note worded otherwise
    (or left out of a hand-made entry) changes nothing."""
    item = Item(0, 3, json.loads(EVENING.read_text(encoding="utf-8").splitlines()[2]))
    checked, _ = check_item(item)
    checked["notes"] = [{"code": "call_not_scored", "seat": 0, "message": "refused"}]
    assert report(item, checked).splitlines()[1].endswith("(not scored)")


def test_annotation_escapes_what_the_syntax_reserves():
    line = github.command("error", "50% done\nnext, line", file="a:b,c.json", line=3,
                          title="x: y")
    assert line == "::error file=a%3Ab%2Cc.json,line=3,title=x%3A y::50%25 done%0Anext, line"
    assert parse_annotation(line) == ({"file": "a:b,c.json", "line": "3", "title": "x: y"},
                                      "50% done\nnext, line")


def test_element_lines_of_json_files():
    assert element_lines(b'\n\n  {"a": 1}') == [3]
    assert element_lines(b'[\n {"a": [1,\n 2]},\n\n {"b": "]"}\n]') == [2, 5]
    assert element_lines(b"[]") == []
    assert element_lines(b"{broken") is None


# ---- summary and usage --------------------------------------------------------------------

def test_summary_is_one_json_object_of_counts(capsys, mixed, tmp_path):
    lines, array = mixed
    code, out, err = run(capsys, "--summary", lines, array, tmp_path / "none.json")
    assert code == 2
    summary = json.loads(out)
    assert summary == {"total": 6, "valid": 3, "invalid": 2, "malformed": 1, "complete": 5,
                       "incomplete": 0, "disagreeing": 1,
                       "violations": summary["violations"],
                       "unreadable": [str(tmp_path / "none.json")]}
    assert set(summary["violations"]) == {"turn_order"}
    assert "none.json" in err
    assert json.loads(run(capsys, "--summary", EVENING)[1])["violations"] == {
        "announcement_too_late": 1}


def test_one_stdout_format_at_a_time(capsys):
    code, _, err = run(capsys, "--github", "--summary", EVENING)
    assert code == 2 and "choose one of" in err


# ---- the client's id --------------------------------------------------------------------

def test_id_is_echoed_by_the_check_and_the_batch(client, games):
    game = games[0] | {"id": "game-1"}
    assert client.post("/v1/games/check", json=game).get_json()["id"] == "game-1"
    body = [game, games[1] | {"id": 42}, {"id": "broken-1", "dealer": 9}, {"id": 1.5}]
    results = client.post("/v1/games/check-batch", json=body).get_json()["results"]
    assert [r.get("id") for r in results] == ["game-1", 42, "broken-1", None]
    assert "error" in results[2] and results[2]["index"] == 2


def test_a_bad_id_is_refused_by_pointer(client, games):
    for bad in ("", "x" * 201, 1.5, True, None, [1]):
        answer = client.post("/v1/games/check", json=games[0] | {"id": bad})
        assert answer.status_code == 400
        assert [e["pointer"] for e in answer.get_json()["errors"]] == ["/id"]


def test_id_is_named_in_the_report(capsys, tmp_path, games):
    path = tmp_path / "g.jsonl"
    path.write_text(json.dumps(games[0] | {"id": "t-9"}) + "\n"
                    + json.dumps({"id": "t-10", "dealer": 0}) + "\n")
    _, out, _ = run(capsys, path)
    assert 'game 1, line 1 (id "t-9"): valid' in out
    assert 'game 2, line 2 (id "t-10"): MALFORMED' in out
    entries = json.loads(run(capsys, "--json", path)[1])["files"][0]["results"]
    assert [e["id"] for e in entries] == ["t-9", "t-10"]
