"""The checked game: what the core reports back. Plain values, rendered at the edge.

The value classes built for every game, here and elsewhere in the core (Setup, Deal,
Verdict …), are dataclasses that write their own ``__init__``: the compiled core (mypyc)
compiles it, where the one dataclasses generates would run interpreted, setting a frozen
class's fields one ``object.__setattr__`` at a time. So they are not frozen at run time:
treat them as read-only values. Values shared between games (``NO_CONTEXT``,
``ALL_HEALTHY``) stay frozen.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from service.game.cards import card_names
from service.game.codes import NOTES, VIOLATIONS
from service.game.text import Text
from service.game.vocabulary import PlayedType, SoloKind, Team
from service.game.words import say


@dataclass(slots=True, unsafe_hash=True)
class Violation:
    """A rule broken: its code (see :mod:`service.game.codes`), where, by whom, and what:
    ``text`` is said in the language asked for where the answer is made (``message`` is
    it in English)."""

    code: str
    pointer: str  # JSON pointer into the transcript: the offending element itself
    seat: int | None
    text: Text

    def __init__(self, code: str, pointer: str, seat: int | None, text: Text | str) -> None:
        self.code = code
        self.pointer = pointer
        self.seat = seat
        self.text = text if isinstance(text, Text) else Text(text)
        if code not in VIOLATIONS:
            raise ValueError(f"unregistered violation code {code!r}")

    @property
    def message(self) -> str:
        return say(self.text)


@dataclass(slots=True, unsafe_hash=True)
class Note:
    """Something a referee should know that breaks no rule (e.g. a silent marriage)."""

    code: str
    seat: int | None
    text: Text

    def __init__(self, code: str, seat: int | None, text: Text | str) -> None:
        self.code = code
        self.seat = seat
        self.text = text if isinstance(text, Text) else Text(text)
        if code not in NOTES:
            raise ValueError(f"unregistered note code {code!r}")

    @property
    def message(self) -> str:
        return say(self.text)


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


@dataclass(slots=True, unsafe_hash=True)
class AnnouncementRecord:
    seat: int
    team: Team
    call: str
    pointer: str
    implied: tuple[str, ...] = ()  # lower levels this call made at the same time

    def __init__(self, seat: int, team: Team, call: str, pointer: str,
                 implied: tuple[str, ...] = ()) -> None:
        self.seat = seat
        self.team = team
        self.call = call
        self.pointer = pointer
        self.implied = implied


class ScoreItem(NamedTuple):
    """One line of the score sheet (a named tuple: several are made for every game)."""

    code: str
    team: Team
    points: int
    trick: int | None = None  # 1-based, where the item comes from one trick
    seat: int | None = None  # where the item concerns one seat (a penalty)
    factor: int | None = None  # a multiplier item (bock): the factor it applies


def score_item(code: str, team: Team, points: int, trick: int | None = None,
               seat: int | None = None, factor: int | None = None) -> ScoreItem:
    """A :class:`ScoreItem`, built without the named tuple's Python-level ``__new__``."""
    return tuple.__new__(ScoreItem, (code, team, points, trick, seat, factor))


@dataclass(slots=True, unsafe_hash=True)
class Score:
    items: tuple[ScoreItem, ...]
    multiplier: int
    value: int
    scores: tuple[int, int, int, int]

    def __init__(self, items: tuple[ScoreItem, ...], multiplier: int, value: int,
                 scores: tuple[int, int, int, int]) -> None:
        self.items = items
        self.multiplier = multiplier
        self.value = value
        self.scores = scores


@dataclass(slots=True, unsafe_hash=True)
class GameInfo:
    type: PlayedType
    re: tuple[int, ...]
    contra: tuple[int, ...]
    declarer: int | None = None
    solo: SoloKind | None = None
    partner: int | None = None
    deciding_trick: int | None = None

    def __init__(self, type: PlayedType, re: tuple[int, ...], contra: tuple[int, ...],
                 declarer: int | None = None, solo: SoloKind | None = None,
                 partner: int | None = None, deciding_trick: int | None = None) -> None:
        self.type = type
        self.re = re
        self.contra = contra
        self.declarer = declarer
        self.solo = solo
        self.partner = partner
        self.deciding_trick = deciding_trick


@dataclass(slots=True, unsafe_hash=True)
class SeatAnnouncements:
    seat: int
    calls: tuple[str, ...]
    name: str | None = None

    def __init__(self, seat: int, calls: tuple[str, ...], name: str | None = None) -> None:
        self.seat = seat
        self.calls = calls
        self.name = name


@dataclass(slots=True, unsafe_hash=True)
class LegalActions:
    """What may legally happen next in an unfinished game."""

    seat: int | None  # the seat to play; None once all cards are played
    cards: tuple[str, ...]
    announcements: tuple[SeatAnnouncements, ...]
    name: str | None = None  # the player to play, where the transcript names the players

    def __init__(self, seat: int | None, cards: tuple[str, ...],
                 announcements: tuple[SeatAnnouncements, ...], name: str | None = None) -> None:
        self.seat = seat
        self.cards = cards
        self.announcements = announcements
        self.name = name


@dataclass(slots=True, unsafe_hash=True)
class ClaimDifference:
    field: str
    claimed: Any
    computed: Any

    def __init__(self, field: str, claimed: Any, computed: Any) -> None:
        self.field = field
        self.claimed = claimed
        self.computed = computed


@dataclass(slots=True, unsafe_hash=True)
class ClaimCheck:
    agrees: bool
    differences: tuple[ClaimDifference, ...]

    def __init__(self, agrees: bool, differences: tuple[ClaimDifference, ...]) -> None:
        self.agrees = agrees
        self.differences = differences


@dataclass(slots=True, unsafe_hash=True)
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

    def __init__(self, ruleset: str, valid: bool, complete: bool,
                 violations: tuple[Violation, ...], notes: tuple[Note, ...],
                 game: GameInfo | None, trick_record: tuple[Trick, ...],
                 announcements: tuple[AnnouncementRecord, ...],
                 card_points: dict[str, int] | None, winner: Team | None,
                 score: Score | None, claimed: ClaimCheck | None = None,
                 legal_actions: LegalActions | None = None,
                 players: tuple[str, ...] | None = None, id: Any = None,
                 ruleset_digest: str = "",
                 unknown_cards: dict[tuple[int, int], str] | None = None) -> None:
        self.ruleset = ruleset
        self.valid = valid
        self.complete = complete
        self.violations = violations
        self.notes = notes
        self.game = game
        self.trick_record = trick_record
        self.announcements = announcements
        self.card_points = card_points
        self.winner = winner
        self.score = score
        self.claimed = claimed
        self.legal_actions = legal_actions
        self.players = players
        self.id = id
        self.ruleset_digest = ruleset_digest
        self.unknown_cards = unknown_cards

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

    def to_dict(self, lang: str = "en") -> dict[str, Any]:
        """The answer of ``POST /v1/games/check`` (the contract's JSON shape), its
        messages said in ``lang`` ("en" or "de")."""
        from service.game.render import render  # the edge: notation printed here

        return render(self, lang)
