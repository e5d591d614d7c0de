"""The sitting blocks of docs/sitting.md, generated: the answer of ``POST /v1/sittings/check``
for ``examples/sitting.json`` and the list ``doko-check --sitting`` prints for it.

``python -m service.tools.sitting_doc --write`` rewrites both between their markers
(``<!-- sitting-answer:start -->`` … and ``<!-- sitting-list:start -->`` …);
``tests/test_sittings_api.py`` fails when they drift.
"""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from service.cli import sitting as sitting_cli
from service.lists.sitting.check import check_sitting

from .codes_doc import replace_between

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = "examples/sitting.json"
ANSWER_MARKERS = ("<!-- sitting-answer:start -->\n", "<!-- sitting-answer:end -->\n")
LIST_MARKERS = ("<!-- sitting-list:start -->\n", "<!-- sitting-list:end -->\n")


def _compact(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def answer_block(answer: dict[str, Any]) -> str:
    """The answer, one field a line and one game a line (``service_version`` left out)."""
    lines = []
    fields = [(k, v) for k, v in answer.items() if k != "service_version"]
    for n, (key, value) in enumerate(fields):
        comma = "," if n < len(fields) - 1 else ""
        if key in ("games", "standings", "violations") and value:
            lines.append(f'  "{key}": [')
            lines += [f"    {_compact(v)}" + ("," if i < len(value) - 1 else "")
                      for i, v in enumerate(value)]
            lines.append(f"  ]{comma}")
        else:
            lines.append(f'  "{key}": {_compact(value)}{comma}')
    return "```json\n{\n" + "\n".join(lines) + "\n}\n```\n"


def list_block() -> str:
    out = io.StringIO()
    args = SimpleNamespace(files=[EXAMPLE], json=False, ruleset=None, lang="en")
    status = sitting_cli.run(args, out, sys.stderr)  # type: ignore[arg-type]
    return "```text\n" + out.getvalue() + f"exit status {status}\n```\n"


def example_answer() -> dict[str, Any]:
    data = json.loads((ROOT / EXAMPLE).read_text(encoding="utf-8"))
    return check_sitting(data).to_dict()


def main() -> None:
    blocks = ((ANSWER_MARKERS, answer_block(example_answer())), (LIST_MARKERS, list_block()))
    if "--write" not in sys.argv[1:]:
        sys.stdout.write("".join(body for _, body in blocks))
        return
    path = ROOT / "docs" / "sitting.md"
    text = path.read_text(encoding="utf-8")
    for markers, body in blocks:
        text = replace_between(text, markers, body)
    path.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
