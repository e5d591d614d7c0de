"""The /v1 promise (docs/api.md, "Compatibility"): codes, paths and fields are added, never
renamed or removed. tests/compat/v1.json holds every name published so far; it may only
grow (`python -m service.tools.compat_snapshot --write` adds, never drops)."""

from __future__ import annotations

import json

from service.tools import compat_snapshot

PUBLISHED = json.loads(compat_snapshot.SNAPSHOT.read_text(encoding="utf-8"))


def test_no_published_code_is_gone():
    gone = set(PUBLISHED["codes"]) - set(compat_snapshot.current()["codes"])
    assert not gone, f"codes renamed or removed within /v1: {sorted(gone)}"


def test_no_published_path_is_gone():
    gone = set(PUBLISHED["paths"]) - set(compat_snapshot.current()["paths"])
    assert not gone, f"paths removed within /v1: {sorted(gone)}"


def test_no_published_field_is_gone():
    now = compat_snapshot.current()["schemas"]
    gone = {f"{schema}.{name}" for schema, names in PUBLISHED["schemas"].items()
            for name in names if name not in now.get(schema, ())}
    assert not gone, f"fields renamed or removed within /v1: {sorted(gone)}"


def test_the_served_codes_keep_the_promise(client):
    served = {entry["code"] for entry in client.get("/v1/codes").get_json()["codes"]}
    assert set(PUBLISHED["codes"]) <= served


def test_the_snapshot_only_grows():
    old = {"codes": ["a", "b"], "paths": ["/x"], "schemas": {"S": ["f"], "T": ["g"]}}
    new = {"codes": ["b", "c"], "paths": [], "schemas": {"S": ["h"]}}
    assert compat_snapshot.grown(old, new) == {
        "codes": ["a", "b", "c"], "paths": ["/x"], "schemas": {"S": ["f", "h"], "T": ["g"]}}


def test_every_name_served_is_recorded():
    """A code or field that /v1 serves is a promise from then on: the snapshot records
    it, so that renaming it later fails the tests above."""
    missing = compat_snapshot.grown(PUBLISHED, compat_snapshot.current()) != PUBLISHED
    assert not missing, (
        "names served but not in tests/compat/v1.json: run "
        "`python -m service.tools.compat_snapshot --write`")
