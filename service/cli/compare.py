"""``doko-check compare CASES VERDICTS``: an engine's verdicts against the conformance cases.

Both files are JSON Lines. A case is ``{"id", ..., "expected"}``; a verdict is ``{"id":
case id, ...}`` with the fields of ``expected`` the engine computes, compared as
:mod:`service.cli.diff` says. A case agrees when its verdict compares at least one field
and every field compared is the reference's; a verdict that compares no field fails, as
does a case without a verdict (unless ``--allow-missing``): an engine that writes
nothing cannot pass.

The report names each case that fails, by its id and its line in CASES, with every
differing field (the engine's value and the reference's; list entries missing and
extra); then the fields compared (in how many cases, how many differ), the differences
by field and code (``score.items fox_caught: missing in 3 cases``), how many verdicts had
each required field, and a summary.

A verdict must also write the fields required of it (``--require``; by default
:data:`MINIMUM`): a required field counts in the cases whose expected answer has it (a
list counts with its entries' field: ``violations.code`` is there when every violation
written has its code; an empty list has it), and a verdict without it differs, naming
the field. So an engine that stops writing its score or its violations cannot stay
green.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple, TextIO

from service.checking.syntax import broken
from service.cli.diff import Difference, compare, plain
from service.cli.problems import reason_of
from service.game.text import N_, Text, Word, msg, msgn
from service.game.words import part, translate

OK, FAILED, ERROR, NOTHING = 0, 1, 2, 5  # exit statuses
TABLE_ROWS = 12  # of the differences by field and code: the most frequent
HEADERS = (N_("field"), N_("cases"), N_("differ"))  # the table of the fields compared
# The fields every verdict must write where its case's expected answer has them: the
# verdict, the violations' codes and (a whole game's) the score's value.
MINIMUM = ("valid", "violations.code", "score.value")


def has(value: Any, path: tuple[str, ...]) -> bool:
    """Whether ``value`` holds the dotted field ``path``: a list holds it when each of
    its entries does (an empty list does)."""
    if not path:
        return True
    if isinstance(value, list):
        return all(has(entry, path) for entry in value)
    return isinstance(value, dict) and path[0] in value and has(value[path[0]], path[1:])


def required_fields(text: str) -> tuple[str, ...]:
    """``--require``'s value: dotted field names separated by commas, or ``none``."""
    if text.strip() == "none":
        return ()
    names = tuple(dict.fromkeys(name.strip() for name in text.split(",")))
    bad = [n for n in names if not n or any(not p for p in n.split("."))]
    if bad or not names:
        raise ValueError(text)
    return names


class Place(NamedTuple):
    """A line of a file: ``path:line``."""

    path: str
    line: int | None = None

    def __str__(self) -> str:
        return self.path if self.line is None else f"{self.path}:{self.line}"


@dataclass
class Outcome:
    """One case: how its verdict compared."""

    case_id: Any
    place: Place  # the case's line in CASES
    verdict: Place | None = None  # the verdict's line, where answered
    fields: set[str] = field(default_factory=set)
    found: list[Difference] = field(default_factory=list)

    @property
    def status(self) -> str:
        if self.verdict is None:
            return "unanswered"
        if not self.fields:
            return "empty"
        return "differs" if self.found else "agrees"


@dataclass
class Comparison:
    cases: str
    verdicts: str
    outcomes: list[Outcome] = field(default_factory=list)
    problems: list[tuple[Place, Text]] = field(default_factory=list)  # input errors
    allow_missing: bool = False
    required: tuple[str, ...] = MINIMUM
    # per required field: (verdicts that had it, cases whose expected answer has it)
    had: dict[str, list[int]] = field(default_factory=dict)

    def count(self, status: str) -> int:
        return sum(1 for o in self.outcomes if o.status == status)

    @property
    def code(self) -> int:
        """The exit status: 2 an input error, 1 a case fails, 5 nothing compared, else 0."""
        if self.problems:
            return ERROR
        if self.count("differs") or self.count("empty") or (
                self.count("unanswered") and not self.allow_missing):
            return FAILED
        return NOTHING if not self.count("agrees") else OK


def _rows(path: str, what: Text) -> tuple[list[tuple[Place, dict[str, Any]]],
                                          list[tuple[Place, Text]]]:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        return [], [(Place(path), msg("cannot read {what}: {error}", what=what,
                                      error=reason_of(error)))]
    rows, problems = [], []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        place = Place(path, number)
        try:
            value = json.loads(line)
        except json.JSONDecodeError as error:
            found = broken(error)
            problems.append((place, msg("not JSON at column {column}: {what}",
                                        column=found.column, what=Word(found.what))))
            continue
        if not isinstance(value, dict) or not isinstance(value.get("id"), str | int) \
                or isinstance(value.get("id"), bool):
            problems.append((place, msg("not an object with an id")))
            continue
        rows.append((place, value))
    return rows, problems


def run(cases: str, verdicts: str, allow_missing: bool = False,
        required: tuple[str, ...] = MINIMUM) -> Comparison:
    """Read both files and compare every verdict with its case."""
    done = Comparison(cases, verdicts, allow_missing=allow_missing, required=required,
                      had={name: [0, 0] for name in required})
    case_rows, problems = _rows(cases, msg("the cases"))
    verdict_rows, more = _rows(verdicts, msg("the verdicts"))
    if _swapped(case_rows, verdict_rows):
        done.problems.append((Place(cases), msg(
            "{cases} holds verdicts and {verdicts} holds cases: name the cases first, "
            "then the verdicts", cases=cases, verdicts=verdicts)))
        return done
    done.problems += problems + more
    by_id: dict[Any, tuple[Outcome, dict[str, Any]]] = {}
    for place, row in case_rows:
        if not isinstance(row.get("expected"), dict):
            done.problems.append((place, msg("a case without its expected answer")))
        elif row["id"] in by_id:
            done.problems.append((place, msg("case {case} appears twice", case=str(row["id"]))))
        else:
            outcome = Outcome(row["id"], place)
            done.outcomes.append(outcome)
            by_id[row["id"]] = (outcome, row["expected"])
    for place, verdict in verdict_rows:
        found = by_id.get(verdict["id"])
        if found is None:
            done.problems.append((place, msg("no case {case}", case=str(verdict["id"]))))
            continue
        outcome, reference = found
        if outcome.verdict is not None:
            done.problems.append((place, msg("case {case} answered twice, first at {first}",
                                              case=str(verdict["id"]),
                                              first=str(outcome.verdict))))
            continue
        outcome.verdict = place
        outcome.fields, outcome.found = compare(verdict, reference)
        outcome.found += _absent(verdict, reference, done)
    _unknown_required(done, [expected for _, expected in by_id.values()])
    return done


def _swapped(case_rows: list[tuple[Place, dict[str, Any]]],
             verdict_rows: list[tuple[Place, dict[str, Any]]]) -> bool:
    """Whether the two files were named the wrong way round: no case has its expected
    answer, and every verdict does."""
    def is_case(row: dict[str, Any]) -> bool:
        return isinstance(row.get("expected"), dict)
    return (bool(case_rows) and bool(verdict_rows)
            and not any(is_case(row) for _, row in case_rows)
            and all(is_case(row) for _, row in verdict_rows))


def _absent(verdict: dict[str, Any], reference: dict[str, Any],
            done: Comparison) -> list[Difference]:
    """A difference for each required field the case's expected answer has and the
    verdict lacks; counts who had what."""
    found = []
    for name in done.required:
        path = tuple(name.split("."))
        if not has(reference, path):
            continue
        done.had[name][1] += 1
        if has(verdict, path):
            done.had[name][0] += 1
        else:
            found.append(Difference(name, name, "absent", None, None, None, name))
    return found


def _unknown_required(done: Comparison, expected: list[dict[str, Any]]) -> None:
    """A required field that no case's expected answer has is a usage error (a typo would
    otherwise require nothing), where there are cases to tell."""
    if not expected:
        return
    for name in done.required:
        path = tuple(name.split("."))
        if not any(has(answer, path) for answer in expected):
            done.problems.append((Place(done.cases), msg(
                "--require {field}: no case's expected answer has this field",
                field=name)))


# ---- what people read --------------------------------------------------------------------

def difference_line(d: Difference, lang: str) -> str:
    """One difference: the field with the engine's and the reference's value, or the list
    entry missing or extra."""
    if d.what in ("missing", "extra"):
        said = d.engine if isinstance(d.engine, Entries) else [
            d.reference if d.what == "missing" else d.engine]
        entry = ", ".join(plain(e) for e in said)
        text = (msg("{field}: missing {entry}", field=d.where, entry=entry)
                if d.what == "missing" else
                msg("{field}: extra {entry}", field=d.where, entry=entry))
    elif d.what == "count":
        text = msgn("{field}: engine {count} entry, reference {reference}",
                    "{field}: engine {count} entries, reference {reference}", d.engine,
                    field=d.where, reference=d.reference)
    elif d.what == "unknown":
        text = msg("{field}: engine {engine}, a field the reference does not have",
                   field=d.where, engine=plain(d.engine))
    elif d.what == "absent":
        text = msg("{field}: required, but the verdict does not have it", field=d.where)
    else:
        text = msg("{field}: engine {engine}, reference {reference}", field=d.where,
                   engine=plain(d.engine), reference=plain(d.reference))
    return part(text, lang)


def grouped(found: list[Difference]) -> list[Difference]:
    """The differences, the plain values missing from one list (cards, calls, seats) as
    one, and those extra as one: ``legal_actions.cards: missing "CA", "CJ"``."""
    out: list[Difference] = []
    for d in found:
        last = out[-1] if out else None
        plain_entry = d.what in ("missing", "extra") and not isinstance(
            d.reference if d.what == "missing" else d.engine, dict)
        if (plain_entry and last is not None and last.what == d.what
                and last.where == d.where and isinstance(last.engine, Entries)):
            last.engine.append(d.reference if d.what == "missing" else d.engine)
        elif plain_entry:
            out.append(d._replace(engine=Entries([d.reference if d.what == "missing"
                                                  else d.engine])))
        else:
            out.append(d)
    return out


class Entries(list[Any]):
    """Plain list entries said together."""


def failure_line(outcome: Outcome, lang: str) -> str:
    """The line that names a failing case: its id and its place in CASES."""
    case, place = str(outcome.case_id), str(outcome.place)
    if outcome.status == "differs":
        return part(msg("{case} ({place}): differs", case=case, place=place), lang)
    if outcome.status == "empty":
        return part(msg("{case} ({place}): the verdict ({verdict}) compares no field of "
                        "the case", case=case, place=place, verdict=str(outcome.verdict)),
                    lang)
    return part(msg("{case} ({place}): unanswered", case=case, place=place), lang)


def problem_line(place: Place, text: Text, lang: str) -> str:
    return part(msg("error: {place}: {problem}", place=str(place), problem=text), lang)


def _key(d: Difference) -> tuple[str, str, str]:
    name = d.field if d.code is None else f"{d.field} {d.code}"
    return name, d.what, d.base


def by_field_and_code(outcomes: list[Outcome]) -> list[tuple[str, str, int]]:
    """(field and code, what, cases) for every kind of difference, most cases first."""
    counted: Counter[tuple[str, str]] = Counter()
    for outcome in outcomes:
        counted.update({_key(d)[:2] for d in outcome.found})
    return sorted(((name, what, n) for (name, what), n in counted.items()),
                  key=lambda row: (-row[2], row[0], row[1]))


def table_line(name: str, what: str, count: int, lang: str) -> str:
    if what == "missing":
        text = msgn("{field}: missing in {count} case", "{field}: missing in {count} cases",
                    count, field=name)
    elif what == "extra":
        text = msgn("{field}: extra in {count} case", "{field}: extra in {count} cases",
                    count, field=name)
    elif what == "count":
        text = msgn("{field}: another number of entries in {count} case",
                    "{field}: another number of entries in {count} cases", count, field=name)
    elif what == "unknown":
        text = msgn("{field}: not a field of the reference, in {count} case",
                    "{field}: not a field of the reference, in {count} cases", count,
                    field=name)
    elif what == "absent":
        text = msgn("{field}: required, not in the verdict in {count} case",
                    "{field}: required, not in the verdict in {count} cases", count,
                    field=name)
    else:
        text = msgn("{field}: differs in {count} case", "{field}: differs in {count} cases",
                    count, field=name)
    return part(text, lang)


def _fields_table(outcomes: list[Outcome], lang: str) -> list[str]:
    compared: Counter[str] = Counter()
    differing: Counter[str] = Counter()
    for outcome in outcomes:
        compared.update(outcome.fields)
        differing.update({d.base for d in outcome.found})
    if not compared:
        return []
    heads = [translate(h, lang) for h in HEADERS]
    width = max(len(heads[0]), *(len(f) for f in compared))
    one, two = max(7, len(heads[1])), max(7, len(heads[2]))
    rows = [f"  {heads[0]:<{width}}  {heads[1]:>{one}}  {heads[2]:>{two}}"]
    rows += [f"  {name:<{width}}  {compared[name]:>{one}}  {differing[name]:>{two}}"
             for name in sorted(compared, key=lambda f: (-compared[f], f))]
    return rows


def required_line(done: Comparison, lang: str) -> str:
    """How many verdicts had each required field, of the cases whose answer has it."""
    if not done.required:
        return part(msg("required fields: none"), lang)
    counts = ", ".join(part(msg("{field} in {had} of {cases}", field=name, had=had,
                                cases=cases), lang)
                       for name, (had, cases) in done.had.items())
    return part(msg("required fields: {counts}", counts=counts), lang)


def summary_line(done: Comparison, lang: str) -> str:
    cases = len(done.outcomes)
    answered = cases - done.count("unanswered")
    parts = [part(msgn("{count} case", "{count} cases", cases), lang),
             part(msg("{count} answered", count=answered), lang),
             part(msgn("{count} agrees", "{count} agree", done.count("agrees")), lang),
             part(msgn("{count} differs", "{count} differ", done.count("differs")), lang),
             part(msgn("{count} compares nothing", "{count} compare nothing",
                       done.count("empty")), lang),
             part(msg("{count} unanswered", count=done.count("unanswered")), lang)]
    return part(msg("summary: {parts}", parts=", ".join(parts)), lang)


def write_summary(done: Comparison, out: TextIO, lang: str) -> None:
    """The tables and the summary line that end every report."""
    lines = _fields_table(done.outcomes, lang)
    if lines:
        out.write(part(msg("fields compared:"), lang) + "\n")
        out.writelines(line + "\n" for line in lines)
    rows = by_field_and_code(done.outcomes)
    if rows:
        out.write(part(msg("differences by field and code:"), lang) + "\n")
        out.writelines(f"  {table_line(*row, lang)}\n" for row in rows[:TABLE_ROWS])
        if len(rows) > TABLE_ROWS:
            more = len(rows) - TABLE_ROWS
            out.write("  " + part(msgn("and {count} more row", "and {count} more rows",
                                       more), lang) + "\n")
    out.write(required_line(done, lang) + "\n")
    out.write(summary_line(done, lang) + "\n")


def write_report(done: Comparison, out: TextIO, err: TextIO, lang: str) -> None:
    """The readable report: each failing case with its differences, the tables and the
    summary; the input errors to ``err``."""
    for outcome in done.outcomes:
        status = outcome.status
        if status == "agrees" or (status == "unanswered" and done.allow_missing):
            continue
        out.write(failure_line(outcome, lang) + "\n")
        out.writelines(f"    {difference_line(d, lang)}\n" for d in grouped(outcome.found))
    err.writelines(problem_line(place, text, lang) + "\n" for place, text in done.problems)
    write_summary(done, out, lang)


def nothing_line(done: Comparison, lang: str) -> str:
    """Why a comparison that compared nothing exits 5."""
    if not done.outcomes:
        return part(msg("{path} holds no case", path=done.cases), lang)
    return part(msg("no verdict answered a case; --allow-missing does not let that pass"),
                lang)
