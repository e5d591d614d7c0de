"""Parts of the ``doko-check`` report and its listing options (``--list-rulesets``).

Kept apart from :mod:`service.cli` (argument handling, files, workers, output): the
score items as a small table, the wording of a malformed transcript in a file, and the
presets listed.
"""

from __future__ import annotations

import json
from typing import Any, TextIO

from service.checking import Item
from service.cli.formats.findings import violation_line
from service.game.rulesets import presets

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


def _seat(seat: int | None, names: list[str] | None) -> str:
    if seat is None:
        return "no seat"
    return f"{names[seat]} (seat {seat})" if names else f"seat {seat}"


def _game_line(game: dict[str, Any] | None, names: list[str] | None) -> str:
    if game is None:
        return "no game"
    kind = game["type"].replace("_", " ")
    if game["type"] == "solo":
        kind = f"{game['solo']} solo"
    if "declarer" in game:
        kind += f" by {_seat(game['declarer'], names)}"
    return f"{kind} game" if game["type"] in ("normal", "silent_marriage") else kind


def report(item: Item, entry: dict[str, Any]) -> str:
    """A few lines on one game for the readable report."""
    where = f"game {item.index + 1}" + (f", line {item.line}" if item.line else "")
    where += f" (id {plain(entry['id'])})" if entry.get("id") is not None else ""
    if "error" in entry:
        problem = entry["error"]
        lines = [f"  {where}: MALFORMED: {malformed_detail(problem['detail'], item.line)}"]
        lines += [f"      {e['pointer'] or '/'}: {e['message']}" for e in problem.get("errors", ())]
        return "\n".join(lines)
    names = entry.get("players")
    count = len(entry["violations"])
    verdict = "valid" if entry["valid"] else (
        f"INVALID ({count} violation{'s' if count != 1 else ''})")
    about = f"{_game_line(entry['game'], names)} under {entry['ruleset']}"
    if entry["complete"]:
        about += f"; {entry['winner']} won" if entry["winner"] else "; nobody won"
        if entry["score"] is not None:
            about += f", game value {entry['score']['value']}"
    else:
        about += f"; incomplete after {len(entry['tricks'])} tricks"
    lines = [f"  {where}: {verdict}: {about}"]
    lines += [f"      {violation_line(v)}" for v in entry["violations"]]
    lines += [f"      note: {n['message']}" for n in entry["notes"]
              if n["code"] != "call_not_scored"]  # said with its violation above
    claimed = entry.get("claimed")
    if claimed is not None:
        if claimed["agrees"]:
            lines.append("      claim agrees")
        else:
            lines.append("      claim DISAGREES: " + "; ".join(
                f"{d['field']} claimed {plain(d['claimed'])}, computed {plain(d['computed'])}"
                for d in claimed["differences"]))
    legal = entry.get("legal_actions")
    if legal is not None and legal["seat"] is not None:
        lines.append(f"      {_seat(legal['seat'], names)} to play")
    if entry["score"] is not None and entry["game"] is not None:
        lines += score_items(entry["score"], lambda seat: _seat(seat, names))
        lines += score_sheet(entry["game"], entry["score"]["scores"], names)
    return "\n".join(lines)


def plain(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def score_sheet(game: dict[str, Any], scores: list[int], names: list[str] | None) -> list[str]:
    """The seats, their teams and scores as a small table."""
    rows = [["seat", *(["player"] if names else []), "team", "score"]]
    for seat, score in enumerate(scores):
        team = "re" if seat in game["re"] else "contra" if seat in game["contra"] else "-"
        rows.append([str(seat), *([names[seat]] if names else []), team,
                     f"{score:+d}" if score else "0"])
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return ["      " + "  ".join(cell.rjust(w) if i == len(row) - 1 else cell.ljust(w)
                                for i, (cell, w) in enumerate(zip(row, widths, strict=True)))
            for row in rows]
