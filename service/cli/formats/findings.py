"""What a CI report says about one checked game: its findings, its name, its line."""

from __future__ import annotations

import json
from typing import Any, NamedTuple

from service.game.check import REFUSED
from service.game.text import msg
from service.game.words import part


class Finding(NamedTuple):
    """A violation or claimed-figure difference (a failure) or a malformed transcript or
    unreadable file (an error)."""

    severity: str  # "failure" or "error"
    type: str  # a violation code, "claimed", "malformed" or "unreadable"
    title: str
    message: str


def _plain(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def findings(entry: dict[str, Any]) -> list[Finding]:
    """Every finding of one entry of a batch answer (a checked game or an error entry)."""
    if "error" in entry:
        problem = entry["error"]
        details = "; ".join(f"{e['pointer'] or '/'}: {e['message']}"
                            for e in problem.get("errors", ()))
        return [Finding("error", "malformed", "malformed transcript",
                        problem["detail"] + (f" {details}" if details else ""))]
    found = [Finding("failure", v["code"], v["code"], violation_line(v))
             for v in entry["violations"]]
    claimed = entry.get("claimed")
    if claimed is not None and not claimed["agrees"]:
        found += [Finding("failure", "claimed", "claimed result differs",
                          f"claimed {d['field']} {_plain(d['claimed'])}, computed "
                          f"{_plain(d['computed'])}")
                  for d in claimed["differences"]]
    return found


def violation_line(violation: dict[str, Any], lang: str | None = None) -> str:
    """One violation of an answer as the CI outputs print it (code, place, seat, message),
    or with ``lang`` as the readable report says it (the message, which names the player
    and the place); both say whether a refused call went unscored (its note says so too)."""
    v = violation
    if lang is not None:
        scored = (part(msg(" (not scored)"), lang) if v["code"] in REFUSED else "")
        return f"{v['message']}{scored}"
    scored = " (not scored)" if v["code"] in REFUSED else ""
    name, seat = v.get("name"), v.get("seat")
    who = ""  # the player where the message does not name them
    if seat is not None and not (name and name in v["message"]):
        who = f" by {name} (seat {seat})" if name else f" by seat {seat}"
    return f"{v['code']} at {v['pointer'] or '/'}{who}: {v['message']}{scored}"


def unreadable(label: str, error: str) -> Finding:
    return Finding("error", "unreadable", "unreadable file", f"{label}: {error}")


def case_name(entry: dict[str, Any], label: str, index: int, line: int | None) -> str:
    """The game's own id where it has one, else its file and line (or place in a list)."""
    if entry.get("id") is not None:
        return str(entry["id"])
    return f"{label}:{line}" if line is not None else f"{label}[{index}]"
