"""What one game cannot know about the list it belongs to (a sitting supplies it).

A single check takes it as the optional ``context`` of a transcript; a sitting
(:mod:`service.lists.sitting`) fills it in game by game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

MAX_BOCK: Final = 64  # 2**6: six overlapping bock rounds multiplied; far beyond any house rule


@dataclass(frozen=True, slots=True)
class GameContext:
    bock: int = 1
    """The bock multiplier of this game (1: no bock round). It multiplies the game value
    and shows as a ``bock`` score item; a penalty that replaces the game is not
    multiplied."""
    duty_solo_owed: bool | None = None
    """Whether the declarer of a solo still owes a duty solo when it is played (None:
    unknown). A solo by a player who owes one is the duty solo (DDV TSR 4.3.1)."""


NO_CONTEXT: Final = GameContext()
