"""The code registry is the one list: every code the core reports is registered, and the
lists in openapi.yaml, the handbook and GET /v1/codes are generated from it."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from service.game import codes
from service.game.announcements import BID_CALLS, TEAM_NAMES
from service.game.result import Note, Violation
from service.game.scoring import BELOW_OF_LEVEL
from service.tools import codes_doc

ROOT = Path(__file__).resolve().parents[1]
# The core: the game, reading a transcript, lists and generating games.
CORE = [ROOT / "service" / part for part in ("game", "reading", "lists", "generating")]
# Calls whose first argument is a code, and the registry part it must be in.
CODE_CALLS = {"Violation": codes.VIOLATIONS, "list_violation": codes.VIOLATIONS,
              "list_note": codes.NOTES, "Fault": codes.VIOLATIONS,
              "Verdict": codes.VIOLATIONS | {None}, "Note": codes.NOTES,
              "ScoreItem": codes.SCORE_ITEMS}


def _code_literals() -> list[tuple[str, int, str, object]]:
    found = []
    for path in sorted(p for part in CORE for p in part.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            first = node.args[0]
            if name in CODE_CALLS and isinstance(first, ast.Constant):
                found.append((path.name, node.lineno, name, first.value))
    return found


def test_every_code_literal_in_the_core_is_registered():
    """A misspelt code (`"folow_suit"`) fails here, not silently in an answer."""
    literals = _code_literals()
    assert len(literals) > 30  # the scan sees the core's calls
    wrong = [(f, line, value) for f, line, name, value in literals
             if value not in CODE_CALLS[name]]
    assert not wrong


def test_generated_score_codes_are_registered():
    """Score codes built from parts: <team>_announced, <bid>_announced, broken_<level>."""
    built = ({f"{team}_announced" for team in TEAM_NAMES}
             | {f"{call}_announced" for call in BID_CALLS}
             | {f"broken_{below}" for below in BELOW_OF_LEVEL.values()})
    assert built <= codes.SCORE_ITEMS


def test_an_unregistered_code_cannot_be_reported():
    with pytest.raises(ValueError, match="unregistered"):
        Violation("folow_suit", "/play/3", 1, "x")
    with pytest.raises(ValueError, match="unregistered"):
        Note("silent_mariage", 0, "x")


def test_every_code_has_both_meanings():
    for code in codes.CODES.values():
        assert code.en.strip() and code.de.strip(), code.code
        assert code.code.isidentifier() and code.code.islower()


def test_openapi_and_handbook_lists_are_generated_from_the_registry():
    spec = (ROOT / "openapi.yaml").read_text(encoding="utf-8")
    api = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    assert codes_doc.replace_between(spec, codes_doc.YAML_MARKERS,
                                     codes_doc.openapi_fragment()) == spec, \
        "openapi.yaml's code lists are stale: python -m service.tools.codes_doc --write"
    assert codes_doc.replace_between(api, codes_doc.README_MARKERS,
                                     codes_doc.readme_table()) == api, \
        "docs/api.md's code table is stale: python -m service.tools.codes_doc --write"
    reference = (ROOT / "docs" / "transcript.md").read_text(encoding="utf-8")
    assert codes_doc.replace_between(reference, codes_doc.README_MARKERS,
                                     codes_doc.readme_table()) == reference, \
        "docs/transcript.md's code table is stale: python -m service.tools.codes_doc --write"


def test_the_registry_is_served(client):
    served = client.get("/v1/codes").get_json()["codes"]
    assert [c["code"] for c in served] == [c.code for k in codes.KINDS
                                            for c in codes.of_kind(k)]
    assert served[0] == codes.as_dict(codes.of_kind("violation")[0])
