"""POST /v1/sittings/check: a table's list of games checked together."""

from __future__ import annotations

import contextlib

from flask import Blueprint, Response, request

from service.checking.budgets import SITTING_STEPS, budgeted
from service.checking.sitting import MAX_SITTING_BYTES, check_sitting_data

from .language import requested
from .observability import record_game
from .routes import batch_slot, json_response, read_json_body

bp = Blueprint("sittings", __name__)

# A sitting over this (or sent chunked, its size unknown) is heavy, a batch in all but
# name: some 25 games and more, up to 400 in 1 MiB. It takes a batch slot first
# (fairshare.py), 503 with none free, so that looping clients cannot take every worker
# from single checks. An evening's list (a few rounds) stays below and never waits.
HEAVY_SITTING_BYTES = 64 * 1024


@bp.post("/v1/sittings/check")
@budgeted(SITTING_STEPS)
def check_sitting() -> Response:
    request.max_content_length = MAX_SITTING_BYTES  # before anything reads the body
    length = request.content_length
    heavy = length is None or length > HEAVY_SITTING_BYTES
    with batch_slot() if heavy else contextlib.nullcontext():
        result = check_sitting_data(read_json_body())
        for game in result.games:
            if game.result is not None:
                record_game(game.result)
        return json_response(result.to_dict(requested()))
