"""The language of an answer: chosen by ``Accept-Language``, said in ``Content-Language``.

Quality values are honoured and a regional tag counts for its language (``de-AT`` and
``de-CH`` are German); English where the header asks for neither. Every answer says
which language it speaks and that it varies with the header, so that a cache keeps the
two apart.
"""

from __future__ import annotations

from typing import Final

from flask import Flask, Response, g, request

from service.game.words import DEFAULT, LANGUAGES

SPOKEN: Final = list(LANGUAGES)


def requested() -> str:
    """The language this request asks for ("en" or "de")."""
    lang: str | None = g.get("lang")
    if lang is None:
        header = request.headers.get("Accept-Language")
        lang = (request.accept_languages.best_match(SPOKEN, DEFAULT) or DEFAULT
                if header else DEFAULT)
        g.lang = lang
    return lang


def _headers(response: Response) -> Response:
    response.headers["Content-Language"] = requested()
    response.vary.add("Accept-Language")
    return response


def register(app: Flask) -> None:
    app.after_request(_headers)
