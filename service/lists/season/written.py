"""The written ranking against the computed one: one slip, one defect (``season.md``,
"The written ranking"). Names are matched through a dict keyed by who they are, the
order by a longest non-increasing subsequence (O(n log n)): linear in the list but for
the logarithm, whatever names it holds."""

from __future__ import annotations

from bisect import bisect_right
from decimal import Decimal
from fractions import Fraction
from typing import Final

from service.game.budget import spend
from service.game.errors import pointer_token
from service.game.text import Amount, msg, msgn
from service.lists.sitting.standings import ListDefect, list_violation

from .points import Shown, as_json, as_text
from .request import DEFECT_STEPS, WrittenEntry, season_key
from .standing import Line

NOT_RANKED: Final = ("no_day", "too_few", "twice")


def keep_in_order(values: list[Shown]) -> list[bool]:
    """Which entries of ``values`` to keep so that the most are kept and the kept ones
    are non-increasing (equal values in any order): a longest non-increasing
    subsequence, by patience sorting on the negated values (non-decreasing)."""
    tails: list[Shown] = []  # tails[k]: the smallest last value of a kept run of k + 1
    ends: list[int] = []  # the index ending that run
    before = [-1] * len(values)
    for i, value in enumerate(values):
        k = bisect_right(tails, -value)
        if k == len(tails):
            tails.append(-value)
            ends.append(i)
        else:
            tails[k] = -value
            ends[k] = i
        before[i] = ends[k - 1] if k else -1
    keep = [False] * len(values)
    at = ends[-1] if ends else -1
    while at >= 0:
        keep[at] = True
        at = before[at]
    return keep


def check_written(window: str, entries: list[WrittenEntry], ranked: dict[str, Line],
                  unranked: dict[str, Line], min_days: int) -> list[ListDefect]:
    """The defects of one window's written ranking, in the list's order (the missing
    players after, in the ranking's order)."""
    here = f"/written/{pointer_token(window)}"
    found: list[tuple[int, ListDefect]] = []
    seen: set[str] = set()
    ordered: list[tuple[int, Line]] = []  # entries taking part in the order
    for i, entry in enumerate(entries):
        key = season_key(entry.name)
        line = ranked.get(key)
        if line is None or key in seen:
            found.append((i, _unknown(here, i, entry.name, window, key in seen,
                                      unranked.get(key), min_days)))
            continue
        seen.add(key)
        if entry.points != line.exact and Fraction(entry.points) != Fraction(line.shown):
            found.append((i, list_violation(
                "season_points", f"{here}/{i}/points", line.name,
                msg("{name} has {points} ranking points in “{window}”, not {written}",
                    name=line.name, points=Amount(as_text(line.shown)), window=window,
                    written=Amount(_written_text(entry.written))),
                should_be=as_json(line.shown))))
            continue
        ordered.append((i, line))
    keep = keep_in_order([line.shown for _, line in ordered])
    for (i, line), kept in zip(ordered, keep, strict=True):
        if not kept:
            found.append((i, list_violation(
                "season_order", f"{here}/{i}", line.name,
                msg("{name} stands out of order in “{window}”: with {points} ranking "
                    "points his place is {place}", name=line.name, window=window,
                    points=Amount(as_text(line.shown)), place=line.place or 0))))
    found.sort(key=lambda pair: pair[0])
    defects = [d for _, d in found]
    for key, line in ranked.items():
        if key not in seen:
            spend(DEFECT_STEPS)
            defects.append(list_violation(
                "season_missing", here, line.name,
                msgn("{name} is missing from “{window}”: {points} ranking points from "
                     "{count} tournament day, place {place}",
                     "{name} is missing from “{window}”: {points} ranking points from "
                     "{count} tournament days, place {place}", line.days, name=line.name,
                     window=window, points=Amount(as_text(line.shown)),
                     place=line.place or 0)))
    return defects


def _unknown(here: str, i: int, name: str, window: str, twice: bool, below: Line | None,
             min_days: int) -> ListDefect:
    at = f"{here}/{i}/name"
    if twice:
        text = msg("{name} stands in “{window}” a second time: strike this line",
                   name=name, window=window)
    elif below is not None:
        text = msgn("{name} has {count} tournament day in “{window}”, fewer than the "
                    "{least} a ranked player needs: strike this line",
                    "{name} has {count} tournament days in “{window}”, fewer than the "
                    "{least} a ranked player needs: strike this line", below.days,
                    name=name, window=window, least=min_days)
    else:
        text = msg("{name} played on no tournament day counted in “{window}”: strike this "
                   "line or correct the name as written on the days", name=name,
                   window=window)
    return list_violation("season_unknown", at, name, text)


def _written_text(value: Decimal | int) -> str:
    return str(value) if isinstance(value, int) else format(value, "f")
