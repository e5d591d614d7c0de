"""Checking a whole transcript: the deal, the reservations, every event, the score.

One pass over the events; every defect is collected, none stops the replay.
"""

from __future__ import annotations

from typing import Any

from .announcements import CONTRA, RE, TEAM_NAMES
from .cards import NAMES
from .deal import read_deal
from .game import GameState
from .result import (
    CheckResult,
    ClaimCheck,
    ClaimDifference,
    GameInfo,
    LegalActions,
    Score,
    SeatAnnouncements,
    Violation,
)
from .scoring import outcome
from .setup import game_setup
from .transcript import Transcript


def replay(transcript: Transcript) -> tuple[GameState, list, list]:
    """The state after every event, with the defects of the deal and reservation round."""
    deal, violations = read_deal(transcript.dealer, transcript.hands,
                                 transcript.ruleset.with_nines)
    setup, setup_violations, notes = game_setup(transcript, deal)
    violations += setup_violations
    state = GameState(transcript.ruleset, deal, setup)
    state.play(transcript.play)
    return state, violations, notes


def legal_actions(state: GameState) -> LegalActions:
    seat = state.to_play
    cards = tuple(NAMES[c] for c in state.legal_cards(seat)) if seat is not None else ()
    calls = tuple(SeatAnnouncements(s, tuple(state.legal_calls(s))) for s in range(4))
    return LegalActions(seat, cards, calls)


def _game_info(state: GameState) -> GameInfo:
    setup = state.setup
    partner = setup.partner
    if setup.type == "marriage" and state.deciding_trick is not None:
        partner = next((s for s in range(4) if state.team_of[s] == RE and s != setup.declarer),
                       None)
    return GameInfo(
        type=setup.type,
        re=tuple(s for s in range(4) if state.team_of[s] == RE),
        contra=tuple(s for s in range(4) if state.team_of[s] == CONTRA),
        declarer=setup.declarer,
        solo=setup.solo if setup.type == "solo" else None,
        partner=partner,
        deciding_trick=state.deciding_trick,
    )


def compare_claim(claimed: dict[str, Any], computed: dict[str, Any]) -> ClaimCheck:
    """Field by field: what the submitter claimed against what the rules give."""
    differences = tuple(
        ClaimDifference(name, value, computed.get(name))
        for name, value in claimed.items()
        if _normalise(value) != _normalise(computed.get(name)))
    return ClaimCheck(not differences, differences)


def _normalise(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


def _marriage_claim(transcript: Transcript, state: GameState, info: GameInfo) -> list[Violation]:
    """A partner the transcript names for a marriage must be the one the tricks found."""
    if (state.setup.type != "marriage" or state.deciding_trick is None
            or "partner" not in transcript.game_fields):
        return []
    claimed = transcript.game.partner
    if claimed == info.partner:
        return []
    found = (f"seat {info.partner} won trick {info.deciding_trick}" if info.partner is not None
             else f"the bride played alone after trick {info.deciding_trick}")
    return [Violation("marriage_partner", "/game/partner", claimed,
                      f"the partner is not seat {claimed}: {found}")]


def check(transcript: Transcript) -> CheckResult:
    state, violations, notes = replay(transcript)
    violations += state.violations
    info = _game_info(state)
    violations += _marriage_claim(transcript, state, info)
    complete = state.finished
    winner = score = card_points = None
    if state.setup.type == "redeal":
        score = Score((), 1, 0, (0, 0, 0, 0))
    elif complete:
        result = outcome(state)
        score = result.score
        winner = TEAM_NAMES[result.winner] if result.winner is not None else None
        card_points = {"re": result.card_points[0], "contra": result.card_points[1]}
    valid = not violations
    claimed = None
    if transcript.claimed is not None:
        computed = {
            "winner": winner, "value": score.value if score else None,
            "scores": list(score.scores) if score else None, "card_points": card_points,
            "valid": valid,
        }
        claimed = compare_claim(transcript.claimed, computed)
    return CheckResult(
        ruleset=transcript.ruleset.id,
        valid=valid,
        complete=complete,
        violations=tuple(violations),
        notes=tuple(notes),
        game=info,
        tricks=tuple(state.tricks),
        announcements=tuple(state.calls),
        card_points=card_points,
        winner=winner,
        score=score,
        claimed=claimed,
        legal_actions=None if complete else legal_actions(state),
        unknown_cards=state.unknown_texts or None,
    )
