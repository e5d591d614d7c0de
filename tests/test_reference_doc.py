"""docs/transcript.md, the format reference, names every request field, every value of
the vocabulary and every example file, and the README links it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from service.game import vocabulary

ROOT = Path(__file__).resolve().parents[1]
DOC = (ROOT / "docs" / "transcript.md").read_text(encoding="utf-8")
SPEC = yaml.safe_load((ROOT / "openapi.yaml").read_text(encoding="utf-8"))


def test_the_readme_links_the_reference():
    assert "](docs/transcript.md)" in (ROOT / "README.md").read_text(encoding="utf-8")


def test_every_request_field_is_described():
    fields = SPEC["components"]["schemas"]["CheckRequest"]["properties"]
    missing = [name for name in fields if f"| `{name}` |" not in DOC]
    assert not missing


def test_every_answer_field_is_described():
    """The answer section names each top-level field of the check's answer."""
    answer = DOC.split("## The answer", 1)[1].split("\n## ", 1)[0]
    fields = SPEC["components"]["schemas"]["CheckResult"]["properties"]
    missing = [name for name in fields if f"`{name}`" not in answer]
    assert not missing


@pytest.mark.parametrize("values", [
    vocabulary.GAME_TYPES, vocabulary.SOLO_KINDS, vocabulary.RESERVATIONS,
    vocabulary.ANNOUNCEMENTS, vocabulary.SHOWINGS, vocabulary.THROW_REASONS,
    vocabulary.MARRIAGE_TRICKS, vocabulary.TEAMS])
def test_every_value_of_the_vocabulary_is_named(values):
    missing = [value for value in values if f"`{value}`" not in DOC and f'"{value}"' not in DOC]
    assert not missing


def test_every_example_is_listed():
    listed = set(re.findall(r"`examples/([\w.-]+)`", DOC))
    shipped = {p.name for p in (ROOT / "examples").iterdir() if p.is_file()}
    assert shipped <= listed
