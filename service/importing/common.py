"""What every importer shares: the answer, the refusal, reading bytes as text, the ruleset.

An importer reads another program's file into this project's own JSON (a sitting request
or a transcript) for the checks to judge; it computes nothing the check would, so a slip in
the file is found by the check at its place. It says every thing it could not carry over
as a note, refuses what it cannot read with the place and the reason, and never guesses a
player.
"""

from __future__ import annotations

import codecs
from dataclasses import dataclass, field
from typing import Any, Literal

from marshmallow import ValidationError

from service.game.errors import TranscriptError
from service.game.options import Ruleset
from service.game.text import Text, msg
from service.game.words import say
from service.lists.sitting.check import check_sitting
from service.reading.schemas import RulesetField

Kind = Literal["sitting", "transcript"]
MAX_BYTES = 1_048_576  # a club's whole season of sheets is a few dozen kB


@dataclass(slots=True)
class Imported:
    """A file read: ``kind`` (sitting or transcript), the request in this project's
    JSON, and a note for every thing the file holds that the request cannot."""

    kind: Kind
    imported: dict[str, Any]
    notes: list[Text] = field(default_factory=list)
    # what the file says of its own result beyond the claim (FreeDoko's teams and special
    # points), compared with the check's answer where it is asked for
    own: dict[str, Any] = field(default_factory=dict)

    def to_dict(self, lang: str = "en") -> dict[str, Any]:
        return {"kind": self.kind, "imported": self.imported,
                "notes": [say(n, lang) for n in self.notes]}


@dataclass(frozen=True, slots=True)
class Problem:
    """Why a place of the file cannot be read: ``line`` (1-based, of the file) or
    ``entry`` (0-based, of a list of records) where the file has them."""

    text: Text
    line: int | None = None
    entry: int | None = None

    def to_dict(self, lang: str = "en") -> dict[str, Any]:
        out: dict[str, Any] = {"message": say(self.text, lang)}
        if self.line is not None:
            out["line"] = self.line
        if self.entry is not None:
            out["entry"] = self.entry
        return out


class ImportRefused(Exception):
    """The file cannot be read: every problem found, each with its place."""

    def __init__(self, problems: list[Problem]):
        super().__init__("; ".join(say(p.text) for p in problems[:3]))
        self.problems = problems


def refuse(text: Text, line: int | None = None, entry: int | None = None) -> ImportRefused:
    return ImportRefused([Problem(text, line, entry)])


def decode(data: bytes) -> tuple[str, str]:
    """The text of a file and the encoding it was read in: a BOM says it (UTF-8,
    UTF-16); UTF-16 without one shows by its zero bytes; else UTF-8, and where that
    fails Windows-1252, as German spreadsheets save."""
    if data.startswith(codecs.BOM_UTF8):
        return _strict(data[3:], "utf-8"), "UTF-8"
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return _strict(data, "utf-16"), "UTF-16"
    head = data[:200]
    if len(head) >= 4 and head.count(0) * 3 >= len(head):
        even = head[0::2].count(0) > head[1::2].count(0)
        return _strict(data, "utf-16-be" if even else "utf-16-le"), "UTF-16"
    try:
        return data.decode("utf-8"), "UTF-8"
    except UnicodeDecodeError:
        return _strict(data, "cp1252"), "Windows-1252"


def _strict(data: bytes, encoding: str) -> str:
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as error:
        raise refuse(msg("the file cannot be read as text: byte {offset} is not {encoding}",
                         offset=error.start, encoding=encoding)) from None


def ruleset_of(value: Any, default: str, notes: list[Text], why: Text | None
               ) -> tuple[Any, Ruleset]:
    """The ruleset asked for (a preset's name or ``{"preset", "options"}``), or the file's
    own ``default`` with a note saying why; as the request writes it, and read."""
    if value is None:
        value = default
        if why is not None:
            notes.append(why)
    try:
        ruleset: Ruleset = RulesetField().deserialize(value)
    except ValidationError as error:
        raise refuse(msg("the ruleset cannot be used: {why}", why=_first(error.messages))
                     ) from None
    return value, ruleset


def _first(messages: Any) -> str:
    while isinstance(messages, dict | list) and messages:
        messages = next(iter(messages.values())) if isinstance(messages, dict) else messages[0]
    return str(messages)


def whole(cell: str) -> int | None:
    """A number as a sheet writes it: ``-3``, ``−3`` (U+2212), ``+3``, ``3,0``, ``3.0``;
    None where it is none, or has a fraction (the caller says which)."""
    text = cell.strip().replace("\u2212", "-").replace("\u00a0", "").replace(" ", "")
    if not text:
        return None
    sign = -1 if text.startswith("-") else 1
    digits = text.lstrip("+-")
    if "," in digits or "." in digits:
        number, _, fraction = digits.replace(",", ".").partition(".")
        if not number.isdigit() or not fraction.isdigit() or int(fraction):
            return None
        digits = number
    if not digits.isdigit() or len(digits) > 9:
        return None
    return sign * int(digits)


def times_bock(sitting: dict[str, Any], write_factor: bool = False) -> list[int]:
    """Each sheet line's entries times its game's bock factor as the sitting's own check
    gives it (the programs keep the entries as typed, before bock), the factor written
    as the line's ``bock`` where ``write_factor``; the factors of the games, none where
    the check refuses the sitting (the import's check then says why)."""
    try:
        result = check_sitting(sitting)
    except TranscriptError:
        return []
    for game, checked in zip(sitting["games"], result.games, strict=True):
        if checked.bock > 1:
            line = game["sheet"]
            line["scores"] = {n: v * checked.bock for n, v in line["scores"].items()}
            if write_factor:
                line["bock"] = checked.bock
    return [checked.bock for checked in result.games]
