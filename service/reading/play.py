"""A game played move by move, as an engine plays it (modelled on python-chess's Board).

    >>> game = rules.Game(hands, ruleset="ddv", dealer=3)
    >>> while not game.finished:
    ...     actions = game.legal_actions()
    ...     game.play_card(choose(actions.cards))
    >>> game.result().score
    >>> game.to_dict()            # the transcript as JSON data: log it, send it
    >>> game.transcript()         # the same as a typed rules.Transcript

Events are pushed onto the state and popped off again; :meth:`Game.legal_actions` is
known at every step. A pushed event that breaks a rule is recorded as a violation, as a
transcript check would; ``strict=True`` refuses it instead (:class:`IllegalAction`).

A game played so is a transcript at every step, in one call: :meth:`Game.to_dict` gives
the JSON data of the format (what ``POST /v1/games/check`` and ``doko-check`` read: an
engine logs its games with ``json.dumps(game.to_dict())``, one a line) and
:meth:`Game.transcript` the typed :class:`~service.game.transcript.Transcript`.
Checking either gives what :meth:`Game.result` says; :meth:`Game.from_transcript`
reads one back.
"""

from __future__ import annotations

from typing import Any

from service.game.check import check_transcript, replay, state_actions
from service.game.errors import DokoError, FieldError, TranscriptError, field_errors
from service.game.gamestate import GameState
from service.game.options import Ruleset
from service.game.result import CheckResult, LegalActions, Violation
from service.game.transcript import Transcript, events_from_list
from service.reading.load import load
from service.reading.schemas import with_suggestions
from service.reading.shapes import play_errors


class IllegalAction(DokoError):
    """An event refused under ``strict=True``: the violations it would have caused."""

    def __init__(self, violations: tuple[Violation, ...]):
        self.violations = violations
        super().__init__("; ".join(v.message for v in violations))


class Game:
    """One game from the deal on: push events, read the legal actions, pop back; the game
    so far as a transcript with :meth:`to_dict` (JSON data) or :meth:`transcript`."""

    def __init__(self, hands: list[list[str]], *, ruleset: str | dict[str, Any] | Ruleset = "ddv",
                 dealer: int = 0, reservations: list[dict[str, Any]] | None = None,
                 game: dict[str, Any] | None = None, players: list[str] | None = None,
                 context: dict[str, Any] | None = None):
        data: dict[str, Any] = {"ruleset": ruleset if not isinstance(ruleset, Ruleset)
                                else ruleset.id.split("+")[0],
                                "dealer": dealer, "hands": hands, "play": []}
        for name, value in (("reservations", reservations), ("game", game),
                            ("players", players), ("context", context)):
            if value is not None:
                data[name] = value
        self._start(data, load(data, ruleset if isinstance(ruleset, Ruleset) else None))

    @classmethod
    def from_transcript(cls, data: dict[str, Any],
                        ruleset: str | dict[str, Any] | Ruleset | None = None) -> Game:
        """The game as far as a (partial) transcript goes, every event pushed."""
        transcript = load(data, ruleset)
        game = cls.__new__(cls)
        game._start(data, transcript._replace(play=()))
        for event in data.get("play", ()):
            game.push(event)
        return game

    def _start(self, data: dict[str, Any], transcript: Transcript) -> None:
        self._data = {key: value for key, value in data.items() if key != "play"}
        self._transcript = transcript
        self._events: list[dict[str, Any]] = []
        self._state, self._setup_violations, self._notes = replay(transcript)

    # ---- where the game stands ---------------------------------------------------------

    @property
    def state(self) -> GameState:
        """The replay state (card codes; for engines that want the internals)."""
        return self._state

    @property
    def finished(self) -> bool:
        return self._state.finished

    @property
    def to_play(self) -> int | None:
        """The seat whose card comes next; None once every trick is played."""
        return self._state.to_play

    @property
    def events(self) -> tuple[dict[str, Any], ...]:
        return tuple(self._events)

    @property
    def violations(self) -> tuple[Violation, ...]:
        """Every violation so far: the deal and reservations', then the play's."""
        return (*self._setup_violations, *self._state.violations)

    def legal_actions(self) -> LegalActions:
        return state_actions(self._state, self._transcript.players)

    # ---- moves -------------------------------------------------------------------------

    def push(self, event: dict[str, Any], *, strict: bool = False) -> tuple[Violation, ...]:
        """Apply one play event (``{"seat", "card" | "announce" | "show"}``); returns the
        violations it caused. With ``strict``, an event that causes any is not applied
        and :class:`IllegalAction` says why."""
        index = len(self._events)
        errors = play_errors([event])
        if errors:
            found = field_errors(errors[0] if isinstance(errors, dict) else errors)
            raise TranscriptError(with_suggestions([FieldError(f"/play/{index}{e.pointer}",
                                                               e.message) for e in found]),
                                  what="event")
        before = len(self._state.violations)
        self._state.push(index, events_from_list([event])[0])
        self._events.append(event)
        caused = tuple(self._state.violations[before:])
        if strict and caused:
            self.pop()
            raise IllegalAction(caused)
        return caused

    def play_card(self, card: str, seat: int | None = None, *, strict: bool = False
                  ) -> tuple[Violation, ...]:
        """Play ``card`` (``"CQ"``) for ``seat``, by default the seat to play."""
        seat = self._state.to_play if seat is None else seat
        if seat is None:
            raise IllegalAction((Violation("overlong_game", f"/play/{len(self._events)}", None,
                                           "every trick is played"),))
        return self.push({"seat": seat, "card": card}, strict=strict)

    def announce(self, seat: int, call: str, *, strict: bool = False) -> tuple[Violation, ...]:
        return self.push({"seat": seat, "announce": call}, strict=strict)

    def show(self, seat: int, what: str, *, strict: bool = False) -> tuple[Violation, ...]:
        return self.push({"seat": seat, "show": what}, strict=strict)

    def pop(self) -> dict[str, Any]:
        """Take back the last event and return it. The state is replayed from the deal
        (some 50 µs for a whole game): cheaper to keep right than an undo per rule."""
        event = self._events.pop()
        self._state, _, _ = replay(self._transcript)
        self._state.play(events_from_list(self._events))
        return event

    # ---- the outcome -------------------------------------------------------------------

    def transcript(self) -> Transcript:
        """The game so far as a typed transcript (``rules.Transcript``): the deal, the
        reservations and game as given, and every event pushed. ``rules.check`` of it
        answers as :meth:`result` does."""
        return self._transcript._replace(play=events_from_list(self._events))

    def result(self) -> CheckResult:
        """The checked game so far: as :func:`service.game.check` gives it."""
        return check_transcript(self.transcript())

    def to_dict(self) -> dict[str, Any]:
        """The game so far as transcript JSON data (the contract's request shape: the
        fields given to the constructor and ``play``, every event pushed): what an
        engine logs for ``doko-check``, ``json.dumps(game.to_dict())`` a line. Checking
        it (``rules.check``, ``POST /v1/games/check``) answers as :meth:`result` does."""
        return {**self._data, "play": list(self._events)}
