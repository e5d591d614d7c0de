"""Small comparison helpers for the whole-game tests (no rule logic here)."""

from __future__ import annotations

from typing import Any


def item_totals(score: dict[str, Any]) -> dict[tuple[str, str, int | None], int]:
    """Score items summed by (code, team, trick), so that two items of one code (e.g. a
    no 90 by each team, both counted for the winner) compare like one item of 2."""
    totals: dict[tuple[str, str, int | None], int] = {}
    for item in score["items"]:
        key = (item["code"], item["team"], item.get("trick"))
        totals[key] = totals.get(key, 0) + item["points"]
    return totals


def expected_items(*items: tuple[Any, ...]) -> dict[tuple[str, str, int | None], int]:
    """``("won", "re", 1)`` or ``("doppelkopf", "re", 1, 3)`` (the last: trick number)."""
    totals: dict[tuple[str, str, int | None], int] = {}
    for entry in items:
        code, team, points = entry[:3]
        trick = entry[3] if len(entry) > 3 else None
        totals[(code, team, trick)] = totals.get((code, team, trick), 0) + points
    return totals


def tricks_of(result: dict[str, Any]) -> list[dict[str, Any]]:
    return [{key: t[key] for key in ("leader", "cards", "winner", "points")}
            for t in result["tricks"]]


def violations_of(result: dict[str, Any]) -> set[tuple[str, str, int | None]]:
    return {(v["code"], v["pointer"], v.get("seat")) for v in result["violations"]}


def has_announcement(result: dict[str, Any], seat: int, team: str, call: str,
                     pointer: str) -> bool:
    return any(a["seat"] == seat and a["team"] == team and a["call"] == call
               and a["pointer"] == pointer for a in result["announcements"])


def seat_calls(legal_actions: dict[str, Any]) -> dict[int, set[str]]:
    """Announcements each seat may still make; seats with none are left out."""
    out = {}
    for entry in legal_actions["announcements"]:
        if entry["calls"]:
            out[entry["seat"]] = set(entry["calls"])
    return out

