"""``doko-check --season FILE``: a club's rankings printed as the club posts them.

Each FILE (``-``: stdin) holds one season (the request of ``POST /v1/seasons/check``):
each window's ranking as a table (place, name, ranking points, days, best place), its
unranked players, the defects, and where the written ranking has slips, the written list
beside the computed ranking with the slipped cells marked; ``--json`` prints the route's
answer instead. Exit 0 valid, 1 with defects, 2 unreadable.
"""

from __future__ import annotations

import argparse
import json
from typing import Any, TextIO

from service.checking.problem import Problem
from service.checking.season import MAX_SEASON_BYTES, check_season_data, parse_season
from service.cli.problems import cannot_read, read_limited
from service.cli.sitting import problem_text
from service.game.errors import pointer_token
from service.game.text import N_, msg, msgn
from service.game.words import part, translate
from service.lists.season import SeasonResult
from service.lists.season.points import as_text
from service.lists.season.standing import Ranking
from service.lists.sitting.standings import ListDefect

OK, FAILED, ERROR = 0, 1, 2
MARK = "*"
HEAD = (N_("Place"), N_("Name"), N_("Ranking points"), N_("Days"), N_("Best"))
LAYOUT = (N_("written"), N_("computed"), N_("not ranked"), N_("tournament days"),
          N_("* marks a slip"))


def _defect(d: ListDefect, lang: str, note: bool = False) -> str:
    head = f"{translate('note', lang)}: " if note else ""
    return f"    {head}{d.as_dict(lang)['message']} ({d.pointer or '/'})"


def _columns(rows: list[list[str]], right: tuple[int, ...]) -> list[str]:
    """Rows as aligned columns (numbers right, text left)."""
    widths = [max(len(row[c]) for row in rows) for c in range(len(rows[0]))]
    return ["    " + "  ".join(cell.rjust(widths[c]) if c in right else cell.ljust(widths[c])
                               for c, cell in enumerate(row)).rstrip() for row in rows]


def _table(ranking: Ranking, lang: str) -> list[str]:
    rows = [[translate(h, lang) for h in HEAD]]
    rows += [[str(ln.place), ln.name, as_text(ln.shown), str(ln.days), str(ln.best)]
             for ln in ranking.ranking]
    return _columns(rows, (0, 2, 3, 4))


def _beside(ranking: Ranking, written: list[dict[str, Any]], defects: list[ListDefect],
            lang: str) -> list[str]:
    """The written list beside the computed ranking, row by row, slipped cells marked."""
    here = f"/written/{pointer_token(ranking.window.id)}"
    marked: dict[int, set[str]] = {}
    missing = set()
    for d in defects:
        if d.pointer == here and d.player is not None:
            missing.add(d.player)
            continue
        rest = (d.pointer or "")[len(here) + 1:].split("/")
        if rest and rest[0].isdigit():
            marked.setdefault(int(rest[0]), set()).add(rest[1] if len(rest) > 1 else "row")
    rows = [["#", translate("written", lang), "", "", translate("computed", lang), "", ""]]
    for i in range(max(len(written), len(ranking.ranking))):
        row = ["", "", "", "", "", "", ""]
        if i < len(written):
            cells = marked.get(i, set())
            row[0] = str(i + 1) + (MARK if "row" in cells else "")
            row[1] = written[i]["name"] + (MARK if "name" in cells else "")
            row[2] = _number(written[i]["points"]) + (MARK if "points" in cells else "")
        if i < len(ranking.ranking):
            ln = ranking.ranking[i]
            row[4:] = [str(ln.place), ln.name + (MARK if ln.name in missing else ""),
                       as_text(ln.shown)]
        rows.append(row)
    return [*_columns(rows, (0, 2, 4, 6)), "    " + translate("* marks a slip", lang)]


def _number(value: Any) -> str:
    return str(value) if isinstance(value, int) else format(value, "f")


def report(path: str, result: SeasonResult, lang: str, data: dict[str, Any]) -> list[str]:
    """The season as the club posts it, in ``lang``."""
    title = f"„{result.name}“, " if result.name else ""
    lines = [f"{path}: {title}" + part(msgn(
        "{count} tournament day, the rankings as of {date}",
        "{count} tournament days, the rankings as of {date}", len(result.days),
        date=result.as_of.isoformat()), lang)]
    day_defects = [d for d in result.violations if (d.pointer or "").startswith("/days/")]
    day_notes = [n for n in result.notes if (n.pointer or "").startswith("/days/")]
    if day_defects or day_notes:
        lines.append(translate("tournament days", lang))
        lines += [_defect(d, lang) for d in day_defects]
        lines += [_defect(n, lang, True) for n in day_notes]
    written = data.get("written") or {}
    for ranking in result.rankings:
        window = ranking.window.id
        start = ranking.start.isoformat() if ranking.start else "…"
        lines.append(part(msgn(
            "ranking “{window}”, {start} to {end}: {count} tournament day",
            "ranking “{window}”, {start} to {end}: {count} tournament days",
            len(ranking.counted), window=window, start=start,
            end=ranking.end.isoformat()), lang))
        if ranking.ranking:
            lines += _table(ranking, lang)
        if ranking.unranked:
            lines.append("    " + translate("not ranked", lang) + ": " + ", ".join(
                f"{ln.name} {as_text(ln.shown)} ({ln.days})" for ln in ranking.unranked))
        here = f"/written/{pointer_token(window)}"
        own = [d for d in result.violations
               if d.pointer == here or (d.pointer or "").startswith(here + "/")]
        lines += [_defect(d, lang) for d in own]
        if own and window in written:
            lines += _beside(ranking, written[window], own, lang)
    count = len(result.violations)
    lines.append(translate("valid", lang) if result.valid else part(msgn(
        "INVALID: {count} defect", "INVALID: {count} defects", count), lang))
    return lines


def read(path: str) -> Any:
    """A FILE (``-``: stdin) as JSON with its decimals exact, no further than the
    route's limit."""
    return parse_season(read_limited(path, MAX_SEASON_BYTES, msg(
        "The file is over {count} bytes, the limit of a season.", count=MAX_SEASON_BYTES)))


def refuse(command: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """A usage error for options that are for transcripts, not for a season."""
    if not args.season:
        return
    others = [flag for flag, given in (
        ("--junit", args.junit), ("--github", args.github), ("--summary", args.summary),
        ("--sitting", args.sitting), ("--tournament", args.tournament),
        ("--ruleset", args.ruleset)) if given]
    if others:
        command.error(translate(N_("argument %(argument_name)s: %(message)s"), args.lang) % {
            "argument_name": "--season", "message": part(msg(
                "not with {flags}", flags=", ".join(others)), args.lang)})


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Check each FILE as one season: 0 all valid, 1 a defect, 2 a file unreadable."""
    status, answers = OK, []
    for path in args.files:
        try:
            data = read(path)
            result = check_season_data(data)
        except OSError as error:
            err.write("doko-check: " + cannot_read(path, error, args.lang) + "\n")
            status = ERROR
            continue
        except Problem as problem:
            (err if args.json else out).write(problem_text(path, problem, args.lang))
            status = ERROR
            continue
        if not result.valid and status == OK:
            status = FAILED
        if args.json:
            answers.append({"path": path, "result": result.to_dict(args.lang)})
        else:
            out.write("\n".join(report(path, result, args.lang, data)) + "\n")
    if args.json:
        out.write(json.dumps({"files": answers}, ensure_ascii=False) + "\n")
    return status


__all__ = ["refuse", "report", "run"]
