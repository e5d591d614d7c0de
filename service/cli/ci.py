"""doko-check's outputs for CI: ``--junit FILE``, ``--github`` and ``--summary``.

``--junit FILE`` writes JUnit XML beside whatever goes to stdout; ``--github`` prints
GitHub Actions annotations instead of the report (one ``::error`` per violation,
claimed-figure difference or malformed transcript, at the game's line of the input
file); ``--summary`` prints one JSON object instead: the batch summary over every file
(counts by outcome and violation code) and the files that could not be read. The exit
status is the command's usual one.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any, TextIO

from service.checking import Summary, parse_json
from service.checking.problem import Problem
from service.cli.formats import github, junit
from service.cli.formats.findings import case_name, findings, unreadable
from service.cli.games import checked, load
from service.cli.output import ERROR, JsonOut, Progress, ReportOut, settled
from service.cli.report import report
from service.game.text import N_, msg
from service.game.words import part


class Unwritable(Exception):
    """The JUnit file could not be written (the command says so in one line)."""

    def __init__(self, path: str, error: OSError):
        super().__init__(path)
        self.path, self.error = path, error


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--junit", metavar="FILE",
                        help=N_("also write JUnit XML to FILE: a test case per game, a failure "
                                "per violation or claimed-figure difference"))
    parser.add_argument("--github", action="store_true",
                        help=N_("print GitHub Actions annotations at the games' lines instead "
                                "of the report"))
    parser.add_argument("--summary", action="store_true",
                        help=N_("print one JSON object: counts by outcome and violation code"))


def wanted(args: argparse.Namespace) -> bool:
    return bool(args.junit or args.github or args.summary)


def refuse(command: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """stdout carries one format: the report, --json, --github or --summary."""
    chosen = [name for name in ("json", "github", "summary") if getattr(args, name)]
    if len(chosen) > 1:
        command.error(part(msg("choose one of {flags}", flags=" / ".join(f"--{c}" for c in chosen)),
                           args.lang))


def element_lines(raw: bytes) -> list[int] | None:
    """The line each transcript of a JSON file starts on (an array's elements, or the one
    object), so that an annotation can point at it; None where the file is not JSON."""
    try:
        text = raw.decode("utf-8-sig")
        parse_json(raw)
    except (UnicodeDecodeError, Problem):
        return None
    decoder = json.JSONDecoder()
    at = len(text) - len(text.lstrip())
    if not text.startswith("[", at):
        return [text.count("\n", 0, at) + 1]
    lines: list[int] = []
    at += 1
    while True:
        at += len(text[at:]) - len(text[at:].lstrip(" \t\r\n,"))
        if text.startswith("]", at):
            return lines
        lines.append(text.count("\n", 0, at) + 1)
        _, at = decoder.raw_decode(text, at)


def _lines(label: str, path: str, items: list[Any]) -> list[int | None]:
    if not items or items[0].line is not None or path == "-":
        return [item.line for item in items]
    try:
        found = element_lines(Path(path).read_bytes())
    except OSError:
        found = None
    return list(found) if found and len(found) == len(items) else [None] * len(items)


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    sources = [load(path, lang=args.lang) for path in args.files]
    items = [item for source in sources for item in source.items]
    progress = Progress(len(items), err, args.lang)
    results = checked(items, args.ruleset, True, args.jobs, args.parallel_from, args.lang)
    writer = None if args.github or args.summary else (
        JsonOut(out) if args.json else ReportOut(out, args.lang))
    suites: list[junit.Suite] = []
    total = Summary()
    if writer:
        writer.begin()
    try:
        for path, source in zip(args.files, sources, strict=True):
            suite = junit.Suite(source.label)
            suites.append(suite)
            if writer:
                writer.begin_file(source)
            if source.error:
                problem = unreadable(source.label, source.error)
                suite.cases.append(junit.Case(source.label, [problem]))
                if args.github:
                    out.write(github.annotation(problem, source.label, None) + "\n")
            summary = Summary()
            for item, line in zip(source.items, _lines(source.label, path, source.items),
                                  strict=True):
                text, seen = next(results)
                summary.add(seen)
                entry = json.loads(text)
                found = findings(entry)
                suite.cases.append(junit.Case(
                    case_name(entry, source.label, item.index, line), found, line))
                if args.github:
                    out.writelines(github.annotation(f, source.label, line) + "\n"
                                   for f in found)
                elif writer:
                    writer.entry(text if args.json else report(item, entry, args.lang))
                progress.update()
            if writer:
                writer.end_file(source, summary)
            total.merge(summary)
    finally:
        results.close()
        progress.close()
    unreadable_files = [s.label for s in sources if s.error]
    if writer:
        writer.end(total, len(unreadable_files))
    elif args.summary:
        out.write(json.dumps({**total.as_dict(), "unreadable": unreadable_files},
                             ensure_ascii=False) + "\n")
    else:
        ReportOut(out, args.lang).end(total, len(unreadable_files))
    for source in sources:
        if source.error and (args.json or args.summary):
            err.write(f"doko-check: {source.label}: {source.error}\n")
    if args.junit:
        try:
            Path(args.junit).write_bytes(junit.document(suites))
        except OSError as error:
            raise Unwritable(args.junit, error) from None
    if unreadable_files or total.malformed:
        return ERROR
    return settled(total, args, err)
