"""A sitting request read and validated: every field error at once, by JSON pointer."""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from typing import Any

from marshmallow import ValidationError

from service.game.digest import digest
from service.game.errors import FieldError, TranscriptError, field_errors, omitted, pointer_token
from service.game.names import clashes, name_problem
from service.game.options import Ruleset
from service.game.transcript import Transcript
from service.reading.load import load
from service.reading.schemas import RulesetField

MAX_GAMES = 400  # a DDV round is 24 games, an evening rarely 60; a few hundred at most
MAX_NAME = 64
MAX_TABLE = 7  # at six or seven the dealer and the sit-out scheme's players sit out
MAX_POINTS = 100_000  # a line's entry; far beyond any game (a black solo with bock)
SHEET_TYPES = ("normal", "marriage", "poverty", "solo", "silent_marriage", "redeal")
BOCK_EVENTS = ("tie", "lost_solo", "lost_re", "lost_contra", "heart_trick", "black")


@dataclass(slots=True)
class Sheet:
    type: str
    declarer: str | None = None
    duty: bool = False
    forced: bool = False
    scores: dict[str, int] = field(default_factory=dict)
    winners: tuple[str, ...] | None = None
    value: int | None = None
    bock: int | None = None
    bock_events: tuple[str, ...] = ()
    bock_event_count: int | None = None  # a scorer's count of the events, not named
    played_alone: bool = False  # a marriage whose bride (declarer) found no partner


@dataclass(slots=True)
class Entry:
    dealer: str
    transcript: Transcript | None = None
    sheet: Sheet | None = None
    table: tuple[str, ...] | None = None  # who sits at the table from this game on
    solo_round_starts: bool = False  # a mandatory solo round starts with this game


@dataclass(slots=True)
class Sitting:
    ruleset: Ruleset
    players: tuple[str, ...]
    first_dealer: str
    finished: bool
    games: list[Entry]
    owed_at_start: dict[str, int]
    claimed_totals: dict[str, int] | None
    roster: tuple[str, ...] = ()  # everyone who sits at the table at some time (table_changes)
    duty_judged: bool = True  # False: a tournament judges the duty solos over its rounds


class Reader:
    """Collects every field error of a sitting request, by JSON pointer."""

    def __init__(self) -> None:
        self.errors: list[FieldError] = []
        self.omitted = 0  # errors found but not kept (see service.game.errors.Omitted)
        self.roster: tuple[str, ...] = ()  # every player of the list, where tables change
        self.most_at_table = MAX_TABLE  # a tournament's tables seat four or five

    def err(self, pointer: str, message: str) -> None:
        self.errors.append(FieldError(pointer, message))

    def nested(self, pointer: str, error: TranscriptError) -> None:
        """The errors of a part read on its own (a game, a table), under its pointer."""
        self.errors += [FieldError(pointer + e.pointer, e.message) for e in error.errors]
        self.omitted += error.count - len(error.errors)

    def refused(self, what: str) -> TranscriptError:
        """The request refused for every error found (``what``: sitting, tournament …)."""
        return TranscriptError(self.errors, len(self.errors) + self.omitted, what=what)

    def obj(self, value: Any, pointer: str, allowed: tuple[str, ...]) -> dict[str, Any] | None:
        if type(value) is not dict:
            self.err(pointer, "Must be an object.")
            return None
        for key in value:
            if key not in allowed:
                near = difflib.get_close_matches(str(key), allowed, n=1, cutoff=0.65)
                self.err(f"{pointer}/{pointer_token(key)}",
                         f"Unknown field; did you mean “{near[0]}”?" if near else "Unknown field.")
        return value

    def integer(self, value: Any, pointer: str, low: int, high: int) -> int | None:
        if type(value) is not int:
            self.err(pointer, "Not a valid integer.")
            return None
        if not low <= value <= high:
            self.err(pointer, f"Must be from {low} to {high}.")
            return None
        return value

    def boolean(self, value: Any, pointer: str) -> bool:
        if type(value) is not bool:
            self.err(pointer, "Not a valid boolean.")
            return False
        return value

    def name(self, value: Any, pointer: str, players: tuple[str, ...]) -> str | None:
        if type(value) is not str:
            self.err(pointer, "Not a valid string.")
            return None
        if players and value not in players:
            self.err(pointer, self.not_here(value, players))
            return None
        return value

    def not_here(self, name: str, players: tuple[str, ...]) -> str:
        """Why a name is not one of ``players`` (the table for a game)."""
        everyone = self.roster or players
        if name in everyone:
            return f"Not at the table for this game ({', '.join(players)})."
        return f"Not a player of this sitting ({', '.join(everyone)})."

    def points(self, value: Any, pointer: str, players: tuple[str, ...]) -> dict[str, int]:
        found: dict[str, int] = {}
        away = [n for n in value if n in self.roster and n not in players] if type(
            value) is dict else []
        for name in away:
            self.err(f"{pointer}/{pointer_token(name)}", self.not_here(name, players))
        if self.obj({n: p for n, p in value.items() if n not in away} if away else value,
                    pointer, players) is None:
            return found
        for name, points in value.items():
            here = f"{pointer}/{pointer_token(name)}"
            if name in players and (p := self.integer(points, here, -MAX_POINTS,
                                                      MAX_POINTS)) is not None:
                found[name] = p
        return found


TOP_FIELDS = ("ruleset", "players", "first_dealer", "finished", "games", "owed_at_start",
              "claimed")
SHEET_FIELDS = ("type", "declarer", "duty", "forced", "scores", "winners", "value", "bock",
                "bock_events", "bock_event_count", "played_alone")
GAME_FIELDS = ("dealer", "transcript", "sheet", "table", "solo_round_starts")
MAX_BOCK_EVENTS = 10  # a scorer's count of one game's bock events


def load_sitting(data: Any, most_at_table: int = MAX_TABLE) -> Sitting:
    """A sitting from JSON-like data, validated; :class:`TranscriptError` lists every
    field error by JSON pointer (a transcript's own under ``/games/i/transcript``).
    ``most_at_table``: the most players a table seats (a tournament's: five)."""
    r = Reader()
    r.most_at_table = most_at_table
    top = r.obj(data, "", TOP_FIELDS)
    if top is None:
        raise r.refused("sitting")
    ruleset = read_ruleset(r, top)
    players = _players(r, top.get("players"))
    tables = _tables(r, top.get("games"), players, ruleset)
    roster = tuple(dict.fromkeys([*players, *(n for t in tables.values() for n in t)]))
    _one_person_one_name(r, roster, tables)
    r.roster = roster if tables else ()
    first = players[0] if players else ""
    if "first_dealer" in top:
        first = r.name(top["first_dealer"], "/first_dealer", players) or first
    finished = r.boolean(top["finished"], "/finished") if "finished" in top else False
    owed: dict[str, int] = {}
    if "owed_at_start" in top:
        owed = _owed(r, top["owed_at_start"], roster, ruleset)
    claimed = None
    if "claimed" in top and (c := r.obj(top["claimed"], "/claimed", ("totals",))) is not None:
        if "totals" not in c:
            r.err("/claimed/totals", "Missing data for required field.")
        else:
            claimed = r.points(c["totals"], "/claimed/totals", roster)
    games = _games(r, top.get("games"), players, ruleset, tables)
    if r.errors:
        raise r.refused("sitting")
    assert ruleset is not None
    return Sitting(ruleset, players, first, finished, games, owed, claimed, roster)


def _one_person_one_name(r: Reader, roster: tuple[str, ...],
                         tables: dict[int, tuple[str, ...]]) -> None:
    """A newcomer at a later table whose name is an earlier player's written otherwise
    (``anna`` for ``Anna``): refused where the table names them."""
    for index, message in clashes(list(roster)).items():
        name = roster[index]
        for game, table in sorted(tables.items()):
            if name in table:
                r.err(f"/games/{game}/table/{table.index(name)}", message)
                break


def read_ruleset(r: Reader, top: dict[str, Any]) -> Ruleset | None:
    """The request's ``ruleset``, its errors at ``/ruleset`` (a tournament reads it alike)."""
    if "ruleset" not in top:
        r.err("/ruleset", "Missing data for required field.")
        return None
    try:
        ruleset: Ruleset = RulesetField().deserialize(top["ruleset"])
    except ValidationError as error:
        r.errors += field_errors(error.messages, "/ruleset")
        r.omitted += omitted(error.messages)
        return None
    return ruleset


def _players(r: Reader, value: Any, here: str = "/players") -> tuple[str, ...]:
    most = r.most_at_table
    if type(value) is not list or not 4 <= len(value) <= most:
        r.err(here, f"Must be a list of 4 to {most} names, the table's positions clockwise.")
        return ()
    return tuple(value) if read_names(r, value, here) else ()


def read_names(r: Reader, value: list[Any], here: str, participants: bool = False) -> bool:
    """Each name of a list (a table's players, a day's participants) checked at its
    place: a string of 1 to MAX_NAME characters, printable, not given twice, and none
    alike another after NFKC and case folding; whether all are good."""
    ok = True
    seen: set[str] = set()
    for i, name in enumerate(value):
        if type(name) is not str or not 1 <= len(name) <= MAX_NAME:
            r.err(f"{here}/{i}", f"Must be a name of 1 to {MAX_NAME} characters.")
            ok = False
        elif (problem := name_problem(name)) is not None:
            r.err(f"{here}/{i}", problem)
            ok = False
        elif name in seen:
            r.err(f"{here}/{i}", f"{name!r} is a participant twice; names must differ."
                  if participants else f"{name!r} sits at the table twice; names must differ.")
            ok = False
        else:
            seen.add(name)
    if ok:
        for i, message in clashes(value).items():
            r.err(f"{here}/{i}", message)
            ok = False
    return ok


def _tables(r: Reader, games: Any, players: tuple[str, ...],
            ruleset: Ruleset | None) -> dict[int, tuple[str, ...]]:
    """The tables the games name (``table``: who sits from that game on), by index."""
    found: dict[int, tuple[str, ...]] = {}
    if type(games) is not list or len(games) > MAX_GAMES or not players:
        return found
    for i, game in enumerate(games):
        if type(game) is not dict or "table" not in game:
            continue
        here = f"/games/{i}/table"
        if ruleset is not None and not ruleset.table_changes:
            r.err(here, "The table changes only where the ruleset lets players come and go "
                  "(table_changes).")
        elif i == 0:
            r.err(here, "The first game's table is players; a table is named from the "
                  "second game on.")
        elif table := _players(r, game["table"], here):
            found[i] = table
    return found


def _owed(r: Reader, value: Any, players: tuple[str, ...],
          ruleset: Ruleset | None) -> dict[str, int]:
    if ruleset is not None and ruleset.duty_solo_period == "round":
        r.err("/owed_at_start", "Duty solos are owed per round under this ruleset: every "
              f"list starts with {ruleset.duty_solos_per_player} each; leave this out.")
        return {}
    found: dict[str, int] = {}
    if r.obj(value, "/owed_at_start", players) is None:
        return found
    for name, count in value.items():
        here = f"/owed_at_start/{pointer_token(name)}"
        if name in players and (n := r.integer(count, here, 0, 100)) is not None:
            found[name] = n
    return found


def _games(r: Reader, value: Any, players: tuple[str, ...],
           ruleset: Ruleset | None, tables: dict[int, tuple[str, ...]]) -> list[Entry]:
    if type(value) is not list:
        r.err("/games", "Must be a list of games.")
        return []
    if len(value) > MAX_GAMES:
        r.err("/games", f"At most {MAX_GAMES} games are checked in one sitting.")
        return []
    games = []
    for i, item in enumerate(value):
        here = f"/games/{i}"
        players = tables.get(i, players)  # who sits at the table for this game
        game = r.obj(item, here, GAME_FIELDS)
        if game is None:
            continue
        dealer = None
        if "dealer" in game:
            dealer = r.name(game["dealer"], f"{here}/dealer", players)
        else:
            r.err(f"{here}/dealer", "Missing data for required field.")
        entry = Entry(dealer or "", table=tables.get(i))
        if "solo_round_starts" in game:
            entry.solo_round_starts = r.boolean(game["solo_round_starts"],
                                                f"{here}/solo_round_starts")
            if ruleset is not None and not ruleset.mandatory_solo_rounds:
                r.err(f"{here}/solo_round_starts", "A mandatory solo round is marked only "
                      "where the ruleset has them (mandatory_solo_rounds).")
        if ("transcript" in game) == ("sheet" in game):
            r.err(here, "Give exactly one of transcript (a whole game) and sheet (a line "
                  "of the list).")
        elif "sheet" in game:
            entry.sheet = _sheet(r, game["sheet"], f"{here}/sheet", players)
        elif ruleset is not None:
            entry.transcript = _transcript(r, game["transcript"], f"{here}/transcript",
                                           players, ruleset)
        games.append(entry)
    return games


def _sheet(r: Reader, value: Any, here: str, players: tuple[str, ...]) -> Sheet | None:
    data = r.obj(value, here, SHEET_FIELDS)
    if data is None:
        return None
    kind = data.get("type")
    if kind not in SHEET_TYPES:
        r.err(f"{here}/type", "Missing data for required field." if "type" not in data
              else f"Must be one of: {', '.join(SHEET_TYPES)}.")
        return None
    sheet = Sheet(kind)
    if "played_alone" in data:
        if kind != "marriage":
            r.err(f"{here}/played_alone", f"Not a field of a {kind} line.")
        else:
            sheet.played_alone = r.boolean(data["played_alone"], f"{here}/played_alone")
    # a lone player names himself: the soloist, the silent bride, a bride left alone
    lone = kind in ("solo", "silent_marriage") or sheet.played_alone
    for name in ("declarer", "duty", "forced"):
        if name in data and not (kind == "solo" or (lone and name == "declarer")):
            r.err(f"{here}/{name}", f"Not a field of a {kind} line.")
    if lone:
        if "declarer" not in data:
            r.err(f"{here}/declarer", "Missing data for required field.")
        else:
            sheet.declarer = r.name(data["declarer"], f"{here}/declarer", players)
    if kind == "solo":
        sheet.duty = r.boolean(data["duty"], f"{here}/duty") if "duty" in data else False
        sheet.forced = r.boolean(data["forced"], f"{here}/forced") if "forced" in data else False
    if "scores" in data:
        sheet.scores = r.points(data["scores"], f"{here}/scores", players)
    elif kind != "redeal":
        r.err(f"{here}/scores", "Missing data for required field.")
    if "winners" in data:
        w = data["winners"]
        if type(w) is not list or len(w) > 5:
            r.err(f"{here}/winners", "Must be a list of at most 5 names.")
        else:
            sheet.winners = tuple(n for i, n in enumerate(w)
                                  if r.name(n, f"{here}/winners/{i}", players))
    if "value" in data:
        sheet.value = r.integer(data["value"], f"{here}/value", 0, MAX_POINTS)
    if "bock" in data:
        sheet.bock = r.integer(data["bock"], f"{here}/bock", 1, MAX_POINTS)
    if "bock_events" in data:
        events = data["bock_events"]
        if type(events) is not list or any(e not in BOCK_EVENTS for e in events):
            r.err(f"{here}/bock_events", f"Must be a list of: {', '.join(BOCK_EVENTS)}.")
        else:
            sheet.bock_events = tuple(events)
    if "bock_event_count" in data:
        if "bock_events" in data:
            r.err(f"{here}/bock_event_count", "Give the bock events by name (bock_events) "
                  "or their number (bock_event_count), not both.")
        else:
            sheet.bock_event_count = r.integer(data["bock_event_count"],
                                               f"{here}/bock_event_count", 0, MAX_BOCK_EVENTS)
    return sheet


def _transcript(r: Reader, value: Any, here: str, players: tuple[str, ...],
                ruleset: Ruleset) -> Transcript | None:
    if type(value) is not dict:
        r.err(here, "Must be an object.")
        return None
    data = dict(value)
    own = data.pop("ruleset", None)
    if own is not None:
        try:
            same = digest(RulesetField().deserialize(own)) == digest(ruleset)
        except ValidationError:
            same = False
        if not same:
            r.err(f"{here}/ruleset", "A game of a sitting is checked under the sitting's "
                  "ruleset; leave this out or give the same.")
    if "context" in data:
        r.err(f"{here}/context", "The sitting supplies the context (bock, duty solos "
              "owed); leave it out.")
    if "players" not in data:
        r.err(f"{here}/players", "Missing data for required field: the four names "
              "playing, clockwise.")
    try:
        transcript = load(data, ruleset)
    except TranscriptError as error:
        r.nested(here, error)
        return None
    for seat, name in enumerate(transcript.players or ()):
        if players and name not in players:
            r.err(f"{here}/players/{seat}", f"{name!r} is not at the table for this game "
                  f"({', '.join(players)})." if name in r.roster else
                  f"{name!r} is not a player of this sitting ({', '.join(players)}).")
    return transcript
