"""POST /v1/sittings/check: a table's list of games checked together."""

from __future__ import annotations

from flask import Blueprint, Response, request

from service.checking.sitting import MAX_SITTING_BYTES, check_sitting_data

from .language import requested
from .observability import record_game
from .routes import json_response, read_json_body

bp = Blueprint("sittings", __name__)


@bp.post("/v1/sittings/check")
def check_sitting() -> Response:
    request.max_content_length = MAX_SITTING_BYTES  # before anything reads the body
    result = check_sitting_data(read_json_body())
    for game in result.games:
        if game.result is not None:
            record_game(game.result)
    return json_response(result.to_dict(requested()))
