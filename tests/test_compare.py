"""`doko-check compare`: no green by accident (a verdict that compares nothing fails,
every unanswered case is named, what was compared is counted, nothing compared is 5) and
a diff to act on (the case's id and its line in the case file, each differing field with
both values, list entries missing and extra by their keys, a table by field and code,
JUnit XML and GitHub annotations per conformance case); input errors are 2, in one line
each, never a traceback."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from games import junit
from lxml import etree

from service import cli
from service.cli import diff
from service.game import rulesets
from service.generating import cases as generator

ROOT = Path(__file__).resolve().parents[1]
DDV = ROOT / "examples" / "conformance" / "ddv.jsonl"
XSD = junit.schema()


def lines_of(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


@pytest.fixture()
def suite(tmp_path) -> tuple[Path, list[dict[str, Any]]]:
    """Nine cases: three each of game, mutation and partial game."""
    path = tmp_path / "cases.jsonl"
    with path.open("w", encoding="utf-8") as out:
        generator.write_cases(out, "ddv", 9, 4)
    return path, lines_of(path)


def compare(capsys, cases: Path, verdicts: list[Any], *extra: str,
            folder: Path | None = None) -> tuple[int, str, str]:
    """`doko-check compare CASES VERDICTS`, the verdicts written beside the cases (or
    into ``folder``: never into examples/)."""
    path = (folder or cases.parent) / "verdicts.jsonl"
    path.write_text("".join((v if isinstance(v, str) else json.dumps(v)) + "\n"
                            for v in verdicts), encoding="utf-8")
    capsys.readouterr()
    code = cli.main(["compare", str(cases), str(path), *extra])
    out, err = capsys.readouterr()
    return code, out, err


def summary(out: str) -> str:
    return out.splitlines()[-1]


# ---- no green by accident ----------------------------------------------------------------

def test_the_reference_agrees_with_itself(capsys, suite):
    path, cases = suite
    code, out, _ = compare(capsys, path, [c["expected"] for c in cases])
    assert code == 0
    assert summary(out) == ("summary: 9 cases, 9 answered, 9 agree, 0 differ, "
                            "0 compare nothing, 0 unanswered")


@pytest.mark.parametrize("empty", [{}, {"score": {}}, {"legal_actions": {}}])
def test_verdicts_that_compare_nothing_fail_each_named(capsys, suite, empty):
    """An engine that writes only ids (or empty objects) compares no field: it fails,
    and each such case is named by its id and line, with its verdict's line."""
    path, cases = suite
    code, out, _ = compare(capsys, path, [
        {"id": c["id"], **{k: v for k, v in empty.items() if c["expected"].get(k) is not None}}
        for c in cases])
    assert code == 1
    for n, case in enumerate(cases, 1):
        assert (f"{case['id']} ({path}:{n}): the verdict ({path.parent / 'verdicts.jsonl'}"
                f":{n}) compares no field of the case\n") in out
    assert summary(out).endswith("0 agree, 0 differ, 9 compare nothing, 0 unanswered")


def test_unanswered_cases_fail_each_named_unless_allowed(capsys, suite):
    path, cases = suite
    one = [{"id": cases[4]["id"], "valid": cases[4]["expected"]["valid"]}]
    code, out, _ = compare(capsys, path, one, "--require", "valid")
    assert code == 1
    named = re.findall(r"^(\S+) \((.*):(\d+)\): unanswered$", out, re.M)
    assert named == [(c["id"], str(path), str(n)) for n, c in enumerate(cases, 1) if n != 5]
    code, out, _ = compare(capsys, path, one, "--allow-missing", "--require", "valid")
    assert code == 0 and "unanswered\n" not in out.splitlines()[0]
    assert summary(out).endswith("1 agrees, 0 differ, 0 compare nothing, 8 unanswered")


def test_what_was_compared_is_counted(capsys, suite):
    """The table of the fields compared: in how many cases each, how many differ."""
    path, cases = suite
    verdicts = [{"id": c["id"], "valid": c["expected"]["valid"]} for c in cases]
    verdicts[0]["score"] = {"value": 99}
    code, out, _ = compare(capsys, path, verdicts, "--require", "none")
    assert code == 1
    table = out[out.index("fields compared:\n"):out.index("differences by field")]
    assert re.findall(r"^  (\S+) +(\d+) +(\d+)$", table, re.M) == [
        ("valid", "9", "0"), ("score.value", "1", "1")]


def test_nothing_to_compare_is_5(capsys, suite, tmp_path):
    path, _ = suite
    code, _, err = compare(capsys, path, [], "--allow-missing")
    assert code == 5
    assert err == ("doko-check: no verdict answered a case; --allow-missing does not let "
                   "that pass\n")
    empty = tmp_path / "none.jsonl"
    empty.write_text("")
    code, _, err = compare(capsys, empty, [])
    assert code == 5 and err == f"doko-check: {empty} holds no case\n"
    assert compare(capsys, path, [])[0] == 1  # unanswered, not allowed


# ---- a diff to act on --------------------------------------------------------------------

def test_a_differing_field_names_the_case_line_and_both_values(capsys, suite):
    """The line is the case's in the case file, whatever the verdicts' order."""
    path, cases = suite
    game, partial = cases[0], cases[2]
    assert game["kind"] == "game" and partial["kind"] == "partial"
    cards = partial["expected"]["legal_actions"]["cards"]
    scores = game["expected"]["score"]["scores"]
    verdicts = [{"id": partial["id"], "legal_actions": {"cards": [*cards[:-1], "XX"]}},
                {"id": game["id"], "winner": game["expected"]["winner"],
                 "score": {"scores": [0, 0, 0, 0]}}]
    code, out, _ = compare(capsys, path, verdicts, "--allow-missing")
    assert code == 1
    assert (f"{game['id']} ({path}:1): differs\n"
            f"    score.scores: engine [0, 0, 0, 0], reference {json.dumps(scores)}\n") in out
    assert (f"{partial['id']} ({path}:3): differs\n"
            f"    legal_actions.cards: extra \"XX\"\n"
            f"    legal_actions.cards: missing \"{cards[-1]}\"\n") in out
    assert summary(out).endswith("0 agree, 2 differ, 0 compare nothing, 7 unanswered")


def test_list_entries_are_missing_and_extra_by_their_keys(capsys, suite):
    """Violations pair by code, pointer and seat; score items by code, team and trick:
    an entry without a partner is missing or extra, a pair differs field by field."""
    path, cases = suite
    mutated = cases[1]
    (violation,) = mutated["expected"]["violations"]
    wrong = {**violation, "seat": (violation["seat"] + 1) % 4}
    game = next(c for c in cases if c["kind"] == "game"
                and any(i.get("trick") for i in c["expected"]["score"]["items"]))
    items = game["expected"]["score"]["items"]
    tricked = next(i for i in items if i.get("trick"))
    changed = [{**i, "points": i["points"] + 1} if i is tricked else i for i in items]
    verdicts = [{"id": mutated["id"], "violations": [wrong]},
                {"id": game["id"], "score": {"items": changed[::-1]}}]
    code, out, _ = compare(capsys, path, verdicts, "--allow-missing")
    assert code == 1
    assert f"    violations: extra {json.dumps(wrong)}\n" in out
    assert f"    violations: missing {json.dumps(violation)}\n" in out
    where = f"score.items[{tricked['code']}, team \"{tricked['team']}\", trick {tricked['trick']}]"
    assert (f"    {where}.points: engine {tricked['points'] + 1}, reference "
            f"{tricked['points']}\n") in out
    assert "score.items: missing" not in out and "score.items: extra" not in out
    table = out[out.index("differences by field and code:\n"):]
    assert f"  score.items.points {tricked['code']}: differs in 1 case\n" in table
    assert f"  violations {violation['code']}: extra in 1 case\n" in table
    assert f"  violations {violation['code']}: missing in 1 case\n" in table


def test_one_scoring_rule_wrong_is_one_line_of_the_summary(capsys, tmp_path):
    """An engine that never scores a fox caught, over the shipped DDV suite: its report
    ends with one line naming that item and the number of cases."""
    cases = lines_of(DDV)
    verdicts = []
    for case in cases:
        score = case["expected"]["score"]
        verdict: dict[str, Any] = {"id": case["id"], "valid": case["expected"]["valid"]}
        if score:
            verdict["score"] = {"items": [i for i in score["items"]
                                          if i["code"] != "fox_caught"]}
        verdicts.append(verdict)
    foxes = sum(1 for c in cases if c["expected"]["score"] and any(
        i["code"] == "fox_caught" for i in c["expected"]["score"]["items"]))
    assert foxes >= 3
    code, out, _ = compare(capsys, DDV, verdicts, "--require", "valid,score.items",
                           folder=tmp_path)
    assert code == 1
    table = out[out.index("differences by field and code:\n"):].splitlines()
    assert table[1:-2] == [f"  score.items fox_caught: missing in {foxes} cases"]


def test_the_report_in_german(capsys, suite):
    path, cases = suite
    verdicts = [{"id": c["id"], "valid": not c["expected"]["valid"]} for c in cases[:2]]
    code, out, _ = compare(capsys, path, verdicts, "--lang", "de", "--require", "valid")
    assert code == 1
    assert f"{cases[0]['id']} ({path}:1): weicht ab\n    valid: Engine false, Referenz true" in out
    assert f"{cases[2]['id']} ({path}:3): unbeantwortet\n" in out
    assert "verglichene Felder:\n  Feld " in out
    assert "  valid: weicht ab in 2 Fällen\n" in out
    assert summary(out) == ("Zusammenfassung: 9 Fälle, 2 beantwortet, 0 stimmen überein, "
                            "2 weichen ab, 0 vergleichen nichts, 7 unbeantwortet")


# ---- CI: JUnit and GitHub annotations ----------------------------------------------------

def _mixed(cases: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Case 1 agrees, 2 differs in two fields, 3 compares nothing, the rest unanswered."""
    first, second, third = cases[:3]
    return [{"id": first["id"], "valid": first["expected"]["valid"]},
            {"id": second["id"], "valid": True, "winner": "nobody"},
            {"id": third["id"]}]


@pytest.mark.parametrize("allow", [[], ["--allow-missing"]])
def test_junit_has_a_test_case_per_conformance_case(capsys, suite, allow):
    path, cases = suite
    report = path.parent / "compare.xml"
    code, _, _ = compare(capsys, path, _mixed(cases), "--junit", str(report),
                         "--require", "valid", *allow)
    assert code == 1
    document = etree.parse(str(report))
    XSD.assertValid(document)
    (testsuite,) = document.findall("testsuite")
    assert testsuite.get("name") == str(path)
    tests = testsuite.findall("testcase")
    assert [t.get("name") for t in tests] == [c["id"] for c in cases]
    found = [[(f.tag, f.get("type")) for f in t] for t in tests]
    missed = "skipped" if allow else "failure"
    assert found == [[], [("failure", "valid"), ("failure", "winner")],
                     [("failure", "empty")], *[[(missed, "unanswered")]] * 6]
    assert testsuite.get("failures") == str(2 if allow else 8)
    assert testsuite.get("skipped") == str(6 if allow else 0)
    message = tests[1].find("failure").get("message")
    assert message == f"{cases[1]['id']}: valid: engine true, reference false"


def test_github_annotations_stand_at_the_cases_lines(capsys, suite):
    path, cases = suite
    code, out, _ = compare(capsys, path, _mixed(cases), "--github", "--require", "valid")
    assert code == 1
    annotations = [line for line in out.splitlines() if line.startswith("::")]
    where = [re.match(r"::error file=(.*?),line=(\d+),title=(.*?)::", a).groups()
             for a in annotations]
    assert where[:3] == [(str(path), "2", "doko-check%3A compare valid"),
                         (str(path), "2", "doko-check%3A compare winner"),
                         (str(path), "3", "doko-check%3A compare%3A no field compared")]
    assert [w[1] for w in where[3:]] == [str(n) for n in range(4, 10)]
    assert "differs\n" not in out  # the annotations say it instead of the report
    assert summary(out).startswith("summary: 9 cases, 3 answered, 1 agrees, 1 differs")


# ---- input errors ------------------------------------------------------------------------

def test_broken_verdict_files_are_2_with_a_line_each(capsys, suite):
    path, cases = suite
    code, out, err = compare(capsys, path, ["{broken", {"id": "nope"}, {"valid": True},
                                          {"id": cases[0]["id"], "valid": True},
                                          {"id": cases[0]["id"]}, {"id": True}],
                           "--allow-missing")
    assert code == 2
    verdicts = path.parent / "verdicts.jsonl"
    assert "error: " not in out  # the report; the input errors go to standard error
    errors = [line for line in err.splitlines() if line.startswith("error: ")]
    assert errors == [
        f"error: {verdicts}:1: not JSON at column 2: a name in double quotes belongs here",
        f"error: {verdicts}:3: not an object with an id",
        f"error: {verdicts}:6: not an object with an id",
        f"error: {verdicts}:2: no case nope",
        f"error: {verdicts}:5: case {cases[0]['id']} answered twice, first at {verdicts}:4"]


def test_broken_case_files_are_2_not_a_traceback(capsys, suite, tmp_path):
    _, cases = suite
    broken = tmp_path / "broken.jsonl"
    broken.write_text(json.dumps({"id": "a"}) + "\n" + json.dumps(cases[0]) + "\n"
                      + json.dumps(cases[0]) + "\n")
    code, _, err = compare(capsys, broken, [{"id": cases[0]["id"], "valid": True}])
    assert code == 2
    assert f"error: {broken}:1: a case without its expected answer\n" in err
    assert f"error: {broken}:3: case {cases[0]['id']} appears twice\n" in err
    code, _, err = compare(capsys, tmp_path / "missing.jsonl", [])
    assert code == 2
    assert f"error: {tmp_path / 'missing.jsonl'}: cannot read the cases: No such file" in err


def test_differences_rules():
    def found(written: Any, reference: Any) -> list[tuple[str, str, Any, Any]]:
        return [(d.where, d.what, d.engine, d.reference)
                for d in diff.compare(written, reference).found]

    assert found({"a": 1}, {"a": 1, "b": 2}) == []
    assert found({"a": True}, {"a": 1}) == [("a", "differs", True, 1)]  # JSON true is not 1
    assert found({"c": 1}, {}) == [("c", "unknown", 1, None)]
    assert found({"tricks": [{"winner": 1}]}, {"tricks": [{"winner": 2, "points": 3}]}) == [
        ("tricks[0].winner", "differs", 1, 2)]
    assert found({"tricks": [{"winner": 1}]}, {"tricks": [{"winner": 1}] * 2}) == [
        ("tricks", "count", 1, 2)]
    assert found({"score": {"scores": [1, 2]}}, {"score": {"scores": [2, 1]}}) != []
    assert found({"violations": [{"code": "a"}, {"code": "b"}]},
                 {"violations": [{"code": "b", "seat": 1}, {"code": "a", "seat": 2}]}) == []
    assert found({"legal_actions": {"cards": ["CA", "CA", "HQ"]}},
                 {"legal_actions": {"cards": ["CA", "DQ", "HQ"]}}) == [
        ("legal_actions.cards", "extra", "CA", None),
        ("legal_actions.cards", "missing", None, "DQ")]
    assert found({"legal_actions": {"announcements": [{"seat": 2, "calls": ["re"]}]}},
                 {"legal_actions": {"announcements": [{"seat": 2, "calls": ["re", "no90"]}]}}
                 ) == [("legal_actions.announcements[seat 2].calls", "missing", None, "no90")]
    compared = diff.compare({"id": 1, "valid": True, "score": {"items": [], "value": 2}},
                            {"valid": True, "score": {"items": [], "value": 2}})
    assert compared.fields == {"valid", "score.items", "score.value"}
    assert not diff.compare({"id": 1, "score": {}}, {"score": {"value": 1}}).fields


def test_the_table_by_field_and_code_keeps_to_the_most_frequent(capsys, tmp_path):
    """An engine wrong everywhere gets the twelve most frequent differences and how many
    more there are, not a page of them."""
    cases = [c for c in lines_of(DDV) if c["kind"] == "partial"]
    verdicts = [{"id": c["id"], "legal_actions": {"cards": []}} for c in cases]
    code, out, _ = compare(capsys, DDV, verdicts, "--allow-missing", "--require", "none",
                           folder=tmp_path)
    assert code == 1
    table = out[out.index("differences by field and code:\n"):].splitlines()[1:-2]
    rows = len({card for c in cases for card in c["expected"]["legal_actions"]["cards"]})
    assert len(table) == 13 and table[-1] == f"  and {rows - 12} more rows"
    counts = [int(re.search(r"in (\d+) case", line).group(1)) for line in table[:-1]]
    assert counts == sorted(counts, reverse=True)


# ---- a pass must compare something that matters ------------------------------------------

def test_verdicts_without_the_minimum_fail_naming_each_field(capsys, suite):
    """Verdicts that copy only the case's id and `complete` compare a field and agree on
    it, yet say nothing of the game: without `--require`, the minimum (the verdict, the
    violations' codes and a finished game's score value) fails each of them by name."""
    path, cases = suite
    verdicts = [{"id": c["id"], "complete": c["expected"]["complete"]} for c in cases]
    code, out, _ = compare(capsys, path, verdicts)
    assert code == 1
    finished = sum(1 for c in cases if c["expected"]["score"] is not None)
    assert 0 < finished < len(cases)
    first = cases[0]
    assert (f"{first['id']} ({path}:1): differs\n"
            "    valid: required, but the verdict does not have it\n"
            "    violations.code: required, but the verdict does not have it\n"
            "    score.value: required, but the verdict does not have it\n") in out
    table = out[out.index("differences by field and code:\n"):].splitlines()
    assert table[1:4] == ["  valid: required, not in the verdict in 9 cases",
                          "  violations.code: required, not in the verdict in 9 cases",
                          f"  score.value: required, not in the verdict in {finished} cases"]
    assert out.splitlines()[-2] == ("required fields: valid in 0 of 9, violations.code in "
                                    f"0 of 9, score.value in 0 of {finished}")
    assert summary(out).endswith("0 agree, 9 differ, 0 compare nothing, 0 unanswered")
    code, out, _ = compare(capsys, path, verdicts, "--require", "none")
    assert code == 0, out  # an engine that knows it checks less says so
    assert out.splitlines()[-2] == "required fields: none"


def test_the_minimum_is_met_by_an_engine_that_writes_it(capsys, suite):
    """valid, the violations (an empty list has its codes) and a finished game's score
    value: a partial game's expected answer has no score, so none is asked of it."""
    path, cases = suite
    verdicts = [{"id": c["id"], "valid": c["expected"]["valid"],
                 "violations": [{"code": v["code"]} for v in c["expected"]["violations"]],
                 **({"score": {"value": c["expected"]["score"]["value"]}}
                    if c["expected"]["score"] else {})} for c in cases]
    code, out, _ = compare(capsys, path, verdicts)
    assert code == 0, out
    finished = sum(1 for c in cases if c["expected"]["score"] is not None)
    assert out.splitlines()[-2] == ("required fields: valid in 9 of 9, violations.code in 9 "
                                    f"of 9, score.value in {finished} of {finished}")


def test_a_violation_without_its_code_lacks_a_required_field(capsys, suite):
    path, cases = suite
    mutated = next(c for c in cases if c["kind"] == "mutation")
    (violation,) = mutated["expected"]["violations"]
    verdict = {"id": mutated["id"], "valid": False,
               "violations": [{"pointer": violation["pointer"]}]}
    code, out, _ = compare(capsys, path, [verdict], "--allow-missing", "--require",
                           "valid,violations.code")
    assert code == 1
    assert "    violations.code: required, but the verdict does not have it\n" in out


def test_a_required_field_is_named_in_junit_and_github(capsys, suite):
    path, cases = suite
    verdicts = [{"id": cases[0]["id"], "complete": True}]
    report = path.parent / "compare.xml"
    code, out, _ = compare(capsys, path, verdicts, "--allow-missing", "--require", "valid",
                           "--junit", str(report), "--github")
    assert code == 1
    (annotation,) = [line for line in out.splitlines() if line.startswith("::error")]
    assert annotation == (f"::error file={path},line=1,title=doko-check%3A compare valid::"
                          f"{cases[0]['id']}: valid: required, but the verdict does not "
                          "have it")
    document = etree.parse(str(report))
    XSD.assertValid(document)
    (first, *_) = document.iter("testcase")
    assert [(f.tag, f.get("type")) for f in first] == [("failure", "valid")]


@pytest.mark.parametrize("value", ["scor.value", "valid,", ".value", ""])
def test_a_required_field_no_case_has_or_a_malformed_list_is_2(capsys, suite, value):
    path, cases = suite
    verdicts = [c["expected"] for c in cases]
    code, _, err = compare(capsys, path, verdicts, "--require", value)
    assert code == 2
    if value == "scor.value":
        assert err == (f"error: {path}: --require scor.value: no case's expected answer "
                       "has this field\n")
    else:
        assert "argument --require: not a list of fields" in err


def test_files_named_the_wrong_way_round_are_said_so_once(capsys, suite):
    path, cases = suite
    verdicts = path.parent / "verdicts.jsonl"
    verdicts.write_text("".join(json.dumps(c["expected"]) + "\n" for c in cases))
    capsys.readouterr()
    code = cli.main(["compare", str(verdicts), str(path)])
    out, err = capsys.readouterr()
    assert code == 2
    assert err == (f"error: {verdicts}: {verdicts} holds verdicts and {path} holds cases: "
                   "name the cases first, then the verdicts\n")
    assert "a case without its expected answer" not in out + err


def test_every_difference_of_a_list_names_its_code(capsys, suite):
    """A violation missing from a verdict that writes the violations as an empty list is
    summed up under its code, as score items are."""
    path, cases = suite
    mutated = next(c for c in cases if c["kind"] == "mutation")
    (violation,) = mutated["expected"]["violations"]
    code, out, _ = compare(capsys, path, [{"id": mutated["id"], "violations": []}],
                           "--allow-missing", "--require", "none")
    assert code == 1
    assert f"  violations {violation['code']}: missing in 1 case\n" in out


@pytest.fixture()
def _no_house_rulesets_left_behind():
    yield
    rulesets._house.clear()
    rulesets._resolve_preset.cache_clear()
    rulesets._custom.clear()


@pytest.mark.usefixtures("_no_house_rulesets_left_behind")
def test_cases_take_house_rulesets_from_a_directory(capsys):
    """`cases --rulesets-dir DIR` as the checker's: the house ruleset of examples/ names
    a ruleset the presets do not have."""
    folder = str(ROOT / "examples" / "rulesets")
    capsys.readouterr()
    code = cli.main(["cases", "--ruleset", "zum-anker", "--count", "1"])
    assert code == 2 and "unknown preset 'zum-anker'" in capsys.readouterr().err
    code = cli.main(["cases", "--ruleset", "ddv", "--rulesets-dir", str(ROOT / "nowhere")])
    assert code == 2 and "argument --rulesets-dir" in capsys.readouterr().err
    assert cli.main(["cases", "--ruleset", "zum-anker", "--rulesets-dir", folder,
                     "--count", "3"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [c["transcript"]["ruleset"] for c in lines] == ["zum-anker"] * 3
