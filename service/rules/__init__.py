"""The Doppelkopf rules core: check a game, or play one move by move.

    >>> from service import rules
    >>> result = rules.check(transcript_data)          # the data's own ruleset
    >>> result.valid, result.winner, result.score.scores

Everything a caller needs is here: :func:`check` and :func:`load` for whole
transcripts, :func:`check_sitting` for a table's list of games, :class:`Game` for an
engine that pushes events one by one and asks for the legal actions, :func:`resolve`
for rulesets, the result and error types, the vocabulary and the code registry. The
core imports nothing from Flask.
"""

from __future__ import annotations

from importlib.machinery import EXTENSION_SUFFIXES

from . import codes, game, vocabulary
from .check import check, legal_actions, load
from .context import GameContext
from .errors import DokoError, FieldError, TranscriptError
from .options import CATALOGUE, Ruleset
from .play import Game, IllegalAction
from .result import (
    AnnouncementRecord,
    CheckResult,
    ClaimCheck,
    ClaimDifference,
    GameInfo,
    LegalActions,
    Note,
    PlayedTrick,
    Score,
    ScoreItem,
    SeatAnnouncements,
    Violation,
)
from .rulesets import RulesetError, digest, presets, resolve
from .sitting import SittingResult, check_sitting
from .transcript import Transcript
from .version import VERSION

# True where the core was built compiled (DOKO_COMPILE=1, see setup.py: the container
# image), False for the pure-Python core (make install, a plain pip install).
COMPILED: bool = (game.__file__ or "").endswith(tuple(EXTENSION_SUFFIXES))

__all__ = [
    "CATALOGUE",
    "COMPILED",
    "VERSION",
    "AnnouncementRecord",
    "CheckResult",
    "ClaimCheck",
    "ClaimDifference",
    "DokoError",
    "FieldError",
    "Game",
    "GameContext",
    "GameInfo",
    "IllegalAction",
    "LegalActions",
    "Note",
    "PlayedTrick",
    "Ruleset",
    "RulesetError",
    "Score",
    "ScoreItem",
    "SeatAnnouncements",
    "SittingResult",
    "Transcript",
    "TranscriptError",
    "Violation",
    "check",
    "check_sitting",
    "codes",
    "digest",
    "legal_actions",
    "load",
    "presets",
    "resolve",
    "vocabulary",
]
