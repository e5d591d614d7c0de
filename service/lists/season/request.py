"""A season request read and validated: every field error at once, by JSON pointer
(``season.md``, "Request"). A tournament day is read and checked as its own route does;
its field errors are moved under ``/days/i/tournament``."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Any, Final

from service.game.budget import spend
from service.game.errors import TranscriptError, pointer_token
from service.game.names import NOT_PRINTABLE, name_key, printable
from service.lists.sitting.reader import Reader
from service.lists.sitting.request import MAX_NAME
from service.lists.tournament.check import check_tournament
from service.lists.tournament.request import Tournament, load_tournament
from service.lists.tournament.standing import TournamentResult

from .points import SCHEME_KINDS, TIES, Exact, Scheme, exact

MAX_DAYS: Final = 500
MAX_WINDOWS: Final = 10
MAX_PLACED: Final = 200  # players placed on one day
MAX_SCHEME_POINTS: Final = 200
MAX_YEARS: Final = 100
MAX_ID: Final = 40
MAX_TEXT: Final = 200  # a season's or a day's name
MAX_FIGURE: Final = 10**6  # a scheme's points per place
MAX_WRITTEN: Final = 10**12  # a written ranking's points
MAX_DIGITS: Final = 30
MAX_SCHEME_DECIMALS: Final = 6
TOP_FIELDS: Final = ("name", "scheme", "windows", "as_of", "min_days", "days", "written")
SCHEME_FIELDS: Final = ("kind", "points", "rest", "ties")
WINDOW_FIELDS: Final = ("id", "years", "calendar", "from", "to")
DAY_FIELDS: Final = ("date", "name", "places", "tournament")
WRITTEN_FIELDS: Final = ("name", "points", "place")
ISO_DATE: Final = re.compile(r"\d{4}-\d{2}-\d{2}\Z")
# The season's work in steps (service.game.budget), counted as it is read and checked,
# one step about the cost of one placed entry added into a window (some 3 µs, pure core):
# a window's line is ranked and written in the answer; a written entry is read with its
# exact number and may be a defect said in words; so is a name placed twice on a day or
# a ranked player missing from a written list.
LINE_STEPS: Final = 2
WRITTEN_STEPS: Final = 12
DEFECT_STEPS: Final = 12


@dataclass(frozen=True, slots=True)
class Window:
    id: str
    years: int | None = None
    calendar: bool = False
    start: date | None = None  # from
    end: date | None = None  # to


@dataclass(frozen=True, slots=True)
class Placed:
    """One name placed on a day: as written, where (its pointer), its place and, under
    ``score``, the day's own points."""

    name: str
    pointer: str
    place: int
    score: Exact | None = None


@dataclass(slots=True)
class Day:
    index: int
    date: date
    name: str | None
    placed: list[Placed]  # in the day's order
    tournament: Tournament | None = None
    result: TournamentResult | None = None
    absent: tuple[str, ...] = ()  # a tournament's participants placed nowhere


@dataclass(frozen=True, slots=True)
class WrittenEntry:
    name: str
    points: Exact
    written: Decimal | int  # as written, for the message


@dataclass(slots=True)
class Season:
    name: str | None
    scheme: Scheme
    windows: list[Window]
    as_of: date | None
    min_days: int
    days: list[Day]
    written: dict[str, list[WrittenEntry]]


def season_key(name: str) -> str:
    """Who a name is across days: NFKC, case folded, trimmed, white space collapsed (a
    no-break space is a space)."""
    return " ".join(name_key(name).split())


class SeasonReader(Reader):
    """The sitting's reader, and the numbers and dates of a season."""

    def iso_date(self, value: Any, pointer: str) -> date | None:
        if type(value) is str and ISO_DATE.match(value):
            try:
                return date.fromisoformat(value)
            except ValueError:
                pass
        self.err(pointer, "Must be a date written YYYY-MM-DD.")
        return None

    def number(self, value: Any, pointer: str, bound: int, decimals: int | None = None
               ) -> Exact | None:
        """A JSON number read exactly, within ±``bound`` (and ``decimals`` places)."""
        if type(value) not in (int, float, Decimal):
            self.err(pointer, "Must be a number.")
            return None
        if type(value) is Decimal:
            shape = value.as_tuple()
            if not value.is_finite() or len(shape.digits) > MAX_DIGITS \
                    or int(shape.exponent) < -MAX_DIGITS:
                self.err(pointer, f"Must be a number of at most {MAX_DIGITS} digits.")
                return None
            if abs(value) > bound:
                self.err(pointer, f"Must be from {-bound} to {bound}.")
                return None
        elif not math.isfinite(value) or abs(value) > bound:
            self.err(pointer, f"Must be from {-bound} to {bound}.")
            return None
        figure = exact(value)
        if decimals is not None and type(figure) is not int \
                and (figure * 10**decimals).denominator != 1:
            self.err(pointer, f"Must have at most {decimals} decimal places.")
            return None
        return figure

    def text(self, value: Any, pointer: str, most: int) -> str | None:
        if type(value) is not str or not 1 <= len(value) <= most or not printable(value):
            self.err(pointer, f"Must be a printable text of 1 to {most} characters.")
            return None
        return value

    def person(self, value: Any, pointer: str) -> str | None:
        if type(value) is not str or not 1 <= len(value) <= MAX_NAME:
            self.err(pointer, f"Must be a name of 1 to {MAX_NAME} characters.")
            return None
        if not printable(value):
            self.err(pointer, NOT_PRINTABLE)
            return None
        return value


def load_season(data: Any) -> Season:
    """A season from JSON-like data (numbers ideally as :class:`Decimal`), validated;
    :class:`TranscriptError` lists every field error by JSON pointer. Tournament days
    are checked here too (their check is part of reading them)."""
    r = SeasonReader()
    top = r.obj(data, "", TOP_FIELDS)
    if top is None:
        raise r.refused("season")
    for required in ("scheme", "windows", "days"):
        if required not in top:
            r.err(f"/{required}", "Missing data for required field.")
    name = r.text(top["name"], "/name", MAX_TEXT) if "name" in top else None
    scheme = _scheme(r, top["scheme"]) if "scheme" in top else None
    windows = _windows(r, top["windows"]) if "windows" in top else []
    as_of = r.iso_date(top["as_of"], "/as_of") if "as_of" in top else None
    min_days = r.integer(top["min_days"], "/min_days", 1, MAX_DAYS) if "min_days" in top else 1
    days = _days(r, top["days"]) if "days" in top else []
    written = _written(r, top["written"], windows) if "written" in top else {}
    if r.errors:
        raise r.refused("season")
    assert scheme is not None and min_days is not None
    return Season(name, scheme, windows, as_of, min_days, days, written)


def _scheme(r: SeasonReader, value: Any) -> Scheme | None:
    one = r.obj(value, "/scheme", SCHEME_FIELDS)
    if one is None:
        return None
    kind = one.get("kind")
    if kind not in SCHEME_KINDS:
        r.err("/scheme/kind", "Must be one of: places, field, score.")
        return None
    ties = one.get("ties", "share")
    if ties not in TIES:
        r.err("/scheme/ties", "Must be one of: share, average.")
    if kind != "places":
        for only in ("points", "rest"):
            if only in one:
                r.err(f"/scheme/{only}", "Only points by place have this; leave it out.")
        return Scheme(kind, ties=ties) if ties in TIES else None
    points: list[Exact] = []
    raw = one.get("points")
    if type(raw) is not list or not 1 <= len(raw) <= MAX_SCHEME_POINTS:
        r.err("/scheme/points", f"Must be a list of 1 to {MAX_SCHEME_POINTS} numbers, the "
              "points of place 1, 2, ….")
    else:
        for i, item in enumerate(raw):
            figure = r.number(item, f"/scheme/points/{i}", MAX_FIGURE, MAX_SCHEME_DECIMALS)
            if figure is not None:
                points.append(figure)
    rest: Exact = 0
    if "rest" in one:
        rest = r.number(one["rest"], "/scheme/rest", MAX_FIGURE, MAX_SCHEME_DECIMALS) or rest
    return Scheme(kind, tuple(points), rest, ties) if ties in TIES else None


def _windows(r: SeasonReader, value: Any) -> list[Window]:
    if type(value) is not list or not 1 <= len(value) <= MAX_WINDOWS:
        r.err("/windows", f"Must be a list of 1 to {MAX_WINDOWS} windows.")
        return []
    found: list[Window] = []
    ids: set[str] = set()
    for i, item in enumerate(value):
        here = f"/windows/{i}"
        one = r.obj(item, here, WINDOW_FIELDS)
        if one is None:
            continue
        if "id" not in one:
            r.err(f"{here}/id", "Missing data for required field.")
            continue
        ident = r.text(one["id"], f"{here}/id", MAX_ID)
        if ident is None:
            continue
        if ident in ids:
            r.err(f"{here}/id", f"The window {ident!r} is given twice; ids must differ.")
            continue
        ids.add(ident)
        years = r.integer(one["years"], f"{here}/years", 1, MAX_YEARS) if "years" in one \
            else None
        calendar = r.boolean(one["calendar"], f"{here}/calendar") if "calendar" in one \
            else False
        if "calendar" in one and "years" not in one:
            r.err(f"{here}/calendar", "Calendar years are counted only with a number of years: "
                   "give the number of years, or count the last years instead.")
        start = end = None
        for end_name in ("from", "to"):
            if end_name in one:
                if "years" in one:
                    r.err(f"{here}/{end_name}", "A ranking counts either the last years or the "
                           "days between two dates, not both.")
                    continue
                when = r.iso_date(one[end_name], f"{here}/{end_name}")
                if end_name == "from":
                    start = when
                else:
                    end = when
        found.append(Window(ident, years, calendar, start, end))
    return found


def _days(r: SeasonReader, value: Any) -> list[Day]:
    if type(value) is not list or not 1 <= len(value) <= MAX_DAYS:
        r.err("/days", f"Must be a list of 1 to {MAX_DAYS} tournament days.")
        return []
    found: list[Day] = []
    for i, item in enumerate(value):
        here = f"/days/{i}"
        one = r.obj(item, here, DAY_FIELDS)
        if one is None:
            continue
        when = r.iso_date(one["date"], f"{here}/date") if "date" in one else None
        if "date" not in one:
            r.err(f"{here}/date", "Missing data for required field.")
        name = r.text(one["name"], f"{here}/name", MAX_TEXT) if "name" in one else None
        if ("places" in one) == ("tournament" in one):
            r.err(here, "Give either the day's places or the whole tournament day, not both and "
                        "not neither.")
            continue
        if "places" in one:
            placed = _places(r, one["places"], f"{here}/places")
            if when is not None:
                found.append(Day(i, when, name, placed))
        else:
            day = _tournament(r, plain(one["tournament"]), f"{here}/tournament")
            if day is not None and when is not None:
                tournament, result = day
                found.append(Day(i, when, name, [], tournament, result))
    return found


def _places(r: SeasonReader, value: Any, here: str) -> list[Placed]:
    if type(value) is not list or not value:
        r.err(here, f"Must be a list of 1 to {MAX_PLACED} names, or of lists of names "
              "sharing a place.")
        return []
    placed: list[Placed] = []
    count = 0
    for j, item in enumerate(value):
        group = item if type(item) is list else [item]
        pointers = [f"{here}/{j}/{k}" for k in range(len(group))] if type(item) is list \
            else [f"{here}/{j}"]
        if not group:
            r.err(f"{here}/{j}", "Must hold the names sharing this place (one at least).")
        place = count + 1
        for name, pointer in zip(group, pointers, strict=True):
            count += 1
            spend(1)
            if count == MAX_PLACED + 1:
                r.err(pointer, f"At most {MAX_PLACED} players are placed on one day.")
                return placed
            if (one := r.person(name, pointer)) is not None:
                placed.append(Placed(one, pointer, place))
    return placed


def _tournament(r: SeasonReader, value: Any, here: str
                ) -> tuple[Tournament, TournamentResult] | None:
    try:
        tournament = load_tournament(value)
    except TranscriptError as error:
        r.nested(here, error)
        return None
    return tournament, check_tournament(tournament)


def plain(value: Any) -> Any:
    """A tournament day's data with its decimals as floats, as the tournament route
    reads its body (walked without recursion: nesting is bounded only by the parser)."""
    if type(value) is Decimal:
        return float(value)
    if type(value) not in (dict, list):
        return value
    root: list[Any] = [value]
    stack: list[tuple[Any, Any]] = [(root, 0)]
    while stack:
        holder, key = stack.pop()
        item = holder[key]
        if type(item) is Decimal:
            holder[key] = float(item)
        elif type(item) is dict:
            copy = dict(item)
            holder[key] = copy
            stack += [(copy, k) for k in copy]
        elif type(item) is list:
            copy_list = list(item)
            holder[key] = copy_list
            stack += [(copy_list, k) for k in range(len(copy_list))]
    return root[0]


def _written(r: SeasonReader, value: Any, windows: list[Window]
             ) -> dict[str, list[WrittenEntry]]:
    ids = tuple(w.id for w in windows)
    found: dict[str, list[WrittenEntry]] = {}
    if type(value) is not dict:
        r.err("/written", "Must be an object.")
        return found
    for ident, entries in value.items():
        here = f"/written/{pointer_token(ident)}"
        if ident not in ids:
            if windows:  # without windows (an error already), each key would be one more
                r.err(here, "Names no ranking of this request; a written ranking is given under "
                            "the name of its ranking.")
            continue
        if type(entries) is not list:
            r.err(here, "Must be a list of entries with name and points, in the published "
                  "order.")
            continue
        listed: list[WrittenEntry] = []
        for i, item in enumerate(entries):
            spend(WRITTEN_STEPS)
            at = f"{here}/{i}"
            entry = r.obj(item, at, WRITTEN_FIELDS)
            if entry is None:
                continue
            for required in ("name", "points"):
                if required not in entry:
                    r.err(f"{at}/{required}", "Missing data for required field.")
            name = r.person(entry["name"], f"{at}/name") if "name" in entry else None
            points = r.number(entry["points"], f"{at}/points", MAX_WRITTEN) \
                if "points" in entry else None
            if "place" in entry:
                r.integer(entry["place"], f"{at}/place", 1, 10**6)
            if name is not None and points is not None:
                raw = entry["points"]
                listed.append(WrittenEntry(name, points, raw if type(raw) in (int, Decimal)
                                           else Decimal(repr(raw))))
        found[ident] = listed
    return found
