"""The checked game: what the core reports back. Plain values, rendered at the edge."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from .cards import NAMES
from .codes import NOTES, VIOLATIONS
from .vocabulary import PlayedType, SoloKind, Team


@dataclass(frozen=True, slots=True)
class Violation:
    """A rule broken: its code (see :mod:`service.rules.codes`), where, by whom, and what."""

    code: str
    pointer: str  # JSON pointer into the transcript: the offending element itself
    seat: int | None
    message: str

    def __post_init__(self) -> None:
        if self.code not in VIOLATIONS:
            raise ValueError(f"unregistered violation code {self.code!r}")


@dataclass(frozen=True, slots=True)
class Note:
    """Something a referee should know that breaks no rule (e.g. a silent marriage)."""

    code: str
    seat: int | None
    message: str

    def __post_init__(self) -> None:
        if self.code not in NOTES:
            raise ValueError(f"unregistered note code {self.code!r}")


class Trick(NamedTuple):
    """A trick as the replay keeps it: seats and card codes in play order."""

    leader: int
    seats: tuple[int, ...]
    cards: tuple[int | None, ...]  # None: an unknown card, which takes nothing
    winner: int  # the seat
    winning_card: int  # -1 if every card was unknown
    points: int
    swine_aces: int  # how many of the trick's trump aces were swines (no fox)


class PlayedTrick(NamedTuple):
    """A trick as the result reports it: cards by name, in play order."""

    leader: int
    cards: tuple[str, ...]  # an unknown card as it was written
    winner: int
    points: int


@dataclass(frozen=True, slots=True)
class AnnouncementRecord:
    seat: int
    team: Team
    call: str
    pointer: str
    implied: tuple[str, ...] = ()  # lower levels this call made at the same time


class ScoreItem(NamedTuple):
    """One line of the score sheet (a named tuple: several are made for every game)."""

    code: str
    team: Team
    points: int
    trick: int | None = None  # 1-based, where the item comes from one trick
    seat: int | None = None  # where the item concerns one seat (a penalty)
    factor: int | None = None  # a multiplier item (bock): the factor it applies


@dataclass(frozen=True, slots=True)
class Score:
    items: tuple[ScoreItem, ...]
    multiplier: int
    value: int
    scores: tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class GameInfo:
    type: PlayedType
    re: tuple[int, ...]
    contra: tuple[int, ...]
    declarer: int | None = None
    solo: SoloKind | None = None
    partner: int | None = None
    deciding_trick: int | None = None


@dataclass(frozen=True, slots=True)
class SeatAnnouncements:
    seat: int
    calls: tuple[str, ...]
    name: str | None = None


@dataclass(frozen=True, slots=True)
class LegalActions:
    """What may legally happen next in an unfinished game."""

    seat: int | None  # the seat to play; None once all cards are played
    cards: tuple[str, ...]
    announcements: tuple[SeatAnnouncements, ...]
    name: str | None = None  # the player to play, where the transcript names the players


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
    """The checked game. Cards are named as written (``"CQ"``); seats are 0-3, and
    ``players`` names them where the transcript did (:meth:`name` reads it)."""

    ruleset: str
    valid: bool
    complete: bool
    violations: tuple[Violation, ...]
    notes: tuple[Note, ...]
    game: GameInfo | None
    trick_record: tuple[Trick, ...]  # the replay's tricks (card codes); read ``tricks``
    announcements: tuple[AnnouncementRecord, ...]
    card_points: dict[str, int] | None
    winner: Team | None
    score: Score | None
    claimed: ClaimCheck | None = None
    legal_actions: LegalActions | None = None
    players: tuple[str, ...] | None = None
    id: Any = None  # the client's own reference, echoed
    ruleset_digest: str = ""  # sha256 of the resolved option values: the verdict's rules
    unknown_cards: dict[tuple[int, int], str] | None = None  # (trick, position) -> as written

    @property
    def tricks(self) -> tuple[PlayedTrick, ...]:
        """The tricks with their cards by name; an unknown card as it was written.
        Named on reading, so that a check that is not rendered does not pay for it."""
        unknown, new = self.unknown_cards, tuple.__new__
        return tuple([new(PlayedTrick, (t.leader, card_names(number, t.cards, unknown),
                                        t.winner, t.points))
                       for number, t in enumerate(self.trick_record)])

    def name(self, seat: int | None) -> str | None:
        """The player at ``seat``, where the transcript named the players."""
        if seat is None or self.players is None:
            return None
        return self.players[seat]

    def to_dict(self) -> dict[str, Any]:
        """The answer of ``POST /v1/games/check`` (the contract's JSON shape)."""
        from .render import render  # the edge: notation printed here

        return render(self)


def card_names(number: int, cards: tuple[int | None, ...],
               unknown: dict[tuple[int, int], str] | None) -> tuple[str, ...]:
    """The cards of trick ``number`` (from 0) by name; an unknown card as it was written."""
    if unknown and None in cards:
        return tuple([unknown[(number, i)] if card is None else NAMES[card]
                      for i, card in enumerate(cards)])
    # four known cards, indexed directly: the common case
    return (NAMES[cards[0]], NAMES[cards[1]], NAMES[cards[2]], NAMES[cards[3]])  # type: ignore[index]
