"""Hostile request bodies that grow one list against another, per route: the shapes
bench/cost_search.py searches for the costliest body per byte, and tests/test_cost.py
and tests/test_memory.py hold the worst it knows to a time and a memory bound.

Each shape is ``build(size, share) -> bytes``: a body of at most ``size`` bytes whose
first list takes about ``share`` of it and the other list the rest (a roster against
keys, names against names, tables against lines …). Names are long and alike (64
characters differing at the end), so that a comparison of two costs the most.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any
from urllib.parse import quote

Shape = Callable[[int, float], bytes]
STEM = ("Friedrichshafener Doppelkopfrunde am Mittwochabend im Kurhaus")[:57]  # 57 chars
TABLE_RULESET = {"preset": "ddv", "options": {"table_changes": True}}


def compact(value: Any) -> bytes:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode()


def name(i: int, mark: str = "") -> str:
    """The i-th of many long names alike (64 characters with ``mark``)."""
    return f"{STEM}{mark}{i:06d}"[:64]


def fill(head: dict[str, Any], path: tuple[str, ...], size: int, entry: Callable[[int], Any],
         key: Callable[[int], str] | None = None) -> bytes:
    """``head`` with a list (or, with ``key``, an object) at ``path`` grown with
    ``entry(i)`` until the body is ``size`` bytes."""
    base = len(compact(head))
    one = len(compact(entry(0))) + (len(compact(key(0))) + 1 if key else 0) + 1
    count = max(1, (size - base - 16) // one)
    while True:
        items = ({key(i): entry(i) for i in range(count)} if key
                 else [entry(i) for i in range(count)])
        body = dict(head)
        at = body
        for part in path[:-1]:
            at[part] = dict(at[part])
            at = at[part]
        at[path[-1]] = items
        data = compact(body)
        if len(data) <= size or count == 1:
            return data
        count = max(1, count - (len(data) - size) // one - 1)


# ---- a sitting: POST /v1/sittings/check ----------------------------------------------------

def roster(size: int, mark: str = "") -> list[dict[str, Any]]:
    """The games of a sitting whose tables bring new names, about ``size`` bytes (at most
    399 tables of four)."""
    games: list[dict[str, Any]] = [{"dealer": name(0, "p"), "sheet": {"type": "redeal"}}]
    per = len(compact({"dealer": name(0), "table": [name(0)] * 4, "sheet": {"type": "redeal"}}))
    for t in range(1, min(400, max(2, size // per))):
        table = [name(4 * t + k, mark) for k in range(4)]
        games.append({"dealer": table[0], "table": table, "sheet": {"type": "redeal"}})
    return games


def sitting_head(games: list[dict[str, Any]]) -> dict[str, Any]:
    return {"ruleset": TABLE_RULESET, "players": [name(k, "p") for k in range(5)],
            "games": games}


def roster_against_keys(size: int, share: float) -> bytes:
    """A roster of long names against as many unknown names alike as keys of
    claimed.totals (each was compared with the whole roster)."""
    head = sitting_head(roster(int(size * share)))
    head["claimed"] = {}
    return fill(head, ("claimed", "totals"), size, lambda i: 0, lambda i: name(i, "x"))


def roster_against_lines(size: int, share: float) -> bytes:
    """A roster of long names against lines naming unknown players (each error's message
    listed the whole roster)."""
    games = roster(int(size * share))
    rest = max(0, size - len(compact(sitting_head(games))))
    per_game = max(1, rest // len(games) // 75)
    for g, game in enumerate(games):
        game["sheet"] = {"type": "normal", "scores": {
            name(1000 * g + k, "u"): 0 for k in range(per_game)}}
    return _trimmed(sitting_head(games), size)


def _trimmed(head: dict[str, Any], size: int) -> bytes:
    """``head`` with its last games dropped until it fits in ``size`` bytes."""
    data = compact(head)
    while len(data) > size and len(head["games"]) > 2:
        head["games"] = head["games"][:-max(1, len(head["games"]) // 20)]
        data = compact(head)
    return data


def away_lines(size: int, share: float) -> bytes:
    """Lines naming players of the roster who are not at the table for that game."""
    games = roster(int(size * share))
    known = [n for g in games[1:] for n in g["table"]][:2000]
    rest = max(0, size - len(compact(sitting_head(games))))
    per_game = max(1, min(len(known), rest // len(games) // 70))
    for g, game in enumerate(games):
        game["sheet"] = {"type": "normal", "scores": {
            known[(g * 7 + k) % len(known)]: 0 for k in range(per_game)}}
    return _trimmed(sitting_head(games), size)


def names_against_names(size: int, share: float) -> bytes:
    """Tables bringing new names, then tables bringing them again written otherwise
    (upper case): one person under two names, refused where the table names them."""
    games = roster(int(size * share))[:400]
    firsts = games[1:]
    for t in range(len(games), 400):
        table = [n.upper() for n in firsts[t % len(firsts)]["table"]]
        games.append({"dealer": table[0], "table": table, "sheet": {"type": "redeal"}})
    return _trimmed(sitting_head(games), size)


def sitting_small_errors(size: int, share: float) -> bytes:
    """400 games, each an object of short unknown fields."""
    per = max(1, size // 400 // 8)
    games = [{f"k{i}": 0 for i in range(per)} for _ in range(400)]
    return _trimmed({"ruleset": "ddv", "players": ["A", "B", "C", "D"], "games": games},
                    size)


def transcripts_of_unknown_fields(size: int, share: float) -> bytes:
    """400 games given as transcripts of unknown fields alike the known ones."""
    per = max(1, size // 400 // 12)
    games = [{"dealer": "A", "transcript": {f"playe{i}": 0 for i in range(per)}}
             for _ in range(400)]
    return _trimmed({"ruleset": "ddv", "players": ["A", "B", "C", "D"], "games": games},
                    size)


def deep(size: int, key: str) -> bytes:
    """Arrays nested as deep as the nesting limit lets a body be read (the object around
    them one level more), side by side to fill the body."""
    from service.checking.nesting import MAX_NESTING

    depth = MAX_NESTING - 2
    one = "[" * depth + "]" * depth
    count = max(1, (size - 16) // (len(one) + 1))
    return ('{"' + key + '":[' + ",".join([one] * count) + "]}").encode()


def nesting(size: int, share: float) -> bytes:
    return deep(size, "games")


# ---- a tournament day: POST /v1/tournaments/check -------------------------------------------

def participants(count: int = 200) -> list[str]:
    return [name(i, "t") for i in range(count)]


def day_head() -> dict[str, Any]:
    names = participants()
    tables = [{"players": names[i:i + 4], "games": [
        {"dealer": names[i], "sheet": {"type": "redeal"}}]} for i in range(0, 200, 4)]
    return {"ruleset": "ddv", "participants": names, "preliminary": [{"tables": tables}],
            "claimed": {}}


def participants_against_places(size: int, share: float) -> bytes:
    """200 participants of long names against unknown names alike in claimed.places."""
    return fill(day_head(), ("claimed", "places"), size, lambda i: 1, lambda i: name(i, "y"))


def participants_against_preliminary(size: int, share: float) -> bytes:
    """200 participants against unknown names alike in claimed.preliminary."""
    return fill(day_head(), ("claimed", "preliminary"), size, lambda i: 0,
                lambda i: name(i, "y"))


def tables_against_rosters(size: int, share: float) -> bytes:
    """Rounds of tables whose lists bring names that are no participants."""
    names = participants()
    head: dict[str, Any] = {"ruleset": TABLE_RULESET, "participants": names,
                            "preliminary": []}
    table = {"players": names[:4], "games": roster(int(size * share) // 50)}
    table["games"][0]["dealer"] = names[0]
    one = len(compact(table))
    rounds = max(1, min(30, size // (one * 50)))
    tables = max(1, min(50, size // (one * rounds)))
    while True:
        head["preliminary"] = [{"tables": [table] * tables} for _ in range(rounds)]
        data = compact(head)
        if len(data) <= size or tables == 1:
            return data
        tables -= 1


def day_nesting(size: int, share: float) -> bytes:
    return deep(size, "preliminary")


def day_small_errors(size: int, share: float) -> bytes:
    """Every table of 30 rounds an object of short unknown fields."""
    per = max(1, (size - 16 * 1024) // 1500 // 9)
    tables = [{f"k{i}": 0 for i in range(per)} for _ in range(50)]
    return compact({"ruleset": "ddv", "participants": participants(),
                    "preliminary": [{"tables": tables}] * 30})


# ---- one game: POST /v1/games/check (and each game of a batch) ---------------------------

def unknown_fields_alike(size: int, share: float) -> bytes:
    """Unknown fields alike the known ones (each given a suggestion)."""
    head = {"ruleset": "ddv", "dealer": 0, "hands": [[], [], [], []]}
    data = fill({"f": {}}, ("f",), size - 60, lambda i: 0, lambda i: f"pla{i}y")
    fields = json.loads(data)["f"]
    return compact(head | fields)


def unknown_options_alike(size: int, share: float) -> bytes:
    head = {"ruleset": {"preset": "ddv", "options": {}}, "dealer": 0, "hands": []}
    return fill(head, ("ruleset", "options"), size, lambda i: 0,
                lambda i: f"solo_multiplie{i}")


def long_preset(size: int, share: float) -> bytes:
    """A preset id as long as the body (its message names it)."""
    return compact({"ruleset": {"preset": "ddv " * ((size - 80) // 4), "options": {}},
                    "dealer": 0, "hands": []})


def game_nesting(size: int, share: float) -> bytes:
    return deep(size, "play")


def batch_of(shape: Shape) -> Shape:
    """A batch of transcripts of ``shape``, each 256 KiB at most."""
    def build(size: int, share: float) -> bytes:
        one = shape(min(size, 256 * 1024 - 64), share)
        return b"[" + b",".join([one] * max(1, size // (len(one) + 1) - 1)) + b"]"
    build.__doc__ = f"A batch of: {shape.__doc__}"
    build.__name__ = f"batch of {shape.__name__}"
    return build


# ---- a draw: POST /v1/tournaments/draw -----------------------------------------------------

def draw_unknown_keys(size: int, share: float) -> bytes:
    head = {"participants": participants(), "rounds": 3, "seed": "x", "f": {}}
    data = json.loads(fill(head, ("f",), size, lambda i: 0, lambda i: f"participant{i}"))
    return compact(data | data.pop("f"))


def draw_names_alike(size: int, share: float) -> bytes:
    names = participants(100) + [n.upper() for n in participants(100)]
    return compact({"participants": names, "rounds": 30, "seed": "x" * 200})


# ---- a season: POST /v1/seasons/check ------------------------------------------------------

SEASON_SCHEME = {"kind": "places", "points": [10, 8, 6, 5, 4, 3, 2, 1], "ties": "average"}


def season_days(count: int, place: Callable[[int, int], str]) -> list[dict[str, Any]]:
    return [{"date": f"{2000 + d // 50}-01-{1 + d % 28:02d}",
             "places": [place(d, p) for p in range(200)]} for d in range(min(count, 500))]


def season_fill(make: Callable[[int], dict[str, Any]], size: int) -> bytes:
    """The largest body of ``make(n)`` within ``size`` (n found by bisection)."""
    lo, hi = 1, 1
    while len(compact(make(hi))) <= size and hi < 1 << 20:
        lo, hi = hi, hi * 2
    while hi - lo > 1:
        mid = (lo + hi) // 2
        lo, hi = (mid, hi) if len(compact(make(mid))) <= size else (lo, mid)
    return compact(make(lo))


def season_distinct_players(size: int, share: float) -> bytes:
    """Days of 200 new long names each, in ten windows: the most ranking lines."""
    windows = [{"id": f"w{i}", "to": f"{2030 - i}-01-01"} for i in range(10)]
    return season_fill(lambda n: {"scheme": SEASON_SCHEME, "windows": windows, "days":
                                  season_days(n, lambda d, p: name(200 * d + p, "s"))}, size)


def season_one_name_many_ways(size: int, share: float) -> bytes:
    """Every day 200 entries of one player written differently: 199 defects a day."""
    ways = [("KLAUS " + "B. " * (1 + i % 5)).strip() if i % 2 else
            "klaus" + " " * (1 + i % 7) + "b." + "\u00a0" * (i // 10) for i in range(200)]
    return season_fill(lambda n: {"scheme": SEASON_SCHEME, "windows": [{"id": "all"}],
                                  "days": season_days(n, lambda d, p: ways[p])}, size)


def season_written_reversed(size: int, share: float) -> bytes:
    """The days' players (``share`` of the body) written in reverse order."""
    def make(n: int) -> dict[str, Any]:
        days = season_days((n + 199) // 200, lambda d, p: name(200 * d + p, "s"))
        players = [p for day in days for p in day["places"]][:n]
        return {"scheme": {"kind": "field"}, "windows": [{"id": "all"}], "days": days,
                "written": {"all": [{"name": n, "points": 1} for n in reversed(players)]}}
    return season_fill(make, size)


def season_written_unknown(size: int, share: float) -> bytes:
    """One day, and a written list of long names no day has."""
    return season_fill(lambda n: {"scheme": SEASON_SCHEME, "windows": [{"id": "all"}],
                                  "days": [{"date": "2026-01-01", "places": ["A"]}],
                                  "written": {"all": [{"name": name(i, "w"), "points": 1.25}
                                                      for i in range(n)]}}, size)


# ---- an import: POST /v1/imports/{format}?check=true ---------------------------------------

def import_csv_wide(size: int, share: float) -> bytes:
    """A sheet of running totals as long as a sheet may be, four players of long names,
    every cell padded with spaces to fill the body (a padded cell is read as its value)."""
    header = ",".join(name(i, "c") for i in range(4)) + ",S\n"
    width = max(4, (size - len(header)) // 400 // 5 - 1)
    rows = "".join(",".join(f"{v:>{width}}" for v in (g, g, -g, -g, 1)) + "\n"
                   for g in range(1, 401))
    return (header + rows).encode()


def import_qtdoppelkopf_long(size: int, share: float) -> bytes:
    """A QtDoppelKopf list of as many deals as a sitting checks, players of long names."""
    names = [name(i, "q") for i in range(4)]
    data: list[dict[str, Any]] = [{"kind": "playersSet", "playerNames": names,
                                   "dealerName": names[0], "sitOutScheme": []}]
    for d in range(399):  # as many games as a sitting checks
        a, b, c, e = (names[(d + k) % 4] for k in range(4))
        data.append({"kind": "deal", "players": 4, "numberOfEvents": d % 3, "changes": [
            {"name": a, "diff": 2}, {"name": b, "diff": 2}, {"name": c, "diff": -2},
            {"name": e, "diff": -2}]})
    while len(compact({"dataVersion": "2", "data": data})) > size and len(data) > 2:
        data = data[:-max(1, len(data) // 20)]
    return compact({"dataVersion": "2", "data": data})


def import_freedoko_record(size: int, share: float) -> bytes:
    """A FreeDoko record as long as the limit: its lines as many as a record may have."""
    from pathlib import Path

    record = (Path(__file__).parent / "imports" / "freedoko" / "solo.txt").read_bytes()
    lines = record.splitlines(keepends=True)
    party = next(i for i, line in enumerate(lines) if line.strip() == b"party")
    body = b"".join(lines[:party + 2])
    filler = b"  " + b"x" * 60 + b" = 1\n"
    count = max(0, min(19_000, (size - len(record)) // len(filler)))
    return (body + filler * count + b"".join(lines[party + 2:]))[:size]


CSV_ROUTE = "/v1/imports/csv?check=true&sheet=totals&first_dealer=" + quote(name(0, "c"))
ROUTES: dict[str, tuple[int, list[Shape]]] = {
    # route: (its body limit, the shapes grown against it)
    "/v1/games/check": (256 * 1024, [unknown_fields_alike, unknown_options_alike,
                                     long_preset, game_nesting]),
    "/v1/games/check-batch": (8 * 1024 * 1024, [batch_of(unknown_fields_alike),
                                                batch_of(unknown_options_alike)]),
    "/v1/sittings/check": (1024 * 1024, [roster_against_keys, roster_against_lines,
                                         away_lines, names_against_names,
                                         sitting_small_errors,
                                         transcripts_of_unknown_fields, nesting]),
    "/v1/tournaments/check": (4 * 1024 * 1024, [participants_against_places,
                                                participants_against_preliminary,
                                                tables_against_rosters, day_small_errors,
                                                day_nesting]),
    "/v1/tournaments/draw": (256 * 1024, [draw_unknown_keys, draw_names_alike]),
    "/v1/seasons/check": (4 * 1024 * 1024, [season_distinct_players,
                                            season_one_name_many_ways,
                                            season_written_reversed, season_written_unknown]),
    CSV_ROUTE: (1024 * 1024, [import_csv_wide]),
    "/v1/imports/qtdoppelkopf?check=true": (1024 * 1024, [import_qtdoppelkopf_long]),
    "/v1/imports/freedoko?check=true": (1024 * 1024, [import_freedoko_record]),
}
# the media type each route's body is sent as (application/json where it is not named)
MEDIA = {CSV_ROUTE: "text/csv",
         "/v1/imports/freedoko?check=true": "text/plain"}
SHARES = (0.05, 0.2, 0.5, 0.8)  # of the body the first list takes, tried by the search
# the shapes whose share matters (the others are built alike at every share)
GROWN = frozenset((roster_against_keys, roster_against_lines, away_lines,
                   names_against_names, tables_against_rosters))


def shapes() -> Iterator[tuple[str, int, Shape]]:
    for route, (limit, found) in ROUTES.items():
        for shape in found:
            yield route, limit, shape


# The share of each grown shape that cost most in the search (bench/cost_search.py),
# the one the tests build at the route's limit (0.5 where it is not named).
WORST_SHARE: dict[Shape, float] = {
    roster_against_keys: 0.8, roster_against_lines: 0.2, away_lines: 0.8,
    names_against_names: 0.2, tables_against_rosters: 0.05,
}
# The shapes that cost most memory per route in the search, held to the route's bound
# of allocations in tests/test_memory.py.
WORST_MEMORY: dict[str, list[Shape]] = {
    "/v1/games/check": [unknown_fields_alike, game_nesting],
    "/v1/sittings/check": [sitting_small_errors, nesting, transcripts_of_unknown_fields],
    "/v1/tournaments/check": [day_small_errors, tables_against_rosters, day_nesting],
    "/v1/tournaments/draw": [draw_unknown_keys],
    "/v1/seasons/check": [season_distinct_players, season_one_name_many_ways,
                          season_written_reversed],
}


# ---- the lists that were found slow, as they were sent --------------------------------------

def sitting_of_roster_and_keys(names: int, keys: int) -> bytes:
    """A roster built with table_changes against unknown names as keys of claimed.totals
    (each key was compared with the whole roster for a suggestion)."""
    games: list[dict[str, Any]] = [{"dealer": name(0, "p"), "sheet": {"type": "redeal"}}]
    for t in range(names // 4):
        table = [name(4 * t + k) for k in range(4)]
        games.append({"dealer": table[0], "table": table, "sheet": {"type": "redeal"}})
    head = sitting_head(games)
    head["claimed"] = {"totals": {name(i, "x"): 0 for i in range(keys)}}
    return compact(head)


def day_of_unknown_places(keys: int) -> bytes:
    """200 participants against unknown names alike in claimed.places."""
    head = day_head()
    head["claimed"] = {"places": {name(i, "y"): 1 for i in range(keys)}}
    return compact(head)


def sitting_naming_unknown_players() -> bytes:
    """400 games whose tables bring four new names each (a roster of 1,600) and whose
    lines name seven unknown players (dealer, declarer, winners): 2,800 errors, each of
    which listed the whole roster."""
    games: list[dict[str, Any]] = [{"dealer": name(0, "p"), "sheet": {"type": "redeal"}}]
    for t in range(1, 400):
        table = [name(4 * t + k) for k in range(4)]
        games.append({"dealer": f"X{t}", "table": table, "sheet": {
            "type": "solo", "declarer": f"Y{t}", "winners": [f"Z{t}{k}" for k in range(5)],
            "scores": {}}})
    return compact(sitting_head(games))


SLOW_LISTS: dict[str, tuple[str, Callable[[], bytes]]] = {
    # what the hardening round sent: route, body
    "sitting, 225 names against 629 keys": (
        "/v1/sittings/check", lambda: sitting_of_roster_and_keys(225, 629)),
    "sitting, 169 names against 470 keys": (
        "/v1/sittings/check", lambda: sitting_of_roster_and_keys(169, 470)),
    "day, 200 participants against 1,200 places": (
        "/v1/tournaments/check", lambda: day_of_unknown_places(1200)),
    "sitting, 400 games naming unknown players": (
        "/v1/sittings/check", sitting_naming_unknown_players),
}
