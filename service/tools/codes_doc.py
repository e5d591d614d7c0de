"""The code lists of ``openapi.yaml`` and the handbook, generated from the code registry.

``python -m service.tools.codes_doc --write`` rewrites them between their markers
(``# codes:start``/``# codes:end`` in openapi.yaml, ``<!-- codes:start -->``/
``<!-- codes:end -->`` in docs/api.md and docs/transcript.md, the format reference);
``tests/test_codes.py`` fails when they drift.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

from service.game.codes import CodeKind, of_kind

ROOT = Path(__file__).resolve().parents[2]
SCHEMA_NAMES: dict[CodeKind, str] = {
    "violation": "ViolationCode", "note": "NoteCode", "score": "ScoreCode"}
TITLES: dict[CodeKind, str] = {
    "violation": "A rule broken", "note": "Something a referee should know",
    "score": "One line of the score sheet"}
YAML_MARKERS = ("    # codes:start\n", "    # codes:end\n")
README_MARKERS = ("<!-- codes:start -->\n", "<!-- codes:end -->\n")


def _quoted(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)  # a JSON string is a YAML string


def openapi_fragment() -> str:
    lines = []
    for kind, name in SCHEMA_NAMES.items():
        codes = of_kind(kind)
        lines += [f"    {name}:",
                  "      type: string",
                  f"      description: {_quoted(TITLES[kind] + ' (registry: GET /v1/codes).')}",
                  f"      enum: [{', '.join(c.code for c in codes)}]",
                  "      x-enumDescriptions:"]
        lines += [f"        {c.code}: {_quoted(c.en)}" for c in codes]
    return "\n".join(lines) + "\n"


def readme_table() -> str:
    rows = ["| code | kind | meaning | Bedeutung | sources |", "|---|---|---|---|---|"]
    for kind in SCHEMA_NAMES:
        rows += [f"| `{c.code}` | {kind} | {c.en} | {c.de} | {'; '.join(c.sources) or '–'} |"
                 for c in of_kind(kind)]
    return "\n".join(rows) + "\n"


def fenced(marker: str, lang: str) -> tuple[str, str]:
    """The markers of a generated code block: ``<!-- marker:start -->`` and its fence."""
    return f"<!-- {marker}:start -->\n```{lang}\n", f"```\n<!-- {marker}:end -->"


def replace_between(text: str, markers: tuple[str, str], body: str) -> str:
    start, end = markers
    pattern = re.compile(re.escape(start) + ".*?" + re.escape(end), re.S)
    if not pattern.search(text):
        raise ValueError(f"markers {start.strip()} … {end.strip()} not found")
    return pattern.sub(lambda _: start + body + end, text, count=1)


def write_blocks(page: Path, blocks: list[tuple[tuple[str, str], str]],
                 argv: list[str]) -> None:
    """The generated blocks printed, or (``--write`` in ``argv``) each put between its
    markers in ``page``."""
    if "--write" not in argv:
        sys.stdout.write("".join(body for _, body in blocks))
        return
    text = page.read_text(encoding="utf-8")
    for pair, body in blocks:
        text = replace_between(text, pair, body)
    page.write_text(text, encoding="utf-8")


def main() -> None:
    if "--write" not in sys.argv[1:]:
        sys.stdout.write(openapi_fragment() + "\n" + readme_table())
        return
    for path, markers, body in ((ROOT / "openapi.yaml", YAML_MARKERS, openapi_fragment()),
                                (ROOT / "docs" / "api.md", README_MARKERS, readme_table()),
                                (ROOT / "docs" / "transcript.md", README_MARKERS,
                                 readme_table())):
        path.write_text(replace_between(path.read_text(encoding="utf-8"), markers, body),
                        encoding="utf-8")


if __name__ == "__main__":
    main()
