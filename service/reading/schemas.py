"""The request envelope of ``POST /v1/games/check`` as marshmallow schemas.

marshmallow checks the envelope and the parts that occur once (ruleset, game, claimed);
the per-seat and per-event lists (players, hands, reservations, play) go through the
lean checks of :mod:`.shapes` inside custom fields, so that one ``load``
reports every error of a request. Unknown fields are refused everywhere (marshmallow's
default ``RAISE``); ints never take bools.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, Final

from marshmallow import Schema, ValidationError, fields, validates_schema
from marshmallow.validate import OneOf, Range

from service.game.context import MAX_BOCK
from service.game.errors import FieldError, Found, LateError, Omitted, unescape_token
from service.game.near import Suggester
from service.game.options import CATALOGUE, Ruleset
from service.game.rulesets import RulesetError, resolve
from service.game.vocabulary import GAME_TYPES, MARRIAGE_TRICKS, SOLO_KINDS, TEAMS, GameType
from service.reading import shapes as v

MAX_EXCHANGE = 12  # cards passed or returned in a poverty (three in every preset)
MAX_OFFERS = 8
MAX_ID = 200  # characters of a client's game id


# Per game type: the fields it may carry and those it must carry.
GAME_FIELDS: dict[GameType, tuple[str, ...]] = {
    "normal": (),
    "redeal": (),
    "marriage": ("declarer", "partner_rule", "partner"),
    "poverty": ("declarer", "passed", "offers", "partner", "returned", "trumps_returned"),
    "solo": ("declarer", "solo", "duty"),
}
GAME_REQUIRED: dict[GameType, tuple[str, ...]] = {
    "marriage": ("declarer",),
    "poverty": ("declarer",),
    "solo": ("declarer", "solo"),
}


class StrictBool(fields.Field[Any]):
    """Only JSON true and false (marshmallow's Boolean also takes 1, "yes" …)."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> bool:
        if value is True or value is False:
            return value
        raise ValidationError(v.NOT_BOOLEAN)


class BoundedList(fields.List[Any]):
    """A list whose length is checked before its items, so a huge list costs nothing."""

    def __init__(self, inner: fields.Field[Any], *, min_length: int = 0, max_length: int,
                 **kwargs: Any):
        super().__init__(inner, **kwargs)
        self.min_length, self.max_length = min_length, max_length

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if isinstance(value, list) and not self.min_length <= len(value) <= self.max_length:
            if self.min_length == self.max_length:
                raise ValidationError(v.exactly(self.max_length, "entries"))
            raise ValidationError(v.at_most(self.max_length))
        return super()._deserialize(value, attr, data, **kwargs)


class Lean(fields.Field[Any]):
    """A field checked by a plain function of :mod:`.shapes`; value kept as is."""

    def __init__(self, check: Callable[[Any], v.Errors | None], **kwargs: Any):
        super().__init__(**kwargs)
        self.check = check

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        errors = self.check(value)
        if errors:
            raise ValidationError(errors)
        return value


class TrumpsReturned(fields.Field[Any]):
    """A count (ruleset says how many) or a boolean (ruleset says only whether)."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> int | bool:
        if value is True or value is False or (type(value) is int and value >= 0):
            return value
        raise ValidationError("Must be a non-negative integer or a boolean.")


class RulesetField(fields.Field[Any]):
    """A preset id or ``{"preset": id, "options": {...}}``, resolved to a :class:`Ruleset`.

    Resolving here lets an unknown option be reported together with the other errors.
    """

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Ruleset:
        if isinstance(value, str):
            return self._resolve(value, {})
        if not isinstance(value, dict):
            raise ValidationError("Must be a preset id or an object with preset and options.")
        errors: dict[str, Any] = {key: [v.UNKNOWN] for key in value
                                  if key not in ("preset", "options")}
        if "preset" not in value:
            errors["preset"] = [v.REQUIRED]
        elif not isinstance(value["preset"], str):
            errors["preset"] = [v.NOT_STRING]
        options = value.get("options", {})
        if not isinstance(options, dict):
            errors["options"] = [v.NOT_OBJECT]
        elif too_big := _oversized_options(options):
            errors["options"] = too_big
        if errors:
            raise ValidationError(errors)
        return self._resolve(value, options)

    @staticmethod
    def _resolve(spec: str | dict[str, Any], options: dict[str, Any]) -> Ruleset:
        try:
            return resolve(spec)
        except RulesetError as error:
            raise ValidationError(_ruleset_errors(error, isinstance(spec, str), options)) from None


def _oversized_options(options: dict[str, Any]) -> dict[str, list[str]]:
    """Integer options above v.MAX_OPTION_INT: the core takes any size, but a score
    multiplied by a huge one has more digits than an answer may print."""
    found = {}
    for name, value in options.items():
        kind = CATALOGUE[name]["kind"] if name in CATALOGUE else None
        values = value if kind == "ints" and isinstance(value, list) else [value]
        if kind in ("int", "ints") and any(
                type(item) is int and item > v.MAX_OPTION_INT for item in values):
            found[name] = [f"{name}: {v.OPTION_INT}"]
    return found


def _ruleset_errors(error: RulesetError, is_id: bool, options: dict[str, Any]) -> Any:
    """Place each problem at the option the client sent, else at the ruleset itself."""
    if is_id:
        return [f"{p.option}: {p.message}" for p in error.problems]
    placed: dict[Any, Any] = {Omitted: error.omitted} if error.omitted else {}
    for p in error.problems:
        message = f"{p.option}: {p.message}"
        if p.option == "preset":
            placed.setdefault("preset", []).append(message)
        elif p.option in options:
            placed.setdefault("options", {}).setdefault(p.option, []).append(message)
        else:
            placed.setdefault("_schema", []).append(message)
    return placed


def _seat(**kwargs: Any) -> fields.Integer:
    return fields.Integer(strict=True, validate=Range(0, v.SEATS - 1, error=v.SEAT), **kwargs)


def _choice(choices: tuple[str, ...], **kwargs: Any) -> fields.String:
    return fields.String(validate=OneOf(choices, error=v.one_of(choices)), **kwargs)


class ObjectSchema(Schema):
    error_messages = {"type": v.NOT_OBJECT}  # noqa: RUF012 (marshmallow reads it per class)


class PartnerRuleSchema(ObjectSchema):
    trick = _choice(MARRIAGE_TRICKS)
    nth = fields.Integer(strict=True, validate=Range(min=1))


class OfferSchema(ObjectSchema):
    seat = _seat(required=True)
    accept = StrictBool(required=True)


class GameSchema(ObjectSchema):
    type = _choice(GAME_TYPES, required=True)
    declarer = _seat()
    solo = _choice(SOLO_KINDS)
    duty = StrictBool()
    partner_rule = fields.Nested(PartnerRuleSchema)
    passed = BoundedList(fields.String(), max_length=MAX_EXCHANGE)
    offers = BoundedList(fields.Nested(OfferSchema), max_length=MAX_OFFERS)
    partner = _seat(allow_none=True)  # null: nobody took the poverty / the bride alone
    returned = BoundedList(fields.String(), max_length=MAX_EXCHANGE)
    trumps_returned = TrumpsReturned()

    @validates_schema(pass_original=True, skip_on_field_errors=False)
    def _fits_type(self, data: dict[str, Any], original: Any, **kwargs: Any) -> None:
        kind = original.get("type") if isinstance(original, dict) else None
        if not isinstance(kind, str) or kind not in GAME_FIELDS:
            return
        errors: dict[str, list[str]] = {
            name: [f"Not a field of a {kind} game."]
            for name in original if name != "type" and name not in GAME_FIELDS[kind]
            and name in self.fields}
        for name in GAME_REQUIRED.get(kind, ()):
            if name not in original:
                errors[name] = [v.REQUIRED]
        if errors:
            raise ValidationError(errors)


class CardPointsSchema(ObjectSchema):
    re = fields.Integer(strict=True, required=True)
    contra = fields.Integer(strict=True, required=True)


class ClaimedSchema(ObjectSchema):
    winner = _choice(TEAMS, allow_none=True)
    value = fields.Integer(strict=True)
    scores = BoundedList(fields.Integer(strict=True), min_length=v.SEATS, max_length=v.SEATS)
    card_points = fields.Nested(CardPointsSchema)
    valid = StrictBool()


class ContextSchema(ObjectSchema):
    bock = fields.Integer(strict=True, validate=Range(1, MAX_BOCK))
    duty_solo_owed = StrictBool(allow_none=True)


class ClientId(fields.Field[Any]):
    """The client's own reference: a string of at most MAX_ID characters or an integer."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if (type(value) is str and 1 <= len(value) <= MAX_ID) or (
                type(value) is int and abs(value) < 2**53):
            return value
        if type(value) is float:  # 3.0: numbers are read as written
            raise ValidationError(v.NOT_INTEGER)
        raise ValidationError(f"Must be a string of 1 to {MAX_ID} characters or an integer.")


class TranscriptSchema(ObjectSchema):
    id = ClientId()
    ruleset = RulesetField(required=True)
    players = Lean(v.players_errors)
    dealer = _seat(required=True)
    hands = Lean(v.hands_errors, required=True)
    reservations = Lean(v.reservations_errors)
    game = fields.Nested(GameSchema)
    play = Lean(v.play_errors, required=True)
    claimed = fields.Nested(ClaimedSchema)
    context = fields.Nested(ContextSchema)


TRANSCRIPT = TranscriptSchema()


# ---- an unknown field names the nearest known one -------------------------------------------

LIST_ITEMS: Final = {"play": v.EVENT_FIELDS, "reservations": v.RESERVATION_FIELDS}


def known_fields(pointer: str) -> frozenset[str]:
    """The field names the object at ``pointer`` may hold (none where it is no object of
    the transcript's)."""
    tokens = pointer.split("/")[1:]
    schema: Schema | None = TRANSCRIPT
    names: frozenset[str] = frozenset(TRANSCRIPT.fields)
    while tokens:
        token = tokens.pop(0)
        if schema is None:
            return frozenset()
        if token in LIST_ITEMS and schema is TRANSCRIPT:
            return LIST_ITEMS[token] if len(tokens) == 1 else frozenset()
        if token == "ruleset" and schema is TRANSCRIPT:
            return frozenset(("preset", "options")) if not tokens else frozenset()
        field = schema.fields.get(token)
        if isinstance(field, fields.List):
            field = field.inner
            if not tokens or not tokens.pop(0).isdigit():
                return frozenset()
        if not isinstance(field, fields.Nested) or not isinstance(field.schema, Schema):
            return frozenset()
        schema = field.schema
        names = frozenset(schema.fields)
    return names


def with_suggestions(errors: list[FieldError]) -> list[Found]:
    """Each "Unknown field." to be told the known field it is a slip for, where one is
    near (written only where it is kept, see LateError)."""
    return [LateError(e.pointer, partial(_unknown_field, e.pointer))
            if e.message == v.UNKNOWN else e for e in errors]


def _unknown_field(pointer: str, suggester: Suggester) -> str:
    parent, _, name = pointer.rpartition("/")
    near = suggester.nearest(unescape_token(name), known_fields(parent))
    return f"Unknown field; did you mean “{near[0]}”?" if near else v.UNKNOWN
