"""``doko-check import FORMAT FILE``: another program's file as this project's JSON.

    doko-check import csv|doko-logger|qtdoppelkopf|freedoko FILE [--check] [--json]
               [--ruleset ID|JSON] [--first-dealer NAME] [--per-game | --totals]
               [--lang en|de]

Prints the sitting or transcript the file holds (``-``: standard input), each note on
standard error; ``--check`` checks it at once and prints the list (as ``--sitting``) or
the game's report; ``--json`` with ``--check`` prints ``{kind, imported, notes, check}``
as ``POST /v1/imports/{format}?check=true`` answers. Exit status: 0 read (and valid),
1 read but the check finds a defect, 2 the file cannot be read (each place and reason
printed) or a usage error.
"""

from __future__ import annotations

import argparse
import json
from typing import Any, Final, TextIO

from service.checking import Item, parse_json
from service.checking.importing import MAX_IMPORT_BYTES, import_data
from service.checking.problem import Problem
from service.checking.sitting import check_sitting_data
from service.cli import problems, speech
from service.cli import sitting as sitting_cli
from service.cli.report import report as game_report
from service.game.text import N_, msg
from service.game.words import LANGUAGES, translate

OK, FAILED, ERROR = 0, 1, 2
CLI_FORMATS = ("csv", "doko-logger", "qtdoppelkopf", "freedoko")


DESCRIPTION: Final = N_("Another program's file as this project's JSON: a score sheet, a "
                        "Doko_Logger or QtDoppelKopf list, a FreeDoko game record.")


def parser(lang: str = "en") -> argparse.ArgumentParser:
    """The arguments, their help said in ``lang``."""
    command = argparse.ArgumentParser(prog="doko-check import",
                                      description=translate(DESCRIPTION, lang),
                                      formatter_class=speech.formatter(lang))
    command.add_argument("format", choices=CLI_FORMATS, metavar="FORMAT",
                         help=N_("csv, doko-logger, qtdoppelkopf or freedoko"))
    command.add_argument("file", metavar="FILE", help=N_("the file, or - for standard input"))
    command.add_argument("--check", action="store_true",
                         help=N_("check what was read at once"))
    command.add_argument("--json", action="store_true",
                         help=N_("with --check: the route's answer, with what was read, "
                                 "the notes and the check"))
    command.add_argument("--ruleset", metavar="ID|JSON",
                         help=N_("check under this ruleset (default: what the file implies, "
                                 "named in a note)"))
    command.add_argument("--first-dealer", metavar="NAME",
                         help=N_("who dealt first, where the file does not say"))
    layout = command.add_mutually_exclusive_group()
    layout.add_argument("--per-game", dest="layout", action="store_const", const="per_game",
                        help=N_("a sheet's rows are each game's points"))
    layout.add_argument("--totals", dest="layout", action="store_const", const="totals",
                        help=N_("a sheet's rows are the running totals"))
    command.add_argument("--lang", choices=LANGUAGES, default=lang,
                         help=N_("the language of the notes and the check"))
    return command


def main(argv: list[str], out: TextIO, err: TextIO) -> int:
    lang = speech.wanted(argv)
    command = parser(lang)
    try:
        args = command.parse_args(argv)
        ruleset: Any = args.ruleset  # a preset's id, or JSON: the importer reads it
        if ruleset is not None and ruleset.lstrip().startswith("{"):
            try:
                ruleset = parse_json(ruleset)
            except Problem as problem:
                command.error(speech.about("--ruleset", problem.body(lang)["detail"], lang))
    except SystemExit as stop:
        return stop.code if isinstance(stop.code, int) else ERROR
    try:
        data = read(args.file)
        imported, answer = import_data(args.format, data, ruleset=ruleset,
                                       first_dealer=args.first_dealer, layout=args.layout,
                                       check=args.check, lang=args.lang)
    except OSError as error:
        err.write(f"doko-check: {problems.cannot_read(args.file, error, args.lang)}\n")
        return ERROR
    except Problem as problem:
        body = problem.body(args.lang)
        err.write(f"{args.file}: {problems.of_file(body['detail'], args.lang)}\n" + "".join(
            f"  {e['pointer'] + ': ' if e['pointer'] else ''}{e['message']}\n"
            for e in body.get("errors", ())))
        return ERROR
    if args.json:
        out.write(json.dumps(answer, ensure_ascii=False, indent=1) + "\n")
        check = answer.get("check")
        return OK if check is None or check.get("valid") else FAILED
    for note in answer["notes"]:
        err.write(f"{translate('note', args.lang)}: {note}\n")
    if not args.check:
        out.write(json.dumps(imported.imported, ensure_ascii=False, indent=1) + "\n")
        return OK
    try:
        if imported.kind == "sitting":
            result = check_sitting_data(imported.imported)
            out.write("\n".join(sitting_cli.report(args.file, result, args.lang)) + "\n")
            return OK if result.valid else FAILED
        entry = answer["check"]
        out.write(game_report(Item(0, None, imported.imported), entry, args.lang) + "\n")
        agrees = (entry.get("claimed") or {}).get("agrees", True)
        return OK if entry.get("valid") and agrees else FAILED
    except Problem as problem:
        err.write(sitting_cli.problem_text(args.file, problem, args.lang))
        return ERROR


def read(path: str) -> bytes:
    """The file's bytes, no further than the limit of an import."""
    return problems.read_limited(path, MAX_IMPORT_BYTES, msg(
        "The file is over {count} bytes, the limit of an import.", count=MAX_IMPORT_BYTES))
