"""The generated blocks of docs/season.md: the worked example's request (the file
``examples/season.json``), the answer ``POST /v1/seasons/check`` gives it, and what
``doko-check --season --lang de`` prints for it.

``python -m service.tools.season_doc --write`` rewrites them between their markers
(``<!-- season-answer:start -->`` …); ``tests/test_season_doc.py`` fails when they
drift, and works the example's figures out by hand.
"""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from service.checking.season import check_season_data, parse_season
from service.cli import season as season_cli

from .codes_doc import write_blocks

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "season.md"
EXAMPLE = "examples/season.json"


def markers(name: str) -> tuple[str, str]:
    return f"<!-- season-{name}:start -->\n", f"<!-- season-{name}:end -->\n"


def answer() -> dict[str, Any]:
    return check_season_data(parse_season((ROOT / EXAMPLE).read_bytes())).to_dict("en")


def _lines(key: str, value: Any, last: bool, indent: str = "  ") -> list[str]:
    """One field of the answer: a list one entry a line, anything else on one line."""
    comma = "" if last else ","
    if isinstance(value, list) and value:
        return ([f'{indent}"{key}": ['] + [
            f"{indent}  {json.dumps(v, ensure_ascii=False)}" + ("," if i < len(value) - 1
                                                                 else "")
            for i, v in enumerate(value)] + [f"{indent}]{comma}"])
    return [f'{indent}"{key}": {json.dumps(value, ensure_ascii=False)}{comma}']


def answer_block() -> str:
    out = answer()
    out.pop("service_version")
    lines = ["{"]
    for n, (key, value) in enumerate(out.items()):
        last = n == len(out) - 1
        if key != "windows":
            lines += _lines(key, value, last)
            continue
        lines.append('  "windows": [')
        for w, window in enumerate(value):
            lines.append("    {" + ", ".join(
                f'"{k}": {json.dumps(v, ensure_ascii=False)}' for k, v in window.items()
                if k not in ("ranking", "unranked")) + ",")
            lines += _lines("ranking", window["ranking"], False, "     ")
            lines += _lines("unranked", window["unranked"], True, "     ")
            lines.append("    }" + ("," if w < len(value) - 1 else ""))
        lines.append("  ]" + ("" if last else ","))
    return "```json\n" + "\n".join(lines) + "\n}\n```\n"


def printed(lang: str) -> str:
    out = io.StringIO()
    args = SimpleNamespace(files=[EXAMPLE], json=False, lang=lang)
    status = season_cli.run(args, out, sys.stderr)  # type: ignore[arg-type]
    return "```text\n$ doko-check --season --lang de examples/season.json\n" \
        + out.getvalue() + f"exit status {status}\n```\n"


def request_block() -> str:
    return "```json\n" + (ROOT / EXAMPLE).read_text(encoding="utf-8") + "```\n"


def blocks() -> list[tuple[tuple[str, str], str]]:
    return [(markers("request"), request_block()), (markers("answer"), answer_block()),
            (markers("cli"), printed("de"))]


def main() -> None:
    write_blocks(PAGE, blocks(), sys.argv[1:])


if __name__ == "__main__":
    main()
