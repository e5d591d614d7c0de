"""The Doppelkopf rules core: check a game, or play one move by move.

    >>> from service import rules
    >>> result = rules.check(transcript_data)          # the data's own ruleset
    >>> result.valid, result.winner, result.score.scores

Everything a caller needs is here: :func:`check` and :func:`load` for whole
transcripts, :func:`check_sitting` for a table's list of games, :class:`Game` for an
engine that pushes events one by one and asks for the legal actions, :func:`resolve`
for rulesets, the result and error types, the vocabulary and the code registry. The
core imports nothing from Flask.

A facade: it only re-exports. The code lives in :mod:`service.game` (the rules),
:mod:`service.reading` (data into the core's types) and :mod:`service.lists` (sittings).
"""

from __future__ import annotations

from service.game import codes, vocabulary
from service.game.compiled import COMPILED
from service.game.context import GameContext
from service.game.digest import digest
from service.game.errors import DokoError, FieldError, TranscriptError
from service.game.options import CATALOGUE, Ruleset
from service.game.result import (
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
from service.game.rulesets import RulesetError, presets, resolve
from service.game.transcript import Transcript
from service.game.version import VERSION
from service.lists.sitting.check import check_sitting
from service.lists.sitting.standings import SittingResult
from service.reading.load import check, legal_actions, load
from service.reading.play import Game, IllegalAction

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
