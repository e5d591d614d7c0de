"""A season from JSON to its answer, shared by ``POST /v1/seasons/check`` and
``doko-check --season`` (no Flask here)."""

from __future__ import annotations

from typing import Any

from service.game.errors import TranscriptError
from service.lists.season import SeasonResult, check_season

from . import jsonbody
from .problem import Problem

# As a tournament day's: a season of 500 days given as places is some 1 MiB; a few whole
# tournament days fit beside them.
MAX_SEASON_BYTES = 4 * 1024 * 1024


def parse_season(body: bytes | str) -> Any:
    """The body as strict JSON with its decimals exact (``season.md``: numbers are read
    as written, not as binary floats)."""
    return jsonbody.loads(body, exact=True)


def check_season_data(data: Any) -> SeasonResult:
    """Validate and check a season; a 400 :class:`Problem` naming every field if
    malformed."""
    if not isinstance(data, dict):
        raise Problem(400, "The request body must be a JSON object.",
                      [{"pointer": "", "message": "Must be an object."}])
    try:
        return check_season(data)
    except TranscriptError as error:
        raise Problem.from_error(error) from None
