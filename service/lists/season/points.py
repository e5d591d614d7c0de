"""Ranking points, exactly: a day's places turned into points under the club's scheme,
and a figure shown rounded to two places (``season.md``, "Points per day").

Every figure is exact, from the number as written (a JSON number parsed as a
:class:`~decimal.Decimal`): a whole number as an ``int`` (most clubs' schemes: cheap to
add, some thirty times faster than a fraction), any other as a
:class:`~fractions.Fraction`, so that an average of 16/3 stays 16/3 however many days
are added; only the shown figure is rounded, half away from zero.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Final, Literal

SchemeKind = Literal["places", "field", "score"]
Ties = Literal["share", "average"]
SCHEME_KINDS: Final[tuple[SchemeKind, ...]] = ("places", "field", "score")
TIES: Final[tuple[Ties, ...]] = ("share", "average")
HUNDRED: Final = Fraction(100)
Exact = int | Fraction  # a figure as added: an int where it is whole
Shown = int | Decimal  # a figure as shown: two places, an int where it is whole


def lean(value: Fraction) -> Exact:
    """``value`` as an ``int`` where it is whole."""
    return value.numerator if value.denominator == 1 else value


@dataclass(frozen=True, slots=True)
class Scheme:
    """How a day's places become ranking points."""

    kind: SchemeKind
    points: tuple[Exact, ...] = ()  # kind "places": points[i] for place i + 1
    rest: Exact = 0  # kind "places": a place beyond the list
    ties: Ties = "share"

    def at(self, place: int, participants: int) -> Exact:
        """The points of ``place`` alone (no tie); not for ``score``."""
        if self.kind == "field":
            return participants - place + 1
        return self.points[place - 1] if place <= len(self.points) else self.rest

    def shared(self, place: int, count: int, participants: int) -> Exact:
        """Each one's points where ``count`` players share ``place``: the best place's
        points (``share``) or the average of the places they occupy (``average``)."""
        if count == 1 or self.ties == "share":
            return self.at(place, participants)
        if self.kind == "places" and place > len(self.points):
            return self.rest  # every occupied place is past the list
        total = Fraction(sum(self.at(p, participants) for p in range(place, place + count)))
        return lean(total / count)


def day_points(scheme: Scheme, places: dict[str, int], participants: int
               ) -> dict[str, Exact]:
    """Each placed player's points (``places``: player key -> place, ties sharing one),
    under ``places`` or ``field``. Linear: each tie's places are summed once."""
    sizes: dict[int, int] = {}
    for place in places.values():
        sizes[place] = sizes.get(place, 0) + 1
    each = {place: scheme.shared(place, count, participants) for place, count in sizes.items()}
    return {key: each[place] for key, place in places.items()}


def shown(value: Exact) -> Shown:
    """``value`` rounded to two places, half away from zero (2.675 -> 2.68); a whole
    number stays an int."""
    if isinstance(value, int):
        return value
    cents = abs(value) * HUNDRED
    whole = int(cents + Fraction(1, 2))  # floor of a non-negative number
    return Decimal(whole if value >= 0 else -whole).scaleb(-2)


def as_json(value: Shown) -> int | float:
    """A shown figure as a JSON number: an integer where it is whole, else with at most
    two decimals (a float's shortest form of a two-place decimal is that decimal)."""
    if isinstance(value, int):
        return value
    return int(value) if value == value.to_integral_value() else float(value)


def as_text(value: Shown) -> str:
    """A shown figure as written in a message or a table: "18", "5.33", "-2.5"."""
    if isinstance(value, int):
        return str(value)
    if value == value.to_integral_value():
        return str(int(value))
    return f"{value:.2f}".rstrip("0")


def exact(value: int | Decimal | float) -> Exact:
    """A number as written: a float (from a Python caller) by its shortest form."""
    if isinstance(value, float):
        return lean(Fraction(Decimal(repr(value))))
    return value if type(value) is int else lean(Fraction(value))
