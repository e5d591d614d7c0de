"""A sitting: one table's list of games (a "Spielliste"), checked together.

What a single game cannot know comes from the list: whose deal it was, whether a
soloist still owed his duty solo, whether a duty solo was forced, whether the game was
bock, whether the column adds up. The contract is ``POST /v1/sittings/check``; every
rule here is one of the ruleset's sitting-level options (``level="sitting"`` in the
catalogue). Input is read by :func:`load_sitting` (field errors as
:class:`~service.rules.errors.TranscriptError`), checked by :func:`check_sitting`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from marshmallow import ValidationError

from .check import check_transcript, load
from .codes import NOTES, VIOLATIONS
from .context import GameContext
from .errors import FieldError, TranscriptError, field_errors, pointer_token
from .options import Ruleset
from .result import CheckResult
from .rulesets import digest
from .schemas import RulesetField
from .transcript import Transcript
from .version import VERSION

MAX_GAMES = 400  # a DDV round is 24 games, an evening rarely 60; a few hundred at most
MAX_NAME = 64
MAX_POINTS = 100_000  # a line's entry; far beyond any game (a black solo with bock)
SHEET_TYPES = ("normal", "marriage", "poverty", "solo", "silent_marriage", "redeal")
BOCK_EVENTS = ("tie", "lost_solo", "lost_re", "heart_trick", "black")
SOLO_PENALTIES = (3, 15, 21)  # DDV TSR 7.3.3 no. 2: a solo's penalty breaks even/odd
SOLO_KINDS = ("duty_solo", "forced_solo", "lust_solo")
LONE_KINDS = (*SOLO_KINDS, "silent_marriage")  # one player against three, x solo_multiplier


# ---- what the check reports --------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class ListDefect:
    """A violation (or note) of the list: code, JSON pointer into the request, player."""

    code: str
    pointer: str | None
    player: str | None
    message: str

    def as_dict(self) -> dict[str, Any]:
        return {"code": self.code, "pointer": self.pointer, "player": self.player,
                "message": self.message}


def _violation(code: str, pointer: str, player: str | None, message: str) -> ListDefect:
    if code not in VIOLATIONS:
        raise ValueError(f"unregistered violation code {code!r}")
    return ListDefect(code, pointer, player, message)


def _note(code: str, pointer: str | None, player: str | None, message: str) -> ListDefect:
    if code not in NOTES:
        raise ValueError(f"unregistered note code {code!r}")
    return ListDefect(code, pointer, player, message)


@dataclass(slots=True)
class SittingGame:
    index: int
    dealer: str
    sits_out: str | None
    kind: str
    declarer: str | None
    bock: int
    value: int | None
    scores: dict[str, int]
    totals: dict[str, int]
    valid: bool = True
    result: CheckResult | None = None

    def as_dict(self) -> dict[str, Any]:
        out = {"index": self.index, "dealer": self.dealer, "sits_out": self.sits_out,
               "kind": self.kind, "declarer": self.declarer, "bock": self.bock,
               "value": self.value, "scores": self.scores, "totals": self.totals,
               "valid": self.valid}
        if self.result is not None:
            out["result"] = self.result.to_dict()
        return out


@dataclass(frozen=True, slots=True)
class SittingResult:
    ruleset: str
    players: tuple[str, ...]
    complete: bool
    violations: tuple[ListDefect, ...]
    notes: tuple[ListDefect, ...]
    games: tuple[SittingGame, ...]
    duty_solos: dict[str, dict[str, int]]
    totals: dict[str, int]
    claimed: dict[str, Any] | None
    ruleset_digest: str = ""

    @property
    def valid(self) -> bool:
        return not self.violations

    @property
    def standings(self) -> list[dict[str, Any]]:
        """Highest first; equal points share a place (1, 2, 2, 4) in table order."""
        order = sorted(self.players, key=lambda p: -self.totals[p])  # stable: table order
        out: list[dict[str, Any]] = []
        for i, player in enumerate(order):
            points = self.totals[player]
            place = out[-1]["place"] if out and out[-1]["points"] == points else i + 1
            out.append({"player": player, "points": points, "place": place})
        return out

    def to_dict(self) -> dict[str, Any]:
        return {
            "valid": self.valid, "complete": self.complete, "ruleset": self.ruleset,
            "players": list(self.players),
            "violations": [v.as_dict() for v in self.violations],
            "notes": [n.as_dict() for n in self.notes],
            "games": [g.as_dict() for g in self.games],
            "duty_solos": self.duty_solos, "totals": self.totals,
            "standings": self.standings, "claimed": self.claimed,
            "service_version": VERSION, "ruleset_digest": self.ruleset_digest,
        }


# ---- reading the request -------------------------------------------------------------------

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


@dataclass(slots=True)
class Entry:
    dealer: str
    transcript: Transcript | None = None
    sheet: Sheet | None = None


@dataclass(slots=True)
class Sitting:
    ruleset: Ruleset
    players: tuple[str, ...]
    first_dealer: str
    finished: bool
    games: list[Entry]
    owed_at_start: dict[str, int]
    claimed_totals: dict[str, int] | None


class _Reader:
    """Collects every field error of a sitting request, by JSON pointer."""

    def __init__(self) -> None:
        self.errors: list[FieldError] = []

    def err(self, pointer: str, message: str) -> None:
        self.errors.append(FieldError(pointer, message))

    def obj(self, value: Any, pointer: str, allowed: tuple[str, ...]) -> dict[str, Any] | None:
        if type(value) is not dict:
            self.err(pointer, "Must be an object.")
            return None
        for key in value:
            if key not in allowed:
                self.err(f"{pointer}/{pointer_token(key)}", "Unknown field.")
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
            self.err(pointer, f"Not a player of this sitting ({', '.join(players)}).")
            return None
        return value

    def points(self, value: Any, pointer: str, players: tuple[str, ...]) -> dict[str, int]:
        found: dict[str, int] = {}
        if self.obj(value, pointer, players) is None:
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
                "bock_events")


def load_sitting(data: Any) -> Sitting:
    """A sitting from JSON-like data, validated; :class:`TranscriptError` lists every
    field error by JSON pointer (a transcript's own under ``/games/i/transcript``)."""
    r = _Reader()
    top = r.obj(data, "", TOP_FIELDS)
    if top is None:
        raise TranscriptError(r.errors, what="sitting")
    ruleset = _ruleset(r, top)
    players = _players(r, top.get("players"))
    first = players[0] if players else ""
    if "first_dealer" in top:
        first = r.name(top["first_dealer"], "/first_dealer", players) or first
    finished = r.boolean(top["finished"], "/finished") if "finished" in top else False
    owed: dict[str, int] = {}
    if "owed_at_start" in top:
        owed = _owed(r, top["owed_at_start"], players, ruleset)
    claimed = None
    if "claimed" in top and (c := r.obj(top["claimed"], "/claimed", ("totals",))) is not None:
        if "totals" not in c:
            r.err("/claimed/totals", "Missing data for required field.")
        else:
            claimed = r.points(c["totals"], "/claimed/totals", players)
    games = _games(r, top.get("games"), players, ruleset)
    if r.errors:
        raise TranscriptError(r.errors, what="sitting")
    assert ruleset is not None
    return Sitting(ruleset, players, first, finished, games, owed, claimed)


def _ruleset(r: _Reader, top: dict[str, Any]) -> Ruleset | None:
    if "ruleset" not in top:
        r.err("/ruleset", "Missing data for required field.")
        return None
    try:
        ruleset: Ruleset = RulesetField().deserialize(top["ruleset"])
    except ValidationError as error:
        r.errors += field_errors(error.messages, "/ruleset")
        return None
    return ruleset


def _players(r: _Reader, value: Any) -> tuple[str, ...]:
    if type(value) is not list or not 4 <= len(value) <= 5:
        r.err("/players", "Must be a list of 4 or 5 names, the table's positions clockwise.")
        return ()
    ok = True
    for i, name in enumerate(value):
        if type(name) is not str or not 1 <= len(name) <= MAX_NAME:
            r.err(f"/players/{i}", f"Must be a name of 1 to {MAX_NAME} characters.")
            ok = False
        elif name in value[:i]:
            r.err(f"/players/{i}", f"{name!r} sits at the table twice; names must differ.")
            ok = False
    return tuple(value) if ok else ()


def _owed(r: _Reader, value: Any, players: tuple[str, ...],
          ruleset: Ruleset | None) -> dict[str, int]:
    if ruleset is not None and ruleset.duty_solo_period == "round":
        r.err("/owed_at_start", "Duty solos are owed per round under this ruleset "
              "(duty_solo_period: round): every list starts with "
              f"{ruleset.duty_solos_per_player} each; leave owed_at_start out.")
        return {}
    found: dict[str, int] = {}
    if r.obj(value, "/owed_at_start", players) is None:
        return found
    for name, count in value.items():
        here = f"/owed_at_start/{pointer_token(name)}"
        if name in players and (n := r.integer(count, here, 0, 100)) is not None:
            found[name] = n
    return found


def _games(r: _Reader, value: Any, players: tuple[str, ...],
           ruleset: Ruleset | None) -> list[Entry]:
    if type(value) is not list:
        r.err("/games", "Must be a list of games.")
        return []
    if len(value) > MAX_GAMES:
        r.err("/games", f"At most {MAX_GAMES} games are checked in one sitting.")
        return []
    games = []
    for i, item in enumerate(value):
        here = f"/games/{i}"
        game = r.obj(item, here, ("dealer", "transcript", "sheet"))
        if game is None:
            continue
        dealer = None
        if "dealer" in game:
            dealer = r.name(game["dealer"], f"{here}/dealer", players)
        else:
            r.err(f"{here}/dealer", "Missing data for required field.")
        entry = Entry(dealer or "")
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


def _sheet(r: _Reader, value: Any, here: str, players: tuple[str, ...]) -> Sheet | None:
    data = r.obj(value, here, SHEET_FIELDS)
    if data is None:
        return None
    kind = data.get("type")
    if kind not in SHEET_TYPES:
        r.err(f"{here}/type", f"Must be one of: {', '.join(SHEET_TYPES)}.")
        return None
    sheet = Sheet(kind)
    lone = kind in ("solo", "silent_marriage")
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
    return sheet


def _transcript(r: _Reader, value: Any, here: str, players: tuple[str, ...],
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
        r.errors += [FieldError(here + e.pointer, e.message) for e in error.errors]
        return None
    for seat, name in enumerate(transcript.players or ()):
        if players and name not in players:
            r.err(f"{here}/players/{seat}", f"{name!r} is not a player of this sitting "
                  f"({', '.join(players)}).")
    return transcript


# ---- checking ------------------------------------------------------------------------------

def round_length(ruleset: Ruleset, table: int) -> int:
    """Games in a round at this table size (0: no count)."""
    return ruleset.games_per_round if table == 4 else ruleset.games_per_round_at_five


class _Bock:
    """The bock rounds under way: the factor of the next game, rounds started by events."""

    def __init__(self, ruleset: Ruleset, table: int):
        self.on, self.table = ruleset.bock_rounds, table
        self.factor_each, self.queue = ruleset.bock_factor, ruleset.bock_overlap == "queue"
        self.rounds: list[int] = []  # multiply: games left in each round under way
        self.pending = 0  # queue: bock games still owed

    def factor(self) -> int:
        if self.queue:
            return self.factor_each if self.pending else 1
        return int(self.factor_each ** len(self.rounds))

    def played(self, starts: bool) -> None:
        """One game played (a redeal is none); ``starts``: it opens a bock round."""
        if self.queue:
            self.pending = max(0, self.pending - 1) + (self.table if starts else 0)
        else:
            self.rounds = [n - 1 for n in self.rounds if n > 1]
            if starts:
                self.rounds.append(self.table)


def _starts_bock(ruleset: Ruleset, events: set[str]) -> bool:
    if not ruleset.bock_rounds:
        return False
    wanted = {"tie": ruleset.bock_after_tie, "lost_solo": ruleset.bock_after_lost_solo,
              "lost_re": ruleset.bock_after_lost_re,
              "heart_trick": ruleset.bock_after_heart_trick, "black": ruleset.bock_after_black}
    return any(wanted[e] for e in events)


def _transcript_events(result: CheckResult) -> set[str]:
    """The bock events of a played game."""
    events: set[str] = set()
    game, points = result.game, result.card_points
    if game is None or points is None:
        return events
    if points["re"] == points["contra"] == 120:
        events.add("tie")
    if game.type == "solo" and result.winner != "re":
        events.add("lost_solo")
    if any(a.team == "re" for a in result.announcements) and result.winner != "re":
        events.add("lost_re")
    tricks = result.tricks
    if game.type != "solo" and any(
            all(c.startswith("H") for c in t.cards) and "H10" not in t.cards for t in tricks):
        events.add("heart_trick")
    re_tricks = sum(1 for t in tricks if t.winner in game.re)
    if re_tricks in (0, len(tricks)):
        events.add("black")
    return events


class _Walk:
    """One pass over the games, in order."""

    def __init__(self, sitting: Sitting):
        self.s = sitting
        self.r = r = sitting.ruleset
        self.players = p = sitting.players
        self.table = len(p)
        self.length = round_length(r, self.table)
        self.owed = {n: sitting.owed_at_start.get(n, r.duty_solos_per_player) for n in p}
        self.played = dict.fromkeys(p, 0)
        self.totals = dict.fromkeys(p, 0)
        self.violations: list[ListDefect] = []
        self.notes: list[ListDefect] = []
        self.games: list[SittingGame] = []
        self.counted = 0  # games of the round's count so far (redeals are none)
        self.forced_missed: set[str] = set()
        self.bock = _Bock(r, self.table)

    def left_of(self, name: str, steps: int = 1) -> str:
        return self.players[(self.players.index(name) + steps) % self.table]

    def remaining(self, name: str) -> int:
        return max(0, self.owed[name] - self.played[name])

    def violation(self, code: str, pointer: str, player: str | None, message: str) -> None:
        self.violations.append(_violation(code, pointer, player, message))

    # -- rotation

    def expected_dealer(self, index: int) -> tuple[str, str]:
        """The dealer of game ``index`` and why, from the dealer written for the one before
        (a wrong dealer is one defect, not one per later game)."""
        if index == 0:
            return self.s.first_dealer, "the first dealer"
        before = self.games[-1]
        d = before.dealer
        if before.kind == "redeal":
            return d, f"after the redeal {d} deals again"
        if before.kind == "duty_solo" and self.r.dealer_repeats_after_duty_solo:
            return d, f"after {before.declarer}'s duty solo {d} deals again"
        if before.kind == "lust_solo" and self.r.dealer_repeats_after_lust_solo:
            return d, f"after {before.declarer}'s lust solo {d} deals again"
        return self.left_of(d), f"after {d}'s deal the next player deals"

    def playing(self, dealer: str) -> tuple[str, ...]:
        """The four who play, from the dealer's left (at five the dealer sits out)."""
        return tuple(self.left_of(dealer, k) for k in range(1, 5))

    # -- duty solos

    def forced_soloist(self, dealer: str, playing: tuple[str, ...]) -> tuple[str, int, int] | None:
        """Who must play a forced duty solo now (DDV TSR 4.2.3), with the solos owed and
        the games left; None where none is due."""
        if not self.r.forced_duty_solo or not self.length:
            return None
        left = self.length - self.counted
        owed = sum(self.remaining(n) for n in self.players)
        if owed == 0 or owed < left:
            return None
        soloist = next((n for n in playing if self.remaining(n)), None)
        return None if soloist is None else (soloist, owed, left)

    def solo_kind(self, declarer: str, duty: bool) -> str:
        if self.remaining(declarer) and not self.r.lust_solo_before_duty_solo:
            return "duty_solo"
        return "duty_solo" if duty and self.remaining(declarer) else "lust_solo"

    def duty_owed_context(self, declarer: str | None) -> bool | None:
        if declarer is None:
            return None
        if self.remaining(declarer):
            return None if self.r.lust_solo_before_duty_solo else True
        return False

    # -- the pass

    def run(self) -> SittingResult:
        for index, entry in enumerate(self.s.games):
            self.game(index, entry)
        return self.finish()

    def game(self, index: int, entry: Entry) -> None:
        here = f"/games/{index}"
        before = len(self.violations)
        expected, why = self.expected_dealer(index)
        dealer = entry.dealer
        if dealer != expected:
            self.violation("wrong_dealer", f"{here}/dealer", dealer,
                           f"{why}: {expected} deals game {index + 1}, not {dealer}")
        playing = self.playing(dealer)
        sits_out = dealer if self.table == 5 else None
        forced = self.forced_soloist(dealer, playing)
        factor = self.bock.factor()
        if entry.transcript is not None:
            game, events = self.transcript_game(index, entry.transcript, dealer, playing,
                                                sits_out, forced, factor)
        else:
            assert entry.sheet is not None
            game, events = self.sheet_game(index, entry.sheet, dealer, playing, sits_out,
                                           forced, factor)
        if game.kind != "redeal":
            if self.length and self.counted == self.length:
                self.violation("round_too_long", here, None,
                               f"the round has {self.length} games; game {index + 1} is one "
                               "more")
            self.counted += 1
            if forced is not None and game.kind != "forced_solo":
                soloist, owed, left = forced
                self.forced_missed.add(soloist)
                self.violation("forced_solo", here, soloist,
                               f"{owed} duty solo(s) still owed with {left} game(s) left: "
                               f"{soloist}, the first owing one from {dealer}'s left, had "
                               "to play a duty solo ('vorgeführt')")
            if game.kind in ("duty_solo", "forced_solo") and game.declarer:
                self.played[game.declarer] += 1
            self.bock.played(_starts_bock(self.r, events))
        for name, points in game.scores.items():
            self.totals[name] += points
        game.totals = dict(self.totals)
        game.valid = len(self.violations) == before
        self.games.append(game)

    def solo_kind_and_forced(self, here: str, declarer: str | None, duty: bool,
                             forced: tuple[str, int, int] | None,
                             written_forced: bool | None) -> str:
        if declarer is None:
            return "lust_solo"
        if forced is not None and declarer == forced[0]:
            if written_forced is False:
                self.violation("forced_solo", f"{here}/forced", declarer,
                               f"{declarer} was forced to play this duty solo "
                               "('vorgeführt'): mark it forced")
            return "forced_solo"
        if written_forced:
            due = (f"the forced duty solo here was {forced[0]}'s" if forced is not None
                   else "no forced duty solo was due here")
            self.violation("forced_solo", f"{here}/forced", declarer, f"{due}: not forced")
        return self.solo_kind(declarer, duty)

    def transcript_game(self, index: int, t: Transcript, dealer: str,
                        playing: tuple[str, ...], sits_out: str | None,
                        forced: tuple[str, int, int] | None, factor: int
                        ) -> tuple[SittingGame, set[str]]:
        here = f"/games/{index}/transcript"
        names = t.players or ()
        if sorted(names) != sorted(playing) or not _rotation_of(names, playing):
            self.violation("wrong_players", f"{here}/players", None,
                           f"the players of this game are {', '.join(playing)} clockwise"
                           + (f" ({sits_out} deals and sits out)" if sits_out else ""))
        lead = playing[0]  # the dealer's left neighbour
        if lead in names and names[(t.dealer + 1) % 4] != lead:
            seat = (names.index(lead) - 1) % 4
            self.violation("wrong_dealer", f"{here}/dealer", None,
                           f"{dealer} deals: the dealer seat is {seat}, whose left "
                           f"neighbour {lead} leads")
        declarer = (names[t.game.declarer] if t.game.type == "solo"
                    and t.game.declarer is not None and names else None)
        context = GameContext(bock=factor, duty_solo_owed=self.duty_owed_context(declarer))
        result = check_transcript(t._replace(context=context))
        for v in result.violations:
            self.violation(v.code, here + v.pointer, result.name(v.seat), v.message)
        if not result.complete:
            self.violation("game_unfinished", here + "/play", None,
                           "a game of the list is a whole game: this one stops before its "
                           "last card")
        info = result.game
        kind: str = info.type if info is not None else "normal"
        if kind == "solo":
            kind = self.solo_kind_and_forced(f"/games/{index}", declarer, t.game.duty,
                                             forced, None)
        scores = dict.fromkeys(self.players, 0)
        value = None
        if result.score is not None and kind != "redeal":
            for seat, points in enumerate(result.score.scores):
                if seat < len(names) and names[seat] in scores:
                    scores[names[seat]] = points
            value = result.score.value // factor
        if info is not None and info.declarer is not None and kind != "redeal":
            declarer = result.name(info.declarer)
        game = SittingGame(index, dealer, sits_out, kind, declarer, factor, value, scores, {},
                           result=result)
        bock_events = self.r.bock_rounds and kind != "redeal"  # the tricks named only then
        return game, (_transcript_events(result) if bock_events else set())

    def sheet_game(self, index: int, sheet: Sheet, dealer: str, playing: tuple[str, ...],
                   sits_out: str | None, forced: tuple[str, int, int] | None, factor: int
                   ) -> tuple[SittingGame, set[str]]:
        here = f"/games/{index}/sheet"
        kind = sheet.type
        if kind == "solo":
            kind = self.solo_kind_and_forced(here, sheet.declarer, sheet.duty, forced,
                                             sheet.forced)
            if sheet.declarer is not None and kind != "forced_solo" and (
                    sheet.duty != (kind == "duty_solo")):
                self.violation(
                    "game_declaration", f"{here}/duty", sheet.declarer,
                    f"{sheet.declarer} still owes a duty solo, so this solo is the duty solo"
                    if kind == "duty_solo" else
                    f"{sheet.declarer} owes no duty solo, so this solo is a lust solo")
        scores = dict.fromkeys(self.players, 0)
        scores.update(sheet.scores)
        if sheet.declarer is not None and sheet.declarer not in playing:
            self.violation("sheet_line", f"{here}/declarer", sheet.declarer,
                           f"{sheet.declarer} does not play this game")
        value = _Line(self, here, sheet, kind, playing, sits_out, factor).check()
        events = set(sheet.bock_events)
        if kind in SOLO_KINDS and sheet.declarer is not None and self.lost_by_soloist(
                scores, sheet.declarer, playing):
            events.add("lost_solo")
        game = SittingGame(index, dealer, sits_out, kind, sheet.declarer, factor, value,
                           scores, {})
        return game, (events if kind != "redeal" else set())

    def lost_by_soloist(self, scores: dict[str, int], soloist: str,
                        playing: tuple[str, ...]) -> bool:
        if self.r.counting == "winners_only":
            return scores[soloist] == 0 and any(scores[n] > 0 for n in playing)
        return scores[soloist] < 0

    def finish(self) -> SittingResult:
        totals = dict(self.totals)
        if self.s.finished:
            if self.length and self.counted < self.length:
                self.notes.append(_note(
                    "round_short", "/finished", None,
                    f"the round finished after {self.counted} of {self.length} games "
                    "(the referee strikes the normal games left, DDV TSR 8.5.1)"))
            for name in self.players:
                missing = self.remaining(name)
                if not missing:
                    continue
                penalty = self.r.missed_duty_solo_penalty
                if penalty:
                    totals[name] -= penalty * missing
                    self.notes.append(_note(
                        "missed_duty_solo", "/finished", name,
                        f"{name} did not play {missing} duty solo(s): {penalty * missing} "
                        "points off the total"))
                elif name not in self.forced_missed:
                    self.violation("duty_solo_missing", "/finished", name,
                                   f"the round is finished and {name} still owes {missing} "
                                   "duty solo(s)")
        claimed = None
        if self.s.claimed_totals is not None:
            differences = []
            for name, points in self.s.claimed_totals.items():
                if points != totals[name]:
                    differences.append({"player": name, "claimed": points,
                                        "computed": totals[name]})
                    self.violation("wrong_total", f"/claimed/totals/{pointer_token(name)}",
                                   None, f"{name}'s total is {totals[name]}, not {points}")
            claimed = {"agrees": not differences, "differences": differences}
        duty = {n: {"owed": self.owed[n], "played": self.played[n]} for n in self.players}
        return SittingResult(self.r.id, self.players, self.s.finished, tuple(self.violations),
                             tuple(self.notes), tuple(self.games), duty, totals, claimed,
                             digest(self.r))


def _rotation_of(names: tuple[str, ...], playing: tuple[str, ...]) -> bool:
    """The names sit in the table's clockwise order (starting anywhere)."""
    if len(names) != 4 or names[0] not in playing:
        return False
    start = playing.index(names[0])
    return all(names[k] == playing[(start + k) % 4] for k in range(4))


class _Line:
    """The arithmetic of one sheet line under the counting mode (DDV TSR 7.3.3)."""

    def __init__(self, walk: _Walk, here: str, sheet: Sheet, kind: str,
                 playing: tuple[str, ...], sits_out: str | None, factor: int):
        self.w, self.here, self.sheet, self.kind = walk, here, sheet, kind
        self.playing, self.sits_out, self.factor = playing, sits_out, factor
        self.counting = walk.r.counting
        self.entries = [sheet.scores.get(n, 0) for n in playing]

    def bad(self, where: str, player: str | None, message: str) -> None:
        self.w.violation("sheet_line", f"{self.here}{where}", player, message)

    def check(self) -> int | None:
        s, scores = self.sheet, self.sheet.scores
        missing = [n for n in self.playing if n not in scores]
        if missing and self.kind != "redeal":
            self.bad("/scores", None, f"no entry for {', '.join(missing)}, who played")
        for name, points in scores.items():
            if points and (name == self.sits_out or self.kind == "redeal"
                           or name not in self.playing):
                why = ("a redeal scores 0" if self.kind == "redeal"
                       else f"{name} sat out and scores 0 (DDV TSR 10.1.2)")
                self.bad(f"/scores/{pointer_token(name)}", name, why)
        if self.kind == "redeal":
            return None
        if s.bock is not None and s.bock != self.factor:
            self.bad("/bock", None, f"the bock factor of this game is {self.factor}, "
                     f"not {s.bock}")
        self.sums()
        winners = self.winners()
        if s.winners is not None and set(s.winners) != set(winners):
            self.bad("/winners", None, "the winners are the players with a plus: "
                     + (", ".join(winners) or "nobody"))
        value = self.value(winners)
        expected = self.expected(s.value, winners) if s.value is not None else None
        if expected is not None and any(expected[n] != scores.get(n, 0) for n in self.playing):
            self.w.violation(
                "sheet_line", f"{self.here}/value", None,
                f"value {s.value} × bock {self.factor} gives "
                + ", ".join(f"{n} {expected[n]:+d}" for n in self.playing)
                + ", not the line's entries")
        return s.value if s.value is not None else value

    def sums(self) -> None:
        e = self.entries
        if self.counting != "plus_minus":
            if any(x < 0 for x in e) if self.counting == "winners_only" else any(x > 0 for x in e):
                sign = "minus" if self.counting == "winners_only" else "plus"
                self.bad("/scores", None, f"under {self.counting} counting no entry is a {sign}")
            return
        if sum(e) != 0:
            self.w.violation("sheet_zero_sum", f"{self.here}/scores", None,
                             f"the line adds up to {sum(e):+d}, not 0 (DDV TSR 7.3.3 no. 1)")
            return
        if (self.w.r.even_odd_rule and self.w.table == 4 and len({x % 2 for x in e}) > 1
                and not (self.kind in SOLO_KINDS and self.solo_penalty())):
            self.w.violation("sheet_even_odd", f"{self.here}/scores", None,
                             "the four entries are not all even or all odd "
                             "(DDV TSR 7.3.3 no. 2)")

    def solo_penalty(self) -> bool:
        e = sorted(self.entries)
        return e[1] == e[2] == 0 and e[0] == -e[3] and e[3] in SOLO_PENALTIES

    def winners(self) -> list[str]:
        scores = self.sheet.scores
        if self.counting == "losers_only":
            return [n for n in self.playing if scores.get(n, 0) == 0]
        return [n for n in self.playing if scores.get(n, 0) > 0]

    def value(self, winners: list[str]) -> int | None:
        """The game value the line shows (before the soloist's factor and bock)."""
        scores, f = self.sheet.scores, self.factor
        if not winners or len(winners) == len(self.playing):
            return None
        soloist = self.sheet.declarer if self.kind in LONE_KINDS else None
        mult = self.w.r.solo_multiplier
        others = [n for n in self.playing if n != soloist]
        if soloist is not None and self.counting == "plus_minus":
            one = abs(scores.get(others[0], 0))
        elif soloist is not None and self.counting == "winners_only" and soloist in winners:
            one = scores.get(soloist, 0) // mult
        else:
            one = max(abs(scores.get(n, 0)) for n in self.playing)
        return one // f if one % f == 0 else None

    def expected(self, value: int, winners: list[str]) -> dict[str, int]:
        v = value * self.factor
        soloist = self.sheet.declarer if self.kind in LONE_KINDS else None
        mult = self.w.r.solo_multiplier
        out = {}
        for n in self.playing:
            won = n in winners
            each = v * (mult if n == soloist else 1)
            if self.counting == "plus_minus":
                out[n] = each if won else -each
            elif self.counting == "winners_only":
                out[n] = each if won else 0
            else:
                out[n] = 0 if won else -each
        return out


def check_sitting(data: Any) -> SittingResult:
    """Check a sitting: JSON-like data (the contract's request) or a :class:`Sitting`.

    Raises :class:`TranscriptError` if the data is malformed; a list with defects is no
    error but a result with ``valid`` false and its violations.
    """
    sitting = data if isinstance(data, Sitting) else load_sitting(data)
    return _Walk(sitting).run()
