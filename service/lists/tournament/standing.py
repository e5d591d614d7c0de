"""The preliminary standing, the final places, the claimed figures compared, and the
answer of ``POST /v1/tournaments/check`` (``tournament.md``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from service.game.errors import pointer_token
from service.game.text import msg
from service.game.version import VERSION
from service.lists.sitting.standings import ListDefect, SittingResult, list_violation


def ranked(names: list[str], points: dict[str, int]) -> list[tuple[str, int]]:
    """Highest first, in the given order where equal; equal points share a place
    (1, 2, 2, 4)."""
    order = sorted(names, key=lambda n: -points[n])  # stable: the given order
    out: list[tuple[str, int]] = []
    for i, name in enumerate(order):
        same = out and points[out[-1][0]] == points[name]
        out.append((name, out[-1][1] if same else i + 1))
    return out


def preliminary_standing(participants: tuple[str, ...], totals: dict[str, int],
                         penalties: dict[str, int]) -> list[dict[str, Any]]:
    """Each participant's preliminary points (his tables' totals less his penalty)."""
    points = {n: totals[n] - penalties[n] for n in participants}
    return [{"player": n, "points": points[n], "penalty": penalties[n], "place": place}
            for n, place in ranked(list(participants), points)]


def final_places(tables: list[SittingResult]) -> list[dict[str, Any]]:
    """Each final table's totals decide its places; the first table places 1 to 4 (or 5),
    the next the following places; a player seated twice is placed at his first seat."""
    out: list[dict[str, Any]] = []
    placed: set[str] = set()
    offset = 0
    for t, table in enumerate(tables):
        players = [p for p in table.players if p not in placed]
        for name, place in ranked(players, table.totals):
            out.append({"player": name, "place": offset + place, "table": t,
                        "points": table.totals[name]})
        placed.update(players)
        offset += len(players)
    return out


def compare_claimed(standing: list[dict[str, Any]], places: list[dict[str, Any]] | None,
                    claimed_points: dict[str, int] | None,
                    claimed_places: dict[str, int] | None
                    ) -> tuple[dict[str, Any] | None, list[ListDefect]]:
    """The claimed preliminary points and places against the computed ones."""
    if claimed_points is None and claimed_places is None:
        return None, []
    differences: list[dict[str, Any]] = []
    defects: list[ListDefect] = []
    points = {s["player"]: s["points"] for s in standing}
    for name, written in (claimed_points or {}).items():
        if written != points[name]:
            here = f"/claimed/preliminary/{pointer_token(name)}"
            differences.append({"pointer": here, "player": name, "claimed": written,
                                "computed": points[name]})
            defects.append(list_violation(
                "wrong_total", here, None,
                msg("{name}'s preliminary points are {total}, not {written}", name=name,
                    total=points[name], written=written)))
    computed = {p["player"]: p["place"] for p in places or ()}
    for name, written in (claimed_places or {}).items():
        place = computed.get(name)
        if written != place:
            here = f"/claimed/places/{pointer_token(name)}"
            differences.append({"pointer": here, "player": name, "claimed": written,
                                "computed": place})
            defects.append(list_violation(
                "wrong_place", here, None,
                msg("{name} has no place: no final is given, or {name} sits at no final table",
                    name=name) if place is None else
                msg("{name}'s place is {place}, not {written}", name=name, place=place,
                    written=written)))
    return {"agrees": not differences, "differences": differences}, defects


@dataclass(frozen=True, slots=True)
class TournamentResult:
    ruleset: str
    ruleset_digest: str
    complete: bool
    violations: tuple[ListDefect, ...]
    notes: tuple[ListDefect, ...]
    preliminary: tuple[tuple[SittingResult, ...], ...]
    standing: list[dict[str, Any]]
    final: tuple[SittingResult, ...] | None
    wildcard: str | None
    places: list[dict[str, Any]] | None
    claimed: dict[str, Any] | None

    @property
    def valid(self) -> bool:
        return not self.violations

    def tables(self) -> list[SittingResult]:
        """Every table's answer, the preliminary rounds' and the final's."""
        return [t for r in self.preliminary for t in r] + list(self.final or ())

    def to_dict(self, lang: str = "en") -> dict[str, Any]:
        """The answer of ``POST /v1/tournaments/check``, its messages said in ``lang``."""
        out: dict[str, Any] = {
            "valid": self.valid, "complete": self.complete, "ruleset": self.ruleset,
            "violations": [v.as_dict(lang) for v in self.violations],
            "notes": [n.as_dict(lang) for n in self.notes],
            "preliminary": [{"tables": [t.to_dict(lang) for t in r]}
                            for r in self.preliminary],
            "preliminary_standing": self.standing,
            "final": None if self.final is None else {
                "wildcard": self.wildcard, "tables": [t.to_dict(lang) for t in self.final]},
        }
        if self.places is not None:
            out["places"] = self.places
        out.update({"claimed": self.claimed, "service_version": VERSION,
                    "ruleset_digest": self.ruleset_digest})
        return out
