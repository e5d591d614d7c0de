"""``doko-check --sitting FILE``: a table's list of games, printed as a club writes it.

Each FILE (``-``: stdin) holds one sitting (the request of ``POST /v1/sittings/check``). The list is
printed one line per game (dealer, kind, each player's score, the running totals) with
each defect under its line; ``--json`` prints the route's answer instead.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from typing import Any, TextIO

from service.checking import parse_json
from service.checking.problem import Problem
from service.checking.sitting import MAX_SITTING_BYTES, check_sitting_data
from service.cli.output import no_game
from service.cli.problems import cannot_read, problem_text, read_limited, wrong_flag
from service.game.text import N_, Rules, msg, msgn
from service.game.words import part, translate
from service.lists.sitting.standings import SittingGame, SittingResult

OK, FAILED, ERROR, NO_GAME = 0, 1, 2, 5
KINDS = {"normal": N_("normal"), "marriage": N_("marriage"), "poverty": N_("poverty"),
         "silent_marriage": N_("silent marriage"), "duty_solo": N_("duty solo"),
         "forced_solo": N_("forced solo"), "lust_solo": N_("lust solo"),
         "round_solo": N_("round solo"), "redeal": N_("redeal")}


def read_within(path: str, limit: int, what: str) -> Any:
    """A FILE (``-``: stdin) as JSON, read no further than ``limit`` bytes: a 413 problem
    naming the limit of a ``what`` (sitting, tournament) beyond it; a 400 problem naming
    the flag where the file holds another kind of input."""
    said = (msg("The file is over {count} bytes, the limit of a tournament day.", count=limit)
            if what == "tournament" else
            msg("The file is over {count} bytes, the limit of a list of games.", count=limit))
    data = parse_json(read_limited(path, limit, said))
    wrong = wrong_flag(data, what)
    if wrong is not None:
        raise wrong
    return data


def run_files(args: argparse.Namespace, out: TextIO, err: TextIO, read: Callable[[str], Any],
              check: Callable[[Any], Any], report: Callable[[str, Any, str], list[str]],
              games: Callable[[Any], int] | None) -> int:
    """Each FILE read, checked and printed (``--json``: the route's answers in one
    document); the exit status as for transcripts, 5 for no game at all where ``games``
    counts them and ``--allow-empty`` is not given."""
    status, answers, count = OK, [], 0
    for path in args.files:
        try:
            data = read(path)
            if args.ruleset is not None and isinstance(data, dict):
                data = {**data, "ruleset": args.ruleset}
            result = check(data)
        except OSError as error:
            err.write("doko-check: " + cannot_read(path, error, args.lang) + "\n")
            status = ERROR
            continue
        except Problem as problem:
            (err if args.json else out).write(problem_text(path, problem, args.lang))
            status = ERROR
            continue
        count += games(result) if games is not None else 0
        if not result.valid and status == OK:
            status = FAILED
        if args.json:
            answers.append({"path": path, "result": result.to_dict(args.lang)})
        else:
            out.write("\n".join(report(path, result, args.lang)) + "\n")
    if args.json:
        out.write(json.dumps({"files": answers}, ensure_ascii=False) + "\n")
    if games is not None and status == OK and not count and not args.allow_empty:
        err.write(no_game(args.lang) + "\n")
        return NO_GAME
    return status


MINUS = "\u2212"


def _signed(points: int) -> str:
    return f"{points:+d}".replace("-", MINUS) if points else "0"  # the typographic minus


def report(path: str, result: SittingResult, lang: str = "en") -> list[str]:
    """The list as a referee reads it, in ``lang``: a line per game with its defects."""
    players = result.players
    width = max(5, *(len(p) + 1 for p in players))
    dealer_width = max(6, *(len(p) for p in players))

    def row(cells: list[str]) -> str:
        return "".join(c.rjust(width) for c in cells)

    head = (f"  {'#':>3}  {translate('dealer', lang):<{dealer_width}}  "
            f"{translate('game', lang):<24}" + row(list(players)) + "  |" + row(list(players)))
    lines = [f"{path}: " + part(msgn(
        "a sitting of {count} game under {rules}, {players} players",
        "a sitting of {count} games under {rules}, {players} players", len(result.games),
        rules=Rules(result.ruleset), players=len(players)), lang), head]
    defects: dict[int, list[str]] = {}
    general: list[str] = []
    for v in result.violations:
        parts = (v.pointer or "").split("/")
        if len(parts) > 2 and parts[1] == "games":  # said under its game's line
            defects.setdefault(int(parts[2]), []).append("      " + v.said(lang))
        else:
            general.append("      " + v.as_dict(lang)["message"])
    for game in result.games:
        lines += house_marks(game, lang)
        kind = translate(KINDS[game.kind], lang)
        if game.declarer and game.kind != "redeal":
            kind += f" {game.declarer}"
        if game.bock > 1:
            kind += f" {translate('bock', lang)} ×{game.bock}"
        out = game.sitting_out or (game.sits_out,)
        scores = [("-" if p in out else "" if game.seated and p not in game.seated
                   else _signed(game.scores[p])) for p in players]
        totals = [str(game.totals[p]).replace("-", MINUS) for p in players]
        lines.append(f"  {game.index + 1:>3}  {game.dealer:<{dealer_width}}  {kind:<24}"
                     + row(scores) + "  |" + row(totals))
        if game.bock_rounds_opened:
            lines.append("      " + part(msgn("opens {count} bock round", "opens {count} bock "
                                              "rounds", game.bock_rounds_opened), lang))
        lines += defects.get(game.index, [])
    lines += general
    lines += [f"      {translate('note', lang)}: {n.as_dict(lang)['message']}"
              for n in result.notes]
    lines.append(translate("totals", lang) + ": "
                 + ", ".join(f"{p} {result.totals[p]}" for p in players))
    if result.corrected_totals is not None:
        lines.append(translate("totals with the slips corrected", lang) + ": " + ", ".join(
            f"{p} {result.corrected_totals[p]}" for p in players))
    lines += coming(result, lang)
    lines.append(translate("standings", lang) + ": " + ", ".join(
        f"{s['place']}. {s['player']} {s['points']}" for s in result.standings))
    duty = [f"{p} {d['played']}/{d['owed']}" for p, d in result.duty_solos.items() if d["owed"]]
    if duty:
        lines.append(translate("duty solos played/owed", lang) + ": " + ", ".join(duty))
    if result.claimed is not None:
        lines.append(translate("claimed totals agree", lang) if result.claimed["agrees"]
                     else translate("claimed totals differ", lang))
    count = len(result.violations)
    lines.append(translate("valid", lang) if result.valid else part(msgn(
        "INVALID: {count} defect", "INVALID: {count} defects", count), lang))
    return lines


def coming(result: SittingResult, lang: str) -> list[str]:
    """What comes after the last line: the next dealer, the games left in the round,
    the bock games still owed with their factors."""
    said = [msg("{name} deals next", name=result.next_dealer)]
    if result.games_left is not None:
        said.append(msgn("{count} game left in the round", "{count} games left in the round",
                         result.games_left))
    if result.bock_ahead:
        said.append(msgn("{count} bock game to come: {factors}",
                         "{count} bock games to come: {factors}", len(result.bock_ahead),
                         factors=", ".join(f"×{f}" for f in result.bock_ahead)))
    return ["; ".join(part(text, lang) for text in said)]


def house_marks(game: SittingGame, lang: str) -> list[str]:
    """The house rules' marks above a game's line: the table from it on, the start of a
    mandatory solo round."""
    marks = []
    if game.table is not None:
        marks.append("      " + part(msg("at the table from game {number}: {names}",
                                         number=game.index + 1, names=", ".join(game.table)),
                                     lang))
    if game.solo_round == 1:
        marks.append("      " + part(msg("mandatory solo round from game {number}: a solo "
                                         "each", number=game.index + 1), lang))
    return marks


LAYOUT = (N_("dealer"), N_("game"), N_("bock"), N_("totals"),
          N_("totals with the slips corrected"), N_("standings"),
          N_("duty solos played/owed"), N_("claimed totals agree"),
          N_("claimed totals differ"))


def refuse(command: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """A usage error for options that are for transcripts, not for a sitting's list."""
    if not args.sitting:
        return
    others = [flag for flag, given in (("--junit", args.junit), ("--github", args.github),
                                       ("--summary", args.summary)) if given]
    if others:
        command.error(translate(N_("argument %(argument_name)s: %(message)s"), args.lang) % {
            "argument_name": "--sitting", "message": part(msg(
                "{flags} report transcripts; a sitting prints its list (or --json)",
                flags=", ".join(others)), args.lang)})


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Check each FILE as one sitting; the exit status as for transcripts."""
    return run_files(args, out, err,
                     lambda path: read_within(path, MAX_SITTING_BYTES, "sitting"),
                     check_sitting_data, report, lambda result: len(result.games))
