"""A FILE's problem as the command prints it: of a file, never of a request, in the
user's language; a syntax error with its line and a caret under the place; a file
checked as the wrong kind of input with the flag that reads it."""

from __future__ import annotations

import errno
import sys
from pathlib import Path
from typing import Any, Final

from service.checking.problem import Problem
from service.game.text import N_, Text, Word, msg
from service.game.words import DEFAULT, param, part, say

# What a file holds, told by its top-level fields (each request's own, see the formats).
KINDS: Final = (("tournament", ("participants", "preliminary")),
                ("sitting", ("games", "first_dealer", "owed_at_start")),
                ("transcript", ("hands", "play", "reservations")))
FLAGS: Final = {"tournament": "--tournament", "sitting": "--sitting", "transcript": ""}


def of_file(detail: str, lang: str) -> str:
    """A detail said of a file: the reader's words for a request body are a file's here."""
    if lang == DEFAULT:
        return detail.replace("The request body", "The file")
    return detail.replace("Der Inhalt der Anfrage", "Die Datei")


def caret(problem: Problem) -> list[str]:
    """A syntax error's line (the part around the place) with a caret under the place."""
    broken = problem.broken
    if broken is None:
        return []
    number = str(broken.line)
    pad = "".join("\t" if c == "\t" else " " for c in broken.excerpt[:broken.caret])
    return [f"  {number} | {broken.excerpt}", f"  {' ' * len(number)} | {pad}^"]


def problem_text(path: str, problem: Problem, lang: str) -> str:
    """The detail, the line with its caret, then each field error."""
    body = problem.body(lang)
    lines = [f"{path}: {of_file(body['detail'], lang)}", *caret(problem)]
    lines += [f"  {e['pointer'] or '/'}: {e['message']}" for e in body.get("errors", ())]
    return "\n".join(lines) + "\n"


def kind_of(data: Any) -> str | None:
    """What a parsed file holds by its fields: a tournament day, a sitting, a transcript."""
    if isinstance(data, dict):
        for kind, fields in KINDS:
            if any(field in data for field in fields):
                return kind
    return None


def wrong_flag(data: Any, read_as: str) -> Problem | None:
    """The problem of a file read as ``read_as`` (transcript, sitting, tournament) that
    holds another kind of input: it names the flag that reads it."""
    kind = kind_of(data)
    if kind is None or kind == read_as:
        return None
    said: Text
    if kind == "tournament":
        said = msg("The file holds a tournament day: check it with {flag}.", flag="--tournament")
    elif kind == "sitting":
        said = msg("The file holds a table's list of games: check it with {flag}.",
                   flag="--sitting")
    else:
        said = msg("The file holds a single game: check it without {flag}.",
                   flag=FLAGS[read_as])
    return Problem(400, say(said), said=(said,))


def cannot_read(path: str, error: OSError, lang: str) -> str:
    """Why a FILE could not be read, after its name."""
    return f"{path}: " + part(msg("cannot read: {error}", error=os_reason(error, lang)), lang)


# The system's words for the common reasons (strerror's, the msgids), said in German too.
OS_REASONS: Final = {
    "ENOENT": N_("No such file or directory"), "EACCES": N_("Permission denied"),
    "EISDIR": N_("Is a directory"), "ENOTDIR": N_("Not a directory"),
}


def reason_of(error: Exception) -> Word | str:
    """Why a file could not be read, as a word to say in either language where the
    system's reason is a common one."""
    if isinstance(error, OSError):
        name = errno.errorcode.get(error.errno or 0, "")
        if name in OS_REASONS:
            return Word(OS_REASONS[name])
        return error.strerror or str(error)
    return str(error)


def os_reason(error: OSError, lang: str) -> str:
    """The system's reason said in ``lang``."""
    return str(param(reason_of(error), lang, None))


def read_limited(path: str, limit: int, said: Text) -> bytes:
    """A FILE's bytes (``-``: standard input), read no further than ``limit``: beyond it
    a 413 problem that says ``said`` (the limit of what the file holds)."""
    if path == "-":
        raw = sys.stdin.buffer.read(limit + 1)
    else:
        with Path(path).open("rb") as file:
            raw = file.read(limit + 1)
    if len(raw) > limit:
        raise Problem(413, say(said), said=(said,))
    return raw
