"""Lean shape checks for the repetitive parts of a request: play, hands, reservations, players.

A full game has some fifty play events; a marshmallow schema per event (or even per
reservation) would cost more than checking the game itself, so these run as plain
loops with a fast path for the common well-formed entry. Errors come back in
marshmallow's nested format (``{index: {field: [message]}}``, ``_schema`` for the
element itself) so that the schema merges them with its own and one answer reports
every error.
"""

from __future__ import annotations

from typing import Any, Final

from service.game.names import clashes, name_problem
from service.game.vocabulary import (
    ANNOUNCEMENTS,
    EVENT_KINDS,
    RESERVATIONS,
    SHOWINGS,
    SOLO_BIDS,
    SOLO_KINDS,
    THROW_REASONS,
)

# Bounds that keep a request small; a real game stays far below each of them.
MAX_EVENTS: Final = 200  # 48 cards plus announcements and showings, with room for overlong games
MAX_HAND: Final = 24  # a hand holds 12 cards; more are the core's deal_card_count violation
MAX_RESERVATIONS: Final = 8  # one per seat; room for extras, which the core reports
MAX_NAME: Final = 64
# Integer ruleset options (multipliers, deadlines, counts): far above any rulebook's values,
# low enough that no score computed with them outgrows what JSON output may print.
MAX_OPTION_INT: Final = 1000
SEATS: Final = 4

EVENT_FIELDS: Final = frozenset(("seat", *EVENT_KINDS))
PLAIN_RESERVATIONS: Final = ("healthy", "marriage", "poverty")  # those that take no other field
# Fields a reservation may carry only with one kind of reservation, and which it needs.
RESERVATION_EXTRAS: Final = {"solo": "solo", "duty": "solo", "bid": "solo", "reason": "throw"}
RESERVATION_NEEDS: Final = {"solo": "solo", "throw": "reason"}
RESERVATION_FIELDS: Final = frozenset(("seat", "reservation", *RESERVATION_EXTRAS))

# Messages shared with the marshmallow schemas, so that both speak alike.
REQUIRED: Final = "Missing data for required field."
UNKNOWN: Final = "Unknown field."
NOT_OBJECT: Final = "Must be an object."
NOT_LIST: Final = "Not a valid list."
NOT_STRING: Final = "Not a valid string."
NOT_INTEGER: Final = "Not a valid integer."
NOT_BOOLEAN: Final = "Not a valid boolean."
SEAT: Final = "Must be a seat: an integer from 0 to 3."
ONE_KIND: Final = "Must have exactly one of: card, announce, show."
NAME: Final = f"Must be 1 to {MAX_NAME} characters long."
OPTION_INT: Final = f"must be at most {MAX_OPTION_INT}"


def one_of(choices: tuple[str, ...]) -> str:
    return f"Must be one of: {', '.join(choices)}."


def at_most(limit: int) -> str:
    return f"Must have at most {limit} entries."


def exactly(count: int, what: str) -> str:
    return f"Must have exactly {count} {what}."


ANNOUNCE_ERROR: Final = one_of(ANNOUNCEMENTS)
SHOW_ERROR: Final = one_of(SHOWINGS)

Errors = dict[Any, Any] | list[str]


def is_seat(value: Any) -> bool:
    # type() rather than isinstance(): a JSON true is no seat
    return type(value) is int and 0 <= value < SEATS


def _seat_error(item: dict[str, Any]) -> str | None:
    if "seat" not in item:
        return REQUIRED
    if is_seat(item["seat"]):
        return None
    return NOT_INTEGER if type(item["seat"]) is not int else SEAT


def play_errors(events: Any) -> Errors | None:
    """Errors in the ``play`` list, or None if it has the right shape."""
    if type(events) is not list:
        return [NOT_LIST]
    if len(events) > MAX_EVENTS:
        return [at_most(MAX_EVENTS)]
    errors: dict[int, Errors] = {}
    for index, event in enumerate(events):
        # Fast path: a well-formed card event (is_seat inlined: this runs ~50 times a game).
        if type(event) is dict and len(event) == 2:
            seat = event.get("seat")
            if type(seat) is int and 0 <= seat < SEATS and type(event.get("card")) is str:
                continue
        found = event_errors(event)
        if found:
            errors[index] = found
    return errors or None


def event_errors(event: Any) -> Errors | None:
    if type(event) is not dict:
        return [NOT_OBJECT]
    errors: dict[str, list[str]] = {}
    seat = _seat_error(event)
    if seat:
        errors["seat"] = [seat]
    kinds = [kind for kind in EVENT_KINDS if kind in event]
    if len(kinds) != 1:
        errors["_schema"] = [ONE_KIND]
    if "card" in event and type(event["card"]) is not str:
        errors["card"] = [NOT_STRING]
    if "announce" in event and event["announce"] not in ANNOUNCEMENTS:
        errors["announce"] = [ANNOUNCE_ERROR]
    if "show" in event and event["show"] not in SHOWINGS:
        errors["show"] = [SHOW_ERROR]
    for key in event:
        if key not in EVENT_FIELDS:
            errors[key] = [UNKNOWN]
    return errors or None


def hands_errors(hands: Any) -> Errors | None:
    """Errors in ``hands``: four lists of card strings. Card counts and names are the core's."""
    if type(hands) is not list:
        return [NOT_LIST]
    if len(hands) != SEATS:
        return [exactly(SEATS, "hands, one per seat")]
    errors: dict[int, Errors] = {}
    for seat, hand in enumerate(hands):
        if type(hand) is not list:
            errors[seat] = [NOT_LIST]
        elif len(hand) > MAX_HAND:
            errors[seat] = [at_most(MAX_HAND)]
        else:
            bad = {i: [NOT_STRING] for i, card in enumerate(hand) if type(card) is not str}
            if bad:
                errors[seat] = bad
    return errors or None


def is_plain_reservation(item: Any) -> bool:
    """The fast path: ``{"seat": s, "reservation": "healthy"}`` and its like, which need no
    further check."""
    return (type(item) is dict and len(item) == 2 and is_seat(item.get("seat"))
            and item.get("reservation") in PLAIN_RESERVATIONS)


def reservations_errors(items: Any) -> Errors | None:
    """Errors in ``reservations``; who was entitled to what is the core's business."""
    if type(items) is not list:
        return [NOT_LIST]
    if len(items) > MAX_RESERVATIONS:
        return [at_most(MAX_RESERVATIONS)]
    errors: dict[int, Errors] = {}
    for index, item in enumerate(items):
        if is_plain_reservation(item):
            continue
        found = reservation_errors(item)
        if found:
            errors[index] = found
    return errors or None


def reservation_errors(item: Any) -> Errors | None:
    if type(item) is not dict:
        return [NOT_OBJECT]
    errors: dict[str, list[str]] = {}
    seat = _seat_error(item)
    if seat:
        errors["seat"] = [seat]
    kind = item.get("reservation")
    if "reservation" not in item:
        errors["reservation"] = [REQUIRED]
    elif kind not in RESERVATIONS:
        errors["reservation"] = [one_of(RESERVATIONS)]
        kind = None
    if "solo" in item and item["solo"] not in SOLO_KINDS:
        errors["solo"] = [one_of(SOLO_KINDS)]
    if "duty" in item and item["duty"] is not True and item["duty"] is not False:
        errors["duty"] = [NOT_BOOLEAN]
    if "reason" in item and item["reason"] not in THROW_REASONS:
        errors["reason"] = [one_of(THROW_REASONS)]
    if "bid" in item and item["bid"] not in SOLO_BIDS:
        errors["bid"] = [one_of(SOLO_BIDS)]
    if kind is not None:
        for name, needs in RESERVATION_EXTRAS.items():
            if name in item and kind != needs:
                errors.setdefault(name, []).append(f"Only allowed with reservation {needs}.")
        needed = RESERVATION_NEEDS.get(kind)
        if needed and needed not in item:
            errors[needed] = [REQUIRED]
    for key in item:
        if key not in RESERVATION_FIELDS:
            errors[key] = [UNKNOWN]
    return errors or None


def players_errors(names: Any) -> Errors | None:
    """Errors in ``players``: one name per seat."""
    if type(names) is not list:
        return [NOT_LIST]
    if len(names) != SEATS:
        return [exactly(SEATS, "names, one per seat")]
    errors: dict[int, Errors] = {}
    for seat, name in enumerate(names):
        if type(name) is not str:
            errors[seat] = [NOT_STRING]
        elif not 1 <= len(name) <= MAX_NAME:
            errors[seat] = [NAME]
        elif (problem := name_problem(name)) is not None:
            errors[seat] = [problem]
    if not errors:
        for seat, message in clashes(names).items():
            errors[seat] = [message]
    return errors or None
