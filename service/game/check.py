"""Checking a transcript already read: the deal, the reservations, every event, the score.

One pass over the events; every defect is collected, none stops the replay.
:func:`check_transcript` takes a :class:`Transcript` (the core's type) to a
:class:`CheckResult`; reading JSON data into one is :mod:`service.reading`'s.
"""

from __future__ import annotations

from typing import Any, Final

from service.game.announcements import CONTRA, RE, TEAM_NAMES
from service.game.cards import NAMES
from service.game.context import GameContext
from service.game.deal import read_deal
from service.game.digest import digest
from service.game.gamestate import GameState
from service.game.options import moved_deadlines_text
from service.game.readings import best_reading
from service.game.result import (
    CheckResult,
    ClaimCheck,
    ClaimDifference,
    GameInfo,
    LegalActions,
    Note,
    Score,
    SeatAnnouncements,
    Violation,
    score_item,
)
from service.game.scoring import outcome, penalty_note
from service.game.setup import game_setup
from service.game.text import N_, Call, Seat, Word, Written, msg, msgn
from service.game.transcript import Transcript


def replay(transcript: Transcript) -> tuple[GameState, list[Violation], list[Note]]:
    """The state after every event, with the defects of the deal and reservation round."""
    deal, violations = read_deal(transcript.dealer, transcript.hands,
                                 transcript.ruleset.with_nines)
    setup, setup_violations, notes = game_setup(transcript, deal)
    state = GameState(transcript.ruleset, deal, setup)
    state.play(transcript.play)
    if state.violations:  # one mistake, one violation: the play may tell how to read it
        state, setup_violations = best_reading(transcript, deal, setup, state,
                                               setup_violations)
    violations += setup_violations
    return state, violations, notes


def state_actions(state: GameState, players: tuple[str, ...] | None = None) -> LegalActions:
    """What may legally happen next: the seat to play with its legal cards (in the order
    a player holds them, by the game's order as it stands: swines highest once shown),
    and the calls each seat may make now.

    Sorted here, for the answer only: the replay and the random games pick from
    ``legal_cards``, in card code order, so that a seed plays the same game."""
    seat = state.to_play
    cards = (tuple([NAMES[c] for c in state.order.as_held(state.legal_cards(seat))])
             if seat is not None else ())
    calls = tuple(SeatAnnouncements(s, tuple(state.legal_calls(s)),
                                    players[s] if players else None) for s in range(4))
    name = players[seat] if players and seat is not None else None
    return LegalActions(seat, cards, calls, name)


def _game_info(state: GameState) -> GameInfo:
    setup = state.setup
    partner = setup.partner
    if setup.type == "marriage" and state.deciding_trick is not None:
        partner = next((s for s in range(4) if state.team_of[s] == RE and s != setup.declarer),
                       None)
    teams = () if setup.type == "redeal" else state.team_of  # a redeal has no teams
    return GameInfo(
        type=setup.type,
        re=tuple([s for s, team in enumerate(teams) if team == RE]),
        contra=tuple([s for s, team in enumerate(teams) if team == CONTRA]),
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
    named = Seat(claimed) if claimed is not None else Word(N_("nobody"))
    found = (msg("{partner} won trick {trick}, the deciding trick, and is the partner, not "
                 "{named}.", partner=Seat(info.partner), trick=info.deciding_trick,
                 named=named) if info.partner is not None else
             msg("The bride played alone after trick {trick}; {named} is not her partner.",
                 trick=info.deciding_trick, named=named))
    return [Violation("marriage_partner", "/game/partner", claimed, found)]


REFUSED: Final = {  # why a call was refused
    "announcement_too_late": N_("it came too late"),
    "announcement_too_early": N_("it came before the marriage was decided"),
    "announcement_wrong_team": N_("it is the other team's call"),
    "announcement_not_raising": N_("it does not raise what the team had said"),
    "announcement_not_allowed": N_("it is not allowed here"),
}


def _refused_calls(transcript: Transcript, violations: list[Violation]) -> list[Note]:
    """A call refused by a violation is not scored: a note says so (TSR 6)."""
    notes = []
    for v in violations:
        if v.code in REFUSED:
            call = transcript.play[int(v.pointer.rsplit("/", 1)[1])].text
            where = dict(v.text.params).get("where", "")
            notes.append(Note("call_not_scored", v.seat,
                              msg("{player}'s “{call}” ({where}) does not count: {why}.",
                                  player=Seat(v.seat if v.seat is not None else 0),
                                  call=Call(call), where=where, why=Word(REFUSED[v.code]))))
    return notes


def _duty_solo(transcript: Transcript, context: GameContext) -> list[Violation]:
    """DDV TSR 4.3.1: a solo by a player who still owes a duty solo is the duty solo; one
    who has played it plays lust solos."""
    game = transcript.game
    owed = context.duty_solo_owed
    if game.type != "solo" or owed is None or owed == game.duty:
        return []
    player = Seat(game.declarer if game.declarer is not None else 0)
    if owed:
        text = msg("{player} still owes a duty solo, so this solo is the duty solo: mark it "
                   "as the duty solo.", player=player)
    else:
        text = msg("{player} owes no duty solo, so this solo is a lust solo: mark it as a "
                   "lust solo.", player=player)
    return [Violation("game_declaration", "/game/duty", game.declarer, text)]


def _unknown_points(state: GameState) -> Note:
    """DDV TSR 2.2: the pack holds 240 card points; what unreadable cards held is
    unknown, counted for nobody, and said (the verdict is as counted without it)."""
    texts = list(state.unknown_texts.values())
    counted = sum(t.points for t in state.tricks)
    return Note("card_points_unknown", None,
                msgn("{count} card could not be read ({cards}): the tricks hold {counted} of "
                     "the pack's 240 points, the other {rest} count for nobody. The winner and "
                     "the score are as counted without them.",
                     "{count} cards could not be read ({cards}): the tricks hold {counted} of "
                     "the pack's 240 points, the other {rest} count for nobody. The winner and "
                     "the score are as counted without them.", len(texts),
                     cards=Written(", ".join(texts)), counted=counted, rest=240 - counted))


def _with_bock(score: Score, bock: int, winner: str | None) -> Score:
    """The game value and scores multiplied by the bock factor; a penalty that replaced
    the game (fixed points) is not multiplied."""
    if bock == 1 or any(i.code == "revoke_penalty" for i in score.items):
        return score
    item = score_item("bock", "contra" if winner == "contra" else "re", 0, factor=bock)
    s = score.scores
    return Score((*score.items, item), score.multiplier * bock, score.value * bock,
                 (s[0] * bock, s[1] * bock, s[2] * bock, s[3] * bock))


def check_transcript(transcript: Transcript, notes: list[Note] | None = None) -> CheckResult:
    """The checked game of a transcript already read by :func:`load`."""
    state, violations, setup_notes = replay(transcript)
    notes = notes or []
    if transcript.ruleset.deadlines_note:  # moved with the pack: rulesets.moved_deadlines
        notes.append(Note("deadlines_moved", None, moved_deadlines_text(transcript.ruleset)))
    notes += setup_notes
    violations += state.violations
    if state.violations:
        notes += _refused_calls(transcript, state.violations)
    info = _game_info(state)
    violations += _marriage_claim(transcript, state, info)
    if state.setup.type == "solo":  # as read: a solo declared but played normal is none
        violations += _duty_solo(transcript, transcript.context)
    complete = state.finished
    winner = score = card_points = None
    if state.setup.type == "redeal":
        score = Score((), 1, 0, (0, 0, 0, 0))
    elif complete:
        result = outcome(state)
        if (note := penalty_note(state, transcript.play)) is not None:
            notes.append(note)
        winner = TEAM_NAMES[result.winner] if result.winner is not None else None
        score = _with_bock(result.score, transcript.context.bock, winner)
        card_points = {"re": result.card_points[0], "contra": result.card_points[1]}
        if state.unknown_texts:
            notes.append(_unknown_points(state))
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
        trick_record=tuple(state.tricks),
        announcements=tuple(state.calls),
        card_points=card_points,
        winner=winner,
        score=score,
        claimed=claimed,
        legal_actions=None if complete else state_actions(state, transcript.players),
        players=transcript.players,
        id=transcript.id,
        ruleset_digest=digest(transcript.ruleset),
        unknown_cards=state.unknown_texts or None,
    )
