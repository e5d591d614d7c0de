"""doko-check: check files of Doppelkopf transcripts offline, without a server.

    doko-check [--json | --github | --summary] [--junit FILE] [--ruleset ID|JSON]
               [--jobs N] [--parallel-from N] FILE...
    doko-check --list-rulesets | --version
    doko-check cases --ruleset ID [--count N] [--seed S]
    doko-check compare CASES VERDICTS

A FILE (``-`` for stdin) holds one transcript (a JSON object), a JSON array of them, or
one per line (JSON Lines / NDJSON: by the extension ``.jsonl`` or ``.ndjson``, or by
content when the whole file is not one JSON value but its first line is). Every
transcript is checked exactly as ``POST /v1/games/check`` checks it (the same
validation, core and rendering: :mod:`service.checking`).

Output: a readable report per game (valid, or the violations with their JSON pointers;
the score sheet; a claim that disagrees) and a summary; with ``--json``, one JSON
document shaped like the batch route's answer, per file::

    {"files": [{"path": "games.jsonl", "results": [...], "summary": {...}}, ...],
     "summary": {...}}

where ``results`` and ``summary`` are what ``POST /v1/games/check-batch`` answers for
the file's transcripts (an unreadable file is ``{"path": ..., "error": "..."}``) and
the last ``summary`` counts every file.

Exit status: 0 every transcript was checked, is valid and agrees with its ``claimed``
(an unfinished but valid game counts as valid); 1 every transcript was checked but one
is invalid or disagrees with its claim; 2 a usage error, an unreadable file or a
malformed transcript (a broken line is reported with its line number and the rest of
the file is still checked). 2 wins over 1.

The CI outputs live in :mod:`service.reports`, the conformance commands in
:mod:`service.conformance`.

Many games (``--parallel-from``, default 200) are checked by ``--jobs`` worker
processes (default 2), in order. A progress bar goes to stderr when it is a terminal.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Callable, Generator, Iterable
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from pathlib import Path
from typing import Any, NamedTuple, TextIO

from marshmallow import ValidationError

from service import bulk, conformance, reports, sitting_cli
from service.checking import (
    Item,
    Outcome,
    Summary,
    array_items,
    check_item,
    is_json,
    ndjson_items,
    outcome,
    parse_json,
)
from service.checking.problem import Problem
from service.cli_report import list_rulesets, malformed_detail, score_items
from service.reports.findings import violation_line
from service.rules.errors import field_errors
from service.rules.rulesets import HOUSE_DIR_ENV, RulesetError, use_directory, use_environment
from service.rules.schemas import TRANSCRIPT
from service.rules.version import VERSION

LINE_SUFFIXES = (".jsonl", ".ndjson")
PARALLEL_FROM = 200  # games; fewer are checked in this process (a pool costs ~50 ms)
JOBS = 2
CHUNK = 64  # games sent to a worker at a time
PROGRESS_FROM = 200  # games; fewer finish before a bar would be worth drawing

OK, FAILED, ERROR = 0, 1, 2


class Source(NamedTuple):
    """One FILE argument: its transcripts, or why it could not be read."""

    label: str
    items: list[Item]
    error: str | None = None


def load(path: str, stdin: Any = None) -> Source:
    label = "<stdin>" if path == "-" else path
    try:
        raw = (stdin or sys.stdin.buffer).read() if path == "-" else Path(path).read_bytes()
    except OSError as error:
        return Source(label, [], f"cannot read: {error.strerror or error}")
    if Path(path).suffix.lower() in LINE_SUFFIXES:
        return Source(label, ndjson_items(raw))
    try:
        data = parse_json(raw)
    except Problem as problem:
        lines = ndjson_items(raw)
        if len(lines) > 1 and is_json(lines[0].value):
            return Source(label, lines)
        # one broken document: the file is reported with the parse error
        return Source(label, [], problem.detail.replace("The request body is ", ""))
    if isinstance(data, list):
        return Source(label, array_items(data))
    return Source(label, [Item(0, None, data)])


# ---- one game: checked in whichever process ---------------------------------------------

def check_one(item: Item, ruleset: Any, as_json: bool) -> tuple[str, Outcome]:
    """The entry as JSON text (``--json``) or as report lines, and what the summary counts."""
    entry, _ = check_item(item, ruleset)
    if as_json:
        text = json.dumps(entry, ensure_ascii=False, separators=(",", ":"))
    else:
        text = report(item, entry)
    return text, outcome(entry)


def _check_chunk(items: list[Item], ruleset: Any, as_json: bool) -> list[tuple[str, Outcome]]:
    return [check_one(item, ruleset, as_json) for item in items]


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
    where += f" (id {_plain(entry['id'])})" if entry.get("id") is not None else ""
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
                f"{d['field']} claimed {_plain(d['claimed'])}, computed {_plain(d['computed'])}"
                for d in claimed["differences"]))
    legal = entry.get("legal_actions")
    if legal is not None and legal["seat"] is not None:
        lines.append(f"      {_seat(legal['seat'], names)} to play")
    if entry["score"] is not None and entry["game"] is not None:
        lines += score_items(entry["score"], lambda seat: _seat(seat, names))
        lines += score_sheet(entry["game"], entry["score"]["scores"], names)
    return "\n".join(lines)


def _plain(value: Any) -> str:
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


# ---- output -----------------------------------------------------------------------------

class ReportOut:
    """The readable report on stdout."""

    def __init__(self, out: TextIO):
        self.out = out

    def begin(self) -> None:
        pass

    def begin_file(self, source: Source) -> None:
        if source.error:
            self.out.write(f"{source.label}: {source.error}\n")
        else:
            count = len(source.items)
            self.out.write(f"{source.label}: {count} game{'s' if count != 1 else ''}\n")

    def entry(self, text: str) -> None:
        self.out.write(text + "\n")

    def end_file(self, source: Source, summary: Summary) -> None:
        pass

    def end(self, summary: Summary, unreadable: int) -> None:
        s = summary
        parts = [f"{s.valid} valid", f"{s.invalid} invalid"]
        if s.malformed:
            parts.append(f"{s.malformed} malformed")
        if s.incomplete:
            parts.append(f"{s.incomplete} incomplete")
        line = f"summary: {s.total} game{'s' if s.total != 1 else ''}: {', '.join(parts)}"
        if s.disagreeing:
            line += f"; {s.disagreeing} disagree{'s' if s.disagreeing == 1 else ''} " \
                    "with the claimed result"
        if unreadable:
            line += f"; {unreadable} file{'s' if unreadable != 1 else ''} unreadable"
        self.out.write(line + "\n")


class JsonOut:
    """One JSON document, written as the games come (one result per line)."""

    def __init__(self, out: TextIO):
        self.out = out
        self.files = self.entries = 0

    def begin(self) -> None:
        self.out.write('{"files": [')

    def begin_file(self, source: Source) -> None:
        self.out.write(("," if self.files else "") + f'\n{{"path": {_plain(source.label)}')
        self.files += 1
        self.entries = 0
        if source.error:
            self.out.write(f', "error": {_plain(source.error)}}}')
        else:
            self.out.write(', "results": [')

    def entry(self, text: str) -> None:
        self.out.write(("," if self.entries else "") + "\n" + text)
        self.entries += 1

    def end_file(self, source: Source, summary: Summary) -> None:
        if not source.error:
            self.out.write(f'\n], "summary": {_plain(summary.as_dict())}}}')

    def end(self, summary: Summary, unreadable: int) -> None:
        self.out.write(f'\n], "summary": {_plain(summary.as_dict())}}}\n')


class Progress:
    """A one-line bar on stderr, drawn only on a terminal and for many games."""

    WIDTH = 30

    def __init__(self, total: int, stream: TextIO):
        self.total, self.stream, self.done, self.drawn = total, stream, 0, 0.0
        self.on = total >= PROGRESS_FROM and _isatty(stream)

    def update(self) -> None:
        self.done += 1
        if self.on and (time.monotonic() - self.drawn > 0.1 or self.done == self.total):
            self.drawn = time.monotonic()
            filled = self.WIDTH * self.done // self.total
            self.stream.write(f"\r[{'#' * filled}{'.' * (self.WIDTH - filled)}] "
                              f"{self.done}/{self.total} games")
            self.stream.flush()

    def close(self) -> None:
        if self.on:
            self.stream.write("\r" + " " * (self.WIDTH + 30) + "\r")
            self.stream.flush()


def _isatty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


# ---- the command ------------------------------------------------------------------------

def ruleset_argument(text: str) -> Any:
    """``--ruleset``: a preset id or a JSON object, checked once before any game."""
    spec: Any = text
    if text.lstrip().startswith("{"):
        try:
            spec = parse_json(text)
        except Problem as problem:
            raise argparse.ArgumentTypeError(problem.detail.replace("request body", "value")
                                             ) from None
    try:
        TRANSCRIPT.fields["ruleset"].deserialize(spec)
    except ValidationError as error:
        found = field_errors(error.messages)
        raise argparse.ArgumentTypeError("; ".join(
            f"{e.pointer + ': ' if e.pointer else ''}{e.message}" for e in found)
        ) from None
    return spec


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"not a positive integer: {text!r}")
    return value


def parser() -> argparse.ArgumentParser:
    doc = __doc__ or ""
    parser = argparse.ArgumentParser(
        prog="doko-check", description=doc.splitlines()[0],
        epilog=doc[doc.index("Exit status:"):doc.index("The CI outputs")].replace("``", "`")
        + "The conformance suite (each with -h):\n" + doc[doc.index("    doko-check cases"):
                                                         doc.index("\n\nA FILE")],
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("files", nargs="*", metavar="FILE",
                        help="a JSON file (one transcript or an array), a .jsonl/.ndjson "
                             "file (one per line), or - for stdin")
    parser.add_argument("--sitting", action="store_true",
                        help="read each FILE as one sitting (a table's list of games, as "
                             "POST /v1/sittings/check takes it) and print the list")
    parser.add_argument("--json", action="store_true",
                        help="print one JSON document with the API's result objects")
    parser.add_argument("--ruleset", metavar="ID|JSON",
                        help='check every transcript under this ruleset: a preset id or '
                             '\'{"preset": "ddv", "options": {...}}\'')
    parser.add_argument("--rulesets-dir", metavar="DIR",
                        help="load house rulesets (*.toml files that extend a preset) from "
                             f"DIR; default: ${HOUSE_DIR_ENV} where set")
    parser.add_argument("--list-rulesets", action="store_true",
                        help="list the rulesets (presets and house rulesets): id, title, "
                             "source")
    parser.add_argument("--version", action="version", version=f"doko-check {VERSION}")
    parser.add_argument("--jobs", type=_positive, default=JOBS, metavar="N",
                        help=f"worker processes for many games (default {JOBS}; 1: none)")
    parser.add_argument("--parallel-from", type=_positive, default=PARALLEL_FROM, metavar="N",
                        help=f"use the workers from N games on (default {PARALLEL_FROM})")
    parser.add_argument("--dask", metavar="SCHEDULER",
                        help="check the FILEs (JSON Lines shards: paths, globs or fsspec URLs) "
                             "on Dask, one report: SCHEDULER is local:N or an address "
                             "(needs the [dask] extra; service/bulk.py)")
    reports.add_arguments(parser)
    return parser


def checked(items: list[Item], ruleset: Any, as_json: bool, jobs: int,
            parallel_from: int) -> Generator[tuple[str, Outcome], None, None]:
    """Every item's text and outcome, in order; by worker processes for many items."""
    if jobs < 2 or len(items) < parallel_from:
        yield from (check_one(item, ruleset, as_json) for item in items)
        return
    work: Callable[[list[Item]], list[tuple[str, Outcome]]] = partial(
        _check_chunk, ruleset=ruleset, as_json=as_json)
    chunks = [items[i:i + CHUNK] for i in range(0, len(items), CHUNK)]
    with ProcessPoolExecutor(jobs) as pool:
        for done in pool.map(work, chunks):  # map keeps the order
            yield from done


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    if args.sitting:
        return sitting_cli.run(args, out, err)
    sources = [load(path) for path in args.files]
    items = [item for source in sources for item in source.items]
    writer: ReportOut | JsonOut = JsonOut(out) if args.json else ReportOut(out)
    progress = Progress(len(items), err)
    results = checked(items, args.ruleset, args.json, args.jobs, args.parallel_from)
    total = Summary()
    writer.begin()
    try:
        for source in sources:
            writer.begin_file(source)
            summary = Summary()
            for _ in source.items:
                text, seen = next(results)
                summary.add(seen)
                writer.entry(text)
                progress.update()
            writer.end_file(source, summary)
            total.merge(summary)
    finally:
        results.close()  # shuts the worker processes down
        progress.close()
    unreadable = sum(1 for source in sources if source.error)
    writer.end(total, unreadable)
    for source in sources:
        if source.error and args.json:  # the report has it on stdout already
            err.write(f"doko-check: {source.label}: {source.error}\n")
    if unreadable or total.malformed:
        return ERROR
    return OK if total.all_good else FAILED


def _settle(command: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """House rulesets first (a --ruleset may name one), then the --ruleset itself."""
    try:
        if args.rulesets_dir:
            use_directory(args.rulesets_dir)
        else:
            use_environment()
    except RulesetError as error:
        command.error(f"house rulesets: {error}")
    if args.ruleset is not None:
        try:
            args.ruleset = ruleset_argument(args.ruleset)
        except argparse.ArgumentTypeError as error:
            command.error(f"argument --ruleset: {error}")


def main(argv: Iterable[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv and argv[0] in conformance.COMMANDS:  # doko-check cases|compare ...
        return conformance.main(argv)
    command = parser()
    try:
        args = command.parse_intermixed_args(argv)
        _settle(command, args)
        if args.list_rulesets:
            return list_rulesets(sys.stdout)
        if not args.files:
            command.error("the following arguments are required: FILE")
        reports.refuse(command, args)
        sitting_cli.refuse(command, args)
    except SystemExit as stop:  # argparse: --help (0) or a usage error (2)
        return stop.code if isinstance(stop.code, int) else ERROR
    out = sys.stdout
    if args.json and (out.encoding or "").lower().replace("-", "") != "utf8":
        out.reconfigure(encoding="utf-8")  # type: ignore[union-attr]  # JSON is UTF-8
    try:
        if args.dask:
            code = bulk.run(args.dask, args.files, args.ruleset, args.json, out, sys.stderr)
        else:
            code = (reports.run if reports.wanted(args) else run)(args, out, sys.stderr)
        out.flush()
    except BrokenPipeError:  # `doko-check … | head`: stop quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, out.fileno())
        return FAILED
    except KeyboardInterrupt:
        return 130
    return code


if __name__ == "__main__":
    sys.exit(main())
