"""The presets side by side, as a Markdown table generated from the preset files.

``python -m service.tools.preset_table`` prints it; docs/rulesets.md carries a copy between
the markers ``<!-- presets:start -->`` and ``<!-- presets:end -->`` (a test checks that
the copy is current): ``--write`` writes it there, ``--readme PATH`` into another file.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from service.game.options import CATALOGUE
from service.game.rulesets import builtin_presets, preset_values

# The column order of the design notes; any further preset follows, by id.
PREFERRED_ORDER = ("ddv", "freedoko", "mittwoch", "doko2026")


def preset_ids() -> list[str]:
    """The ids of the shipped presets in table column order."""
    known = builtin_presets()
    first = [p for p in PREFERRED_ORDER if p in known]
    return first + sorted(p for p in known if p not in PREFERRED_ORDER)


def render_value(value: Any) -> str:
    """One option value, compactly: yes/no, a comma-separated list (equal ranks joined by
    '='), or '–' for none."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list | tuple):
        if not value:
            return "–"
        return ", ".join(" = ".join(v) if isinstance(v, list | tuple) else str(v)
                         for v in value)
    return str(value)


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def markdown_table() -> str:
    """A Markdown table: one row per catalogue option, one column per preset."""
    ids = preset_ids()
    values = {pid: preset_values(builtin_presets()[pid]) for pid in ids}
    lines = [
        "| option | meaning | " + " | ".join(ids) + " |",
        "|---|---|" + "---|" * len(ids),
    ]
    for name, meta in CATALOGUE.items():
        cells = [f"`{name}`", _cell(meta["meaning"])]
        cells += [_cell(render_value(values[pid][name])) for pid in ids]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


README_MARKERS = ("<!-- presets:start -->\n", "<!-- presets:end -->")
PAGE = Path(__file__).resolve().parents[2] / "docs" / "rulesets.md"


def update_readme(path: Path) -> None:
    """Write the table between the markers of a Markdown file."""
    text = path.read_text(encoding="utf-8")
    start, end = README_MARKERS
    head, rest = text.split(start, 1)
    _, tail = rest.split(end, 1)
    path.write_text(head + start + markdown_table() + end + tail, encoding="utf-8")


def main() -> None:
    """Print the table, or write it into docs/rulesets.md (``--write``) or another
    Markdown file (``--readme PATH``)."""
    if sys.argv[1:] == ["--write"]:
        update_readme(PAGE)
    elif len(sys.argv) == 3 and sys.argv[1] == "--readme":
        update_readme(Path(sys.argv[2]))
    else:
        print(markdown_table(), end="")


if __name__ == "__main__":
    main()
