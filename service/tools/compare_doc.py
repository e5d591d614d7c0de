"""The sample ``doko-check compare`` report of the handbook: an imperfect engine against
the shipped DDV suite, compared for real.

``python -m service.tools.compare_doc --write`` lets the stand-in engine below answer
every case of ``examples/conformance/ddv.jsonl`` into a verdict file, runs ``doko-check
compare examples/conformance/ddv.jsonl verdicts.jsonl`` from the repository root and
rewrites docs/engine-authors.md between ``<!-- compare-report:start -->`` and
``<!-- compare-report:end -->``; ``tests/test_conformance.py`` fails when they drift.

The engine writes what an engine typically computes: for every case its verdict and
violations, for a finished game the score (items and value), for a partial game the seat
to play and its legal cards. It gets two things wrong: it does not score the point for
winning against the club queens (DDV TSR 7.2.2), and on a trump lead the legal cards it
lists take the ♥10 for a plain heart (where it is the highest trump). ``python -m
service.tools.compare_doc --engine CASES`` prints its verdicts (the CI example's test
runs it as an engine's conformance step).
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

from service import cli
from service.game.cards import BY_NAME, N_CODES, NAMES
from service.reading.play import Game

from .codes_doc import fenced, replace_between

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "engine-authors.md"
SUITE = "examples/conformance/ddv.jsonl"
MARKER = "compare-report"
TEN, ACE = BY_NAME["H10"], BY_NAME["HA"]
FORGOTTEN = "against_club_queens"  # the scoring rule the engine does not know


def _score(expected: dict[str, Any]) -> dict[str, Any]:
    """The score without the point for winning against the club queens: the items and
    the value (without the point: the value is the re team's items less contra's, for
    the winner)."""
    score = expected["score"]
    items = [i for i in score["items"] if i["code"] != FORGOTTEN]
    for_re = sum(i["points"] if i["team"] == "re" else -i["points"]
                 for i in score["items"] if i["code"] == FORGOTTEN) * score["multiplier"]
    value = score["value"] - (for_re if expected["winner"] in (None, "re") else -for_re)
    return {"items": items, "value": value}


def _legal_cards(case: dict[str, Any]) -> list[str]:
    """The legal cards as the engine lists them: on a trump lead, the ♥10 taken for a
    plain heart."""
    cards = list(case["expected"]["legal_actions"]["cards"])
    state = Game.from_transcript(case["transcript"]).state
    seat, trump = state.to_play, state.cls[TEN]
    if seat is None or not state.trick_cards or state.led != trump or trump == state.cls[ACE]:
        return cards
    held = [c for c in range(N_CODES) if state.held[seat][c]]
    follow = [c for c in held if state.cls[c] == trump and c != TEN]
    return [NAMES[c] for c in (follow or held)]


def verdict(case: dict[str, Any]) -> dict[str, Any]:
    """The imperfect engine's verdict on one case."""
    expected = case["expected"]
    found: dict[str, Any] = {"id": case["id"], "valid": expected["valid"],
                             "violations": [{k: v[k] for k in ("code", "pointer", "seat")}
                                            for v in expected["violations"]]}
    if expected["score"] is not None:
        found["score"] = _score(expected)
    elif case["kind"] == "partial" and expected["legal_actions"]:
        found["legal_actions"] = {"seat": expected["legal_actions"]["seat"],
                                  "cards": _legal_cards(case)}
    return found


def verdicts(cases_text: str) -> str:
    """The engine's verdicts on a case file, as JSON Lines."""
    return "".join(json.dumps(verdict(json.loads(line))) + "\n"
                   for line in cases_text.splitlines() if line.strip())


def report() -> str:
    """What ``doko-check compare`` prints for the engine's verdicts on the DDV suite, from
    the repository root, and its exit status."""
    out = io.StringIO()
    cwd = os.getcwd()
    with tempfile.TemporaryDirectory() as folder:
        answers = Path(folder) / "verdicts.jsonl"
        answers.write_text(verdicts((ROOT / SUITE).read_text(encoding="utf-8")),
                           encoding="utf-8")
        os.chdir(ROOT)
        try:
            with contextlib.redirect_stdout(out):
                code = cli.main(["compare", "--lang", "en", SUITE, str(answers)])
        finally:
            os.chdir(cwd)
    return out.getvalue() + f"exit status {code}\n"


def main(argv: list[str]) -> int:
    if argv[:1] == ["--engine"]:
        sys.stdout.write(verdicts(Path(argv[1]).read_text(encoding="utf-8")))
        return 0
    text = PAGE.read_text(encoding="utf-8")
    new = replace_between(text, fenced(MARKER, "text"), report())
    if "--write" in argv:
        PAGE.write_text(new, encoding="utf-8")
        return 0
    return int(new != text)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
