"""A stateless REST service that checks and scores Doppelkopf game transcripts.

The packages, from the bottom up: ``game`` (the rules), ``reading`` (transcript data
into the game's types), ``generating`` (random games, conformance cases), ``lists``
(sittings), ``checking`` (JSON in, answer out: for the routes and the command alike),
and on top ``api`` (HTTP), ``web`` (the page), ``cli`` (``doko-check``) and ``tools``
(the handbook's generators). ``rules`` is the core's public front door; imports run
one way, downwards.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from flask import Flask


def create_app() -> Flask:
    """The WSGI application (``service:create_app``); Flask is imported only here, so
    that the rules core imports without it."""
    from service.api.app import create_app as build

    return build()
