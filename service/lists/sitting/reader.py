"""The field errors of a list's request collected as it is read, by JSON pointer: each
error's message written only if it is among those shown (LateError), names looked up in
sets, a long list of names said by its count and a few."""

from __future__ import annotations

import heapq
from collections.abc import Callable, Collection
from functools import partial
from typing import Any

from service.game.errors import (
    MAX_ERRORS,
    FieldError,
    Found,
    LateError,
    TranscriptError,
    pointer_order,
    pointer_token,
    token_order,
)
from service.game.near import Suggester

MAX_POINTS = 100_000  # a line's entry; far beyond any game (a black solo with bock)
MAX_TABLE = 7  # at six or seven the dealer and the sit-out scheme's players sit out


LISTED = 8  # names a message lists in full; of a longer list, its count and a few


class Reader:
    """Collects every field error of a sitting request, by JSON pointer."""

    def __init__(self) -> None:
        self.errors: list[Found] = []
        self.omitted = 0  # errors found but not kept (see service.game.errors.Omitted)
        self.roster: tuple[str, ...] = ()  # every player of the list, where tables change
        self.everyone: frozenset[str] = frozenset()  # the roster, to look names up in
        self.last: tuple[tuple[int, int | str], ...] | None = None  # see nested
        self.most_at_table = MAX_TABLE  # a tournament's tables seat four or five

    def err(self, pointer: str, message: str) -> None:
        self.errors.append(FieldError(pointer, message))

    def late(self, pointer: str, write: Callable[..., str], *args: Any) -> None:
        """An error whose message ``write(*args, suggester)`` writes if it is kept (see
        LateError)."""
        self.errors.append(LateError(pointer, partial(write, *args)))

    def set_roster(self, roster: tuple[str, ...]) -> None:
        self.roster = roster
        self.everyone = frozenset(roster)

    def nested(self, pointer: str, error: TranscriptError) -> None:
        """The errors of a part read on its own (a game, a table), under its pointer.

        Of many parts, only the first MAX_ERRORS errors can be shown: once as many are
        held, a part whose first error comes after the last of them is only counted
        (one comparison, where sorting every error of thousands of parts cost seconds).
        """
        self.omitted += error.count - len(error.kept)
        if not error.kept:
            return
        first = error.kept[0].under(pointer)
        if self.last is not None and pointer_order(first) > self.last:
            self.omitted += len(error.kept)
            return
        self.errors += [e.under(pointer) for e in error.kept]
        if len(self.errors) >= 2 * MAX_ERRORS:
            kept = heapq.nsmallest(MAX_ERRORS, self.errors, key=pointer_order)
            self.omitted += len(self.errors) - len(kept)
            self.errors, self.last = kept, pointer_order(kept[-1])

    def refused(self, what: str) -> TranscriptError:
        """The request refused for every error found (``what``: sitting, tournament …)."""
        return TranscriptError(self.errors, len(self.errors) + self.omitted, what=what)

    def obj(self, value: Any, pointer: str, allowed: Collection[str]) -> dict[str, Any] | None:
        if type(value) is not dict:
            self.err(pointer, "Must be an object.")
            return None
        known = allowed if len(allowed) <= LISTED else frozenset(allowed)
        unknown = [key for key in value if key not in known]
        if len(unknown) > MAX_ERRORS:  # only the first can be shown: the others counted
            self.omitted += len(unknown) - MAX_ERRORS
            unknown = heapq.nsmallest(MAX_ERRORS, unknown,
                                      key=lambda k: token_order(pointer_token(k)))
        for key in unknown:
            self.late(f"{pointer}/{pointer_token(key)}", unknown_field, str(key), allowed)
        return value

    def integer(self, value: Any, pointer: str, low: int, high: int) -> int | None:
        if type(value) is not int:
            self.err(pointer, "Not a valid integer.")
            return None
        if not low <= value <= high:
            self.err(pointer, f"Must be from {low} to {high}.")
            return None
        return value

    def boolean(self, value: Any, pointer: str) -> bool:
        if type(value) is not bool:
            self.err(pointer, "Not a valid boolean.")
            return False
        return value

    def name(self, value: Any, pointer: str, players: tuple[str, ...]) -> str | None:
        if type(value) is not str:
            self.err(pointer, "Not a valid string.")
            return None
        if players and value not in players:
            self.not_here(pointer, value, players)
            return None
        return value

    def not_here(self, pointer: str, name: str, players: tuple[str, ...]) -> None:
        """``name`` is not one of ``players`` (the table for a game): why, at ``pointer``."""
        if name in (self.everyone or players):
            self.late(pointer, _not_at_table, players)
        else:
            self.late(pointer, _not_a_player, name, self.roster or players)

    def points(self, value: Any, pointer: str, players: tuple[str, ...]) -> dict[str, int]:
        found: dict[str, int] = {}
        if type(value) is not dict:
            self.err(pointer, "Must be an object.")
            return found
        known = players if len(players) <= LISTED else (
            self.everyone if players is self.roster else frozenset(players))
        for name, points in value.items():
            here = f"{pointer}/{pointer_token(name)}"
            if name in known:
                if (p := self.integer(points, here, -MAX_POINTS, MAX_POINTS)) is not None:
                    found[name] = p
            elif name in self.everyone:
                self.not_here(here, name, players)
            else:
                self.late(here, unknown_field, str(name), players)
        return found


def unknown_field(key: str, allowed: Collection[str], suggester: Suggester) -> str:
    """An unknown key's message, with the known one it is a slip for where one is near."""
    near = suggester.nearest(key, allowed)
    return f"Unknown field; did you mean “{near[0]}”?" if near else "Unknown field."


def _not_at_table(players: tuple[str, ...], _: Suggester) -> str:
    return f"Not at the table for this game ({', '.join(players)})."


def _not_a_player(name: str, everyone: tuple[str, ...], suggester: Suggester) -> str:
    if len(everyone) <= LISTED:
        return f"Not a player of this sitting ({', '.join(everyone)})."
    few = suggester.nearest(name, everyone, n=3) or everyone[:3]
    return (f"Not a player of this sitting ({len(everyone)} players, among them "
            f"{', '.join(few)}).")
