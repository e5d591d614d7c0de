"""A season checked: each day's points, each window's ranking, the written rankings
(``season.md``). Every player is found through a dict keyed by who he is, so the work
grows with the number of names placed, whatever they are."""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from datetime import date
from typing import Any

from service.game.budget import spend
from service.game.text import msg
from service.game.version import VERSION
from service.lists.sitting.standings import ListDefect, list_note, list_violation

from .points import Exact, Scheme, as_json, day_points, shown
from .request import (
    DEFECT_STEPS,
    LINE_STEPS,
    Day,
    Placed,
    Season,
    load_season,
    season_key,
)
from .standing import Line, Ranking, rank, span
from .written import check_written


@dataclass(slots=True)
class DayPoints:
    """One day as counted: who is placed where and with what points (by player key)."""

    day: Day
    names: dict[str, str]  # key -> the name as written that day
    places: dict[str, int]
    points: dict[str, Exact]
    counts: bool


@dataclass(frozen=True, slots=True)
class SeasonResult:
    name: str | None
    as_of: date
    rankings: tuple[Ranking, ...]
    days: tuple[DayPoints, ...]
    shown_names: dict[str, str]  # key -> the name shown
    violations: tuple[ListDefect, ...]
    notes: tuple[ListDefect, ...]

    @property
    def valid(self) -> bool:
        return not self.violations

    def to_dict(self, lang: str = "en") -> dict[str, Any]:
        """The answer of ``POST /v1/seasons/check``, its messages said in ``lang``."""
        rest = self.to_dict_without_rankings(lang)
        return {"valid": rest.pop("valid"), "name": rest.pop("name"),
                "as_of": rest.pop("as_of"), "windows": [r.as_dict() for r in self.rankings],
                **rest}

    def to_json(self, lang: str = "en") -> str:
        """:meth:`to_dict` as compact JSON, each ranking line, day and defect written as
        it is made: ten windows of a hundred thousand players are held as text, not as a
        million dicts (some five times the memory)."""
        windows = ",".join(
            _dumps(r.as_dict(lines=False))[:-1]
            + ',"ranking":[' + ",".join(ln.as_json() for ln in r.ranking)
            + '],"unranked":[' + ",".join(ln.as_json() for ln in r.unranked) + "]}"
            for r in self.rankings)
        head = _dumps({"valid": self.valid, "name": self.name,
                       "as_of": self.as_of.isoformat()})[:-1]
        days = ",".join(_dumps(self._day(d)) for d in self.days)
        violations = ",".join(_dumps(v.as_dict(lang)) for v in self.violations)
        notes = ",".join(_dumps(n.as_dict(lang)) for n in self.notes)
        return (f'{head},"windows":[{windows}],"days":[{days}],"violations":[{violations}],'
                f'"notes":[{notes}],"service_version":{_dumps(VERSION)}}}')

    def to_dict_without_rankings(self, lang: str) -> dict[str, Any]:
        return {
            "valid": self.valid, "name": self.name, "as_of": self.as_of.isoformat(),
            "days": [self._day(d) for d in self.days],
            "violations": [v.as_dict(lang) for v in self.violations],
            "notes": [n.as_dict(lang) for n in self.notes],
            "service_version": VERSION,
        }

    def _day(self, d: DayPoints) -> dict[str, Any]:
        names = self.shown_names
        return {"index": d.day.index, "date": d.day.date.isoformat(), "name": d.day.name,
                "participants": len(d.places), "counts": d.counts,
                "points": {names[k]: as_json(shown(p)) for k, p in d.points.items()},
                "places": {names[k]: p for k, p in d.places.items()}}


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))


class Check:
    def __init__(self, season: Season):
        self.s = season
        self.violations: list[ListDefect] = []
        self.notes: list[ListDefect] = []

    def run(self) -> SeasonResult:
        s = self.s
        as_of = s.as_of or max(d.date for d in s.days)
        days = [self.day(d, as_of) for d in s.days]
        names = shown_names(days, as_of)
        rankings = []
        for window in s.windows:
            start, end = span(window, as_of)
            counted = sorted((d for d in days if d.counts and d.day.date <= end
                              and (start is None or start <= d.day.date)),
                             key=lambda d: (d.day.date, d.day.index))
            lines: dict[str, Line] = {}
            for d in counted:
                spend(len(d.points))  # each entry added into the window's lines
                for key, points in d.points.items():
                    line = lines.get(key)
                    if line is None:
                        line = lines[key] = Line(key, names[key])
                    line.exact += points
                    line.days += 1
                    place = d.places[key]
                    line.best = place if line.best is None else min(line.best, place)
            spend(LINE_STEPS * len(lines))  # each line ranked and written in the answer
            ranked, unranked = rank(lines, s.min_days)
            rankings.append(Ranking(window, start, end, [d.day.index for d in counted],
                                    ranked, unranked))
            if window.id in s.written:
                self.violations += check_written(
                    window.id, s.written[window.id], {ln.key: ln for ln in ranked},
                    {ln.key: ln for ln in unranked}, s.min_days)
        return SeasonResult(s.name, as_of, tuple(rankings), tuple(days), names,
                            tuple(self.violations), tuple(self.notes))

    def day(self, day: Day, as_of: date) -> DayPoints:
        """A day's places and points; its defects and notes."""
        here = f"/days/{day.index}"
        counts = True
        placed = day.placed
        if day.result is not None and day.tournament is not None:
            placed = self.tournament(day, here)
            if not day.tournament.finished:
                counts = False
                self.violations.append(list_violation(
                    "season_day_unplaced", f"{here}/tournament/finished", None,
                    msg("The tournament day of {date} is not finished: it has no places "
                        "yet and counts nothing; mark it finished once its last round is "
                        "played", date=day.date.isoformat())))
        elif self.s.scheme.kind == "score":
            counts = False
            self.violations.append(list_violation(
                "season_day_unscored", f"{here}/places", None,
                msg("The tournament day of {date} gives only places, and the ranking "
                    "counts each day's own points: give the whole tournament day, or it "
                    "counts nothing", date=day.date.isoformat())))
        names: dict[str, str] = {}
        places: dict[str, int] = {}
        scores: dict[str, Exact] = {}
        for one in placed:
            key = season_key(one.name)
            if key in names:
                spend(DEFECT_STEPS)
                self.violations.append(list_violation(
                    "season_name_twice", one.pointer, one.name,
                    msg("{name} is placed a second time on the tournament day of {date} "
                        "(first as {other}): this entry counts nothing; strike it or "
                        "correct the name", name=one.name, other=names[key],
                        date=day.date.isoformat())))
                continue
            names[key] = one.name
            places[key] = one.place
            if one.score is not None:
                scores[key] = one.score
        if day.date > as_of:
            self.notes.append(list_note(
                "season_day_after", f"{here}/date", None,
                msg("The tournament day of {date} is after {as_of}, the day the rankings "
                    "are for: it counts in no ranking", date=day.date.isoformat(),
                    as_of=as_of.isoformat())))
        points: dict[str, Exact] = {}
        if counts:
            points = scores if self.s.scheme.kind == "score" else day_points(
                self.s.scheme, places, len(places))
        return DayPoints(day, names, places, points, counts)

    def tournament(self, day: Day, here: str) -> list[Placed]:
        """A tournament day's defects and notes under the day, and its places: the
        final's where it has one, else the preliminary standing's."""
        result, tournament = day.result, day.tournament
        assert result is not None and tournament is not None
        prefix = f"{here}/tournament"
        self.violations += [_moved(v, prefix) for v in result.violations]
        self.notes += [_moved(n, prefix) for n in result.notes]
        scores: dict[str, Exact] = {s["player"]: s["points"] for s in result.standing}
        order = result.places if result.places is not None else result.standing
        placed = [Placed(p["player"], here, p["place"], scores[p["player"]]) for p in order]
        if tournament.finished and result.places is not None:
            at_final = {p["player"] for p in result.places}
            for name in tournament.participants:
                if name not in at_final:
                    self.notes.append(list_note(
                        "season_not_placed", prefix, name,
                        msg("{name} took part in the tournament day of {date} but has no "
                            "place in its final: no points and no day for him that day",
                            name=name, date=day.date.isoformat())))
        return placed


def _moved(d: ListDefect, prefix: str) -> ListDefect:
    return replace(d, pointer=prefix + (d.pointer or ""))


def shown_names(days: list[DayPoints], as_of: date) -> dict[str, str]:
    """Each player's name as written on his latest counted day up to ``as_of`` (on one
    date, the later day of the request); for one with none, his latest day at all."""
    best: dict[str, tuple[bool, date, int]] = {}
    names: dict[str, str] = {}
    for d in days:
        rank_of = (d.counts and d.day.date <= as_of, d.day.date, d.day.index)
        for key, name in d.names.items():
            if key not in best or best[key] < rank_of:
                best[key] = rank_of
                names[key] = name
    return names


def check_season(data: Any) -> SeasonResult:
    """Check a season: JSON-like data (the contract's request; numbers best parsed as
    :class:`~decimal.Decimal`) or a :class:`Season`. Raises
    :class:`~service.game.errors.TranscriptError` if the data is malformed."""
    season = data if isinstance(data, Season) else load_season(data)
    return Check(season).run()


__all__ = ["Scheme", "SeasonResult", "check_season"]
