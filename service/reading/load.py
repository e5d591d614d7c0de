"""Transcript data read into the core's types, and checked: the front door of the core.

:func:`load` validates JSON-like data (the fast loader for the common well-formed
transcript, marshmallow's schema for the rest and for every error) into a
:class:`Transcript`; :func:`check` and :func:`legal_actions` take data or a transcript.
"""

from __future__ import annotations

from typing import Any

from marshmallow import ValidationError

from service.game.check import check_transcript, replay, state_actions
from service.game.errors import FieldError, TranscriptError, field_errors, omitted
from service.game.options import CATALOGUE, Ruleset
from service.game.result import CheckResult, LegalActions, Note
from service.game.rulesets import resolve
from service.game.text import msgn
from service.game.transcript import Transcript, from_dict
from service.reading.fastload import fast_transcript
from service.reading.schemas import TRANSCRIPT, with_suggestions


def load(data: Any, ruleset: str | dict[str, Any] | Ruleset | None = None) -> Transcript:
    """A transcript from JSON-like data, validated; :class:`TranscriptError` lists every
    field error by JSON pointer. ``ruleset``, where given, replaces the data's own."""
    if not isinstance(data, dict):
        raise TranscriptError([FieldError("", "Must be an object.")], what="request body")
    if isinstance(ruleset, Ruleset):
        loaded = _validated({**data, "ruleset": ruleset.id.split("+")[0]})
        return loaded._replace(ruleset=ruleset)
    if ruleset is not None:
        data = {**data, "ruleset": ruleset}
    return _validated(data)


def _validated(data: dict[str, Any]) -> Transcript:
    fast = fast_transcript(data)  # the common well-formed transcript, in plain code
    if fast is not None:
        return fast
    try:
        loaded: dict[str, Any] = TRANSCRIPT.load(data)
    except ValidationError as error:
        found = with_suggestions(field_errors(error.messages))
        raise TranscriptError(found, len(found) + omitted(error.messages)) from None
    return from_dict(loaded, loaded["ruleset"])


def _sitting_option_notes(spec: Any) -> list[Note]:
    """A custom ruleset that sets a sitting-level option gets a note: a single game
    cannot apply it (a sitting does)."""
    if not isinstance(spec, dict):
        return []
    count = sum(1 for name in spec.get("options") or ()
                if CATALOGUE.get(name, {}).get("level") == "sitting")
    if not count:
        return []
    return [Note("round_option", None,
                 msgn("{count} option of the ruleset is a rule of a list of games (a "
                      "sitting), not of one game: it was not used here.",
                      "{count} options of the ruleset are rules of a list of games (a "
                      "sitting), not of one game: they were not used here.", count))]


def check(data: Any, ruleset: str | dict[str, Any] | Ruleset | None = None) -> CheckResult:
    """Check one game: transcript data (a dict as in the JSON contract) or a
    :class:`Transcript`. ``ruleset`` (a preset id, ``{"preset", "options"}`` or a
    :class:`Ruleset`) replaces the data's own where given.

    A :class:`Transcript` is not validated again: one built by hand with other than four
    hands raises ValueError.

    Raises :class:`TranscriptError` if the data is malformed; a game that breaks the
    rules is no error but a result with ``valid`` false and its violations.
    """
    if isinstance(data, Transcript):
        if ruleset is not None:
            data = data._replace(ruleset=ruleset if isinstance(ruleset, Ruleset)
                                 else resolve(ruleset))
        return check_transcript(data)
    transcript = load(data, ruleset)
    spec = ruleset if ruleset is not None else data.get("ruleset")
    return check_transcript(transcript, _sitting_option_notes(spec))


def legal_actions(data: Any, ruleset: str | dict[str, Any] | Ruleset | None = None
                  ) -> LegalActions:
    """What may legally happen next in a partial transcript (the seat to play and its
    cards, the calls each seat may make); after the last card, no seat and no cards."""
    transcript = data if isinstance(data, Transcript) else load(data, ruleset)
    state, _, _ = replay(transcript)
    return state_actions(state, transcript.players)
