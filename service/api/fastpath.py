"""The check route's common request answered without Flask, the answer unchanged.

A check is mostly one kind of request: ``POST /v1/games/check`` with a sized JSON body
that parses and checks. For it, Flask's request and app contexts, routing, response
object and hooks cost some 45 µs of the worker (bench/http_overhead.py), more than the
service's own reading, metrics and log together. Such a request is answered here, by
the same functions the route calls (:func:`service.api.routes.checked_game`), with the
same bytes and headers; the envelope adds its headers, metrics and log line to both
alike. Everything else goes to Flask, as does a request this path refuses or fails on:
its body is put back and Flask answers it, with the problem found here (the route raises
it as it would have found it) or, where this path failed, from the start.

Served here only where the app adds nothing of its own to a request (no before- or
after-request functions, such as CORS's), and only the routes the app has (the echo
route where it is on). tests/test_fastpath.py holds both ways to the same answers.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any

from flask import Flask

from service.checking import fastjson
from service.checking.budgets import budget_of, budgeted
from service.checking.problem import Problem

from . import routes

JSON = "application/json"
Answerer = Callable[[Any, str], Any]  # (parsed body, language) -> the answer's JSON value

# the view functions whose requests this path answers, with the function each calls
_ANSWERERS: dict[Callable[..., Any], Answerer] = {
    routes.check_game: routes.checked_game, routes.echo: routes.echoed}


def fast_routes(app: Flask) -> dict[str, Answerer]:
    """The paths answered here (POST only): the app's routes of _ANSWERERS, none where
    the app hooks into requests."""
    if any(app.before_request_funcs.values()) or any(app.after_request_funcs.values()) \
            or any(app.url_value_preprocessors.values()):
        return {}
    return {rule.rule: _within_budget(view, _ANSWERERS[view])
            for rule in app.url_map.iter_rules()
            if "POST" in (rule.methods or ()) and "<" not in rule.rule
            and (view := app.view_functions.get(rule.endpoint)) in _ANSWERERS}


def _within_budget(view: Callable[..., Any], answerer: Answerer) -> Answerer:
    """The answerer under its view's budget and backstop (the same answer either way)."""
    steps = budget_of(view)
    return answerer if steps is None else budgeted(steps)(answerer)


def answer(environ: dict[str, Any], answerer: Answerer, lang: str, limit: int) -> bytes | None:
    """The answer's body, where the request (a POST to the answerer's route) is the
    common one and is answered; None where Flask is to answer it (the body, if read,
    put back)."""
    size = routes.plain_length(environ)
    if (size is None or size > limit or environ.get("CONTENT_TYPE") != JSON
            or "HTTP_CONTENT_ENCODING" in environ):
        return None
    body = routes.read_sized(environ, size)
    if len(body) == size:
        try:
            return fastjson.dumps(answerer(fastjson.loads(body), lang))
        except Problem as problem:  # refused: Flask answers with it, not finding it again
            environ[routes.REFUSED_KEY] = problem
        except Exception:  # failed: Flask tries again, and says why
            pass
    environ["wsgi.input"] = io.BytesIO(body)
    return None
