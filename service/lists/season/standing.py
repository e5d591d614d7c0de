"""A window's span and ranking (``season.md``, "Rankings"): the days it counts, each
player's points, days and best place in it, ranked by the shown points."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Any

from .points import Exact, Shown, as_json, shown
from .request import Window


@dataclass(slots=True)
class Line:
    """One player in one window."""

    key: str
    name: str  # as shown
    exact: Exact = 0
    days: int = 0
    best: int | None = None
    place: int | None = None  # None: unranked (fewer than min_days days)
    shown: Shown = 0

    def as_json(self) -> str:
        """:meth:`as_dict` as compact JSON, written directly (a million of them in a
        season of 100,000 players in ten windows)."""
        head = "" if self.place is None else f'{{"place":{self.place},'
        tail = "}" if self.place is None else f',"best":{self.best}}}'
        return (f'{head or "{"}"name":{json.dumps(self.name)},'
                f'"points":{json.dumps(as_json(self.shown))},"days":{self.days}{tail}')

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "points": as_json(self.shown),
                               "days": self.days}
        if self.place is not None:
            out = {"place": self.place, **out, "best": self.best}
        return out


@dataclass(slots=True)
class Ranking:
    window: Window
    start: date | None
    end: date
    counted: list[int]  # the day indices counted, by date (request order within one)
    ranking: list[Line] = field(default_factory=list)
    unranked: list[Line] = field(default_factory=list)

    def as_dict(self, lines: bool = True) -> dict[str, Any]:
        """The window in the answer (``lines``: with its ranking and unranked players)."""
        out: dict[str, Any] = {"id": self.window.id,
                               "from": None if self.start is None else self.start.isoformat(),
                               "to": self.end.isoformat(), "days": len(self.counted),
                               "counted": self.counted}
        if lines:
            out["ranking"] = [line.as_dict() for line in self.ranking]
            out["unranked"] = [line.as_dict() for line in self.unranked]
        return out


def years_before(day: date, years: int) -> date | None:
    """The same calendar day ``years`` before (29 February steps back to the 28th);
    None before the calendar's first year."""
    if day.year - years < 1:
        return None
    try:
        return day.replace(year=day.year - years)
    except ValueError:
        return day.replace(year=day.year - years, day=28)


def span(window: Window, as_of: date) -> tuple[date | None, date]:
    """The first and last date a window can count (the first None where it is open)."""
    if window.years is not None:
        if window.calendar:
            first = window.years - 1
            start = date(as_of.year - first, 1, 1) if as_of.year - first >= 1 else None
            return start, as_of
        before = years_before(as_of, window.years)
        return (None if before is None else before + timedelta(days=1)), as_of
    end = as_of if window.end is None else min(window.end, as_of)
    return window.start, end


def rank(lines: dict[str, Line], min_days: int) -> tuple[list[Line], list[Line]]:
    """The ranked (by shown points, highest first; equal ones share a place and stand in
    the code-point order of their case-folded names) and the unranked, in that order."""
    for line in lines.values():
        line.shown = shown(line.exact)
    order = sorted(lines.values(), key=lambda ln: (-ln.shown, ln.name.casefold(), ln.key))
    ranked = [ln for ln in order if ln.days >= min_days]
    for i, line in enumerate(ranked):
        same = i and ranked[i - 1].shown == line.shown
        line.place = ranked[i - 1].place if same else i + 1
    return ranked, [ln for ln in order if ln.days < min_days]
