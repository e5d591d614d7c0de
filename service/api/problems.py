"""Error answers as RFC 9457 problem details (``application/problem+json``).

Every error the app returns goes through here: the request errors raised by the views,
Flask's and Werkzeug's HTTP errors (404, 405, 413, 415 …) and unexpected exceptions.
Problems use the type ``about:blank``, so ``title`` is the HTTP status phrase; what
went wrong is in ``detail`` and, for field errors, in ``errors`` by JSON pointer.
"""

from __future__ import annotations

from typing import Any

from flask import Flask, Response, current_app
from werkzeug.exceptions import HTTPException, MethodNotAllowed
from werkzeug.http import HTTP_STATUS_CODES

from .observability import request_id

PROBLEM_JSON = "application/problem+json"
# At most this many field errors are listed in one answer (``detail`` gives the total).
MAX_ERRORS = 100


class Problem(Exception):
    """Raised by a view to answer with a problem document."""

    def __init__(self, status: int, detail: str, errors: list[dict[str, str]] | None = None):
        super().__init__(detail)
        self.status = status
        self.detail = detail
        self.errors = errors


def problem_body(status: int, detail: str,
                 errors: list[dict[str, str]] | None = None) -> dict[str, Any]:
    """The problem document as data (a batch answer embeds one per malformed transcript)."""
    body: dict[str, Any] = {
        "type": "about:blank",
        "title": HTTP_STATUS_CODES.get(status, "Error"),
        "status": status,
        "detail": detail,
    }
    if errors is not None:
        body["errors"] = errors
    return body


def problem_response(status: int, detail: str,
                     errors: list[dict[str, str]] | None = None) -> Response:
    return current_app.response_class(
        current_app.json.dumps(problem_body(status, detail, errors)), status=status,
        mimetype=PROBLEM_JSON)


def pointer_token(key: object) -> str:
    """One reference token of a JSON pointer (RFC 6901 escapes ``~`` and ``/``)."""
    return str(key).replace("~", "~0").replace("/", "~1")


def field_errors(messages: Any, pointer: str = "") -> list[dict[str, str]]:
    """Flatten marshmallow's nested error messages into ``{pointer, message}`` entries.

    ``_schema`` holds errors about the element itself, so it keeps the parent's pointer.
    """
    if isinstance(messages, dict):
        found = []
        for key, value in messages.items():
            here = pointer if key == "_schema" else f"{pointer}/{pointer_token(key)}"
            found.extend(field_errors(value, here))
        return found
    if isinstance(messages, list):
        found = []
        for message in messages:
            found.extend(field_errors(message, pointer))
        return found
    return [{"pointer": pointer, "message": str(messages)}]


def _on_problem(error: Problem) -> Response:
    return problem_response(error.status, error.detail, error.errors)


def _on_http_error(error: HTTPException) -> Response:
    response = problem_response(error.code or 500, error.description or "")
    if isinstance(error, MethodNotAllowed) and error.valid_methods:
        response.headers["Allow"] = ", ".join(error.valid_methods)
    return response


def _on_unexpected(error: Exception) -> Response:
    current_app.logger.exception("unhandled error (request id %s)",
                                 request_id(), exc_info=error)
    return problem_response(500, "The server failed to answer this request.")


def register(app: Flask) -> None:
    app.register_error_handler(Problem, _on_problem)
    app.register_error_handler(HTTPException, _on_http_error)
    app.register_error_handler(Exception, _on_unexpected)
