"""Problem documents (RFC 9457) as data: what a malformed request or batch entry gets.

Transport-neutral: the HTTP layer answers them as ``application/problem+json``, a batch
embeds one per malformed transcript, the command line prints them.
"""

from __future__ import annotations

from http import HTTPStatus
from typing import Any

from service.checking.phrases import errors_in, phrase
from service.game.errors import TranscriptError


class Problem(Exception):
    """Raised to answer with a problem document."""

    def __init__(self, status: int, detail: str, errors: list[dict[str, str]] | None = None,
                 headers: dict[str, str] | None = None):
        super().__init__(detail)
        self.status = status
        self.detail = detail
        self.errors = errors
        self.headers = headers  # for HTTP answers only, e.g. Retry-After

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
        body["errors"] = errors_in(errors, lang)
    return body
