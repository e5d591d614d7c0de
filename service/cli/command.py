"""doko-check: check files of Doppelkopf transcripts offline, without a server.

    doko-check [--json | --github | --summary] [--junit FILE] [--ruleset ID|JSON]
               [--jobs N] [--parallel-from N] [--allow-empty] FILE...
    doko-check --list-rulesets | --version
    doko-check cases --ruleset ID [--count N] [--seed S]
    doko-check compare CASES VERDICTS [--allow-missing] [--junit FILE | --github]
    doko-check import csv|doko-logger|qtdoppelkopf|freedoko FILE [--check] ...

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
is invalid or disagrees with its claim; 2 a usage error, an unreadable file, a
malformed transcript (a broken line is reported with its line number and the rest of
the file is still checked) or an output that cannot be written (one line, no
traceback); 5 the input holds no game at all (unless ``--allow-empty``). 2 wins over 1
and 5.

The CI outputs live in :mod:`service.cli.ci`, the conformance commands in
:mod:`service.cli.conformance`.

Many games (``--parallel-from``, default 200) are checked by ``--jobs`` worker
processes (default 2), in order. A progress bar goes to stderr when it is a terminal.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterable
from typing import Any, Final, TextIO

from marshmallow import ValidationError

from service.checking import (
    Summary,
    bulk,
    parse_json,
)
from service.checking.phrases import phrase
from service.checking.problem import Problem
from service.cli import ci, conformance, speech
from service.cli import importing as importing_cli
from service.cli import season as season_cli
from service.cli import sitting as sitting_cli
from service.cli import tournament as tournament_cli
from service.cli.games import JOBS, PARALLEL_FROM, checked, load
from service.cli.output import (
    ERROR,
    FAILED,
    JsonOut,
    Progress,
    ReportOut,
    cannot_write,
    settled,
    writable,
)
from service.cli.report import list_rulesets
from service.game.errors import field_errors
from service.game.rulesets import RulesetError, use_directory, use_environment
from service.game.text import N_, msg
from service.game.version import VERSION
from service.game.words import LANGUAGES, part, translate
from service.reading.schemas import TRANSCRIPT

# ---- the command ------------------------------------------------------------------------

def ruleset_argument(text: str, lang: str = "en") -> Any:
    """``--ruleset``: a preset id or a JSON object, checked once before any game (what
    is wrong with it said in ``lang``)."""
    spec: Any = text
    if text.lstrip().startswith("{"):
        try:
            spec = parse_json(text)
        except Problem as problem:
            detail = problem.body(lang)["detail"]
            raise argparse.ArgumentTypeError(
                detail.replace("The request body", "The value")
                .replace("Der Inhalt der Anfrage", "Der Wert")) from None
    try:
        TRANSCRIPT.fields["ruleset"].deserialize(spec)
    except ValidationError as error:
        found = field_errors(error.messages)
        raise argparse.ArgumentTypeError("; ".join(
            f"{e.pointer + ': ' if e.pointer else ''}{phrase(e.message, lang)}" for e in found)
        ) from None
    return spec


DESCRIPTION: Final = N_("doko-check: check files of Doppelkopf transcripts offline, without "
                        "a server.")
EXIT_STATUS: Final = N_(
    "Exit status: 0 every transcript was checked, is valid and agrees with its `claimed`\n"
    "(an unfinished but valid game counts as valid); 1 every transcript was checked but one\n"
    "is invalid or disagrees with its claim; 2 a usage error, an unreadable file, a\n"
    "malformed transcript (a broken line is reported with its line number and the rest of\n"
    "the file is still checked) or an output that cannot be written (one line, no\n"
    "traceback); 5 the input holds no game at all (unless `--allow-empty`). 2 wins over 1\n"
    "and 5.")
CONFORMANCE: Final = N_("The conformance suite (each with -h):")

def parser(lang: str = "en") -> argparse.ArgumentParser:
    """The command's arguments, their help said in ``lang`` (argparse's own words too,
    where it is built and used inside :func:`speech.spoken`)."""
    doc = __doc__ or ""
    parser = argparse.ArgumentParser(
        prog="doko-check", description=translate(DESCRIPTION, lang),
        epilog=translate(EXIT_STATUS, lang) + "\n\n" + translate(CONFORMANCE, lang) + "\n"
        + doc[doc.index("    doko-check cases"):doc.index("\n\nA FILE")],
        formatter_class=speech.formatter(lang))
    parser.add_argument("files", nargs="*", metavar="FILE",
                        help=N_("a JSON file (one transcript or an array), a .jsonl/.ndjson "
                                "file (one per line), or - for stdin"))
    parser.add_argument("--sitting", action="store_true",
                        help=N_("read each FILE as one sitting (a table's list of games, as "
                                "POST /v1/sittings/check takes it) and print the list"))
    parser.add_argument("--tournament", action="store_true",
                        help=N_("read each FILE as one tournament day (as POST "
                                "/v1/tournaments/check takes it) and print its rounds, "
                                "standing, final tables and places"))
    parser.add_argument("--season", action="store_true",
                        help=N_("read each FILE as one season (a club's tournament days, as "
                                "POST /v1/seasons/check takes it) and print each window's "
                                "ranking and the written rankings' slips"))
    parser.add_argument("--json", action="store_true",
                        help=N_("print one JSON document with the API's result objects"))
    parser.add_argument("--ruleset", metavar="ID|JSON",
                        help=N_("check every transcript under this ruleset: a preset id, or a "
                                "JSON object naming a preset and the options it changes"))
    parser.add_argument("--rulesets-dir", metavar="DIR",
                        help=N_("load house rulesets (*.toml files that extend a preset) "
                                "from DIR; default: $DOKO_RULESETS_DIR where set"))
    parser.add_argument("--list-rulesets", action="store_true",
                        help=N_("list the rulesets (presets and house rulesets): id, title, "
                                "source"))
    parser.add_argument("--version", action="version", version=f"doko-check {VERSION}",
                        help=N_("show program's version number and exit"))
    parser.add_argument("--jobs", type=speech.positive(lang), default=JOBS, metavar="N",
                        help=N_("worker processes for many games (default %(default)s; 1: "
                                "none)"))
    parser.add_argument("--parallel-from", type=speech.positive(lang), default=PARALLEL_FROM,
                        metavar="N",
                        help=N_("use the workers from N games on (default %(default)s)"))
    parser.add_argument("--dask", metavar="SCHEDULER",
                        help=N_("check the FILEs (JSON Lines shards: paths, globs or fsspec "
                                "URLs) on Dask, one report: SCHEDULER is local:N or an address "
                                "(needs the [dask] extra; service/checking/bulk.py)"))
    parser.add_argument("--allow-empty", action="store_true",
                        help=N_("an input without any game exits 0, not 5"))
    parser.add_argument("--lang", choices=LANGUAGES, default=lang,
                        help=N_("the language of the report and of every message: en or de "
                                "(default: from the locale, LC_ALL / LC_MESSAGES / LANG; "
                                "else en)"))
    ci.add_arguments(parser)
    # parse_intermixed_args cuts len("usage: ") off the usage it formats, whatever the
    # language's word; a usage given is kept as it is
    usage = parser.format_usage()
    parser.usage = usage[usage.index("doko-check"):].rstrip("\n")
    return parser


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    if args.season:
        return season_cli.run(args, out, err)
    if args.tournament:
        return tournament_cli.run(args, out, err)
    if args.sitting:
        return sitting_cli.run(args, out, err)
    sources = [load(path, lang=args.lang) for path in args.files]
    items = [item for source in sources for item in source.items]
    writer: ReportOut | JsonOut = JsonOut(out) if args.json else ReportOut(out, args.lang)
    progress = Progress(len(items), err, args.lang)
    results = checked(items, args.ruleset, args.json, args.jobs, args.parallel_from,
                      args.lang)
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
    return settled(total, args, err)


def _settle(command: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """House rulesets first (a --ruleset may name one), then the --ruleset itself."""
    try:
        if args.rulesets_dir:
            use_directory(args.rulesets_dir)
        else:
            use_environment()
    except RulesetError as error:
        command.error(part(msg("house rulesets: {error}", error=str(error)), args.lang))
    if args.ruleset is not None:
        try:
            args.ruleset = ruleset_argument(args.ruleset, args.lang)
        except argparse.ArgumentTypeError as error:
            command.error(speech.about("--ruleset", str(error), args.lang))


def main(argv: Iterable[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    lang = speech.wanted(argv)
    with speech.spoken(lang):
        if argv and argv[0] in conformance.COMMANDS:  # doko-check cases|compare ...
            return conformance.main(argv)
        if argv and argv[0] == "import":  # doko-check import FORMAT FILE [--check] ...
            return importing_cli.main(argv[1:], sys.stdout, sys.stderr)
        if argv and argv[0] == "draw":  # doko-check draw --rounds N --seed TEXT NAME...
            return tournament_cli.draw_main(argv[1:], sys.stdout, sys.stderr, lang)
        try:
            args = _arguments(parser(lang), argv)
        except SystemExit as stop:  # argparse: --help (0) or a usage error (2)
            return stop.code if isinstance(stop.code, int) else ERROR
        if args is None:
            return list_rulesets(sys.stdout, lang)
    return _run(args)


def _arguments(command: argparse.ArgumentParser, argv: list[str]) -> argparse.Namespace | None:
    """The arguments read and refused where they do not fit; None: list the rulesets."""
    args = command.parse_intermixed_args(argv)
    _settle(command, args)
    if args.list_rulesets:
        return None
    if not args.files:
        command.error(translate(N_("the following arguments are required: %s"), args.lang)
                      % "FILE")
    ci.refuse(command, args)
    sitting_cli.refuse(command, args)
    tournament_cli.refuse(command, args)
    season_cli.refuse(command, args)
    if args.junit:
        writable(command, args.junit, args.lang)
    return args


def _run(args: argparse.Namespace) -> int:
    out = sys.stdout
    if args.json and (out.encoding or "").lower().replace("-", "") != "utf8":
        out.reconfigure(encoding="utf-8")  # type: ignore[union-attr]  # JSON is UTF-8
    try:
        if args.dask:
            code = bulk.run(args.dask, args.files, args.ruleset, args.json, out, sys.stderr,
                            args.lang, args.allow_empty)
        else:
            code = (ci.run if ci.wanted(args) else run)(args, out, sys.stderr)
        out.flush()
    except BrokenPipeError:  # `doko-check … | head`: stop quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, out.fileno())
        return FAILED
    except KeyboardInterrupt:
        return 130
    except ci.Unwritable as error:  # the JUnit file, after all
        sys.stderr.write(cannot_write(error.path, error.error, args.lang) + "\n")
        return ERROR
    return code


if __name__ == "__main__":
    sys.exit(main())
