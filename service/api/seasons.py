"""POST /v1/seasons/check: a club's rankings across tournament days."""

from __future__ import annotations

from flask import Blueprint, Response, current_app, request

from service.checking.budgets import SEASON_STEPS, budgeted
from service.checking.problem import Problem
from service.checking.season import MAX_SEASON_BYTES, check_season_data, parse_season

from .language import requested
from .routes import batch_slot, read_body

bp = Blueprint("seasons", __name__)


@bp.post("/v1/seasons/check")
@budgeted(SEASON_STEPS)  # its days' entries, windows' lines, written entries
def check_season() -> Response:
    """Each day's points, each window's ranking, the written rankings compared. Its days
    may be whole tournament days, so it is as heavy as a tournament: it takes a batch
    slot first (fairshare.py), 503 with none free. Read with its decimals exact, not
    through the orjson fast path."""
    request.max_content_length = MAX_SEASON_BYTES  # before anything reads the body
    if not request.is_json:
        raise Problem(415, "Send the request body as application/json.")
    with batch_slot():
        result = check_season_data(parse_season(read_body()))
        return current_app.response_class(result.to_json(requested()),
                                          mimetype="application/json")
