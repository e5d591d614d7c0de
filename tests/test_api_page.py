"""The API page and the contract's examples: docs/api.md's table names exactly the
routes of openapi.yaml, and every request body in the contract has a real example
(written from examples/ by service/tools/openapi_examples.py) that the service answers
with 200, so that Swagger's "Try it out" starts from a request that works."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from service.tools import openapi_examples

ROOT = Path(__file__).resolve().parents[1]
METHODS = ("get", "put", "post", "delete", "patch")


@pytest.fixture(scope="module")
def spec() -> dict[str, Any]:
    return yaml.safe_load((ROOT / "openapi.yaml").read_text(encoding="utf-8"))


def routes(spec: dict[str, Any]) -> set[str]:
    return {f"{method.upper()} {path}" for path, item in spec["paths"].items()
            for method in item if method in METHODS}


def bodies(spec: dict[str, Any]) -> list[tuple[str, str, str, dict[str, Any]]]:
    """(method, path, media type, media object) of every request body in the contract."""
    return [(method, path, media, content)
            for path, item in spec["paths"].items()
            for method, operation in item.items() if method in METHODS
            for media, content in operation.get("requestBody", {}).get("content", {}).items()]


def test_the_api_page_names_every_route_of_the_contract(spec):
    page = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    table = page[page.index("## Routes"):page.index("## Answers and errors")]
    named = re.findall(r"^\| `((?:GET|POST|PUT|DELETE|PATCH) \S+)` \|", table, re.M)
    assert len(named) == len(set(named)), "a route named twice"
    assert set(named) == routes(spec)


def test_the_contract_examples_are_the_example_files():
    """The block is what the tool writes from examples/ (run it with --write)."""
    text = (ROOT / "openapi.yaml").read_text(encoding="utf-8")
    start, end = openapi_examples.MARKERS
    block = text[text.index(start) + len(start):text.index(end)]
    assert block == openapi_examples.fragment(), \
        "python -m service.tools.openapi_examples --write"


def test_every_request_body_has_an_example(spec):
    found = bodies(spec)
    assert {(m, p) for m, p, _, _ in found} >= {
        ("post", "/v1/games/check"), ("post", "/v1/games/check-batch"),
        ("post", "/v1/sittings/check"), ("post", "/v1/tournaments/check"),
        ("post", "/v1/tournaments/draw"), ("post", "/v1/seasons/check"), ("post", "/v1/echo")}
    missing = [f"{m.upper()} {p} {media}" for m, p, media, content in found
               if not content.get("examples")]
    assert not missing, missing


def resolved(spec: dict[str, Any], example: dict[str, Any]) -> dict[str, Any]:
    if "$ref" in example:
        name = example["$ref"].removeprefix("#/components/examples/")
        return spec["components"]["examples"][name]
    return example


def test_the_service_answers_every_example_with_200(spec, client):
    """Each example posted to its route as its media type: 200, and an answer that is
    the route's (a checked game is valid, a list's every game is there)."""
    posted = 0
    for method, path, media, content in bodies(spec):
        for example in content["examples"].values():
            value = resolved(spec, example)["value"]
            data = value if isinstance(value, str) else json.dumps(value)
            # a path with a parameter: the example names its value (x-format)
            url = path.replace("{format}", resolved(spec, example).get("x-format", ""))
            answer = client.open(url, method=method.upper(), data=data.encode(),
                                 content_type=media)
            assert answer.status_code == 200, (path, media, answer.get_json())
            posted += 1
    assert posted >= 8
    game = client.post("/v1/games/check", json=resolved(
        spec, {"$ref": "#/components/examples/FullGame"})["value"]).get_json()
    assert game["valid"] and game["complete"]
