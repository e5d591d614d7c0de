"""``doko-check --sitting FILE``: a table's list of games, printed as a club writes it.

Each FILE (``-``: stdin) holds one sitting (the request of ``POST /v1/sittings/check``). The list is
printed one line per game (dealer, kind, each player's score, the running totals) with
each defect under its line; ``--json`` prints the route's answer instead.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, TextIO

from service.checking import parse_json
from service.checking.problem import Problem
from service.checking.sitting import MAX_SITTING_BYTES, check_sitting_data
from service.lists.sitting.standings import SittingResult

OK, FAILED, ERROR = 0, 1, 2
KINDS = {"normal": "normal", "marriage": "marriage", "poverty": "poverty",
         "silent_marriage": "silent marriage", "duty_solo": "duty solo",
         "forced_solo": "forced solo", "lust_solo": "lust solo", "redeal": "redeal"}


def _read(path: str) -> Any:
    if path == "-":
        raw = sys.stdin.buffer.read(MAX_SITTING_BYTES + 1)
    else:
        with Path(path).open("rb") as file:
            raw = file.read(MAX_SITTING_BYTES + 1)
    if len(raw) > MAX_SITTING_BYTES:
        raise Problem(413, f"the file is over {MAX_SITTING_BYTES} bytes, the limit of a sitting")
    return parse_json(raw)


def _signed(points: int) -> str:
    return f"{points:+d}" if points else "0"


def report(path: str, result: SittingResult) -> list[str]:
    players = result.players
    width = max(5, *(len(p) + 1 for p in players))
    dealer_width = max(6, *(len(p) for p in players))

    def row(cells: list[str]) -> str:
        return "".join(c.rjust(width) for c in cells)

    head = (f"  {'#':>3}  {'dealer':<{dealer_width}}  {'game':<24}" + row(list(players))
            + "  |" + row(list(players)))
    lines = [f"{path}: a sitting of {len(result.games)} games under {result.ruleset}, "
             f"{len(players)} players", head]
    defects: dict[int, list[str]] = {}
    general: list[str] = []
    for v in result.violations:
        text = (f"      {v.code} at {v.pointer}" + (f" ({v.player})" if v.player else "")
                + f": {v.message}")
        parts = (v.pointer or "").split("/")
        if len(parts) > 2 and parts[1] == "games":
            defects.setdefault(int(parts[2]), []).append(text)
        else:
            general.append(text)
    for game in result.games:
        kind = KINDS[game.kind]
        if game.declarer and game.kind != "redeal":
            kind += f" {game.declarer}"
        if game.bock > 1:
            kind += f" bock ×{game.bock}"
        scores = [("-" if p == game.sits_out else _signed(game.scores[p])) for p in players]
        totals = [str(game.totals[p]) for p in players]
        lines.append(f"  {game.index + 1:>3}  {game.dealer:<{dealer_width}}  {kind:<24}"
                     + row(scores) + "  |" + row(totals))
        lines += defects.get(game.index, [])
    lines += general
    lines += [f"      note: {n.message}" for n in result.notes]
    lines.append("totals: " + ", ".join(f"{p} {result.totals[p]}" for p in players))
    if result.corrected_totals is not None:
        lines.append("totals with the slips corrected: " + ", ".join(
            f"{p} {result.corrected_totals[p]}" for p in players))
    lines.append("standings: " + ", ".join(f"{s['place']}. {s['player']} {s['points']}"
                                           for s in result.standings))
    duty = [f"{p} {d['played']}/{d['owed']}" for p, d in result.duty_solos.items() if d["owed"]]
    if duty:
        lines.append("duty solos played/owed: " + ", ".join(duty))
    if result.claimed is not None:
        lines.append("claimed totals " + ("agree" if result.claimed["agrees"] else "differ"))
    count = len(result.violations)
    lines.append("valid" if result.valid else
                 f"INVALID: {count} defect" + ("s" if count != 1 else ""))
    return lines


def refuse(command: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """A usage error for options that are for transcripts, not for a sitting's list."""
    if not args.sitting:
        return
    others = [flag for flag, given in (("--junit", args.junit), ("--github", args.github),
                                       ("--summary", args.summary)) if given]
    if others:
        command.error(f"argument --sitting: {', '.join(others)} report transcripts; a "
                      "sitting prints its list (or --json)")


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Check each FILE as one sitting; the exit status as for transcripts."""
    status = OK
    answers = []
    for path in args.files:
        try:
            data = _read(path)
            if args.ruleset is not None and isinstance(data, dict):
                data = {**data, "ruleset": args.ruleset}
            result = check_sitting_data(data)
        except OSError as error:
            err.write(f"doko-check: {path}: cannot read: {error.strerror or error}\n")
            status = ERROR
            continue
        except Problem as problem:
            lines = [f"{path}: {problem.detail}"]
            lines += [f"  {e['pointer'] or '/'}: {e['message']}" for e in problem.errors or ()]
            (err if args.json else out).write("\n".join(lines) + "\n")
            status = ERROR
            continue
        if not result.valid and status == OK:
            status = FAILED
        if args.json:
            answers.append({"path": path, "result": result.to_dict()})
        else:
            out.write("\n".join(report(path, result)) + "\n")
    if args.json:
        out.write(json.dumps({"files": answers}, ensure_ascii=False) + "\n")
    return status
