"""The request examples of ``openapi.yaml``: a real body for every route that reads one,
taken from ``examples/``, so that Swagger's "Try it out" (``GET /docs``) starts from a
request the service answers with 200, not from a skeleton generated from the schema.

``python -m service.tools.openapi_examples --write`` rewrites the ``components.examples``
block between ``# examples:start`` and ``# examples:end``; ``tests/test_api_page.py``
fails when it and the files drift, and posts every example to its route.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from .codes_doc import replace_between

ROOT = Path(__file__).resolve().parents[2]
SPEC = ROOT / "openapi.yaml"
MARKERS = ("  # examples:start\n", "  # examples:end\n")


def _file(name: str) -> Any:
    return json.loads((ROOT / "examples" / name).read_text(encoding="utf-8"))


def examples() -> dict[str, tuple[str, Any]]:
    """Each example by its name in ``components.examples``: (summary, value)."""
    game, partial = _file("normal-game.json"), _file("partial-game.json")
    return {
        "FullGame": ("A whole normal game under the DDV rules (examples/normal-game.json)",
                     game),
        "PartialGame": ("The same game stopped after two cards: checked as far as it goes, "
                        "with the legal actions (examples/partial-game.json)", partial),
        "Batch": ("Two transcripts: the whole game and the partial one", [game, partial]),
        "BatchLines": ("The same two transcripts as NDJSON, one per line",
                       json.dumps(game, ensure_ascii=False) + "\n"
                       + json.dumps(partial, ensure_ascii=False) + "\n"),
        "Sitting": ("A five-player list of sheet lines under the DDV rules "
                    "(examples/sitting.json)", _file("sitting.json")),
        "Tournament": ("An eight-player DDV tournament day, from the preliminary rounds to "
                       "the places (examples/tournament-ddv.json)", _file("tournament-ddv.json")),
        "Draw": ("Three rounds for nine participants from a published seed "
                 "(examples/draw.json)", _file("draw.json")),
        "Season": ("A club's Ewige Rangliste over five tournament days and its last five "
                   "years, the published list with one slip (examples/season.json)",
                   _file("season.json")),
    }


def fragment() -> str:
    lines = ["  examples:\n"]
    for name, (summary, value) in examples().items():
        lines += [f"    {name}:\n", f"      summary: {json.dumps(summary)}\n",
                  f"      value: {json.dumps(value, ensure_ascii=False)}\n"]
    return "".join(lines)


def main(argv: list[str]) -> int:
    text = replace_between(SPEC.read_text(encoding="utf-8"), MARKERS, fragment())
    if "--write" in argv:
        SPEC.write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(fragment())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
