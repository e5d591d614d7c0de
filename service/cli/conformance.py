"""The conformance commands of ``doko-check``: write the cases, compare an engine's verdicts.

    doko-check cases --ruleset R [--count N] [--seed S] [--rulesets-dir DIR]
    doko-check compare CASES VERDICTS [--require FIELDS] [--allow-missing]
                       [--junit FILE | --github]

The cases are :mod:`service.generating.cases`'. An engine's verdicts are JSON Lines
too, each ``{"id": case id, ...}`` holding the fields of ``expected`` the engine
computes; :mod:`service.cli.compare` compares them (:mod:`service.cli.diff` says how)
and reports, :mod:`service.cli.formats.compared` as JUnit XML and GitHub annotations.

Exit status of ``compare``: 0 every case answered agrees; 1 a verdict differs, lacks a
required field, compares no field, or a case is unanswered (without
``--allow-missing``); 2 a usage error, an unreadable file or line, an unknown or
repeated id, files named the wrong way round, a required field no case has, a JUnit
file that cannot be written; 5 nothing was compared (no case, or no verdict under
``--allow-missing``). The report goes to standard output, input errors to standard
error.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import TextIO

from service.cli import compare
from service.cli.compare import ERROR, FAILED, NOTHING, OK
from service.cli.formats import compared, junit
from service.cli.output import cannot_write, locale_language, writable
from service.game.rulesets import RulesetError, resolve, use_directory, use_environment
from service.game.words import LANGUAGES
from service.generating.cases import MIN_CASES, write_cases

COMMANDS = ("cases", "compare")


# ---- the subcommands ---------------------------------------------------------------------

def _count(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"not a positive integer: {text!r}")
    return int(text)


def _seed(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an integer: {text!r}") from None


def _required(text: str) -> tuple[str, ...]:
    try:
        return compare.required_fields(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"not a list of fields: {text!r} (dotted names separated by commas, as the "
            "report's table of fields compared names them, or none)") from None


def parser() -> argparse.ArgumentParser:
    command = argparse.ArgumentParser(prog="doko-check", description=__doc__.splitlines()[0]
                                      if __doc__ else None)
    sub = command.add_subparsers(dest="command", required=True)
    make = sub.add_parser("cases", help="write conformance cases as JSON Lines to stdout")
    # before --ruleset, whatever the order given: --ruleset may name a ruleset it holds
    make.add_argument("--rulesets-dir", metavar="DIR",
                      help="house rulesets (*.toml) to offer beside the presets; default: "
                           "the directory DOKO_RULESETS_DIR names, if set")
    make.add_argument("--ruleset", required=True, metavar="ID",
                      help="a preset, or a house ruleset from --rulesets-dir or DOKO_RULESETS_DIR")
    make.add_argument("--count", type=_count, metavar="N",
                      help="cases to write (default: each scenario as game, mutation and "
                           f"partial game, in rounds until there are {MIN_CASES} or more)")
    make.add_argument("--seed", type=_seed, default=1, metavar="S", help="default 1")
    check = sub.add_parser("compare", help="compare an engine's verdicts with the cases")
    check.add_argument("cases", metavar="CASES",
                       help="the cases, JSON Lines as `doko-check cases` writes them")
    check.add_argument("verdicts", metavar="VERDICTS",
                       help='the engine\'s verdicts, JSON Lines: {"id": case id, ...} with '
                            "the fields of the case's expected answer it computes")
    check.add_argument("--require", type=_required, default=compare.MINIMUM,
                       metavar="FIELDS",
                       help="fields every verdict must write where its case's expected "
                            "answer has them, dotted and separated by commas (default: "
                            f"{','.join(compare.MINIMUM)}); none requires nothing")
    check.add_argument("--allow-missing", action="store_true",
                       help="cases without a verdict do not fail the comparison")
    check.add_argument("--junit", metavar="FILE",
                       help="also write JUnit XML to FILE: a test case per conformance case, "
                            "a failure per differing field")
    check.add_argument("--github", action="store_true",
                       help="print GitHub Actions annotations at the cases' lines instead of "
                            "the cases' differences (the tables and the summary stay)")
    check.add_argument("--lang", choices=LANGUAGES, default=locale_language(),
                       help="the language of the report: en or de (default: from the locale)")
    return command


def main(argv: Iterable[str], out: TextIO | None = None) -> int:
    out = out or sys.stdout
    command = parser()
    try:
        use_environment()  # house rulesets (DOKO_RULESETS_DIR) may be named by --ruleset
        args = command.parse_args(list(argv))
        if args.command == "cases":
            _rulesets(command, args)
        if args.command == "compare" and args.junit:
            writable(command, args.junit)
    except RulesetError as error:
        command.print_usage(sys.stderr)
        sys.stderr.write(f"doko-check: house rulesets: {error}\n")
        return ERROR
    except SystemExit as stop:
        return stop.code if isinstance(stop.code, int) else ERROR
    try:
        if args.command == "cases":
            write_cases(out, args.ruleset, args.count, args.seed)
            out.flush()
            return OK
        code = run_compare(args, out, sys.stderr)
        out.flush()
        return code
    except BrokenPipeError:  # `doko-check cases … | head`: stop quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, out.fileno())
        return FAILED
    except KeyboardInterrupt:
        return 130


def _rulesets(command: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """The house rulesets of --rulesets-dir, then the ruleset --ruleset names (which may
    be one of them), each refused as argparse refuses an argument."""
    for flag, value, use in (("--rulesets-dir", args.rulesets_dir, use_directory),
                             ("--ruleset", args.ruleset, resolve)):
        try:
            if value:
                use(value)
        except RulesetError as error:
            command.error(f"argument {flag}: {error}")


def run_compare(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    done = compare.run(args.cases, args.verdicts, args.allow_missing, args.require)
    if args.github:
        out.writelines(line + "\n" for line in compared.annotation_lines(done, args.lang))
        compare.write_summary(done, out, args.lang)
    else:
        compare.write_report(done, out, err, args.lang)
    code = done.code
    if args.junit:
        try:
            Path(args.junit).write_bytes(junit.document(compared.suites(done, args.lang)))
        except OSError as error:
            err.write(cannot_write(args.junit, error, args.lang) + "\n")
            return ERROR
    if code == NOTHING:
        err.write(f"doko-check: {compare.nothing_line(done, args.lang)}\n")
    return code
