"""A plain-code fast path in front of the marshmallow schemas, for well-formed transcripts.

:data:`service.reading.schemas.TRANSCRIPT` is the authority on what a transcript may hold
and on every error message; it costs some 45 µs a game. :func:`fast_transcript`
recognises the transcripts clients send (every field of the right type and in range)
and returns exactly the :class:`Transcript` that ``from_dict(TRANSCRIPT.load(data))``
builds for them, in one pass: each list is checked and turned into the core's values in
the same loop (the play's some fifty events are the bulk of a request), and the nested
objects the transcript keeps as data (``claimed``) are rebuilt in the schemas' field
order. Anything it does not recognise (a wrong type, an unknown field, a bool where an
integer belongs, a ruleset that does not resolve) gives None, and the caller asks
marshmallow, which accepts or explains. tests/test_fast_paths.py holds the two to the
same answer, byte for byte.
"""

from __future__ import annotations

from typing import Any, Final

from service.game.context import MAX_BOCK
from service.game.rulesets import resolve
from service.game.transcript import (
    CARD,
    CARD_EVENTS,
    Event,
    GameDeclaration,
    Reservation,
    Transcript,
    call_or_show,
    context_from_dict,
    game_from_dict,
    reservation_from_dict,
)
from service.game.vocabulary import GAME_TYPES, MARRIAGE_TRICKS, SOLO_KINDS, TEAMS
from service.reading import shapes
from service.reading.schemas import (
    GAME_FIELDS,
    GAME_REQUIRED,
    MAX_EXCHANGE,
    MAX_ID,
    MAX_OFFERS,
    _oversized_options,
)

Data = dict[str, Any]

TOP_FIELDS: Final = frozenset(("id", "ruleset", "players", "dealer", "hands", "reservations",
                               "game", "play", "claimed", "context"))
# What a field's plain check returns for "not recognised: ask marshmallow".
_NO: Final[Any] = object()
NORMAL_GAME: Final = GameDeclaration("normal")  # a transcript without ``game``


def _seat(value: Any) -> bool:
    return type(value) is int and 0 <= value < shapes.SEATS


def _client_id(value: Any) -> Any:
    if (type(value) is str and 1 <= len(value) <= MAX_ID) or (
            type(value) is int and abs(value) < 2**53):
        return value
    return _NO


def _ruleset(value: Any) -> Any:
    if type(value) is dict:
        if not value.keys() <= {"preset", "options"} or type(value.get("preset")) is not str:
            return _NO
        options = value.get("options", {})
        if type(options) is not dict or _oversized_options(options):
            return _NO
    elif type(value) is not str:
        return _NO
    try:
        return resolve(value)
    except Exception:  # RulesetError, or a value the catalogue chokes on: marshmallow says
        return _NO


def _dealer(value: Any) -> Any:
    return value if _seat(value) else _NO


def _strings(value: Any) -> Any:
    if type(value) is list and len(value) <= MAX_EXCHANGE and all(
            type(card) is str for card in value):
        return list(value)
    return _NO


def _offers(value: Any) -> Any:
    if type(value) is not list or len(value) > MAX_OFFERS:
        return _NO
    out = []
    for offer in value:
        if (type(offer) is not dict or len(offer) != 2 or not _seat(offer.get("seat"))
                or type(offer.get("accept")) is not bool):
            return _NO
        out.append({"seat": offer["seat"], "accept": offer["accept"]})
    return out


def _partner_rule(value: Any) -> Any:
    if type(value) is not dict or not value.keys() <= {"trick", "nth"}:
        return _NO
    out: dict[str, Any] = {}
    if "trick" in value:
        if value["trick"] not in MARRIAGE_TRICKS or type(value["trick"]) is not str:
            return _NO
        out["trick"] = value["trick"]
    if "nth" in value:
        nth = value["nth"]
        if type(nth) is not int or nth < 1:
            return _NO
        out["nth"] = nth
    return out


def _trumps_returned(value: Any) -> Any:
    if type(value) is bool:  # apart: compiled, `bool or int` is an int, True would be 1
        return value
    return value if type(value) is int and value >= 0 else _NO


def _choice(choices: tuple[str, ...]) -> Any:
    def load(value: Any) -> Any:
        return value if type(value) is str and value in choices else _NO
    return load


def _bool(value: Any) -> Any:
    return value if type(value) is bool else _NO


def _game(value: Any) -> Any:
    if type(value) is not dict:
        return _NO
    kind = value.get("type")
    if type(kind) is not str or kind not in GAME_TYPES:
        return _NO
    for name in GAME_REQUIRED.get(kind, ()):
        if name not in value:
            return _NO
    allowed = GAME_FIELDS[kind]
    for name in value:
        if name != "type" and name not in allowed:
            return _NO
    # In the schema's order, as marshmallow loads it (game_fields is a frozenset of these
    # names, and a set's order follows its insertions): the kind's few fields, not all ten.
    out: Data = {"type": kind}
    for name in allowed:
        if name in value:
            loaded = _GAME[name](value[name])
            if loaded is _NO:
                return _NO
            out[name] = loaded
    return out


def _partner(value: Any) -> Any:
    return value if value is None or _seat(value) else _NO


def _int(value: Any) -> Any:
    return value if type(value) is int else _NO


def _scores(value: Any) -> Any:
    if type(value) is list and len(value) == shapes.SEATS and all(
            type(score) is int for score in value):
        return list(value)
    return _NO


def _card_points(value: Any) -> Any:
    if (type(value) is dict and len(value) == 2 and type(value.get("re")) is int
            and type(value.get("contra")) is int):
        return {"re": value["re"], "contra": value["contra"]}
    return _NO


def _winner(value: Any) -> Any:
    return value if value is None or (type(value) is str and value in TEAMS) else _NO


def _bock(value: Any) -> Any:
    return value if type(value) is int and 1 <= value <= MAX_BOCK else _NO


def _owed(value: Any) -> Any:
    return value if value is None or type(value) is bool else _NO


def _claimed(value: Any) -> Any:
    return _object(value, _CLAIMED) if type(value) is dict else _NO


def _context(value: Any) -> Any:
    return _object(value, _CONTEXT) if type(value) is dict else _NO


def _players(value: Any) -> Any:
    return tuple(value) if shapes.players_errors(value) is None else _NO


def _hands(value: Any) -> Any:
    """The four hands as tuples of the cards as written."""
    if shapes.hands_errors(value) is not None:
        return _NO
    return tuple([tuple(hand) for hand in value])


def _reservations(value: Any) -> Any:
    if type(value) is not list or len(value) > shapes.MAX_RESERVATIONS:
        return _NO
    new = tuple.__new__  # no Python-level __new__ per reservation
    reservations = []
    for item in value:
        if shapes.is_plain_reservation(item):
            reservations.append(new(Reservation, (item["seat"], item["reservation"], None,
                                                  False, None, None)))
            continue
        if shapes.reservation_errors(item) is not None:
            return _NO
        reservations.append(reservation_from_dict(item))
    return tuple(reservations)


def _events(value: Any) -> Any:
    """The play as events, checked and built in one loop (this runs ~50 times a game)."""
    if type(value) is not list or len(value) > shapes.MAX_EVENTS:
        return _NO
    events = []
    for item in value:
        if type(item) is dict and len(item) == 2:
            # Fast path: a well-formed card event (the seat check inlined; get, as an
            # announcement has no "card" and a caught KeyError costs a microsecond).
            seat, text = item.get("seat"), item.get("card")
            if type(seat) is int and 0 <= seat < shapes.SEATS and type(text) is str:
                event = CARD_EVENTS[seat].get(text)
                events.append(event if event is not None else Event(seat, CARD, text, None))
                continue
        if shapes.event_errors(item) is not None:
            return _NO
        events.append(call_or_show(item))  # a card event takes the fast path
    return tuple(events)


_GAME: Final[dict[str, Any]] = {  # "type" is read by _game itself
    "declarer": _dealer, "solo": _choice(SOLO_KINDS),
    "duty": _bool, "partner_rule": _partner_rule, "passed": _strings, "offers": _offers,
    "partner": _partner, "returned": _strings, "trumps_returned": _trumps_returned,
}
_CLAIMED: Final[dict[str, Any]] = {
    "winner": _winner, "value": _int, "scores": _scores, "card_points": _card_points,
    "valid": _bool,
}
_CONTEXT: Final[dict[str, Any]] = {"bock": _bock, "duty_solo_owed": _owed}
_REQUIRED: Final = ("ruleset", "dealer", "hands", "play")


def _object(value: Data, fields: dict[str, Any]) -> Any:
    """The object rebuilt in the fields' order, or _NO if a key is unknown or a value
    is not recognised."""
    if not value.keys() <= fields.keys():
        return _NO
    out = {}
    for name, load in fields.items():
        if name in value:
            loaded = load(value[name])
            if loaded is _NO:
                return _NO
            out[name] = loaded
    return out


def fast_transcript(data: Data) -> Transcript | None:
    """What ``from_dict(TRANSCRIPT.load(data), ruleset)`` returns, for a transcript this
    path recognises; None for any other (marshmallow decides it)."""
    if not data.keys() <= TOP_FIELDS:
        return None
    for name in _REQUIRED:
        if name not in data:
            return None
    dealer = data["dealer"]
    ruleset = _ruleset(data["ruleset"])
    hands = _hands(data["hands"])
    play = _events(data["play"])
    # each optional field loaded where present (direct calls: compiled, they stay native)
    game_data = _game(data["game"]) if "game" in data else None
    players = _players(data["players"]) if "players" in data else None
    reservations = _reservations(data["reservations"]) if "reservations" in data else ()
    claimed = _claimed(data["claimed"]) if "claimed" in data else None
    context = _context(data["context"]) if "context" in data else None
    client_id = _client_id(data["id"]) if "id" in data else None
    # by identity: `_NO in (…)` would call each value's __eq__ (Ruleset's is Python code)
    if (ruleset is _NO or not _seat(dealer) or hands is _NO or play is _NO
            or game_data is _NO or players is _NO or reservations is _NO or claimed is _NO
            or context is _NO or client_id is _NO):
        return None
    # tuple.__new__: the fields in Transcript's order, without the named tuple's
    # Python-level __new__ and its keyword arguments
    return tuple.__new__(Transcript, (
        ruleset, dealer, hands, reservations,
        game_from_dict(game_data) if game_data else NORMAL_GAME,
        play, players, claimed,
        frozenset(game_data) if game_data else frozenset(),
        context_from_dict(context), client_id))
