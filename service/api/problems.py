"""Error answers as RFC 9457 problem details (``application/problem+json``).

Every error the app returns goes through here: the request errors raised by the views,
Flask's and Werkzeug's HTTP errors (404, 405, 413, 415 …) and unexpected exceptions.
Problems use the type ``about:blank``, so ``title`` is the HTTP status phrase; what
went wrong is in ``detail`` and, for field errors, in ``errors`` by JSON pointer.
"""

from __future__ import annotations

from collections.abc import Iterable

from flask import Flask, Response, current_app, request
from werkzeug.exceptions import HTTPException, MethodNotAllowed, NotFound

from service.checking.problem import Problem

from .language import requested
from .observability import request_id

PROBLEM_JSON = "application/problem+json"


def problem_response(status: int, detail: str,
                     errors: list[dict[str, str]] | None = None) -> Response:
    return _response(Problem(status, detail, errors))


def _response(problem: Problem) -> Response:
    return current_app.response_class(
        current_app.json.dumps(problem.body(requested())),
        status=problem.status,
        mimetype=PROBLEM_JSON)


def _on_problem(error: Problem) -> Response:
    response = _response(error)
    if error.headers:
        response.headers.update(error.headers)
    return response


def _detail(error: HTTPException) -> str:
    """Werkzeug's words for the errors it raises itself, said as the service says them."""
    if isinstance(error, NotFound) and error.description == NotFound.description:
        return "There is no such route here; the routes are listed at /docs."
    if error.code == 405:
        return "This route does not answer to this method."
    if error.code == 413 and request.max_content_length is not None:
        return (f"The request body is over {request.max_content_length} bytes, the limit "
                "of this route.")
    return error.description or ""


def _on_http_error(error: HTTPException) -> Response:
    response = problem_response(error.code or 500, _detail(error))
    if isinstance(error, MethodNotAllowed) and error.valid_methods:
        response.headers["Allow"] = allow(error.valid_methods)
    return response


def allow(methods: Iterable[str]) -> str:
    """The Allow header: alphabetical, not in the order of a set (which the hash seed of
    each start would draw anew, so that two pods answered different bytes)."""
    return ", ".join(sorted(set(methods)))


def _on_unexpected(error: Exception) -> Response:
    current_app.logger.exception("unhandled error (request id %s)",
                                 request_id(), exc_info=error)
    return problem_response(500, "The server failed to answer this request.")


def register(app: Flask) -> None:
    app.register_error_handler(Problem, _on_problem)
    app.register_error_handler(HTTPException, _on_http_error)
    app.register_error_handler(Exception, _on_unexpected)
