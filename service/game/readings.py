"""One mistake, one violation, where a transcript can be read two ways.

A game declared otherwise than the reservations call for, or swines shown later than
the ruleset allows, is one violation. Which game the table then played, or whether it
ranked the swines from the start, the play shows: where the other reading makes the
play break fewer rules, it is taken, and the one violation says so. Both readings are
replayed only when such a violation is found: a legal game pays nothing.
"""

from __future__ import annotations

from dataclasses import replace

from service.game.deal import Deal
from service.game.gamestate import GameState
from service.game.reservations import reservations_game
from service.game.result import Violation
from service.game.setup import Setup, game_setup
from service.game.text import msg
from service.game.transcript import SHOW, Transcript


def best_reading(transcript: Transcript, deal: Deal, setup: Setup, state: GameState,
                 setup_violations: list[Violation]
                 ) -> tuple[GameState, list[Violation]]:
    """The replayed state and the setup's violations, read as the play shows."""
    if not state.violations:
        return state, setup_violations
    priority = next((v for v in setup_violations if v.code == "reservation_priority"), None)
    if priority is not None:
        state, setup_violations = _as_reserved(transcript, deal, state, setup_violations,
                                               priority)
    return _swines_in_time(transcript, deal, state), setup_violations


def _replayed(transcript: Transcript, deal: Deal, setup: Setup, *, swines: bool = False
              ) -> GameState:
    state = GameState(transcript.ruleset, deal, setup)
    if swines:
        state.rank_swines()
    state.play(transcript.play)
    return state


def _as_reserved(transcript: Transcript, deal: Deal, state: GameState,
                 violations: list[Violation], priority: Violation
                 ) -> tuple[GameState, list[Violation]]:
    """DDV TSR 4.1: the game the reservations call for, where the play follows it."""
    declared = reservations_game(transcript, deal)
    if declared is None:
        return state, violations
    other = transcript._replace(game=declared)
    setup, more, _ = game_setup(other, deal)
    replayed = _replayed(other, deal, setup)
    # Taken only where it breaks fewer rules than the declared game less the priority
    # violation, which stays reported (the one mistake).
    if len(replayed.violations) + len(more) >= len(state.violations) + len(violations) - 1:
        return state, violations
    said = replace(priority, text=msg("{what} The play follows the game the reservations "
                                      "call for, so it is checked and scored as that game.",
                                      what=priority.text))
    # The reserved game's own setup violations (`more`) with the priority violation at
    # the place it had among the declared game's: the reservations' come before it.
    where = violations.index(priority)
    return replayed, [*more[:where], said, *more[where:]]


def _swines_in_time(transcript: Transcript, deal: Deal, state: GameState) -> GameState:
    """Swines shown too late by their holder: taken as shown in time (the swines rank
    highest from the first card, and count as swines, not foxes), unless the play
    contradicts it (a swine played before the show lost its trick)."""
    if state.swines_shown:  # shown and counted (perhaps with a violation): as played
        return state
    late = next((v for v in state.violations if v.code == "swines_timing"
                 and _show_at(transcript, v.pointer, state.swine_holder)), None)
    if late is None:
        return state
    replayed = _replayed(transcript, deal, state.setup, swines=True)
    rest = [v for v in replayed.violations if v.pointer != late.pointer]
    if len(rest) > len(state.violations) - 1:  # the play contradicts it: as written
        return state
    said = replace(late, text=msg("{what}; the play ranks the swines highest from the "
                                  "start, so they are taken as announced in time",
                                  what=late.text))
    index = _index(late.pointer)
    rest.insert(sum(1 for v in rest if _index(v.pointer) < index), said)
    replayed.violations[:] = rest
    return replayed


def _show_at(transcript: Transcript, pointer: str, holder: int | None) -> bool:
    event = transcript.play[_index(pointer)]
    return event.kind == SHOW and event.text == "swines" and event.seat == holder


def _index(pointer: str) -> int:
    return int(pointer.rsplit("/", 1)[1])
