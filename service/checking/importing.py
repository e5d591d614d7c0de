"""A file of another program from bytes to ``{kind, imported, notes}`` and, asked for, its
check: shared by ``POST /v1/imports/{format}`` and ``doko-check import`` (no Flask here)."""

from __future__ import annotations

from typing import Any

from service.checking import check_data
from service.checking.problem import Problem
from service.checking.sitting import check_sitting_data
from service.game.text import msg
from service.game.words import say
from service.importing import FORMATS, MAX_BYTES, Imported, ImportRefused, import_file
from service.importing.freedoko import compared

MAX_IMPORT_BYTES = MAX_BYTES
MAX_LISTED = 100  # problems listed, as field errors are


def refused_problem(refused: ImportRefused, fmt: str, lang: str) -> Problem:
    """The 400 problem of a file that cannot be read: each place and reason."""
    errors: list[dict[str, Any]] = []  # a field error's shape, with the line or entry
    for p in refused.problems[:MAX_LISTED]:
        text = (msg("line {line}: {why}", line=p.line, why=p.text) if p.line is not None
                else msg("entry {entry}: {why}", entry=p.entry, why=p.text)
                if p.entry is not None else p.text)
        error: dict[str, Any] = {"pointer": "", "message": say(text, lang)}
        if p.line is not None:
            error["line"] = p.line
        if p.entry is not None:
            error["entry"] = p.entry
        errors.append(error)
    return Problem(400, f"The file cannot be read as {fmt}: each place is listed with the "
                   "reason.", errors)


def import_data(fmt: str, body: bytes, *, ruleset: Any = None, first_dealer: str | None = None,
                layout: str | None = None, check: bool = False, lang: str = "en"
                ) -> tuple[Imported, dict[str, Any]]:
    """The file read (and checked where ``check``): the importer's result and the answer;
    a 400 :class:`Problem` where it cannot be read or its request is malformed."""
    if fmt not in FORMATS:
        raise Problem(404, f"There is no importer for {fmt}; the formats are: "
                      f"{', '.join(FORMATS)}.")
    try:
        imported = import_file(fmt, body, ruleset=ruleset, first_dealer=first_dealer,
                               layout=layout)
    except ImportRefused as refused:
        raise refused_problem(refused, fmt, lang) from None
    answer = imported.to_dict(lang)
    if check:
        answer["check"] = (check_sitting_data(imported.imported).to_dict(lang)
                           if imported.kind == "sitting"
                           else check_data(imported.imported, None, lang).answer)
        if imported.own:  # FreeDoko's teams and special points beside the check's
            answer["notes"] += [say(n, lang) for n in compared(imported.own, answer["check"])]
    return imported, answer
