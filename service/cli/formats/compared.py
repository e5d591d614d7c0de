"""``doko-check compare`` for CI: a JUnit test case and GitHub annotations per case.

Each conformance case is a test case named by its id, in a suite named by the case file:
a ``failure`` per differing field (type: the field, e.g. ``score.items``), one for a
verdict that compares no field (``empty``) and one for a case without a verdict
(``unanswered``; ``skipped`` under ``--allow-missing``). An input error (a broken line,
an unknown or repeated id) is an ``error`` in a suite named by its file. The annotations
stand at the case's line of the case file (an input error's at its own line).
"""

from __future__ import annotations

from service.cli.compare import (
    Comparison,
    Outcome,
    Place,
    difference_line,
    failure_line,
    problem_line,
)
from service.cli.formats import github, junit
from service.cli.formats.findings import Finding
from service.game.text import Text


def findings(outcome: Outcome, allow_missing: bool, lang: str) -> list[Finding]:
    status = outcome.status
    if status == "differs":
        case = str(outcome.case_id)
        return [Finding("failure", d.base, f"compare {d.base}",
                        f"{case}: {difference_line(d, lang)}") for d in outcome.found]
    if status == "empty":
        return [Finding("failure", "empty", "compare: no field compared",
                        failure_line(outcome, lang))]
    if status == "unanswered":
        return [Finding("skipped" if allow_missing else "failure", "unanswered",
                        "compare: unanswered", failure_line(outcome, lang))]
    return []


def suites(done: Comparison, lang: str) -> list[junit.Suite]:
    cases = junit.Suite(done.cases)
    cases.cases = [junit.Case(str(o.case_id), findings(o, done.allow_missing, lang),
                              o.place.line) for o in done.outcomes]
    found = [cases]
    inputs: dict[str, junit.Suite] = {}
    for place, text in done.problems:
        suite = inputs.setdefault(place.path, junit.Suite(place.path))
        suite.cases.append(junit.Case(str(place), [_problem(place, text, lang)], place.line))
    return found + list(inputs.values())  # the files in the order their errors came


def _problem(place: Place, text: Text, lang: str) -> Finding:
    return Finding("error", "input", "compare: input error", problem_line(place, text, lang))


def annotation_lines(done: Comparison, lang: str) -> list[str]:
    lines = []
    for outcome in done.outcomes:
        for finding in findings(outcome, done.allow_missing, lang):
            if finding.severity != "skipped":
                lines.append(github.annotation(finding, outcome.place.path,
                                               outcome.place.line))
    for place, text in done.problems:
        lines.append(github.annotation(_problem(place, text, lang), place.path, place.line))
    return lines
