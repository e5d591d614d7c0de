"""One vocabulary: every fixed set of names the contract uses, typed once.

Each set is a ``Literal`` type (so that mypy, strict equality on, refuses a comparison
with a misspelt name) and a tuple of its values read from that type (so that schemas,
the catalogue and the documentation list the same values).
"""

from __future__ import annotations

from typing import Final, Literal, get_args

Team = Literal["re", "contra"]
TEAMS: Final[tuple[Team, ...]] = get_args(Team)

GameType = Literal["normal", "marriage", "poverty", "solo", "redeal"]
"""A game as a transcript declares it."""
GAME_TYPES: Final[tuple[GameType, ...]] = get_args(GameType)

PlayedType = Literal["normal", "silent_marriage", "marriage", "poverty", "solo", "redeal"]
"""A game as the checker found it: a declared normal game may be a silent marriage."""
PLAYED_TYPES: Final[tuple[PlayedType, ...]] = get_args(PlayedType)

SoloKind = Literal["diamonds", "hearts", "spades", "clubs", "queens", "jacks", "kings",
                   "queens_jacks", "kings_jacks", "kings_queens", "koehler", "meatless"]
SOLO_KINDS: Final[tuple[SoloKind, ...]] = get_args(SoloKind)

OrderKind = Literal["normal", "diamonds", "hearts", "spades", "clubs", "queens", "jacks",
                    "kings", "queens_jacks", "kings_jacks", "kings_queens", "koehler",
                    "meatless"]
"""The card order in force: the normal game's or a solo's."""

Call = Literal["re", "contra", "no90", "no60", "no30", "black"]
CALLS: Final[tuple[Call, ...]] = get_args(Call)

Announcement = Literal["re", "contra", "no90", "no60", "no30", "black", "re_or_contra"]
"""A call as a play event may name it: ``re_or_contra`` while a marriage is undecided."""
ANNOUNCEMENTS: Final[tuple[Announcement, ...]] = get_args(Announcement)

SoloBid = Literal["re", "no90", "no60", "no30", "black"]
"""A soloist's call in the reservation round (bid_then_rank_then_seat)."""
SOLO_BIDS: Final[tuple[SoloBid, ...]] = get_args(SoloBid)

Showing = Literal["swines", "hyperswines"]
SHOWINGS: Final[tuple[Showing, ...]] = get_args(Showing)

ReservationKind = Literal["healthy", "solo", "marriage", "poverty", "throw"]
RESERVATIONS: Final[tuple[ReservationKind, ...]] = get_args(ReservationKind)

ThrowReason = Literal["nines", "kings", "nines_kings", "fox_highest", "richness"]
THROW_REASONS: Final[tuple[ThrowReason, ...]] = get_args(ThrowReason)

MarriageTrick = Literal["any", "color", "trump", "club", "spade", "heart"]
MARRIAGE_TRICKS: Final[tuple[MarriageTrick, ...]] = get_args(MarriageTrick)

EventKind = Literal["card", "announce", "show"]
EVENT_KINDS: Final[tuple[EventKind, ...]] = get_args(EventKind)
