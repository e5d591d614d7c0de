"""A QtDoppelKopf or jsdoppelkopf list read into a sitting under their house rules.

QtDoppelKopf (tristhaus) saves ``{"dataVersion": "2", "data": [...]}`` (version "1"
lacks ``previousDealerName``; ``Backend/deserializer.cpp``); jsdoppelkopf's server keeps
the same entries in a document with ``readerId``, ``writerId``, a numeric
``dataVersion`` and ``creationDate`` (``backend/models/game.js``). Each entry has a
``kind``:

* ``playersSet``: ``playerNames`` (the table's order), ``dealerName`` (who deals next),
  ``sitOutScheme`` (offsets from the dealer who sit out besides him). The first opens
  the list; a later one is a change of the table, its dealer named.
* ``deal``: ``changes`` [{``name``, ``diff``}] as typed, before bock; QtDoppelKopf
  completes fewer than four typed equal diffs (``GameInfo::AutoCompleteDeal``): the
  others playing get −(n·d)/(4−n), truncated as C++ divides; ``numberOfEvents``
  (jsdoppelkopf: ``events``) the bock events of the game. The deal passes to the next
  player after every game.
* ``mandatorySoloTrigger``: a mandatory solo round starts with the next game.

The sitting takes the house options these programs play (``mittwoch`` with bock rounds
per event, capped at three stacked (×8), mandatory solo rounds at ×1 and players coming
and going); each line's entries are the diffs times the bock factor the program applies.
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

HOUSE: dict[str, Any] = {"preset": "mittwoch", "options": {
    "bock_rounds": True, "bock_rounds_per_event": True, "bock_cap": 3,
    "mandatory_solo_rounds": True, "table_changes": True, "bock_after_tie": False,
    "bock_after_lost_solo": False}}
MAX_ENTRIES = 1000  # an evening is some 60 deals; a season's file a few hundred
MAX_EVENTS = 10


def import_qtdoppelkopf(data: bytes, *, ruleset: Any = None) -> Imported:
    """A sitting from a QtDoppelKopf or jsdoppelkopf file; :class:`ImportRefused` names
    the entry and the reason where it cannot be read."""
    text, _ = decode(data)
    try:
        document = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise refuse(msg("the file is not JSON: {error}", error=str(error)[:200])) from None
    if type(document) is not dict or type(document.get("data")) is not list:
        raise refuse(msg("this is no QtDoppelKopf list: it has no data list"))
    js = "readerId" in document or type(document.get("dataVersion")) is int
    notes: list[Text] = []
    version = document.get("dataVersion")
    if not js and version not in ("1", "2"):
        raise refuse(msg("the data version {version} is not one QtDoppelKopf writes (1, 2)",
                         version=str(version)[:20]))
    entries = document["data"]
    if len(entries) > MAX_ENTRIES:
        raise refuse(msg("the list has more than {count} entries", count=MAX_ENTRIES))
    walk = Walk(js, notes)
    for index, entry in enumerate(entries):
        walk.entry(index, entry)
    if walk.problems:
        raise ImportRefused(walk.problems)
    house = {**HOUSE, "options": {**HOUSE["options"], **walk.sit_out()}}
    spec, _ = ruleset_of(ruleset if ruleset is not None else house, "mittwoch", notes, None)
    if ruleset is None:
        notes.append(msg("the list is checked under the Mittwochsregeln with the house rules "
                         "of QtDoppelKopf: a bock round per event, at most three stacked "
                         "(×8), mandatory solo rounds without bock, players coming and "
                         "going"))
    if not walk.games:
        raise refuse(msg("the list has no deal"))
    sitting: dict[str, Any] = {"ruleset": spec, "players": walk.first_players,
                               "first_dealer": walk.first_dealer, "games": walk.games}
    if type(document.get("creationDate")) is int and 0 < document["creationDate"] < 2**46:
        sitting["date"] = datetime.datetime.fromtimestamp(
            document["creationDate"] / 1000, datetime.UTC).date().isoformat()
    if any(factor > 1 for factor in times_bock(sitting, write_factor=True)):
        notes.append(msg("the diffs are as typed, before bock: each line's entries are "
                         "multiplied by the bock factor the house rules give it"))
    walk.finish()
    return Imported("sitting", sitting, notes)


class Walk:
    """The entries in order: the table, who deals and who plays each deal."""

    def __init__(self, js: bool, notes: list[Text]):
        self.js, self.notes = js, notes
        self.problems: list[Problem] = []
        self.players: list[str] = []
        self.first_players: list[str] = []
        self.first_dealer = ""
        self.dealer = 0
        self.scheme: set[int] = set()
        self.schemes: dict[int, list[int]] = {}  # at six and seven, by the table's size
        self.games: list[dict[str, Any]] = []
        self.table: list[str] | None = None  # a change of the table, for the next game
        self.next_dealer: str | None = None
        self.solo_round = False
        self.round_left = 0  # games of a mandatory solo round still to come
        self.truncated: list[int] = []
        self.trigger_last = False
        self.events_in_round = False

    def bad(self, index: int, text: Text) -> None:
        self.problems.append(Problem(text, entry=index))

    def entry(self, index: int, entry: Any) -> None:
        if type(entry) is not dict or entry.get("kind") not in (
                "playersSet", "deal", "mandatorySoloTrigger"):
            self.bad(index, msg("an entry's kind is playersSet, deal or mandatorySoloTrigger"))
            return
        if index == 0 and entry["kind"] != "playersSet":
            self.bad(index, msg("the list starts with the players (playersSet)"))
            return
        self.trigger_last = entry["kind"] == "mandatorySoloTrigger"
        if entry["kind"] == "playersSet":
            self.players_set(index, entry)
        elif entry["kind"] == "deal":
            self.deal(index, entry)
        else:
            self.solo_round = True

    def players_set(self, index: int, entry: dict[str, Any]) -> None:
        names, dealer, scheme = (entry.get("playerNames"), entry.get("dealerName"),
                                 entry.get("sitOutScheme"))
        if type(names) is not list or any(type(n) is not str or not n.strip()
                                          for n in names) or len(set(names)) != len(names):
            self.bad(index, msg("playerNames must be distinct names"))
            return
        if not 4 <= len(names) <= 7:
            self.bad(index, msg("{count} players at the table; a table has 4 to 7",
                                count=len(names)))
            return
        if dealer not in names:
            self.bad(index, msg("the dealer {name} is not one of the players",
                                name=str(dealer)[:64]))
            return
        if type(scheme) is not list or any(type(s) is not int for s in scheme) or (
                len(names) > 5 and (len(set(scheme)) != len(names) - 5
                                    or not all(0 < s < len(names) for s in scheme))):
            self.bad(index, msg("the sit-out scheme (sitOutScheme) must name {count} places "
                                "from 1 to {most}, counted from the dealer",
                                count=max(0, len(names) - 5), most=len(names) - 1))
            return
        if len(names) > 5:  # the ruleset's sit-out options say it for the whole list
            known = self.schemes.setdefault(len(names), sorted(set(scheme)))
            if known != sorted(set(scheme)):
                self.bad(index, msg("a second sit-out scheme at a table of {count}: the list "
                                    "is checked with one scheme a table size",
                                    count=len(names)))
                return
        self.players = list(names)
        self.dealer = names.index(dealer)
        self.scheme = set(scheme) | ({0} if len(names) > 4 else set())
        if not self.first_players:
            self.first_players, self.first_dealer = list(names), str(dealer)
        else:
            self.table, self.next_dealer = list(names), str(dealer)

    def sit_out(self) -> dict[str, Any]:
        """The ruleset's sit-out options from the schemes at six and seven."""
        out: dict[str, Any] = {}
        if 6 in self.schemes:
            out["sit_out_at_six"] = self.schemes[6][0]
        if 7 in self.schemes:
            out["sit_out_at_seven"] = self.schemes[7]
        return out

    def playing(self) -> list[str]:
        n = len(self.players)
        return [self.players[(self.dealer + k) % n] for k in range(n)
                if k not in self.scheme]

    def deal(self, index: int, entry: dict[str, Any]) -> None:
        changes = entry.get("changes")
        events = entry.get("events" if self.js else "numberOfEvents", 0)
        if type(changes) is not list or not 1 <= len(changes) <= 4 or any(
                type(c) is not dict or type(c.get("name")) is not str
                or type(c.get("diff")) is not int for c in changes):
            self.bad(index, msg("changes must be 1 to 4 entries of a name and a diff"))
            return
        if type(events) is not int or not 0 <= events <= MAX_EVENTS:
            self.bad(index, msg("the number of events must be 0 to {most}", most=MAX_EVENTS))
            return
        playing = self.playing()
        typed = {c["name"]: c["diff"] for c in changes}
        strangers = [n for n in typed if n not in playing]
        if strangers or len(typed) != len(changes):
            self.bad(index, msg("{names} do not play this deal (or are named twice); the "
                                "players are {playing}", names=", ".join(strangers)[:200],
                                playing=", ".join(playing)))
            return
        scores = dict(typed)
        if len(typed) < 4:
            if len(set(typed.values())) != 1:
                self.bad(index, msg("fewer than four diffs, and not all equal: the others "
                                    "cannot be completed"))
                return
            d, n = changes[0]["diff"], len(typed)
            total = -(n * d)
            each = abs(total) // (4 - n) * (1 if total >= 0 else -1)  # C++: toward zero
            if each * (4 - n) != total:
                self.truncated.append(index)
            scores |= {name: each for name in playing if name not in typed}
        dealer = self.players[self.dealer]
        game: dict[str, Any] = {"dealer": dealer}
        if self.table is not None:
            game["table"] = self.table
            if self.next_dealer is not None:
                game["dealer"] = self.next_dealer
            self.table = self.next_dealer = None
        if self.solo_round:
            game["solo_round_starts"] = True
            self.solo_round, self.round_left = False, len(self.players)
        if self.round_left and events and self.js:
            self.events_in_round = True
        self.round_left = max(0, self.round_left - 1)
        game["sheet"] = _line(scores, events)
        self.games.append(game)
        self.dealer = (self.dealer + 1) % len(self.players)

    def finish(self) -> None:
        if self.truncated:
            self.notes.append(msg("entries {entries}: the diffs completed by the program do "
                                  "not add up to zero (it divides and drops the remainder); "
                                  "the check shows the line", entries=", ".join(
                                      str(i) for i in self.truncated[:10])))
        if self.trigger_last:
            self.notes.append(msg("the list ends with a mandatory solo round started and no "
                                  "game of it"))
        if self.events_in_round:
            self.notes.append(msg("a bock round opened during a mandatory solo round falls "
                                  "on the solo games in jsdoppelkopf; here it starts after "
                                  "the round"))
        if len(self.games) and any("table" in g for g in self.games):
            self.notes.append(msg("at a change of the table the program asks who deals next; "
                                  "that dealer is written as the game's dealer"))
        self.notes.append(msg("each game's kind is read from its entries: one against three "
                              "a solo of the lone player, else a normal game"))


def _line(scores: dict[str, int], events: int) -> dict[str, Any]:
    plus = [n for n, v in scores.items() if v >= 0]  # as the program reads a solo
    minus = [n for n, v in scores.items() if v < 0]
    line: dict[str, Any] = {"type": "normal", "scores": scores}
    if len(plus) == 1 and len(minus) == 3:
        line = {"type": "solo", "declarer": plus[0], "scores": scores}
    elif len(minus) == 1 and len(plus) == 3:
        line = {"type": "solo", "declarer": minus[0], "scores": scores}
    line["bock_event_count"] = events
    return line


