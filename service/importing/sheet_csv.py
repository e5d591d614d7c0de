"""A score sheet kept in a spreadsheet and saved as CSV, read into a sitting request.

The header names the players (names or initials, 4 or 5), optionally a value column
(``S`` as DapfiDuck's Doppelkopf_Analyser sheets have it: the game's value signed from
Re's side, on a solo row the soloist's entry; ``Wert``, ``Punkte``, ``Spielwert``: the
game's value), a dealer column (``Geber``), a game number (``Nr``) and a marker column
(unnamed after the value, or ``Art``: ``HZ`` marriage, ``TA`` poverty, ``Solo``; on
DapfiDuck's solo rows each opponent's entry). Each row is either the points of one game or
the running totals after it; a closing ``Summe`` row holds the totals as written. The
sheet's own figures are what the check compares: each game's entries, the running totals
as ``written_totals`` (sitting.md v1.1), the value against the line, the sum row as the
claimed totals; nothing is recomputed here.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass, field
from typing import Any, Literal

from service.game.names import clashes, printable
from service.game.options import Ruleset
from service.game.text import Text, msg, msgn
from service.importing.common import (
    Imported,
    ImportRefused,
    Problem,
    decode,
    refuse,
    ruleset_of,
    whole,
)

Layout = Literal["per_game", "totals"]
VALUE_COLUMNS = ("s", "wert", "punkte", "spielwert", "value", "points")
DEALER_COLUMNS = ("geber", "dealer")
NUMBER_COLUMNS = ("nr", "nr.", "#", "no", "no.", "spiel", "game")
MARKER_COLUMNS = ("art", "typ", "spielart", "type", "kind", "bemerkung", "notiz", "note")
SUM_WORDS = ("summe", "sum", "total", "totals", "gesamt", "σ", "endstand")
MARKERS = {"hz": "marriage", "hochzeit": "marriage", "ta": "poverty", "armut": "poverty",
           "solo": "solo", "redeal": "redeal", "neu": "redeal", "schmeißen": "redeal"}
MAX_ROWS = 400  # as many games as a sitting checks
MAX_COLUMNS = 16  # seven players and every other column, with room


@dataclass(slots=True)
class Row:
    line: int  # of the file, 1-based
    cells: dict[str, int | None]  # by player; None: empty
    value: int | None = None
    marker: str = ""
    dealer: str | None = None


@dataclass(slots=True)
class Sheet:
    players: list[str]
    rows: list[Row]
    value_column: str | None  # its header as written
    sum_row: Row | None
    has_dealers: bool
    encoding: str
    notes: list[Text] = field(default_factory=list)


def import_csv(data: bytes, *, ruleset: Any = None, first_dealer: str | None = None,
               layout: Layout | None = None) -> Imported:
    """A sitting request from a CSV score sheet; :class:`ImportRefused` says where and
    why it cannot be read."""
    notes: list[Text] = []
    spec, rules = ruleset_of(ruleset, "mittwoch", notes, msg(
        "no ruleset given: the sheet is checked under the Mittwochsregeln, an evening's "
        "rules; name another to check under it"))
    sheet = read_sheet(data)
    notes += sheet.notes
    layout = layout or detect(sheet, rules)
    entries = [_entries(sheet, i, layout) for i in range(len(sheet.rows))]
    games = [_game(sheet, row, entries[i], layout, rules) for i, row in enumerate(sheet.rows)]
    _duty(games, rules, notes)
    _dealers(sheet, games, entries, rules, first_dealer, notes)
    plain = [r.line for r, g in zip(sheet.rows, games, strict=True)
             if g["sheet"].pop("_read") == "entries"]
    if plain:
        notes.append(msg("lines {lines}: no marker says the game; a 2:2 split is read as a "
                         "normal game, 3:1 as a solo of the lone player",
                         lines=_lines(plain)))
    request: dict[str, Any] = {"ruleset": spec, "players": sheet.players,
                               "first_dealer": games[0]["dealer"] if games else
                               sheet.players[0], "games": games}
    if sheet.sum_row is not None:
        request["claimed"] = {"totals": {n: v for n, v in sheet.sum_row.cells.items()
                                         if v is not None}}
    notes.append(msg("the sheet does not say whether the round is over: it is checked as "
                     "far as it goes (duty solos still open are no defect)"))
    if (sheet.value_column or "").lower() == "s":
        notes.append(msg("the sign of the value column S (Re or Contra won) is not compared "
                         "on a normal game's line: the sheet does not say who was Re"))
    if rules.bock_rounds:
        notes.append(msg("the sheet does not say which games were bock games: each line is "
                         "checked with the bock factor the ruleset gives it"))
    if layout == "totals":
        notes.append(msg("the rows are running totals: each game's entries are what its "
                         "totals add to those before, and a slip is shown at its total"))
    return Imported("sitting", request, notes)


def read_sheet(data: bytes) -> Sheet:
    text, encoding = decode(data)
    lines = text.splitlines()
    delimiter = None
    start = 0
    while start < len(lines) and not lines[start].strip():
        start += 1
    if start < len(lines) and lines[start].strip().lower().startswith("sep="):
        delimiter = lines[start].strip()[4:5] or ","
        start += 1
    reader = csv.reader(lines[start:], delimiter=delimiter or _delimiter(lines[start:]),
                        skipinitialspace=True)
    rows: list[tuple[int, list[str]]] = []
    try:
        for cells in reader:
            # the cells a sheet can have, and one to count a header too wide: the rest of
            # a long row is not looked at
            kept = [c.strip().strip("\u00a0") for c in cells[:MAX_COLUMNS + 1]]
            if any(kept):
                rows.append((start + reader.line_num, kept))
            if len(rows) > MAX_ROWS + 2:
                raise refuse(msg("the sheet has more than {count} lines; a list is checked "
                                 "up to {count} games", count=MAX_ROWS))
    except csv.Error:
        raise refuse(msg("a cell cannot be read: a quote is not closed, or a cell is longer "
                         "than a sheet's cell can be"), line=start + reader.line_num) from None
    if not rows:
        raise refuse(msg("the file holds no sheet: no line with names"))
    header_line, header = rows[0]
    header = _trimmed(header)
    if len(header) > MAX_COLUMNS:
        raise refuse(msg("the header has more than {most} columns; a sheet has the players, "
                         "a value, a dealer, a number and a marker", most=MAX_COLUMNS),
                     line=header_line)
    return _columns(header_line, header, rows[1:], encoding)


def _delimiter(lines: list[str]) -> str:
    """The separator of the header: a semicolon (German spreadsheets, whose numbers may
    carry a decimal comma), a tab, else a comma."""
    head = next((line for line in lines if line.strip()), "")
    return ";" if ";" in head else "\t" if "\t" in head else ","


def _trimmed(cells: list[str]) -> list[str]:
    end = len(cells)
    while end and not cells[end - 1]:
        end -= 1
    return cells[:end]


def _columns(line: int, header: list[str], body: list[tuple[int, list[str]]],
             encoding: str) -> Sheet:
    players: list[tuple[int, str]] = []
    value = dealer = marker = None
    problems: list[Problem] = []
    for j, cell in enumerate(header):
        low = cell.lower()
        if low in VALUE_COLUMNS and value is None:
            value = j
        elif low in DEALER_COLUMNS and dealer is None:
            dealer = j
        elif low in NUMBER_COLUMNS and not players:
            continue
        elif low in MARKER_COLUMNS and marker is None:
            marker = j
        elif not cell:
            problems.append(Problem(msg("column {column} of the header has no name: name the "
                                        "player or leave the column out", column=j + 1), line))
        else:
            players.append((j, cell))
    if value is not None and marker is None:
        marker = value + 1  # DapfiDuck's sixth cell, unnamed
    names = [n for _, n in players]
    if not 4 <= len(names) <= 7:
        problems.append(Problem(msg("the header names {count} players; a table has 4 to 7: "
                                    "the first line must name them", count=len(names)), line))
    for name in names:
        if not printable(name) or len(name) > 64:
            problems.append(Problem(msg("the name {name} cannot name a player", name=name),
                                    line))
    for index, why in clashes(names).items():
        problems.append(Problem(msg("{name} is named twice in the header ({why})",
                                    name=names[index], why=why), line))
    if problems:
        raise ImportRefused(problems)
    rows: list[Row] = []
    sum_row = None
    for number, cells in body:
        if sum_row is not None:
            problems.append(Problem(msg("a line after the sum row: the sum row must be the "
                                        "last"), number))
            continue
        is_sum = any(c.strip().lower().rstrip(":") in SUM_WORDS for c in cells)
        if is_sum and players[0][0] == 0 and cells[0].lower().rstrip(":") in SUM_WORDS:
            cells = cells[1:]  # "Summe" written before the first player's total
        row = _row(number, cells, players, value, dealer, marker, names, problems)
        if is_sum:
            sum_row = row
        else:
            rows.append(row)
    if problems:
        raise ImportRefused(problems)
    if not rows:
        raise refuse(msg("the sheet has names but no games"), line)
    sheet = Sheet(names, rows, header[value] if value is not None else None, sum_row,
                  dealer is not None, encoding)
    if encoding != "UTF-8":
        sheet.notes.append(msg("the file is read as {encoding}", encoding=encoding))
    return sheet


def _row(number: int, cells: list[str], players: list[tuple[int, str]], value: int | None,
         dealer: int | None, marker: int | None, names: list[str],
         problems: list[Problem]) -> Row:
    def cell(j: int | None) -> str:
        return cells[j] if j is not None and j < len(cells) else ""

    is_sum = any(c.strip().lower().rstrip(":") in SUM_WORDS for c in cells)
    row = Row(number, {})
    for j, name in players:
        text = cell(j)
        points = whole(text)
        if text and points is None and not (is_sum and text.lower().rstrip(":") in SUM_WORDS):
            problems.append(Problem(msg("{name}'s cell {cell} is not a whole number of points",
                                        name=name, cell=text), number))
        row.cells[name] = points
    if value is not None and (text := cell(value)):
        row.value = whole(text)
        if row.value is None and not is_sum:
            problems.append(Problem(msg("the value {cell} is not a whole number", cell=text),
                                    number))
    row.marker = cell(marker)
    if dealer is not None and (who := cell(dealer)):
        if who not in names:
            problems.append(Problem(msg("the dealer {name} is not a player of the header",
                                        name=who), number))
        row.dealer = who
    return row


# ---- per-game points or running totals -------------------------------------------------


def _shaped(points: list[int], mult: int) -> bool:
    """Four entries have a line's plain shape: two won a, two lost a; or one player
    ``mult`` times a (the soloist's factor) against three; or all 0 (a redeal)."""
    if not any(points):
        return True
    a = sorted(points)
    return ((a[0] == a[1] < 0 and a[2] == a[3] == -a[0])
            or (a[1] == a[2] == a[3] > 0 and a[0] == -mult * a[3])
            or (a[0] == a[1] == a[2] < 0 and a[3] == -mult * a[0]))


def _line_shape(cells: dict[str, int | None], mult: int) -> bool:
    values = list(cells.values())
    if len(values) > 4:  # the dealer sits out (at six and seven others too): empty or 0
        out = [i for i, v in enumerate(values) if not v][:len(values) - 4]
        if len(out) < len(values) - 4:
            return False
        values = [v for i, v in enumerate(values) if i not in out]
    return None not in values and _shaped([v or 0 for v in values], mult)


def _diff(sheet: Sheet, i: int) -> dict[str, int | None]:
    before = sheet.rows[i - 1].cells if i else dict.fromkeys(sheet.players, 0)
    now = sheet.rows[i].cells
    return {n: None if now[n] is None or before[n] is None else now[n] - before[n]  # type: ignore[operator]
            for n in sheet.players}


def detect(sheet: Sheet, rules: Ruleset) -> Layout:
    """Per-game points where every row has a line's shape, running totals where every
    row's difference from the one before does; where both or neither, the reader says."""
    mult = rules.solo_multiplier
    per_game = all(_line_shape(r.cells, mult) for r in sheet.rows)
    totals = all(_line_shape(_diff(sheet, i), mult) for i in range(len(sheet.rows)))
    if per_game != totals:
        return "per_game" if per_game else "totals"
    raise refuse(msg(
        "the rows read as each game's points and as running totals alike: say which "
        "(doko-check: --per-game or --totals; the route: ?sheet=per_game or ?sheet=totals)")
        if per_game else msg(
        "the rows read neither as each game's points nor as running totals (a line does not "
        "add up): say which they are, and the check shows the slip (doko-check: --per-game "
        "or --totals; the route: ?sheet=per_game or ?sheet=totals)"))


def _entries(sheet: Sheet, i: int, layout: Layout) -> dict[str, int | None]:
    return sheet.rows[i].cells if layout == "per_game" else _diff(sheet, i)


# ---- each row a sheet line ---------------------------------------------------------------


def _game(sheet: Sheet, row: Row, entries: dict[str, int | None], layout: Layout,
          rules: Ruleset) -> dict[str, Any]:
    line: dict[str, Any] = {"type": "normal", "_read": "entries"}
    marker = row.marker.strip()
    opponents = whole(marker) if marker else None
    kind = MARKERS.get(marker.lower()) if marker and opponents is None else None
    plus = [n for n, v in entries.items() if v is not None and v > 0]
    minus = [n for n, v in entries.items() if v is not None and v < 0]
    lone = (plus if len(plus) == 1 and len(minus) == 3 else
            minus if len(minus) == 1 and len(plus) == 3 else [])
    if not any(entries.values()) and not kind:
        kind = "redeal"
    if opponents is not None or kind == "solo" or (kind is None and lone):
        if lone:
            line |= {"type": "solo", "declarer": lone[0]}
        else:
            line["type"] = "normal"  # no lone player: the check finds the line's fault
    elif kind:
        line["type"] = kind
    if marker and (kind or opponents is not None):
        line["_read"] = "marker"
    if marker and not kind and opponents is None:
        sheet.notes.append(msg("line {line}: the marker {marker} is not understood; the "
                               "game is read from its entries", line=row.line, marker=marker))
    if layout == "per_game":
        line["scores"] = {n: v or 0 for n, v in entries.items()
                          if v is not None or len(entries) == 4}  # at 5 to 7 the sitters'
        if any(v is None for v in entries.values()) and len(entries) == 4:
            sheet.notes.append(msg("line {line}: an empty cell is read as 0", line=row.line))
    else:
        line["written_totals"] = {n: v for n, v in row.cells.items() if v is not None}
    _value(sheet, row, line, rules, opponents)
    if row.dealer:
        line["_dealer"] = row.dealer
    return {"dealer": row.dealer or "", "sheet": line}


def _value(sheet: Sheet, row: Row, line: dict[str, Any], rules: Ruleset,
           opponents: int | None) -> None:
    """The value column, as the check's ``value`` (before the soloist's factor); on
    DapfiDuck's solo rows the soloist's entry, and each opponent's in the sixth cell,
    whose sign says who won."""
    if row.value is None or line["type"] == "redeal":
        return
    value = abs(row.value)
    dapfi = (sheet.value_column or "").lower() == "s"
    if not value:
        sheet.notes.append(msg("line {line}: the value is 0 on a line with entries; it is "
                               "not compared", line=row.line))
        return
    if line["type"] == "solo" and dapfi:
        if value % rules.solo_multiplier:
            sheet.notes.append(msg("line {line}: the soloist's entry {value} is not {factor} "
                                   "times a game value; it is not compared", line=row.line,
                                   value=row.value, factor=rules.solo_multiplier))
            return
        value //= rules.solo_multiplier
        if opponents and "declarer" in line:
            soloist = line["declarer"]
            line["winners"] = ([soloist] if opponents < 0 else
                               [n for n in sheet.players if n != soloist and n != row.dealer])
    line["value"] = value


def _dealers(sheet: Sheet, games: list[dict[str, Any]], entries: list[dict[str, int | None]],
             rules: Ruleset, first: str | None, notes: list[Text]) -> None:
    """Each game's dealer: the sheet's dealer column; at five, the one who sat out (no
    entry); else the rotation from the first dealer, in the header's order."""
    if sheet.has_dealers:
        missing = [r.line for r, g in zip(sheet.rows, games, strict=True) if not g["dealer"]]
        if missing:
            raise refuse(msg("lines {lines} name no dealer", lines=_lines(missing)))
        return
    if first is not None and first not in sheet.players:
        raise refuse(msg("the first dealer {name} is not a player of the header ({names})",
                         name=first, names=", ".join(sheet.players)))
    five = len(sheet.players) == 5
    if five:
        sat = [[n for n, v in e.items() if not v] for e in entries]
        if all(len(s) == 1 for s in sat):
            for g, s in zip(games, sat, strict=True):
                g["dealer"] = s[0]
            notes.append(msg("the sheet has no dealer column: each game's dealer is the "
                             "player without an entry, who sat out"))
            return
    if len(sheet.players) > 5:
        notes.append(msg("at a table of {count} the dealer and the places the ruleset names "
                         "sit out (sit_out_at_six, sit_out_at_seven); the sheet's empty "
                         "cells are checked against them", count=len(sheet.players)))
    if first is None:
        raise refuse(msg("the sheet does not say who dealt first: name the first dealer "
                         "(doko-check: --first-dealer NAME; the route: ?first_dealer=NAME)"))
    dealer = first
    players = sheet.players
    for i, g in enumerate(games):
        g["dealer"] = dealer
        kind = g["sheet"]["type"]
        repeat = kind == "redeal" or (kind == "solo" and (
            rules.dealer_repeats_after_duty_solo if g["sheet"].get("duty")
            else rules.dealer_repeats_after_lust_solo))
        if not repeat or i == len(games) - 1:
            dealer = players[(players.index(dealer) + 1) % len(players)]
    notes.append(msg("the sheet has no dealer column: the dealers are the rotation from "
                     "{name} in the header's order, so the rotation itself is not checked",
                     name=first))


def _duty(games: list[dict[str, Any]], rules: Ruleset, notes: list[Text]) -> None:
    """A sheet does not say which solo was a duty solo: a player's first solos, while he
    still owes one, are read as his duty solos."""
    owed: dict[str, int] = {}
    marked = 0
    for g in games:
        line = g["sheet"]
        line.pop("_dealer", None)
        if line["type"] != "solo" or not rules.duty_solos_per_player:
            continue
        who = line["declarer"]
        left = owed.setdefault(who, rules.duty_solos_per_player)
        if left:
            line["duty"] = True
            owed[who] = left - 1
            marked += 1
    if marked:
        notes.append(msgn("{count} solo is read as a duty solo, the soloist's first while "
                          "he owed one", "{count} solos are read as duty solos, each the "
                          "soloist's first while he owed one", marked))


def _lines(numbers: list[int]) -> str:
    shown = ", ".join(str(n) for n in numbers[:10])
    return shown + (" …" if len(numbers) > 10 else "")
