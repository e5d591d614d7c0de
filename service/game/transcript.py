"""What a transcript says, in the core's terms, and the edge that reads it from JSON data.

:func:`service.reading.load.load` has already checked the shape (types, required fields);
this module turns the data into immutable values. Card strings stay as written next to their
code, so that an unknown card is reported where it stands rather than refused.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Final, NamedTuple

from service.game.cards import BY_NAME
from service.game.context import NO_CONTEXT, GameContext
from service.game.options import Ruleset
from service.game.vocabulary import GameType, MarriageTrick, ReservationKind, SoloKind

CARD: Final = 0
ANNOUNCE: Final = 1
SHOW: Final = 2


class Event(NamedTuple):
    """One entry of ``play``: a card, an announcement or a showing, by a seat.

    A named tuple rather than a frozen dataclass: a game has ~50 of them and tuples
    are several times cheaper to build.
    """

    seat: int
    kind: int  # CARD, ANNOUNCE or SHOW
    text: str  # the card, the call or what was shown, as written
    card: int | None = None  # the card's code; None for an unknown card or another kind


# Every well-written card event, by seat and card as written: a game's fifty card events
# are looked up, not built (an event is immutable, so all games share them).
CARD_EVENTS: Final[tuple[dict[str, Event], ...]] = tuple(
    {name: Event(seat, CARD, name, card) for name, card in BY_NAME.items()} for seat in range(4))


class Reservation(NamedTuple):
    seat: int
    reservation: ReservationKind
    solo: SoloKind | None = None
    duty: bool = False
    reason: str | None = None
    bid: str | None = None  # a soloist's call in the reservation round (bid_then_rank_then_seat)


@dataclass(frozen=True, slots=True)
class PartnerRule:
    trick: MarriageTrick = "any"
    nth: int = 1


@dataclass(frozen=True, slots=True)
class Offer:
    seat: int
    accept: bool


class GameDeclaration(NamedTuple):
    """The ``game`` the transcript says was played."""

    type: GameType
    declarer: int | None = None
    solo: SoloKind | None = None
    duty: bool = False
    partner_rule: PartnerRule | None = None
    passed: tuple[str, ...] = ()
    offers: tuple[Offer, ...] = ()
    partner: int | None = None
    returned: tuple[str, ...] = ()
    trumps_returned: int | bool | None = None


class Transcript(NamedTuple):
    """A whole transcript, as the core reads it (a named tuple: one is built per request)."""

    ruleset: Ruleset
    dealer: int
    hands: tuple[tuple[str, ...], ...]
    reservations: tuple[Reservation, ...]
    game: GameDeclaration
    play: tuple[Event, ...]
    players: tuple[str, ...] | None = None
    claimed: dict[str, Any] | None = None
    game_fields: frozenset[str] = frozenset()  # the fields the declared game spelled out
    context: GameContext = NO_CONTEXT
    id: Any = None  # the client's own reference, echoed in the answer


def events_from_list(items: Iterable[dict[str, Any]]) -> tuple[Event, ...]:
    """The play events; each item has a seat and exactly one of card, announce, show."""
    code, new = BY_NAME.get, tuple.__new__  # tuple.__new__: no Python-level __new__ per event
    return tuple([
        new(Event, (item["seat"], CARD, text, code(text)))
        if (text := item.get("card")) is not None else call_or_show(item)
        for item in items])


# tuple.__new__ below: the fields in the named tuple's order, without its Python-level
# __new__ (these are built per request).

def call_or_show(item: dict[str, Any]) -> Event:
    if "announce" in item:
        return tuple.__new__(Event, (item["seat"], ANNOUNCE, item["announce"], None))
    return tuple.__new__(Event, (item["seat"], SHOW, item["show"], None))


def reservation_from_dict(item: dict[str, Any]) -> Reservation:
    return tuple.__new__(Reservation, (
        item["seat"], item["reservation"], item.get("solo"), bool(item.get("duty", False)),
        item.get("reason"), item.get("bid")))


def game_from_dict(data: dict[str, Any]) -> GameDeclaration:
    rule = data.get("partner_rule")
    offers = data.get("offers")
    return tuple.__new__(GameDeclaration, (
        data["type"], data.get("declarer"), data.get("solo"), bool(data.get("duty", False)),
        PartnerRule(rule.get("trick", "any"), rule.get("nth", 1)) if rule else None,
        tuple(data.get("passed", ())),
        tuple([Offer(o["seat"], o["accept"]) for o in offers]) if offers else (),
        data.get("partner"), tuple(data.get("returned", ())), data.get("trumps_returned")))


def from_dict(data: dict[str, Any], ruleset: Ruleset) -> Transcript:
    """A transcript from request data whose shape is already known to be right."""
    return Transcript(
        ruleset=ruleset,
        dealer=data["dealer"],
        hands=tuple(tuple(hand) for hand in data["hands"]),
        reservations=tuple(reservation_from_dict(r) for r in data.get("reservations", ())),
        game=game_from_dict(data.get("game") or {"type": "normal"}),
        game_fields=frozenset(data.get("game") or ()),
        play=events_from_list(data.get("play", ())),
        players=tuple(data["players"]) if data.get("players") else None,
        claimed=data.get("claimed"),
        context=context_from_dict(data.get("context")),
        id=data.get("id"),
    )


def context_from_dict(data: dict[str, Any] | None) -> GameContext:
    if not data:
        return NO_CONTEXT
    return GameContext(bock=data.get("bock", 1), duty_solo_owed=data.get("duty_solo_owed"))
