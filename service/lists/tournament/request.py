"""A tournament request read and validated: every field error at once, by JSON pointer.

Each table is a sitting request (``sitting.md``) read by the sitting's own reader, its
field errors moved under the table's pointer; the tournament sets the table's ruleset,
``finished`` and ``owed_at_start`` itself (``tournament.md``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from marshmallow import ValidationError

from service.game.digest import digest
from service.game.errors import TranscriptError, pointer_token
from service.game.options import Ruleset
from service.lists.sitting.request import (
    MAX_POINTS,
    Reader,
    Sitting,
    load_sitting,
    read_names,
    read_ruleset,
)
from service.reading.schemas import RulesetField

MIN_PARTICIPANTS = 4
MAX_PARTICIPANTS = 200
MAX_ROUNDS = 30  # preliminary rounds; a club day has three or four, a DDV day two
TOP_FIELDS = ("ruleset", "participants", "finished", "preliminary", "final", "claimed")
ROUND_FIELDS = ("tables",)
FINAL_FIELDS = ("wildcard", "tables")
SET_BY_TOURNAMENT = ("finished", "owed_at_start")


def seatable(count: int) -> bool:
    """Whether ``count`` people can sit at tables of four and five (0 can: no table)."""
    return count >= 0 and any((count - 5 * fives) % 4 == 0 for fives in range(count // 5 + 1))


@dataclass(slots=True)
class Table:
    pointer: str  # "/preliminary/0/tables/1"
    sitting: Sitting


@dataclass(slots=True)
class Tournament:
    ruleset: Ruleset
    participants: tuple[str, ...]
    finished: bool
    preliminary: list[list[Table]]
    final: list[Table] | None
    wildcard: str | None
    claimed_preliminary: dict[str, int] | None
    claimed_places: dict[str, int] | None


def load_tournament(data: Any) -> Tournament:
    """A tournament from JSON-like data, validated; :class:`TranscriptError` lists every
    field error by JSON pointer (a table's own under its table's pointer)."""
    r = Reader()
    top = r.obj(data, "", TOP_FIELDS)
    if top is None:
        raise r.refused("tournament")
    ruleset = read_ruleset(r, top)
    participants = _participants(r, top.get("participants"))
    finished = r.boolean(top["finished"], "/finished") if "finished" in top else False
    preliminary: list[list[Table]] = []
    rounds = top.get("preliminary")
    if type(rounds) is not list or not 1 <= len(rounds) <= MAX_ROUNDS:
        r.err("/preliminary", f"Must be a list of 1 to {MAX_ROUNDS} preliminary rounds.")
    elif ruleset is not None:
        for i, item in enumerate(rounds):
            here = f"/preliminary/{i}"
            one = r.obj(item, here, ROUND_FIELDS)
            if one is not None:
                preliminary.append(_tables(r, one, here, top["ruleset"], ruleset,
                                           participants))
    final = None
    wildcard = None
    if "final" in top and (one := r.obj(top["final"], "/final", FINAL_FIELDS)) is not None:
        if one.get("wildcard") is not None:
            wildcard = r.name(one["wildcard"], "/final/wildcard", participants)
        if ruleset is not None:
            final = _tables(r, one, "/final", top["ruleset"], ruleset, participants)
    claimed_preliminary = claimed_places = None
    if "claimed" in top and (c := r.obj(top["claimed"], "/claimed",
                                        ("preliminary", "places"))) is not None:
        if "preliminary" in c:
            claimed_preliminary = r.points(c["preliminary"], "/claimed/preliminary",
                                           participants)
        if "places" in c:
            claimed_places = {}
            if r.obj(c["places"], "/claimed/places", participants) is not None:
                for name, place in c["places"].items():
                    here = f"/claimed/places/{pointer_token(name)}"
                    if name in participants and (
                            n := r.integer(place, here, 1, MAX_PARTICIPANTS)) is not None:
                        claimed_places[name] = n
    if r.errors:
        raise r.refused("tournament")
    assert ruleset is not None
    return Tournament(ruleset, participants, finished, preliminary, final, wildcard,
                      claimed_preliminary, claimed_places)


def _participants(r: Reader, value: Any) -> tuple[str, ...]:
    here = "/participants"
    if type(value) is not list or not MIN_PARTICIPANTS <= len(value) <= MAX_PARTICIPANTS:
        r.err(here, f"Must be a list of {MIN_PARTICIPANTS} to {MAX_PARTICIPANTS} names.")
        return ()
    ok = read_names(r, value, here, participants=True)
    if ok and not seatable(len(value)):
        r.err(here, f"{len(value)} participants cannot be seated at tables of four and "
              "five (6, 7 and 11 cannot).")
        ok = False
    return tuple(value) if ok else ()


def _tables(r: Reader, one: dict[str, Any], here: str, raw_ruleset: Any, ruleset: Ruleset,
            participants: tuple[str, ...]) -> list[Table]:
    tables = one.get("tables")
    if type(tables) is not list or not 1 <= len(tables) <= MAX_PARTICIPANTS // 4:
        r.err(f"{here}/tables", f"Must be a list of 1 to {MAX_PARTICIPANTS // 4} tables.")
        return []
    found = []
    for t, item in enumerate(tables):
        pointer = f"{here}/tables/{t}"
        if type(item) is not dict:
            r.err(pointer, "Must be an object.")
            continue
        data = dict(item)
        for name in SET_BY_TOURNAMENT:
            if name in data:
                r.err(f"{pointer}/{name}", "The tournament sets this for its tables; "
                      "leave it out.")
                del data[name]
        own = data.pop("ruleset", None)
        if own is not None and not _same(own, ruleset):
            r.err(f"{pointer}/ruleset", "A table is played under the tournament's "
                  "ruleset; leave this out or give the same.")
        data["ruleset"] = raw_ruleset
        try:
            sitting = load_sitting(data, most_at_table=5)  # tables of four and five
        except TranscriptError as error:
            r.nested(pointer, error)
            continue
        for i, name in enumerate(sitting.players):
            if participants and name not in participants:
                r.err(f"{pointer}/players/{i}", f"{name!r} is not a participant.")
        for name in sitting.roster:
            if participants and name not in participants and name not in sitting.players:
                r.err(f"{pointer}/games", f"{name!r} comes to the table and is not a "
                      "participant.")
        found.append(Table(pointer, sitting))
    return found


def _same(own: Any, ruleset: Ruleset) -> bool:
    try:
        return bool(digest(RulesetField().deserialize(own)) == digest(ruleset))
    except ValidationError:
        return False


def with_duty(table: Table, finished: bool, owed: dict[str, int]) -> Sitting:
    """The table's sitting as the tournament checks it: finished where the round is over,
    the duty solos owed from the rounds before, not judged at the table's end."""
    return replace(table.sitting, finished=finished, owed_at_start=owed, duty_judged=False)


__all__ = ["MAX_POINTS", "Table", "Tournament", "load_tournament", "seatable", "with_duty"]
