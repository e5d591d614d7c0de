"""The transport-neutral middle: one transcript from JSON to its answer, and batches.

``POST /v1/games/check``, every game of ``POST /v1/games/check-batch`` and the
``doko-check`` command all go through :func:`check_data` (validate, check, render), so
that the three answer alike. A malformed transcript raises :class:`Problem` with the
problem document the check route answers; a batch turns it into an error entry
(:func:`check_item`) so that one bad transcript does not fail the others.

Nothing here touches a request or imports Flask: the command runs it without a server.
"""

from __future__ import annotations

import re
from typing import Any, NamedTuple

from marshmallow import ValidationError

from service.game.errors import TranscriptError
from service.game.render import render
from service.game.result import CheckResult
from service.reading.load import check
from service.reading.schemas import TRANSCRIPT

from . import fastjson, jsonbody
from .problem import Problem

# A full game is under 2 KB; the bounds on every list keep a valid request far below this.
MAX_BODY_BYTES = 256 * 1024
# A batch: at most this many games, in a body of at most this many bytes (a full game
# is 1-2 KB of JSON).
MAX_BATCH_GAMES = 1000
MAX_BATCH_BYTES = 8 * 1024 * 1024


def parse_json(body: bytes | str) -> Any:
    """JSON as the service reads it; a 400 :class:`Problem` if it is not JSON.

    Every body goes through here: the check route's (read_json_body), each line of an
    NDJSON batch, a JSON batch, and every file of the command. Strict
    (:mod:`service.checking.jsonbody`): a key twice in one object, a lone surrogate, NaN or
    Infinity are refused too. Most bodies take orjson's fast path, which reads only what it
    reads exactly alike (:mod:`service.checking.fastjson`).
    """
    return fastjson.loads(body)


class Checked(NamedTuple):
    result: CheckResult  # the core's result (metrics count it)
    answer: dict[str, Any]  # the rendered answer of POST /v1/games/check


def check_data(data: Any, ruleset: Any = None, lang: str = "en") -> Checked:
    """Validate, check and render one transcript; raise a 400 :class:`Problem` if malformed.

    ``ruleset`` (a preset id or ``{"preset": …, "options": …}``), where given, replaces
    the transcript's own ``ruleset`` before validation. Messages are said in ``lang``.
    """
    if not isinstance(data, dict):
        raise Problem(400, "The request body must be a JSON object.",
                      [{"pointer": "", "message": "Must be an object."}])
    try:
        result = check(data, ruleset)
    except TranscriptError as error:
        raise Problem.from_error(error) from None
    return Checked(result, render(result, lang))  # result.to_dict(), less its import


# ---- batches ---------------------------------------------------------------------------

class Item(NamedTuple):
    """One transcript of a batch."""

    index: int  # type: ignore[assignment]  # its place among the batch's transcripts
    line: int | None  # its line in an NDJSON body or file, from 1; None in a JSON array
    value: Any  # the parsed JSON value, or the bytes of a line still to parse


def check_item(item: Item, ruleset: Any = None, lang: str = "en"
               ) -> tuple[dict[str, Any], CheckResult | None]:
    """A batch entry: the check's answer, or for a malformed transcript an error entry
    ``{"index", "line" (NDJSON only), "error": problem}``, with the core's result (None
    for an error entry)."""
    value = None
    try:
        value = item.value
        if isinstance(value, Problem):  # refused while reading: too large, not strict JSON
            raise value
        if isinstance(value, bytes):
            try:
                value = parse_json(value)
            except Problem as problem:  # an NDJSON line's place is in the body's lines
                raise problem if item.line is None else problem.on_line(item.line) from None
        checked = check_data(value, ruleset, lang)
    except Problem as problem:
        return error_entry(item, problem, value, lang), None
    return checked.answer, checked.result


def error_entry(item: Item, problem: Problem, value: Any = None, lang: str = "en"
                ) -> dict[str, Any]:
    """The entry of a transcript that could not be checked; its ``id`` is echoed where
    the transcript has a well-formed one."""
    entry: dict[str, Any] = {}
    if isinstance(value, dict) and _client_id(value.get("id")):
        entry["id"] = value["id"]
    entry["index"] = item.index
    if item.line is not None:
        entry["line"] = item.line
    entry["error"] = problem.body(lang)
    return entry


def _client_id(value: Any) -> bool:
    try:
        TRANSCRIPT.fields["id"].deserialize(value)
    except ValidationError:
        return False
    return value is not None


NON_BLANK_LINE = re.compile(rb"\S[^\n]*")  # from its first non-blank byte to its end
TooManyItems = jsonbody.TooMany  # a batch over its count, raised at the first one over


def ndjson_items(body: bytes, max_items: int | None = None,
                 max_item_bytes: int | None = None) -> list[Item]:
    """One item per non-blank line (``\\n`` or ``\\r\\n``), numbered from 1.

    Read line by line: more than ``max_items`` lines raise :class:`TooManyItems` at the
    first one over; a line over ``max_item_bytes`` becomes a 413 :class:`Problem` item,
    left unparsed.
    """
    items: list[Item] = []
    number, counted = 1, 0
    for found in NON_BLANK_LINE.finditer(body):  # blank runs skipped at C speed
        number += body.count(b"\n", counted, found.start())
        counted = found.start()
        if max_items is not None and len(items) == max_items:
            raise TooManyItems()
        line = found.group().rstrip()
        if max_item_bytes is not None and len(line) > max_item_bytes:
            items.append(Item(len(items), number, jsonbody.too_large(max_item_bytes)))
        else:
            items.append(Item(len(items), number, line))
    return items


def array_items(values: list[Any]) -> list[Item]:
    return [Item(index, None, value) for index, value in enumerate(values)]


def is_json(text: bytes) -> bool:
    try:
        parse_json(text)
    except Problem:
        return False
    return True


def json_array_items(body: bytes, max_items: int, max_item_bytes: int) -> list[Item]:
    """The items of a JSON array body, counted and held to their limits as they are read
    (:func:`jsonbody.split_array`); :class:`TooManyItems` at the first one over. Each
    is the JSON text of a transcript, parsed when it is checked. A body that is no
    array gets a problem saying what to send instead (:func:`_what_to_send`)."""
    try:
        elements = jsonbody.split_array(body, max_items, max_item_bytes)
    except Problem as problem:
        raise _what_to_send(body, problem) from None
    return [Item(index, None, element) for index, element in enumerate(elements)]


def _what_to_send(body: bytes, problem: Problem) -> Problem:
    """NDJSON sent as application/json (several lines, the first a whole JSON value),
    or one transcript alone: the 400 says what to send."""
    lines = NON_BLANK_LINE.finditer(body)
    first, second = next(lines, None), next(lines, None)
    if first is None or problem.status != 400:
        return problem
    if second is not None and is_json(first.group()):
        return Problem(400, "The body is NDJSON (one transcript per line) sent as "
                       "application/json: send it as application/x-ndjson, or as a JSON "
                       "array of transcripts.")
    if problem.errors and body.lstrip()[:1] == b"{":
        return Problem(400, "The request body must be a JSON array of transcripts (one "
                       "transcript alone: POST /v1/games/check).", problem.errors)
    return problem


class Outcome(NamedTuple):
    """What a batch summary counts of one entry."""

    malformed: bool
    valid: bool = False
    complete: bool = False
    agrees: bool | None = None  # None: nothing claimed
    codes: tuple[str, ...] = ()  # the violations' codes


def outcome(entry: dict[str, Any]) -> Outcome:
    if "error" in entry:
        return Outcome(True)
    claimed = entry.get("claimed")
    return Outcome(False, entry["valid"], entry["complete"],
                   None if claimed is None else claimed["agrees"],
                   tuple(v["code"] for v in entry["violations"]))


class Summary:
    """The ``summary`` of a batch answer, counted entry by entry."""

    def __init__(self) -> None:
        self.total = self.valid = self.invalid = self.malformed = 0
        self.complete = self.incomplete = self.disagreeing = 0
        self.violations: dict[str, int] = {}

    def add(self, seen: Outcome) -> None:
        self.total += 1
        if seen.malformed:
            self.malformed += 1
            return
        if seen.valid:
            self.valid += 1
        else:
            self.invalid += 1
        if seen.complete:
            self.complete += 1
        else:
            self.incomplete += 1
        if seen.agrees is False:
            self.disagreeing += 1
        for code in seen.codes:
            self.violations[code] = self.violations.get(code, 0) + 1

    def merge(self, other: Summary) -> None:
        for name in ("total", "valid", "invalid", "malformed", "complete", "incomplete",
                     "disagreeing"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        for code, count in other.violations.items():
            self.violations[code] = self.violations.get(code, 0) + count

    @property
    def all_good(self) -> bool:
        """Every transcript was well-formed, valid and agreed with its claim."""
        return self.valid == self.total and not self.disagreeing

    def as_dict(self) -> dict[str, Any]:
        return {"total": self.total, "valid": self.valid, "invalid": self.invalid,
                "malformed": self.malformed, "complete": self.complete,
                "incomplete": self.incomplete, "disagreeing": self.disagreeing,
                "violations": dict(sorted(self.violations.items()))}
