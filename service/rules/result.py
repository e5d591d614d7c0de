"""The checked game: what the core reports back. Plain values, rendered at the edge."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple


@dataclass(frozen=True, slots=True)
class Violation:
    code: str
    pointer: str
    seat: int | None
    message: str


@dataclass(frozen=True, slots=True)
class Note:
    """Something a referee should know that breaks no rule (e.g. a silent marriage)."""

    code: str
    seat: int | None
    message: str


class Trick(NamedTuple):
    """A trick as played: seats and card codes in play order (printed at the edges)."""

    leader: int
    seats: tuple[int, ...]
    cards: tuple[int | None, ...]  # None: an unknown card (see unknown_cards), which takes nothing
    winner: int  # the seat
    winning_card: int  # -1 if every card was unknown
    points: int
    swine_aces: int  # how many of the trick's trump aces were swines (no fox)


@dataclass(frozen=True, slots=True)
class AnnouncementRecord:
    seat: int
    team: str
    call: str
    pointer: str
    implied: tuple[str, ...] = ()  # lower levels this call made at the same time


class ScoreItem(NamedTuple):
    """One line of the score sheet (a named tuple: several are made for every game)."""

    code: str
    team: str
    points: int
    trick: int | None = None  # 1-based, where the item comes from one trick
    seat: int | None = None  # where the item concerns one seat (a penalty)


@dataclass(frozen=True, slots=True)
class Score:
    items: tuple[ScoreItem, ...]
    multiplier: int
    value: int
    scores: tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class GameInfo:
    type: str  # normal, silent_marriage, marriage, poverty, solo, redeal
    re: tuple[int, ...]
    contra: tuple[int, ...]
    declarer: int | None = None
    solo: str | None = None
    partner: int | None = None
    deciding_trick: int | None = None


@dataclass(frozen=True, slots=True)
class SeatAnnouncements:
    seat: int
    calls: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class LegalActions:
    """What may legally happen next in an unfinished game."""

    seat: int | None  # the seat to play; None once all cards are played
    cards: tuple[str, ...]
    announcements: tuple[SeatAnnouncements, ...]


@dataclass(frozen=True, slots=True)
class ClaimDifference:
    field: str
    claimed: Any
    computed: Any


@dataclass(frozen=True, slots=True)
class ClaimCheck:
    agrees: bool
    differences: tuple[ClaimDifference, ...]


@dataclass(frozen=True, slots=True)
class CheckResult:
    ruleset: str
    valid: bool
    complete: bool
    violations: tuple[Violation, ...]
    notes: tuple[Note, ...]
    game: GameInfo | None
    tricks: tuple[Trick, ...]
    announcements: tuple[AnnouncementRecord, ...]
    card_points: dict[str, int] | None
    winner: str | None
    score: Score | None
    claimed: ClaimCheck | None = None
    legal_actions: LegalActions | None = None
    unknown_cards: dict[tuple[int, int], str] | None = None  # (trick, position) -> as written
