"""The language of an answer: chosen by ``Accept-Language``, said in ``Content-Language``.

Quality values are honoured and a regional tag counts for its language (``de-AT`` and
``de-CH`` are German); English where the header asks for neither. Every answer says
which language it speaks and that it varies with the header, so that a cache keeps the
two apart.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from flask import request
from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header

from service.game.words import DEFAULT, LANGUAGES

SPOKEN: Final = list(LANGUAGES)


LANG_KEY: Final = "doko.lang"  # the language asked for, in the WSGI environ


def requested() -> str:
    """The language this request asks for ("en" or "de"), as service.api.envelope read
    it from the request."""
    lang: str = request.environ[LANG_KEY]
    return lang


def asked_for(accept_language: str | None) -> str:
    """The language an ``Accept-Language`` header asks for (None: no header)."""
    if accept_language is None:
        return DEFAULT
    return best(parse_accept_header(accept_language, LanguageAccept))


def best(accepted: Iterable[tuple[str, float]]) -> str:
    """The spoken language of the highest quality, a region counting for its language
    (``de-CH`` asks for ``de``); the first given among equals; English if none."""
    found, top = DEFAULT, 0.0
    for tag, quality in accepted:
        primary = tag.split("-")[0].split("_")[0].lower()
        if primary in SPOKEN and quality > top:
            found, top = primary, quality
    return found
