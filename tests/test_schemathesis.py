"""schemathesis against the app in-process: every route of openapi.yaml, schema-valid and
schema-violating requests, with a fixed seed.

Every answer must be documented: no 5xx, a documented status code, content type,
headers (X-Request-ID) and body schema; schema-violating requests are refused (4xx).
The spec is the one the app serves (GET /openapi.yaml), so the file and the route are
tested as one.

One check is ours instead of schemathesis's ``positive_data_acceptance``: a request the
schema allows may still be refused where the schema cannot say what is allowed: the
ruleset's options (an open object whose names, types and combinations the service
checks) and numbers such as 3.0 where an integer goes. A schema-valid check request is
answered 200, or 400 with every error under ``/ruleset`` or such a number. In a batch,
a malformed transcript is an error entry of a 200 answer (documented), not a refusal.

The runs are bounded (examples per route below) and seeded, so a failure reproduces.
"""

from __future__ import annotations

import json
from typing import Any

import schemathesis
import yaml
from hypothesis import HealthCheck, settings
from schemathesis.specs.openapi.checks import (
    negative_data_rejection,
    positive_data_acceptance,
)

from service import create_app
from service.game.rulesets import presets

# Per route and phase; the coverage phase adds its own boundary cases on top.
EXAMPLES = 40
SEED = 20260501

APP = create_app()
config = schemathesis.Config.from_dict({
    "seed": SEED,
    "generation": {"max-examples": EXAMPLES, "database": "none", "deterministic": True},
})
schema = schemathesis.openapi.from_wsgi("/openapi.yaml", APP, config=config)


@schemathesis.serializer("application/x-ndjson")
def ndjson(ctx: Any, value: Any) -> bytes:
    """A batch as NDJSON: the schema's string as it is (any value else as one JSON line)."""
    if isinstance(value, bytes):
        return value
    if isinstance(value, str):
        return value.encode("utf-8", "surrogatepass")
    return json.dumps(value).encode()


def refusals_only_for_the_ruleset(ctx, response, case) -> None:
    """A schema-valid request is accepted, except where only the service can judge: the
    ruleset of a transcript (unknown preset, options)."""
    meta = case.meta
    if meta is None or meta.generation.mode.is_negative or any(
            info.mode.is_negative for info in meta.components.values()):
        return
    status = response.status_code
    if case.operation.label == "POST /v1/games/check" and status == 400:
        errors = response.json()["errors"]
        assert errors and all(_judged_by_the_service(case.body, e) for e in errors), errors
        return
    if case.operation.label in ("POST /v1/tournaments/check",
                                "POST /v1/tournaments/draw") and status == 400:
        # A day's tables name its participants, and a count of 6, 7 or 11 cannot be
        # seated: cross-references JSON Schema cannot state; the problem names them.
        assert response.json()["errors"]
        return
    if case.operation.label == "POST /v1/seasons/check" and status == 400:
        # A written ranking names a window, `calendar` needs `years`, a window's span is
        # `years` or `from`/`to`, a tournament day is a whole day: cross-references JSON
        # Schema cannot state; the problem names them.
        assert response.json()["errors"]
        return
    if case.operation.label == "POST /v1/sittings/check" and status == 400:
        # Names refer to the sitting's players (a dealer, a line's scores, the claimed
        # totals), a cross-reference JSON Schema cannot state; the problem names them.
        assert response.json()["errors"]
        return
    if case.operation.label == "POST /v1/imports/{format}" and status == 400:
        # Any string is a body; only a file in the program's shape is read, and the
        # problem names the line and the reason.
        assert response.json()["detail"]
        return
    if case.operation.label == "GET /v1/rulesets/{ruleset_id}" and status == 404:
        return  # any id is a string; only the presets exist
    if case.operation.label.startswith("GET /assets/") and status == 404:
        return  # any name is a string; only the page's files exist
    assert 200 <= status < 300, f"a schema-valid request was answered {status}"


def _judged_by_the_service(body: Any, error: dict[str, str]) -> bool:
    """An error the schema cannot foresee: the ruleset's, or a float such as 3.0 where an
    integer goes (JSON Schema counts 3.0 as an integer; the service reads numbers as
    written, and a seat written 3.0 is refused with a message asking for an integer)."""
    pointer = error["pointer"]
    if pointer == "/ruleset" or pointer.startswith("/ruleset/"):
        return True
    if pointer.startswith("/players/") and ("printable" in error["message"]
                                            or "are one name" in error["message"]):
        return True  # names are people: look-alikes and unprintable names (documented)
    value = body
    for token in pointer.split("/")[1:]:
        token = token.replace("~1", "/").replace("~0", "~")
        value = value[int(token)] if isinstance(value, list) else value[token]
    return isinstance(value, float) and "integer" in error["message"]


@schema.parametrize()
@settings(max_examples=EXAMPLES, derandomize=True, database=None, deadline=None,
          suppress_health_check=list(HealthCheck))
def test_every_route_answers_as_documented(case):
    excluded = [positive_data_acceptance]
    if case.operation.label == "POST /v1/games/check-batch" and (
            isinstance(case.body, list) or case.media_type == "application/x-ndjson"):
        # Documented: a malformed transcript in a batch (an array's element, an NDJSON
        # line: any text is lines) is a BatchError entry of a 200 answer, not a refusal;
        # the response schema check still applies.
        excluded.append(negative_data_rejection)
    case.call_and_validate(excluded_checks=excluded,
                           additional_checks=[refusals_only_for_the_ruleset])


def test_the_spec_names_every_preset():
    """The spec's PresetId lists exactly the presets (the generated requests use them)."""
    spec = yaml.safe_load(APP.test_client().get("/openapi.yaml").get_data(as_text=True))
    assert sorted(spec["components"]["schemas"]["PresetId"]["enum"]) == sorted(presets())
