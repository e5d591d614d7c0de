"""Parts of the ``doko-check`` report and its listing options (``--list-rulesets``).

Kept apart from :mod:`service.cli` (argument handling, files, workers, output): the
score items as a small table, the wording of a malformed transcript in a file, and the
presets listed.
"""

from __future__ import annotations

from typing import Any, TextIO

from service.rules.rulesets import presets

INDENT = "      "


def table(rows: list[list[str]], right: frozenset[int] = frozenset()) -> list[str]:
    """Rows as columns padded to their widest cell (``right``: columns aligned right)."""
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return [INDENT + "  ".join(cell.rjust(w) if i in right else cell.ljust(w)
                               for i, (cell, w) in enumerate(zip(row, widths, strict=True))
                               ).rstrip()
            for row in rows]


def score_items(score: dict[str, Any], seat_name: Any) -> list[str]:
    """The score sheet's items, penalties included: code, team, points, and the trick or
    seat an item concerns; the multiplier where it is not 1."""
    items = score["items"]
    if not items:
        return []
    rows = [["item", "team", "points", "where"]]
    for item in items:
        if item.get("factor") is not None:
            points = f"x{item['factor']}"
        else:
            points = f"{item['points']:+d}" if item["points"] else "0"
        where = (f"trick {item['trick']}" if item.get("trick") is not None
                 else seat_name(item["seat"]) if item.get("seat") is not None else "")
        rows.append([item["code"], item["team"], points, where])
    if not any(row[3] for row in rows[1:]):
        rows = [row[:3] for row in rows]
    lines = table(rows, right=frozenset({2}))
    if score["multiplier"] != 1:
        lines.append(f"{INDENT}multiplier x{score['multiplier']}, game value {score['value']}")
    return lines


def malformed_detail(detail: str, line: int | None) -> str:
    """A problem's detail as the command says it: of a file's transcript or line, not of
    a request body."""
    return detail.replace("The request body", "This line" if line else "The transcript")


def list_rulesets(out: TextIO) -> int:
    """``--list-rulesets``: every preset and house ruleset, with its title and source."""
    rows = [["id", "title", "source"]]
    rows += [[p.id + (f" (extends {p.extends})" if p.extends else ""), p.title, p.source]
             for p in presets().values()]
    out.write("\n".join(line[len(INDENT):] for line in table(rows)) + "\n")
    return 0
