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
from typing import Any, Final, TextIO

from service.checking.phrases import phrase
from service.cli import compare, speech
from service.cli.compare import ERROR, FAILED, NOTHING, OK
from service.cli.formats import compared, junit
from service.cli.output import cannot_write, writable
from service.game.rulesets import RulesetError, resolve, use_directory, use_environment
from service.game.text import N_, msg
from service.game.words import LANGUAGES, part, translate
from service.generating.cases import MIN_CASES, write_cases

COMMANDS = ("cases", "compare")


# ---- the subcommands ---------------------------------------------------------------------

def _seed(lang: str) -> Any:
    def read(text: str) -> int:
        try:
            return int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(
                translate(N_("not an integer: %r"), lang) % text) from None
    return read


def _required(lang: str) -> Any:
    def read(text: str) -> tuple[str, ...]:
        try:
            return compare.required_fields(text)
        except ValueError:
            raise argparse.ArgumentTypeError(translate(N_(
                "not a list of fields: %r (dotted names separated by commas, as the report's "
                "table of fields compared names them, or none)"), lang) % text) from None
    return read


DESCRIPTION: Final = N_("The conformance commands of doko-check: write the cases, compare an "
                        "engine's verdicts.")


def parser(lang: str = "en") -> argparse.ArgumentParser:
    """The subcommands' arguments, their help said in ``lang``."""
    said = speech.formatter(lang)
    command = argparse.ArgumentParser(prog="doko-check", description=translate(DESCRIPTION, lang),
                                      formatter_class=said)
    sub = command.add_subparsers(dest="command", required=True)
    make = sub.add_parser("cases", help=translate(N_("write conformance cases as JSON Lines to "
                                                     "stdout"), lang), formatter_class=said)
    # before --ruleset, whatever the order given: --ruleset may name a ruleset it holds
    make.add_argument("--rulesets-dir", metavar="DIR",
                      help=N_("house rulesets (*.toml) to offer beside the presets; default: "
                              "the directory DOKO_RULESETS_DIR names, if set"))
    make.add_argument("--ruleset", required=True, metavar="ID",
                      help=N_("a preset, or a house ruleset from --rulesets-dir or "
                              "DOKO_RULESETS_DIR"))
    make.add_argument("--count", type=speech.positive(lang), metavar="N",
                      help=translate(N_("cases to write (default: each scenario as game, "
                                        "mutation and partial game, in rounds until there are "
                                        "{count} or more)"), lang).format(count=MIN_CASES))
    make.add_argument("--seed", type=_seed(lang), default=1, metavar="S",
                      help=N_("default %(default)s"))
    check = sub.add_parser("compare", help=translate(N_("compare an engine's verdicts with the "
                                                        "cases"), lang), formatter_class=said)
    check.add_argument("cases", metavar="CASES",
                       help=N_("the cases, JSON Lines as `doko-check cases` writes them"))
    check.add_argument("verdicts", metavar="VERDICTS",
                       help=N_("the engine's verdicts, JSON Lines: an object per case with its "
                               "id and the fields of the case's expected answer it computes"))
    check.add_argument("--require", type=_required(lang), default=compare.MINIMUM,
                       metavar="FIELDS",
                       help=translate(N_("fields every verdict must write where its case's "
                                         "expected answer has them, dotted and separated by "
                                         "commas (default: {fields}); none requires nothing"),
                                      lang).format(fields=",".join(compare.MINIMUM)))
    check.add_argument("--allow-missing", action="store_true",
                       help=N_("cases without a verdict do not fail the comparison"))
    check.add_argument("--junit", metavar="FILE",
                       help=N_("also write JUnit XML to FILE: a test case per conformance "
                               "case, a failure per differing field"))
    check.add_argument("--github", action="store_true",
                       help=N_("print GitHub Actions annotations at the cases' lines instead "
                               "of the cases' differences (the tables and the summary stay)"))
    check.add_argument("--lang", choices=LANGUAGES, default=lang,
                       help=N_("the language of the report: en or de (default: from the "
                               "locale)"))
    return command


def main(argv: Iterable[str], out: TextIO | None = None) -> int:
    out = out or sys.stdout
    argv = list(argv)
    lang = speech.wanted(argv)
    command = parser(lang)
    try:
        use_environment()  # house rulesets (DOKO_RULESETS_DIR) may be named by --ruleset
        args = command.parse_args(argv)
        if args.command == "cases":
            _rulesets(command, args, lang)
        if args.command == "compare" and args.junit:
            writable(command, args.junit, lang)
    except RulesetError as error:
        command.print_usage(sys.stderr)
        sys.stderr.write("doko-check: " + part(msg("house rulesets: {error}", error=str(error)),
                                               lang) + "\n")
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


def _rulesets(command: argparse.ArgumentParser, args: argparse.Namespace, lang: str) -> None:
    """The house rulesets of --rulesets-dir, then the ruleset --ruleset names (which may
    be one of them), each refused as argparse refuses an argument (in ``lang``)."""
    for flag, value, use in (("--rulesets-dir", args.rulesets_dir, use_directory),
                             ("--ruleset", args.ruleset, resolve)):
        try:
            if value:
                use(value)
        except RulesetError as error:
            command.error(speech.about(flag, "; ".join(
                phrase(f"{p.option}: {p.message}", lang) for p in error.problems), lang))


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
