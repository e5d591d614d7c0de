"""Problem documents (RFC 9457) as data: what a malformed request or batch entry gets.

Transport-neutral: the HTTP layer answers them as ``application/problem+json``, a batch
embeds one per malformed transcript, the command line prints them.
"""

from __future__ import annotations

from http import HTTPStatus
from typing import TYPE_CHECKING, Any

from service.checking.phrases import errors_in, phrase
from service.game.errors import TranscriptError
from service.game.text import Text
from service.game.words import say
from service.lists.naming import of_game

if TYPE_CHECKING:
    from service.checking.syntax import Broken


class Problem(Exception):
    """Raised to answer with a problem document."""

    def __init__(self, status: int, detail: str, errors: list[dict[str, str]] | None = None,
                 headers: dict[str, str] | None = None, said: tuple[Text, ...] = (),
                 broken: Broken | None = None):
        super().__init__(detail)
        self.status = status
        self.detail = detail  # in English (a syntax error's: ``broken`` says it)
        self.errors = errors
        self.headers = headers  # for HTTP answers only, e.g. Retry-After
        self.said = broken.said() if broken is not None else said  # the detail to say
        self.broken = broken  # a JSON text that does not parse: where and why

    @classmethod
    def syntax(cls, broken: Broken) -> Problem:
        """The 400 problem of a JSON text that does not parse, located and explained."""
        return cls(400, " ".join(say(t) for t in broken.said()), broken=broken)

    def on_line(self, line: int) -> Problem:
        """This problem of one line's text (an NDJSON line) as of that ``line``."""
        if self.broken is None:
            return self
        return Problem.syntax(self.broken._replace(line=line))

    def body(self, lang: str | None = None) -> dict[str, Any]:
        """The problem document, its texts in ``lang``; a syntax error's ``line`` and
        ``column`` beside its detail."""
        body = problem_body(self.status, self.detail, self.errors, lang)
        if self.said:
            body["detail"] = " ".join(say(t, lang or "en") for t in self.said)
        if self.broken is not None:
            body["line"], body["column"] = self.broken.line, self.broken.column
        return body

    @classmethod
    def from_error(cls, error: TranscriptError) -> Problem:
        """The 400 problem of a transcript the core could not read."""
        return cls(400, error.detail, [e.as_dict() for e in error.errors])


# Where Python's phrase is an older RFC's, the title RFC 9110 gives the status.
RFC_9110_TITLES = {413: "Content Too Large", 414: "URI Too Long",
                   416: "Range Not Satisfiable", 422: "Unprocessable Content"}


def status_phrase(status: int) -> str:
    """A problem's title: the status's name in RFC 9110 (RFC 6585 for 428, 429, 431)."""
    if status in RFC_9110_TITLES:
        return RFC_9110_TITLES[status]
    try:
        return HTTPStatus(status).phrase
    except ValueError:
        return "Error"


def problem_body(status: int, detail: str, errors: list[dict[str, str]] | None = None,
                 lang: str | None = None) -> dict[str, Any]:
    """The problem document as data (a batch answer embeds one per malformed transcript),
    its texts said in ``lang`` (English by default)."""
    body: dict[str, Any] = {
        "type": "about:blank",
        "title": phrase(status_phrase(status), lang),
        "status": status,
        "detail": phrase(detail, lang),
    }
    if errors is not None:
        body["errors"] = [_of_game(e, lang) for e in errors_in(errors, lang) or ()]
    return body


def _of_game(error: dict[str, str], lang: str | None) -> dict[str, str]:
    """A field error of a list's game, its message naming the game from 1 ("Game 7: …",
    and its table and round in a day); its pointer as it is (from 0)."""
    if "message" not in error:
        return error
    named = of_game(error.get("pointer"), error["message"], lang or "en")
    return error if named is error["message"] else {**error, "message": named}
