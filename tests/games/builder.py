"""Whole normal games under the DDV rules, built from tricks written by hand.

The special case of ``kinds.Deal`` (which holds the deal derived from the tricks, the
play events, the pointers, partial play and the design checks) for the normal game
(TSR 2.3.4) at a DDV table: trick 1 is led by the dealer's left neighbour (TSR 5.1.1),
every later trick by the winner of the one before (TSR 5.1.2); the events are
announcements only (re, contra, no 90, no 60, no 30, black), checked by name as well;
the transcript has everyone say healthy under the ``ddv`` preset.

A design error raises ``FixtureError`` so that a broken fixture is never mistaken for
a broken service.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .kinds import (  # noqa: F401 (re-exported for the normal-game tests)
    At,
    Deal,
    FixtureError,
    Trick,
    call,
    card_points,
    order,
    trick,
)

NORMAL = order("normal")  # TSR 2.3.4: ♥10, the queens, the jacks, ♦A 10 K 9
CALLS = ("re", "contra", "no90", "no60", "no30", "black")

suit = NORMAL.suit  # 'T' for a trump of the normal game, else the plain suit letter


class Game(Deal):
    """Twelve hand-written tricks of a normal game, checked against the rules, and their
    transcript under the ``ddv`` preset."""

    def __init__(self, dealer: int, tricks: Sequence[Trick], calls: Sequence[At] = (),
                 *, check_design: bool = True) -> None:
        self.dealer = dealer
        super().__init__((dealer + 1) % 4, tricks, NORMAL, calls,
                         check_design=check_design)

    def call_pointer(self, call_index: int) -> str:
        """The pointer of the ``call_index``-th announcement."""
        return self.event_pointer(call_index)

    def transcript(self, ruleset: Any = "ddv", dealer: int | None = None,
                   game: dict[str, Any] | None = None,
                   said: dict[int, dict[str, Any]] | None = None, *,
                   cards: int | None = None) -> dict[str, Any]:
        """The ``ddv`` transcript of the game, everyone healthy (with ``cards``: only
        that many cards and the announcements made before the next)."""
        return super().transcript(ruleset, self.dealer if dealer is None else dealer, game,
                                  said, cards=cards)

    def design_problems(self) -> list[str]:
        """Where the hand-written game breaks the rules it is meant to obey."""
        return super().design_problems() + [
            f"bad call {e}" for e in self.events if e.event.get("announce") not in CALLS]
