"""docs/sitting.md, the sitting format: each example list is what it says it is when
checked, the examples hold every type of sheet line and every field, and the page
describes every field of the request and of the answer that openapi.yaml names."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml

from service import rules

ROOT = Path(__file__).resolve().parents[1]
PAGE = (ROOT / "docs" / "sitting.md").read_text(encoding="utf-8")
SCHEMAS = yaml.safe_load((ROOT / "openapi.yaml").read_text(encoding="utf-8"))[
    "components"]["schemas"]
EXAMPLE = re.compile(r"<!-- sitting-example: (.*?) -->\n```json\n(.*?)```", re.S)
EXAMPLES = [(spec, json.loads(body)) for spec, body in EXAMPLE.findall(PAGE)]


def fields(schema: str) -> list[str]:
    return list(SCHEMAS[schema]["properties"])


def section(title: str) -> str:
    return PAGE.split(f"\n## {title}\n", 1)[1].split("\n## ", 1)[0]


def test_the_page_has_examples():
    assert len(EXAMPLES) >= 3


@pytest.mark.parametrize(("spec", "request_data"), EXAMPLES,
                         ids=[str(i) for i in range(len(EXAMPLES))])
def test_each_example_is_checked_as_the_page_says(spec, request_data):
    """`valid` and the notes named after it in the marker (`notes a b`), no others."""
    said = [part.strip() for part in spec.split(",")]
    assert said[0] == "valid"
    notes = next((part.split()[1:] for part in said[1:] if part.startswith("notes ")), [])
    answer = rules.check_sitting(request_data).to_dict()
    assert answer["violations"] == []
    assert answer["valid"]
    assert [note["code"] for note in answer["notes"]] == notes
    if "claimed" in request_data:
        assert answer["claimed"]["agrees"]


def test_the_examples_show_every_type_of_sheet_line_and_every_field():
    lines = [game["sheet"] for _, data in EXAMPLES for game in data["games"]]
    assert {line["type"] for line in lines} == set(
        SCHEMAS["SheetLine"]["properties"]["type"]["enum"])
    assert {name for line in lines for name in line} == set(fields("SheetLine"))
    assert {name for _, data in EXAMPLES for name in data} == set(fields("SittingRequest"))


@pytest.mark.parametrize("schema", ["SittingRequest", "SittingGameRequest", "SheetLine"])
def test_every_request_field_has_its_row(schema):
    missing = [name for name in fields(schema) if f"| `{name}` |" not in PAGE]
    assert not missing


@pytest.mark.parametrize("schema", ["SittingResult", "SittingGame", "SittingDefect"])
def test_every_answer_field_is_described(schema):
    answer = section("The answer")
    missing = [name for name in fields(schema) if f"`{name}`" not in answer]
    assert not missing


def test_every_kind_of_game_in_the_answer_is_named():
    answer = section("The answer")
    kinds = SCHEMAS["SittingGame"]["properties"]["kind"]["enum"]
    assert [kind for kind in kinds if f"`{kind}`" not in answer] == []
