"""The names /v1 promises: every code and every field of every schema in openapi.yaml.

``python -m service.tools.compat_snapshot --write`` adds today's names to
``tests/compat/v1.json`` and never drops one; ``tests/test_compat.py`` fails when a name
of the snapshot is gone (renamed or removed), which within /v1 is not allowed.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import yaml  # type: ignore[import-untyped]  # a dev tool: PyYAML comes with the dev extra

from service.game.codes import NOTES, SCORE_ITEMS, VIOLATIONS

ROOT = Path(__file__).resolve().parents[2]
SNAPSHOT = ROOT / "tests" / "compat" / "v1.json"


def current() -> dict[str, Any]:
    spec = yaml.safe_load((ROOT / "openapi.yaml").read_text(encoding="utf-8"))
    schemas = {name: sorted(schema["properties"])
               for name, schema in spec["components"]["schemas"].items()
               if "properties" in schema}
    return {"codes": sorted(VIOLATIONS | NOTES | SCORE_ITEMS), "paths": sorted(spec["paths"]),
            "schemas": dict(sorted(schemas.items()))}


def grown(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
    schemas = {name: sorted(set(old["schemas"].get(name, ())) | set(new["schemas"].get(name, ())))
               for name in old["schemas"].keys() | new["schemas"].keys()}
    return {"codes": sorted(set(old["codes"]) | set(new["codes"])),
            "paths": sorted(set(old["paths"]) | set(new["paths"])),
            "schemas": dict(sorted(schemas.items()))}


def main() -> None:
    now = current()
    if "--write" in sys.argv[1:]:
        old = json.loads(SNAPSHOT.read_text()) if SNAPSHOT.exists() else now
        SNAPSHOT.parent.mkdir(exist_ok=True)
        SNAPSHOT.write_text(json.dumps(grown(old, now), indent=1) + "\n", encoding="utf-8")
    else:
        sys.stdout.write(json.dumps(now, indent=1) + "\n")


if __name__ == "__main__":
    main()
