"""The language of an answer: chosen by ``Accept-Language``, said in ``Content-Language``.

Quality values are honoured and a regional tag counts for its language (``de-AT`` and
``de-CH`` are German); English where the header asks for neither. Every answer says
which language it speaks and that it varies with the header, so that a cache keeps the
two apart.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from flask import Flask, Response, g, request

from service.game.words import DEFAULT, LANGUAGES

SPOKEN: Final = list(LANGUAGES)


def requested() -> str:
    """The language this request asks for ("en" or "de")."""
    lang: str | None = g.get("lang")
    if lang is None:
        lang = best(request.accept_languages) if "Accept-Language" in request.headers \
            else DEFAULT
        g.lang = lang
    return lang


def best(accepted: Iterable[tuple[str, float]]) -> str:
    """The spoken language of the highest quality, a region counting for its language
    (``de-CH`` asks for ``de``); the first given among equals; English if none."""
    found, top = DEFAULT, 0.0
    for tag, quality in accepted:
        primary = tag.split("-")[0].split("_")[0].lower()
        if primary in SPOKEN and quality > top:
            found, top = primary, quality
    return found


def _headers(response: Response) -> Response:
    response.headers["Content-Language"] = requested()
    response.vary.add("Accept-Language")
    return response


def register(app: Flask) -> None:
    app.after_request(_headers)
