"""A Doko_Logger evening read into a sitting (mrojm/Doko_Logger,
``Pages/Datahandling/session.py``).

The file: ``Session_Info`` (``Datum``, month first: ``"12/05/2023, 19:50:19"``;
``Spieler``, the table in order; ``Endergebnis``, left empty by the program) and
``Spiele``, each with ``Spiel`` (its number), ``Spieler`` (the four seated: at five the
one missing sat out and dealt), ``Spieltyp`` (``NORMALSPIEL`` or ``SOLO``), ``Gewinner``,
``Punkte`` (the game's value), ``Bockrunden`` (the bock rounds running, which the program
recomputes on load and leaves off the newest game) and ``neue_Bockrunden`` (the rounds
the game opens, each as long as the number of players, stacked without a cap). There
are no dealers at four and no entries per player: a player's entry is
±``Punkte``·2^``Bockrunden``, three times for a lone winner or loser.
"""

from __future__ import annotations

import datetime
import json
from typing import Any

from service.game.text import Text, msg
from service.importing.common import (
    Imported,
    ImportRefused,
    Problem,
    decode,
    refuse,
    ruleset_of,
    times_bock,
)

HOUSE = {"preset": "mittwoch", "options": {
    "bock_rounds": True, "bock_rounds_per_event": True, "bock_cap": 0,
    "bock_overlap": "multiply", "bock_after_tie": False, "bock_after_lost_solo": False}}
MAX_GAMES = 400
MAX_BOCK = 10


def import_doko_logger(data: bytes, *, ruleset: Any = None,
                       first_dealer: str | None = None) -> Imported:
    """A sitting from a Doko_Logger file; :class:`ImportRefused` names the entry (the
    game's place in ``Spiele``, from 0) and the reason where it cannot be read."""
    text, _ = decode(data)
    try:
        document = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise refuse(msg("the file is not JSON: {error}", error=str(error)[:200])) from None
    info = document.get("Session_Info") if type(document) is dict else None
    games = document.get("Spiele") if type(document) is dict else None
    if type(info) is not dict or type(games) is not list:
        raise refuse(msg("this is no Doko_Logger evening: it has no Session_Info and Spiele"))
    players = info.get("Spieler")
    if type(players) is not list or any(type(p) is not str or not p.strip() for p in players) \
            or len(set(players)) != len(players):
        raise refuse(msg("Spieler must be distinct names"))
    if not 4 <= len(players) <= 7:
        raise refuse(msg("{count} players at the table; a table has 4 to 7",
                         count=len(players)))
    if len(games) > MAX_GAMES:
        raise refuse(msg("the list has more than {count} entries", count=MAX_GAMES))
    notes: list[Text] = []
    spec, _ = ruleset_of(ruleset if ruleset is not None else HOUSE, "mittwoch", notes, None)
    if ruleset is None:
        notes.append(msg("the list is checked under the Mittwochsregeln with Doko_Logger's "
                         "bock rounds: one round per new bock round written, as long as "
                         "the number of players, stacked without a cap"))
    if first_dealer is not None and first_dealer not in players:
        raise refuse(msg("the first dealer {name} is not a player of the header ({names})",
                         name=first_dealer, names=", ".join(players)))
    if len(players) != 5 and first_dealer is None:
        raise refuse(msg("the file does not say who dealt first: name the first dealer "
                         "(doko-check: --first-dealer NAME; the route: ?first_dealer=NAME)"))
    problems: list[Problem] = []
    lines = [_game(i, g, players, problems) for i, g in enumerate(games)]
    if problems:
        raise ImportRefused(problems)
    if not lines:
        raise refuse(msg("the list has no deal"))
    dealer = first_dealer or ""
    for i, line in enumerate(lines):
        if len(players) == 5:
            line["dealer"] = next(p for p in players if p not in line["_seated"])
        else:  # at four, six and seven the file names no dealer: the rotation
            line["dealer"] = dealer
            dealer = players[(players.index(dealer) + 1) % len(players)]
        line.pop("_seated")
        if i + 1 < len(lines) and "bock" not in line["sheet"]:
            notes.append(msg("game {number} has no bock rounds written; the program "
                             "recomputes them", number=i + 1))
    sitting: dict[str, Any] = {"ruleset": spec, "players": players,
                               "first_dealer": lines[0]["dealer"], "games": lines}
    if (day := _date(info.get("Datum"))) is not None:
        sitting["date"] = day
    if info.get("Endergebnis"):
        notes.append(msg("the final result written in the file is not compared"))
    notes.append(msg("the file names no dealers: at five the player who sat out dealt")
                 if len(players) == 5 else msg(
                     "the file names no dealers: they are the rotation from {name} in the "
                     "players' order, so the rotation itself is not checked",
                     name=first_dealer or ""))
    times_bock(sitting)  # the program recomputes the bock rounds on load
    return Imported("sitting", sitting, notes)


def _game(index: int, game: Any, players: list[str], problems: list[Problem]
          ) -> dict[str, Any]:
    def bad(text: Text) -> dict[str, Any]:
        problems.append(Problem(text, entry=index))
        return {}

    if type(game) is not dict:
        return bad(msg("a game is an object"))
    seated, kind, winners = game.get("Spieler"), game.get("Spieltyp"), game.get("Gewinner")
    points, new = game.get("Punkte"), game.get("neue_Bockrunden", 0)
    if type(seated) is not list or len(seated) != 4 or len(set(seated)) != 4 or any(
            p not in players for p in seated):
        return bad(msg("Spieler must be four players of the evening"))
    if kind not in ("NORMALSPIEL", "SOLO"):
        return bad(msg("Spieltyp must be NORMALSPIEL or SOLO"))
    sizes = (2,) if kind == "NORMALSPIEL" else (1, 3)
    if type(winners) is not list or any(type(w) is not str or w not in seated
                                        for w in winners) or len(set(winners)) != len(
            winners) or len(winners) not in sizes:
        return bad(msg("Gewinner must be two of the four in a normal game, one or three "
                       "in a solo"))
    if type(points) is not int or not 0 < points <= 1000:
        return bad(msg("Punkte must be a whole number above 0"))
    if type(new) is not int or not 0 <= new <= MAX_BOCK:
        return bad(msg("neue_Bockrunden must be 0 to {most}", most=MAX_BOCK))
    if kind == "SOLO":
        declarer = winners[0] if len(winners) == 1 else next(p for p in seated
                                                              if p not in winners)
    lone = kind == "SOLO"
    scores = {p: (points * (3 if lone and p == declarer else 1)) * (1 if p in winners else -1)
              for p in seated}
    line: dict[str, Any] = {"type": "solo" if lone else "normal"}
    if lone:
        line["declarer"] = declarer
    line |= {"scores": scores, "winners": list(winners), "value": points,
             "bock_event_count": new}
    written = game.get("Bockrunden")
    if type(written) is int and 0 <= written <= MAX_BOCK:
        line["bock"] = 2 ** written
    return {"dealer": "", "sheet": line, "_seated": seated}


def _date(value: Any) -> str | None:
    """``Datum``, month first: ``12/05/2023, 19:50:19`` is 2023-12-05."""
    try:
        return datetime.datetime.strptime(str(value)[:10], "%m/%d/%Y").date().isoformat()
    except ValueError:
        return None
