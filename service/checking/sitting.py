"""A sitting from JSON to its answer, shared by ``POST /v1/sittings/check`` and
``doko-check --sitting`` (no Flask here)."""

from __future__ import annotations

from typing import Any

from service.game.errors import TranscriptError
from service.lists.sitting.check import check_sitting
from service.lists.sitting.standings import SittingResult

from .problem import Problem

# A DDV round of 24 whole games is some 50 KB of JSON; a few hundred games fit in this.
MAX_SITTING_BYTES = 1024 * 1024


def check_sitting_data(data: Any) -> SittingResult:
    """Validate and check a sitting; a 400 :class:`Problem` naming every field if malformed."""
    if not isinstance(data, dict):
        raise Problem(400, "The request body must be a JSON object.",
                      [{"pointer": "", "message": "Must be an object."}])
    try:
        return check_sitting(data)
    except TranscriptError as error:
        raise Problem.from_error(error) from None
