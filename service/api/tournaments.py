"""POST /v1/tournaments/check and /v1/tournaments/draw: a tournament day."""

from __future__ import annotations

from flask import Blueprint, Response, request

from service.checking.budgets import GAME_STEPS, TOURNAMENT_STEPS, budgeted
from service.checking.draw import draw_data
from service.checking.tournament import MAX_TOURNAMENT_BYTES, check_tournament_data

from .language import requested
from .observability import record_game
from .routes import batch_slot, json_response, read_json_body

bp = Blueprint("tournaments", __name__)


@bp.post("/v1/tournaments/check")
@budgeted(TOURNAMENT_STEPS)
def check_tournament() -> Response:
    """Every table checked as a sitting, then what ties them together. A day is as
    heavy as a batch: it takes a batch slot first (fairshare.py), 503 with none free."""
    request.max_content_length = MAX_TOURNAMENT_BYTES  # before anything reads the body
    with batch_slot():
        result = check_tournament_data(read_json_body())
        for table in result.tables():
            for game in table.games:
                if game.result is not None:
                    record_game(game.result)
        return json_response(result.to_dict(requested()))


@bp.post("/v1/tournaments/draw")
@budgeted(GAME_STEPS)
def draw_tables() -> Response:
    """The tables of each round, drawn from the request's seed."""
    return json_response(draw_data(read_json_body()).to_dict())
