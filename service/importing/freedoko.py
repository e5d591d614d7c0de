"""A FreeDoko 0.7.13 game record read into a transcript, FreeDoko's result as its claim.

What is read from where (``src/os/bug_report.cpp`` writes it, ``bug_report_replay.cpp``
reads it back):

* ``startplayer: N``: the player asked first and leading; the dealer is the one before.
* the ``rules`` block of ``party``: the ruleset (:mod:`service.importing.freedoko_rules`).
* ``gametype:``, ``soloplayer: player N``, ``selector:`` and ``bride: player N``: the game.
* ``hands``: the hands at the start of play, so for a poverty after the exchange; the
  deal is rebuilt from the shift and return lines, adding before removing (a taker may
  hand a passed card straight back).
* ``gameplay actions``: ``reservation = s, …`` (also those that lost on priority), the
  poverty's shift, denials, acceptance and return, ``swines = s``, ``hyperswines = s``,
  ``card played = s, heart ten`` (an AI's note in parentheses after it),
  ``announcement = s, no 120`` (re or contra, by the caller's team), ``no 90/60/30``,
  ``no 0`` (black), ``reply``; ``marriage = bride, partner``.
* ``game summary``: teams, trick points, the winner, the value (with a bock factor as
  the special point ``bock`` already in it): the transcript's ``claimed`` result.
"""

from __future__ import annotations

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
)
from service.importing.freedoko_record import Block, Record, card, hands, pairs, parse
from service.importing.freedoko_rules import ruleset_from

SOLO_TYPES = {"solo jack": "jacks", "solo queen": "queens", "solo king": "kings",
              "solo queen-jack": "queens_jacks", "solo king-jack": "kings_jacks",
              "solo king-queen": "kings_queens", "solo koehler": "koehler",
              "solo club": "clubs", "solo spade": "spades", "solo heart": "hearts",
              "solo diamond": "diamonds", "solo meatless": "meatless"}
THROWN = {"thrown nines": "nines", "thrown kings": "kings",
          "thrown nines and kings": "nines_kings", "thrown richness": "richness",
          "fox highest trump": "fox_highest"}
SELECTORS = {"first foreign": "any", "first trump": "trump", "first color": "color",
             "first club": "club", "first spade": "spade", "first heart": "heart"}
CALLS = {"no 90": "no90", "no 60": "no60", "no 30": "no30", "no 0": "black"}
TEAMS = {"re": "re", "contra": "contra"}


def import_freedoko(data: bytes, *, ruleset: Any = None) -> Imported:
    """A transcript from a FreeDoko game record; :class:`ImportRefused` says where and why
    it cannot be read."""
    text, _ = decode(data)
    record = parse(text)
    notes: list[Text] = []
    if record.version and not record.version.startswith("0.7."):
        notes.append(msg("the record was written by FreeDoko {version}; it is read as "
                         "FreeDoko 0.7.13 writes one", version=record.version))
    party = record.top.block("party")
    rules_block = party.block("rules") if party is not None else None
    if rules_block is None:
        raise refuse(msg("the record has no rules block in its party block"))
    if ruleset is None:
        spec, rules = ruleset_from(pairs(rules_block), notes)
        changed = ", ".join(f"{k} = {json.dumps(v)}" for k, v in spec["options"].items())
        notes.insert(0, msg("the record's rules are checked as the FreeDoko rules with "
                            "these options: {options}", options=changed) if changed
                     else msg("the record's rules are the FreeDoko rules as they are"))
    else:
        spec, rules = ruleset_of(ruleset, "freedoko", notes, None)
        notes.append(msg("the record's own rules are not read: the ruleset asked for is used"))
    hands_block = record.top.block("hands")
    if hands_block is None or "gametype" not in record.values:
        raise refuse(msg("the record stops before the game started (it has no gametype "
                         "and no hands): there is no game to check"))
    names, held = hands(hands_block)
    if len(names) != 4:
        raise refuse(msg("the hands block has {count} players; a game has four",
                         count=len(names)), line=hands_block.line)
    start = _number(record, "startplayer", 4)
    game = Game(names, held, start, rules.with_nines)
    _game_type(record, game)
    actions = record.top.block("gameplay actions")
    if actions is not None:
        _actions(actions, game, notes)
    transcript: dict[str, Any] = {
        "ruleset": spec, "players": names, "dealer": (start + 3) % 4,
        "hands": game.deal(), "reservations": game.reservations, "game": game.game,
        "play": game.play}
    summary = record.top.block("game summary")
    own: dict[str, Any] = {}
    if summary is None:
        notes.append(msg("the record stops during the game: it is checked as far as it goes"))
    else:
        _claimed(summary, transcript, game, rules.counting, notes)
        own = {"teams": game.teams, "points": _special_points(summary)}
    for event in transcript["play"]:
        if str(event.get("announce", "")).startswith("team:"):
            event["announce"] = game.team(event["seat"])
    return Imported("transcript", transcript, notes, own)


class Game:
    """The game as the record's lines tell it, gathered in this project's terms."""

    def __init__(self, names: list[str], held: list[list[str]], start: int,
                 with_nines: bool):
        self.names, self.held, self.start = names, held, start
        self.with_nines = with_nines
        self.game: dict[str, Any] = {"type": "normal"}
        self.reservations: list[dict[str, Any]] = []
        self.play: list[dict[str, Any]] = []
        self.shifted: list[str] = []
        self.returned: list[str] = []
        self.teams: list[str] = []

    def deal(self) -> list[list[str]]:
        """The deal before the exchange: the poor player's hand with the cards he passed
        and without those given back, his partner's the other way round (adding before
        removing)."""
        hands = [list(h) for h in self.held]
        if self.game["type"] != "poverty" or "partner" not in self.game:
            return hands
        poor, partner = self.game["declarer"], self.game["partner"]
        for who, add, remove in ((poor, self.shifted, self.returned),
                                 (partner, self.returned, self.shifted)):
            hands[who] += add
            for c in remove:
                if c in hands[who]:
                    hands[who].remove(c)
        return hands

    def team(self, seat: int) -> str:
        """The team a re or contra said by ``seat`` is for: FreeDoko's own, where the
        summary names the teams; else the game's (re: the soloist, the bride, the poor
        player and his partner, in a normal game the holders of a ♣Q)."""
        if self.teams:
            return self.teams[seat]
        kind = self.game["type"]
        if kind in ("solo", "marriage", "poverty"):
            return "re" if seat in (self.game.get("declarer"), self.game.get("partner")) \
                else "contra"
        return "re" if "CQ" in self.deal()[seat] else "contra"

    def trump(self, code: str) -> bool:
        return code[0] == "D" or code[1:] in ("J", "Q") or code == "H10"


def _number(record: Record, key: str, below: int) -> int:
    line, value = record.values.get(key, (0, ""))
    if not value.isdigit() or int(value) >= below:
        raise refuse(msg("{key}: must be a player's number from 0 to 3", key=key),
                     line=line or None)
    return int(value)


def _player(value: str, line: int) -> int:
    text = value.strip().removeprefix("player").strip()
    if not text.isdigit() or int(text) > 3:
        raise refuse(msg("{value} is not a player's number from 0 to 3", value=value),
                     line=line)
    return int(text)


def _game_type(record: Record, game: Game) -> None:
    line, kind = record.values["gametype"]
    if kind in SOLO_TYPES or kind in ("marriage", "marriage solo"):
        key = "bride" if kind.startswith("marriage") else "soloplayer"
        if key not in record.values:
            raise refuse(msg("a {kind} without the line {key}:", kind=kind, key=key), line=line)
        at, text = record.values[key]
        who = _player(text, at)
    if kind in SOLO_TYPES:
        game.game = {"type": "solo", "solo": SOLO_TYPES[kind], "declarer": who}
    elif kind in ("marriage", "marriage solo"):
        selector = record.values.get("selector", (line, "first foreign"))[1]
        if selector not in SELECTORS:
            raise refuse(msg("the marriage's selector {selector} has no rule here",
                             selector=selector), line=line)
        game.game = {"type": "marriage", "declarer": who,
                     "partner_rule": {"trick": SELECTORS[selector], "nth": 1}}
    elif kind == "poverty":
        game.game = {"type": "poverty"}
    elif kind in THROWN:
        game.game = {"type": "redeal"}
    elif kind in ("normal", "marriage silent"):
        game.game = {"type": "normal"}  # the check finds a silent marriage itself
    else:
        raise refuse(msg("the game type {kind} cannot be checked here", kind=kind), line=line)


def _reservation(text: str, line: int) -> dict[str, Any]:
    parts = [p.strip() for p in text.split(",")]
    kind = parts[0]
    if kind in ("normal", "marriage silent"):
        return {"reservation": "healthy"}
    if kind in SOLO_TYPES:
        return {"reservation": "solo", "solo": SOLO_TYPES[kind]}
    if kind == "marriage":
        return {"reservation": "marriage"}
    if kind == "poverty":
        return {"reservation": "poverty"}
    if kind in THROWN:
        return {"reservation": "throw", "reason": THROWN[kind]}
    raise refuse(msg("the reservation {kind} cannot be checked here", kind=kind), line=line)


def _actions(block: Block, game: Game, notes: list[Text]) -> None:
    problems: list[Problem] = []
    replies = 0
    for number, line in block.lines:
        kind, sep, rest = line.partition("=")
        kind = kind.strip()
        if not sep:
            problems.append(Problem(msg("an action is written type = player, …"), number))
            continue
        who_text, _, what = rest.partition(",")
        if kind in ("trick full", "trick open", "trick taken", "check",
                    "poverty denied by all"):
            continue  # the tricks follow from the cards played
        try:
            who = _player(who_text, number)
            if kind == "reservation":
                game.reservations.append({"seat": who, **_reservation(what, number)})
            elif kind == "card played":
                game.play.append({"seat": who, "card": card(what.split("(")[0].strip(),
                                                            number)})
            elif kind == "announcement":
                call = what.strip()
                if call.endswith("reply") or call == "no 120":
                    replies += call.endswith("reply")
                    game.play.append({"seat": who, "announce": "team:" + str(who)})
                elif call in CALLS:
                    game.play.append({"seat": who, "announce": CALLS[call]})
                else:
                    problems.append(Problem(msg("the announcement {call} is not one FreeDoko "
                                                "makes", call=call), number))
            elif kind in ("swines", "hyperswines"):
                game.play.append({"seat": who, "show": kind})
            elif kind == "poverty shift":
                game.game.update(declarer=who, offers=[])
                game.shifted = [card(c, number) for c in what.split(",") if c.strip()]
                game.game["passed"] = game.shifted
            elif kind in ("poverty denied", "poverty accepted"):
                game.game.setdefault("offers", []).append(
                    {"seat": who, "accept": kind == "poverty accepted"})
                if kind == "poverty accepted":
                    game.game["partner"] = who
            elif kind == "poverty returned":
                game.returned = [card(c, number) for c in what.split(",") if c.strip()]
                game.game["returned"] = game.returned
                game.game["trumps_returned"] = sum(game.trump(c) for c in game.returned)
            elif kind == "marriage":
                partner = _player(what, number)
                if partner == who:
                    notes.append(msg("the bride found no partner and played alone"))
            elif kind == "genscher":
                problems.append(Problem(msg("a Genscher was played: there is no such rule "
                                            "here, the game cannot be checked"), number))
            else:
                problems.append(Problem(msg("the action {kind} is not one FreeDoko writes",
                                            kind=kind), number))
        except ImportRefused as refused:
            problems += refused.problems
    if problems:
        raise ImportRefused(problems)
    if replies:
        notes.append(msg("a reply is read as the replying team's re or contra"))


def _claimed(block: Block, transcript: dict[str, Any], game: Game, counting: str,
             notes: list[Text]) -> None:
    """FreeDoko's result as the claim: winner, value, card points, each player's score by
    FreeDoko's counting; its teams decide each re or contra said."""
    values = pairs(block)
    line, teams_text = values.get("teams", (block.line, ""))
    teams = [t.strip() for t in teams_text.split(",")]
    if len(teams) != 4 or any(t not in TEAMS for t in teams):
        raise refuse(msg("the summary's teams are not four of re and contra"), line=line)
    line, points_text = values.get("trick points", (block.line, ""))
    tricks = [p.strip() for p in points_text.split(",")]
    if len(tricks) != 4 or not all(p.isdigit() for p in tricks):
        raise refuse(msg("the summary's trick points are not four numbers"), line=line)
    winner = values.get("winnerteam", (0, ""))[1]
    line, value = values.get("points", (block.line, ""))
    if not value.lstrip("-").isdigit():
        raise refuse(msg("the summary's points are not a number"), line=line)
    points = int(value)
    claimed: dict[str, Any] = {"value": points,
                               "winner": TEAMS.get(winner),
                               "card_points": {t: sum(int(p) for p, s in zip(tricks, teams,
                                                                           strict=True)
                                                      if s == t) for t in TEAMS}}
    solo = transcript["game"]["type"] == "solo"
    if winner in TEAMS:
        claimed["scores"] = [_score(t, winner, points, counting, solo) for t in teams]
    transcript["claimed"] = claimed
    specials = block.block("special points")
    bock = sum(1 for _, line_ in (specials.lines if specials else [])
               if line_.startswith("bock"))
    if bock:
        transcript["context"] = {"bock": 2 ** bock}
        notes.append(msg("the game was a bock game (×{factor}): its value is checked with "
                         "that factor", factor=2 ** bock))
    game.teams = teams


def _score(team: str, winner: str, points: int, counting: str, solo: bool) -> int:
    """A player's entry as FreeDoko counts it (``GameSummary::points``)."""
    won = team == winner
    if counting == "winners_only":
        return (3 * points if solo and team == "re" else points) if won else 0
    if counting == "losers_only":
        return 0 if won else -(3 * points if solo and team == "re" else points)
    factor = 3 if solo and team == "re" else 1
    return factor * points if won else -factor * points


# FreeDoko's special points (src/game/specialpoint.cpp, name) as the check's score items
POINTS = {"won": "won", "no 90": "below_90", "no 60": "below_60", "no 30": "below_30",
          "no 0": "black", "no 90 said": "no90_announced", "no 60 said": "no60_announced",
          "no 30 said": "no30_announced", "no 0 said": "black_announced",
          "got 120 against no 90": "reached_120_against_no90",
          "got 90 against no 60": "reached_90_against_no60",
          "got 60 against no 30": "reached_60_against_no30",
          "got 30 against no 0": "reached_30_against_black", "caught fox": "fox_caught",
          "fox last trick": "fox_last_trick", "charlie": "karlchen_last_trick",
          "caught charlie": "karlchen_caught", "Doppelkopf": "doppelkopf",
          "contra won": "against_club_queens", "heart trick": "heart_trick",
          "dolle caught dolle": "dollen_beat_dollen"}


def _special_points(summary: Block) -> list[tuple[str, str]]:
    """The summary's special points FreeDoko and the check both name: (item, team)."""
    block = summary.block("special points")
    found = []
    for _, line in block.lines if block is not None else ():
        name, sep, rest = line.partition("=")
        parts = [p.strip() for p in rest.split(",")]
        if sep and name.strip() in POINTS and len(parts) > 1 and parts[1] in TEAMS:
            found.append((POINTS[name.strip()], parts[1]))
    return found


def compared(own: dict[str, Any], answer: dict[str, Any]) -> list[Text]:
    """Notes where the check's teams or score items differ from FreeDoko's summary."""
    notes: list[Text] = []
    game = answer.get("game") or {}
    names = answer.get("players") or []
    teams = own.get("teams") or []
    if teams and "re" in game:
        re_seats = {i for i, t in enumerate(teams) if t == "re"}
        if set(game["re"]) != re_seats:
            notes.append(msg("FreeDoko's re team is {freedoko}; the check's is {check}",
                             freedoko=_names(re_seats, names),
                             check=_names(set(game["re"]), names)))
    score = answer.get("score") or {}
    if "points" in own and score:
        mapped = set(POINTS.values())
        ours = sorted((i["code"], i["team"]) for i in score.get("items", ())
                      if i["code"] in mapped)
        theirs = sorted(own["points"])
        if ours != theirs:
            notes.append(msg("FreeDoko's special points are {freedoko}; the check's are "
                             "{check}", freedoko=_items(theirs), check=_items(ours)))
    return notes


def _names(seats: set[int], names: list[str]) -> str:
    return ", ".join(names[s] if s < len(names) else str(s + 1) for s in sorted(seats))


def _items(items: list[tuple[str, str]]) -> str:
    return ", ".join(f"{code} ({team})" for code, team in items) or "–"
