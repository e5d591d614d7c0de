"""The conformance suite: `doko-check cases` is deterministic (same seed, same bytes on
every machine and Python: a digest is pinned), covers every game type a ruleset allows
as whole games, mutations and partial games, and `doko-check compare` finds where an
engine's verdicts differ; the shipped suites in examples/conformance/ do not drift."""

from __future__ import annotations

import hashlib
import io
import json
from pathlib import Path
from typing import Any

import pytest

from service import cli
from service.checking import check_data
from service.cli import conformance
from service.game.rulesets import presets, resolve
from service.generating import cases
from service.generating.portable_random import PortableRandom

ROOT = Path(__file__).resolve().parents[1]
SUITES = ROOT / "examples" / "conformance"


def generated(ruleset: str, count: int | None, seed: int) -> str:
    out = io.StringIO()
    cases.write_cases(out, ruleset, count, seed)
    return out.getvalue()


def cases_of(text: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in text.splitlines()]


def test_the_generator_is_splitmix64():
    """The published first outputs of SplitMix64 seeded 0 (Steele, Lea, Flood 2014), and
    draws that do not depend on the stdlib's choice/shuffle/sample code."""
    rng = PortableRandom(0)
    assert [rng.getrandbits(64) for _ in range(2)] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4]
    rng = PortableRandom(1)
    rng.getrandbits(64), rng.getrandbits(64)
    assert (rng.randrange(10), rng.choice("abcdef"), rng.random()) == (7, "d", 0.762894391911761)
    items = list(range(8))
    rng.shuffle(items)
    assert (items, rng.sample(range(10), 3), rng.randint(1, 6)) == (
        [0, 1, 2, 5, 7, 3, 6, 4], [2, 0, 3], 4)


def test_the_same_seed_gives_the_same_bytes():
    """Pinned: a change here changes every engine's suite, so it must be deliberate."""
    text = generated("ddv", 12, 7)
    assert hashlib.sha256(text.encode()).hexdigest() == (
        "ba18778ad16a414f69abbe5b0c1d2dd5f3d4c4ed303f03f4845333d70a3d931e")
    assert generated("ddv", 12, 7) == text
    assert generated("ddv", 12, 8) != text


def test_the_command_writes_the_cases(capsys):
    capsys.readouterr()
    assert cli.main(["cases", "--ruleset", "ddv", "--count", "12", "--seed", "7"]) == 0
    assert capsys.readouterr().out == generated("ddv", 12, 7)
    assert cli.main(["cases", "--ruleset", "nope"]) == 2
    assert cli.main(["cases", "--ruleset", "ddv", "--count", "0"]) == 2


@pytest.mark.parametrize("preset", sorted(presets()))
def test_every_scenario_as_game_mutation_and_partial(preset):
    ruleset = resolve(preset)
    found = cases_of(generated(preset, None, 3))
    scenarios = cases.scenarios(ruleset)
    assert len(found) == 3 * len(scenarios)
    solos = {c["transcript"]["game"].get("solo") for c in found
             if c["transcript"]["game"]["type"] == "solo"}
    assert solos == set(ruleset.solo_kinds())
    types = {c["expected"]["game"]["type"] for c in found if c["kind"] == "game"}
    assert {"normal", "silent_marriage", "solo", "marriage"} <= types
    assert ("poverty" in types) == (ruleset.poverty == "pass")
    assert ("redeal" in types) == bool(ruleset.throw)
    for case in found:
        expected = case["expected"]
        assert case["transcript"]["id"] == case["id"] == expected["id"]
        if case["kind"] == "game":
            assert expected["valid"] and expected["complete"] and expected["score"]
        elif case["kind"] == "mutation":
            assert not expected["valid"] and ", mutated: " in case["about"]
        elif case["transcript"]["play"]:  # a partial game: the legal actions of the position
            assert not expected["complete"] and expected["legal_actions"]["seat"] is not None
            assert expected["legal_actions"]["cards"]
        # the reference verdict is the service's answer, without release details
        answer = json.loads(json.dumps(check_data(case["transcript"]).answer))
        assert expected == cases.expected(answer)
        assert "service_version" not in expected and "message" not in json.dumps(expected)


@pytest.mark.parametrize("preset", sorted(presets()))
def test_the_shipped_suites_do_not_drift(preset):
    """`make conformance` writes them; regenerate after a change of the rules."""
    shipped = (SUITES / f"{preset}.jsonl").read_text(encoding="utf-8")
    assert shipped == generated(preset, None, 1), f"run `make conformance` ({preset})"


# ---- compare --------------------------------------------------------------------------------

@pytest.fixture()
def suite(tmp_path) -> tuple[Path, list[dict[str, Any]]]:
    path = tmp_path / "cases.jsonl"
    path.write_text(generated("ddv", 9, 4), encoding="utf-8")
    return path, cases_of(path.read_text())


def compare(capsys, cases: Path, verdicts: list[Any], *extra: str) -> tuple[int, str]:
    path = cases.parent / "verdicts.jsonl"
    path.write_text("".join((v if isinstance(v, str) else json.dumps(v)) + "\n"
                            for v in verdicts), encoding="utf-8")
    capsys.readouterr()
    code = cli.main(["compare", str(cases), str(path), *extra])
    return code, capsys.readouterr().out


def test_the_reference_agrees_with_itself(capsys, suite):
    path, cases = suite
    code, out = compare(capsys, path, [c["expected"] for c in cases])
    assert code == 0 and out.endswith("9 cases, 9 answered, 9 agree, 0 differ, 0 unanswered\n")


def test_only_the_fields_an_engine_writes_are_compared(capsys, suite):
    path, cases = suite
    verdicts = []
    for case in cases:
        expected = case["expected"]
        verdict: dict[str, Any] = {"id": case["id"], "valid": expected["valid"]}
        if expected["score"]:
            verdict["score"] = {"value": expected["score"]["value"]}
        # violations in another order and without the seat still agree
        verdict["violations"] = [{"code": v["code"], "pointer": v["pointer"]}
                                 for v in reversed(expected["violations"])]
        verdicts.append(verdict)
    assert compare(capsys, path, verdicts)[0] == 0


def test_a_differing_verdict_is_named_with_both_values(capsys, suite):
    path, cases = suite
    game = next(c for c in cases if c["kind"] == "game")
    partial = next(c for c in cases if c["kind"] == "partial")
    cards = partial["expected"]["legal_actions"]["cards"]
    verdicts = [{"id": game["id"], "winner": game["expected"]["winner"],
                 "score": {"scores": [0, 0, 0, 0]}},
                {"id": partial["id"], "legal_actions": {"cards": [*cards[:-1], "XX"]}}]
    code, out = compare(capsys, path, verdicts, "--allow-missing")
    assert code == 1
    assert f"{game['id']} (line 1): differs\n    score.scores: engine [0, 0, 0, 0]" in out
    assert f"{partial['id']} (line 2): differs\n    legal_actions.cards: engine " in out
    assert "2 answered, 0 agree, 2 differ, 7 unanswered" in out


def test_unanswered_cases_fail_unless_allowed(capsys, suite):
    path, cases = suite
    one = [{"id": cases[0]["id"], "valid": cases[0]["expected"]["valid"]}]
    assert compare(capsys, path, one)[0] == 1
    assert compare(capsys, path, one, "--allow-missing")[0] == 0


def test_broken_verdict_files_are_usage_errors(capsys, suite):
    path, cases = suite
    code, out = compare(capsys, path, ["{broken", {"id": "nope"}, {"valid": True},
                                       {"id": cases[0]["id"]}, {"id": cases[0]["id"]}],
                        "--allow-missing")
    assert code == 2
    assert "verdicts.jsonl:1: not JSON" in out and "no case 'nope'" in out
    assert "not an object with an id" in out and "answered twice" in out


def test_differences_rules():
    diff = conformance.differences
    assert diff({"a": 1}, {"a": 1, "b": 2}) == []
    assert diff({"a": True}, {"a": 1}) == [("a", True, 1)]  # JSON true is not 1
    assert diff({"c": 1}, {}) == [("c", 1, None)]
    assert diff({"tricks": [{"winner": 1}]}, {"tricks": [{"winner": 2, "points": 3}]}) == [
        ("tricks[0].winner", 1, 2)]
    assert diff({"score": {"scores": [1, 2]}}, {"score": {"scores": [2, 1]}}) != []
    assert diff({"violations": [{"code": "a"}, {"code": "b"}]},
                {"violations": [{"code": "b", "seat": 1}, {"code": "a", "seat": 2}]}) == []


@pytest.mark.parametrize("preset", sorted(presets()))
def test_more_rounds_of_cases_keep_their_kinds(preset):
    """Past the first round (other deals, other mutations, a revoke after a poverty
    exchange): games stay valid, mutations invalid, partial games unfinished."""
    for case in cases_of(generated(preset, 120, 11)):
        expected = case["expected"]
        if case["kind"] == "game":
            assert expected["valid"] and expected["complete"], case["about"]
        elif case["kind"] == "mutation":
            assert not expected["valid"], case["about"]
