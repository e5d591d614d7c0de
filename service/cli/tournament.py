"""``doko-check --tournament FILE``: a tournament day printed as a referee reads it, and
``doko-check draw``: the tables of each round drawn from a seed.

Each FILE (``-``: stdin) holds one day (the request of ``POST /v1/tournaments/check``):
each round's tables with their totals and defects, the preliminary standing, the final
tables and the places; ``--json`` prints the route's answer instead.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any, TextIO

from service.checking.draw import draw_data
from service.checking.problem import Problem
from service.checking.tournament import MAX_TOURNAMENT_BYTES, check_tournament_data
from service.cli import speech
from service.cli.problems import cannot_read, problem_text
from service.cli.sitting import read_within, run_files
from service.game.text import N_, Rules, msg, msgn
from service.game.words import LANGUAGES, part, translate
from service.lists.sitting.standings import ListDefect, SittingResult
from service.lists.tournament.standing import TournamentResult

OK, FAILED, ERROR = 0, 1, 2
LAYOUT = (N_("preliminary standing"), N_("final round"), N_("places"),
          N_("claimed figures agree"), N_("claimed figures differ"), N_("wildcard"),
          N_("penalty"))


def _defect(d: ListDefect, lang: str, note: bool = False) -> str:
    head = f"{translate('note', lang)}: " if note else ""
    return f"      {head}{d.as_dict(lang)['message']} ({d.pointer or '/'})"


def _table(title: str, prefix: str, table: SittingResult, result: TournamentResult,
           lang: str) -> list[str]:
    totals = ", ".join(f"{p} {table.totals[p]}" for p in table.players)
    lines = [f"  {title}: {totals}"]
    inside = prefix + "/"
    lines += [_defect(v, lang) for v in result.violations
              if v.pointer and (v.pointer == prefix or v.pointer.startswith(inside))]
    lines += [_defect(n, lang, True) for n in result.notes
              if n.pointer and (n.pointer == prefix or n.pointer.startswith(inside))]
    return lines


def report(path: str, result: TournamentResult, lang: str = "en") -> list[str]:
    """The day as a referee reads it, in ``lang``."""
    tables = sum(len(r) for r in result.preliminary)
    lines = [f"{path}: " + part(msgn(
        "a tournament of {count} preliminary round under {rules}, {tables} tables",
        "a tournament of {count} preliminary rounds under {rules}, {tables} tables",
        len(result.preliminary), rules=Rules(result.ruleset), tables=tables), lang)]
    shown: set[str] = set()
    for r, round_tables in enumerate(result.preliminary):
        here = f"/preliminary/{r}"
        lines.append(part(msg("round {number}", number=r + 1), lang))
        lines += [_defect(v, lang) for v in result.violations if v.pointer == here]
        lines += [_defect(n, lang, True) for n in result.notes if n.pointer == here]
        shown.add(here)
        for t, table in enumerate(round_tables):
            prefix = f"{here}/tables/{t}"
            lines += _table(part(msg("table {number}", number=t + 1), lang), prefix, table,
                            result, lang)
    lines.append(translate("preliminary standing", lang) + ": " + ", ".join(
        f"{s['place']}. {s['player']} {s['points']}"
        + (f" ({translate('penalty', lang)} −{s['penalty']})" if s["penalty"] else "")
        for s in result.standing))
    if result.final is not None:
        lines.append(translate("final round", lang) + (
            f" ({translate('wildcard', lang)}: {result.wildcard})" if result.wildcard else ""))
        lines += [_defect(v, lang) for v in result.violations
                  if v.pointer in ("/final", "/final/wildcard")]
        for t, table in enumerate(result.final):
            lines += _table(part(msg("table {number}", number=t + 1), lang),
                            f"/final/tables/{t}", table, result, lang)
        lines += [_defect(n, lang, True) for n in result.notes
                  if n.pointer and n.pointer.startswith("/final/tables/")
                  and n.code == "tie_at_cut"]
    if result.places is not None:
        lines.append(translate("places", lang) + ": " + ", ".join(
            f"{p['place']}. {p['player']}" for p in result.places))
    if result.claimed is not None:
        lines.append(translate("claimed figures agree", lang) if result.claimed["agrees"]
                     else translate("claimed figures differ", lang))
        lines += [_defect(v, lang) for v in result.violations
                  if v.pointer and v.pointer.startswith("/claimed/")]
    count = len(result.violations)
    lines.append(translate("valid", lang) if result.valid else part(msgn(
        "INVALID: {count} defect", "INVALID: {count} defects", count), lang))
    return lines


def refuse(command: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """A usage error for options that are for transcripts, not for a day."""
    if not args.tournament:
        return
    others = [flag for flag, given in (("--junit", args.junit), ("--github", args.github),
                                       ("--summary", args.summary), ("--sitting",
                                                                     args.sitting)) if given]
    if others:
        command.error(translate(N_("argument %(argument_name)s: %(message)s"), args.lang) % {
            "argument_name": "--tournament", "message": part(msg(
                "not with {flags}", flags=", ".join(others)), args.lang)})


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Check each FILE as one tournament day; the exit status as for transcripts."""
    return run_files(args, out, err,
                     lambda path: read_within(path, MAX_TOURNAMENT_BYTES, "tournament"),
                     check_tournament_data, report, None)


def draw_main(argv: list[str], out: TextIO, err: TextIO, lang: str) -> int:
    """``doko-check draw --rounds N --seed TEXT NAME... | --participants FILE``."""
    command = argparse.ArgumentParser(
        prog="doko-check draw", description=translate(N_(
            "Draw the tables of each preliminary round from a seed: the same tables on every "
            "machine (POST /v1/tournaments/draw)."), lang), formatter_class=speech.formatter(lang))
    command.add_argument("names", nargs="*", metavar="NAME", help=N_("the participants"))
    command.add_argument("--participants", metavar="FILE",
                         help=N_("read the participants from FILE, one name a line"))
    command.add_argument("--rounds", type=int, required=True, metavar="N",
                         help=N_("the preliminary rounds to draw"))
    command.add_argument("--seed", required=True, metavar="TEXT",
                         help=N_("the seed: the same seed gives the same tables"))
    command.add_argument("--algorithm", type=int, metavar="N",
                         help=N_("an older algorithm by its number (default: the newest)"))
    command.add_argument("--json", action="store_true", help=N_("print the route's answer"))
    command.add_argument("--lang", choices=LANGUAGES, default=lang,
                         help=N_("the language of the tables: en or de"))
    try:
        args = command.parse_args(argv)
        if bool(args.names) == bool(args.participants):
            command.error(part(msg("give the participants as NAMEs or --participants FILE "
                                   "(not both)"), args.lang))
    except SystemExit as stop:
        return stop.code if isinstance(stop.code, int) else ERROR
    names = list(args.names)
    if args.participants:
        try:
            text = Path(args.participants).read_text(encoding="utf-8")
        except OSError as error:
            err.write("doko-check: " + cannot_read(args.participants, error, args.lang) + "\n")
            return ERROR
        names = [line.strip() for line in text.splitlines() if line.strip()]
    body: dict[str, Any] = {"participants": names, "rounds": args.rounds, "seed": args.seed}
    if args.algorithm is not None:
        body["algorithm"] = args.algorithm
    try:
        drawn = draw_data(body)
    except Problem as problem:
        err.write(problem_text("draw", problem, args.lang))
        return ERROR
    if args.json:
        out.write(json.dumps(drawn.to_dict(), ensure_ascii=False) + "\n")
        return OK
    lines = [part(msg("the draw of seed “{seed}” (algorithm {algorithm})", seed=drawn.seed,
                      algorithm=drawn.algorithm), args.lang)]
    for r, tables in enumerate(drawn.rounds):
        lines.append(part(msg("round {number}", number=r + 1), args.lang))
        lines += ["  " + part(msg("table {number}", number=t + 1), args.lang) + ": "
                  + ", ".join(names) for t, names in enumerate(tables)]
    lines.append(part(msgn("{count} repeat meeting", "{count} repeat meetings",
                           drawn.repeats), args.lang))
    out.write("\n".join(lines) + "\n")
    return OK
