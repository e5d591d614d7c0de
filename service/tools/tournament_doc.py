"""The generated blocks of docs/tournament.md: what ``doko-check --tournament`` prints for
the two example days of ``examples/``, the preliminary standing and places of the
nine-player day as ``POST /v1/tournaments/check`` answers them, and a draw.

``python -m service.tools.tournament_doc --write`` rewrites them between their markers
(``<!-- tournament-doko2026:start -->`` …); ``tests/test_tournament_doc.py`` fails when
they drift. The example days themselves are built by ``service.tools.tournament_days``.
"""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from service.cli import tournament as tournament_cli
from service.lists.tournament.check import check_tournament
from service.lists.tournament.draw import draw

from .codes_doc import write_blocks

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "tournament.md"
DAYS = {"doko2026": "examples/tournament-doko2026.json", "ddv": "examples/tournament-ddv.json"}
DRAW = (["Uwe", "Volker", "Felix", "Klaus", "Gabi", "Heino", "Walter", "Per", "Jola"], 3,
        "2026-03-14 club day")


def markers(name: str) -> tuple[str, str]:
    return f"<!-- tournament-{name}:start -->\n", f"<!-- tournament-{name}:end -->\n"


def printed(path: str) -> str:
    out = io.StringIO()
    args = SimpleNamespace(files=[path], json=False, ruleset=None, lang="en")
    status = tournament_cli.run(args, out, sys.stderr)  # type: ignore[arg-type]
    return "```text\n" + out.getvalue() + f"exit status {status}\n```\n"


def answer_block() -> str:
    """The nine-player day's answer: its standing, final and places (the tables' own
    answers, each a sitting's, left out)."""
    data = json.loads((ROOT / DAYS["doko2026"]).read_text(encoding="utf-8"))
    answer = check_tournament(data).to_dict()
    shown: dict[str, Any] = {
        "valid": answer["valid"], "complete": answer["complete"],
        "ruleset": answer["ruleset"], "violations": answer["violations"],
        "notes": answer["notes"],
        "preliminary": "[3 rounds of tables: each table the sitting's answer]",
        "preliminary_standing": answer["preliminary_standing"],
        "final": {"wildcard": answer["final"]["wildcard"],
                  "tables": "[2 tables: each the sitting's answer]"},
        "places": answer["places"], "claimed": answer["claimed"]}
    lines = []
    for n, (key, value) in enumerate(shown.items()):
        comma = "," if n < len(shown) - 1 else ""
        if isinstance(value, list) and value:
            lines.append(f'  "{key}": [')
            lines += [f"    {json.dumps(v, ensure_ascii=False)}"
                      + ("," if i < len(value) - 1 else "") for i, v in enumerate(value)]
            lines.append(f"  ]{comma}")
        else:
            lines.append(f'  "{key}": {json.dumps(value, ensure_ascii=False)}{comma}')
    return "```json\n{\n" + "\n".join(lines) + "\n}\n```\n"


def draw_block() -> str:
    names, rounds, seed = DRAW
    drawn = draw(names, rounds, seed).to_dict()
    return "```json\n" + json.dumps(drawn, ensure_ascii=False) + "\n```\n"


def blocks() -> list[tuple[tuple[str, str], str]]:
    return [(markers("doko2026"), printed(DAYS["doko2026"])),
            (markers("answer"), answer_block()),
            (markers("ddv"), printed(DAYS["ddv"])),
            (markers("draw"), draw_block())]


def main() -> None:
    write_blocks(PAGE, blocks(), sys.argv[1:])


if __name__ == "__main__":
    main()
