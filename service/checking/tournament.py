"""A tournament day from JSON to its answer, shared by ``POST /v1/tournaments/check`` and
``doko-check --tournament`` (no Flask here)."""

from __future__ import annotations

from typing import Any

from service.game.errors import TranscriptError
from service.lists.tournament.check import check_tournament
from service.lists.tournament.standing import TournamentResult

from .problem import Problem

# A doko2026 day of 200 participants over three rounds and a final (some 1,600 whole
# transcripts) fits in this; a larger day sends its tables' lists as sheet lines.
MAX_TOURNAMENT_BYTES = 4 * 1024 * 1024


def check_tournament_data(data: Any) -> TournamentResult:
    """Validate and check a tournament day; a 400 :class:`Problem` naming every field if
    malformed."""
    if not isinstance(data, dict):
        raise Problem(400, "The request body must be a JSON object.",
                      [{"pointer": "", "message": "Must be an object."}])
    try:
        return check_tournament(data)
    except TranscriptError as error:
        raise Problem.from_error(error) from None
