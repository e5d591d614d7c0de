"""The conformance commands of ``doko-check``: write the cases, compare an engine's verdicts.

    doko-check cases --ruleset R [--count N] [--seed S]     JSON Lines on stdout
    doko-check compare CASES VERDICTS [--allow-missing]

The cases are :mod:`service.generating.cases`'. An engine's verdicts are JSON Lines
too, each ``{"id": case id, ...}`` holding the fields of ``expected`` the engine
computes. A verdict agrees when every field it wrote equals the reference; inside an
object only the keys written count, lists of things without an order (violations,
notes, score items, legal cards and calls) are compared as multisets, the others
(tricks, the cards of a trick, scores by seat) in order.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any, TextIO

from service.game.rulesets import RulesetError, resolve, use_environment
from service.generating.cases import write_cases

COMMANDS = ("cases", "compare")
ORDERED = {"tricks", "tricks.cards", "score.scores"}  # lists compared in order


# ---- comparing ---------------------------------------------------------------------------

def differences(written: Any, reference: Any, path: str = "") -> list[tuple[str, Any, Any]]:
    """(field, engine's value, reference value) wherever a written field differs."""
    if isinstance(written, dict) and isinstance(reference, dict):
        found = []
        for key, value in written.items():
            where = f"{path}.{key}" if path else key
            if key not in reference:
                found.append((where, value, None))
            else:
                found += differences(value, reference[key], where)
        return found
    if isinstance(written, list) and isinstance(reference, list):
        shape = _unindexed(path)
        if shape in ORDERED:
            if len(written) != len(reference) or not any(isinstance(w, dict) for w in written):
                return [] if written == reference else [(path, written, reference)]
            return [d for i, (w, r) in enumerate(zip(written, reference, strict=True))
                    for d in differences(w, r, f"{path}[{i}]")]
        keys = {k for item in written if isinstance(item, dict) for k in item}
        projected = [{k: v for k, v in item.items() if k in keys}
                     if isinstance(item, dict) else item for item in reference]
        if sorted(map(_canonical, written)) != sorted(map(_canonical, projected)):
            return [(path, written, projected)]
        return []
    return [] if written == reference and type(written) is type(reference) \
        else [(path, written, reference)]


def _unindexed(path: str) -> str:
    out, depth = [], 0
    for ch in path:
        depth += ch == "["
        if not depth:
            out.append(ch)
        depth -= ch == "]"
    return "".join(out)


def _canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def _read_lines(path: str, what: str) -> tuple[list[tuple[int, dict[str, Any]]], list[str]]:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        return [], [f"{path}: cannot read {what}: {error}"]
    rows, problems = [], []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            value = json.loads(line)
        except json.JSONDecodeError as error:
            problems.append(f"{path}:{number}: not JSON: {error.msg}")
            continue
        if not isinstance(value, dict) or not isinstance(value.get("id"), str | int):
            problems.append(f"{path}:{number}: not an object with an id")
            continue
        rows.append((number, value))
    return rows, problems


def compare(cases_path: str, verdicts_path: str, out: TextIO, allow_missing: bool) -> int:
    case_rows, problems = _read_lines(cases_path, "cases")
    verdict_rows, more = _read_lines(verdicts_path, "verdicts")
    problems += more
    reference = {row["id"]: row["expected"] for _, row in case_rows}
    seen: set[Any] = set()
    differing = 0
    for number, verdict in verdict_rows:
        case_id = verdict["id"]
        if case_id not in reference:
            problems.append(f"{verdicts_path}:{number}: no case {case_id!r}")
            continue
        if case_id in seen:
            problems.append(f"{verdicts_path}:{number}: case {case_id!r} answered twice")
            continue
        seen.add(case_id)
        found = differences({k: v for k, v in verdict.items() if k != "id"},
                            reference[case_id])
        if found:
            differing += 1
            out.write(f"{case_id} (line {number}): differs\n")
            for field, engine, ref in found:
                out.write(f"    {field}: engine {_canonical(engine)}, "
                          f"reference {_canonical(ref)}\n")
    missing = [case_id for case_id in reference if case_id not in seen]
    for problem in problems:
        out.write(f"error: {problem}\n")
    out.write(f"summary: {len(reference)} cases, {len(seen)} answered, "
              f"{len(seen) - differing} agree, {differing} differ, "
              f"{len(missing)} unanswered\n")
    if problems:
        return 2
    return 1 if differing or (missing and not allow_missing) else 0


# ---- the subcommands ---------------------------------------------------------------------

def _ruleset_id(text: str) -> str:
    try:
        resolve(text)
    except RulesetError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return text


def _count(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"not a positive integer: {text!r}")
    return int(text)


def _seed(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an integer: {text!r}") from None


def parser() -> argparse.ArgumentParser:
    command = argparse.ArgumentParser(prog="doko-check", description=__doc__.splitlines()[0]
                                      if __doc__ else None)
    sub = command.add_subparsers(dest="command", required=True)
    make = sub.add_parser("cases", help="write conformance cases as JSON Lines to stdout")
    make.add_argument("--ruleset", required=True, type=_ruleset_id, metavar="ID",
                      help="a preset or house ruleset id")
    make.add_argument("--count", type=_count, metavar="N",
                      help="cases to write (default: each scenario as game, mutation and "
                           "partial game once)")
    make.add_argument("--seed", type=_seed, default=1, metavar="S", help="default 1")
    check = sub.add_parser("compare", help="compare an engine's verdicts with the cases")
    check.add_argument("cases", metavar="CASES")
    check.add_argument("verdicts", metavar="VERDICTS")
    check.add_argument("--allow-missing", action="store_true",
                       help="cases without a verdict do not fail the comparison")
    return command


def main(argv: Iterable[str], out: TextIO | None = None) -> int:
    out = out or sys.stdout
    command = parser()
    try:
        use_environment()  # house rulesets (DOKO_RULESETS_DIR) may be named by --ruleset
        args = command.parse_args(list(argv))
    except RulesetError as error:
        command.print_usage(sys.stderr)
        sys.stderr.write(f"doko-check: house rulesets: {error}\n")
        return 2
    except SystemExit as stop:
        return stop.code if isinstance(stop.code, int) else 2
    if args.command == "cases":
        write_cases(out, args.ruleset, args.count, args.seed)
        return 0
    return compare(args.cases, args.verdicts, out, args.allow_missing)
