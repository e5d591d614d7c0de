"""The answer of a sitting's check: its defects, each game's line, totals and standings."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from service.game.codes import NOTES, VIOLATIONS
from service.game.result import CheckResult
from service.game.text import Text
from service.game.version import VERSION
from service.game.words import say
from service.lists.naming import of_game


@dataclass(frozen=True, slots=True)
class ListDefect:
    """A violation (or note) of the list: code, JSON pointer into the request, player;
    ``should_be``: for a slip in one entry of a sheet line, what that entry should be."""

    code: str
    pointer: str | None
    player: str | None
    text: Text
    should_be: int | float | None = None  # a float: a season's points (two decimals)
    names: tuple[str, ...] | None = None  # the game's players, for a game's own violation

    @property
    def message(self) -> str:
        return say(self.text, "en", self.names)

    def said(self, lang: str = "en") -> str:
        """The message in ``lang``, as said where its game is already named."""
        return say(self.text, lang, self.names)

    def as_dict(self, lang: str = "en") -> dict[str, Any]:
        """The answer's entry: its message names a list's game from 1 ("Game 7: …")."""
        out: dict[str, Any] = {"code": self.code, "pointer": self.pointer,
                               "player": self.player,
                               "message": of_game(self.pointer, self.said(lang), lang)}
        if self.should_be is not None:
            out["should_be"] = self.should_be
        return out


def list_violation(code: str, pointer: str, player: str | None, text: Text,
                   should_be: int | float | None = None, names: tuple[str, ...] | None = None
                   ) -> ListDefect:
    if code not in VIOLATIONS:
        raise ValueError(f"unregistered violation code {code!r}")
    return ListDefect(code, pointer, player, text, should_be, names)


def list_note(code: str, pointer: str | None, player: str | None, text: Text) -> ListDefect:
    if code not in NOTES:
        raise ValueError(f"unregistered note code {code!r}")
    return ListDefect(code, pointer, player, text)


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
    # House rules (each absent from the answer where the list does not use it):
    table: tuple[str, ...] | None = None  # who sits at the table from this game on
    solo_round: int | None = None  # the game's place in a mandatory solo round (1 ...)
    bock_rounds_opened: int | None = None  # under bock_rounds_per_event or bock_cap
    seated: tuple[str, ...] = ()  # who sat at the table for it (not in the answer)
    sitting_out: tuple[str, ...] | None = None  # at six or seven: who sat out, dealer first

    def as_dict(self, lang: str = "en") -> dict[str, Any]:
        out: dict[str, Any] = {"index": self.index, "dealer": self.dealer,
                               "sits_out": self.sits_out}
        if self.sitting_out is not None:
            out["sitting_out"] = list(self.sitting_out)
        if self.table is not None:
            out["table"] = list(self.table)
        out.update({"kind": self.kind, "declarer": self.declarer})
        if self.solo_round is not None:
            out["solo_round"] = self.solo_round
        out["bock"] = self.bock
        if self.bock_rounds_opened is not None:
            out["bock_rounds_opened"] = self.bock_rounds_opened
        out.update({"value": self.value, "scores": self.scores, "totals": self.totals,
                    "valid": self.valid})
        if self.result is not None:
            out["result"] = self.result.to_dict(lang)
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
    corrected_totals: dict[str, int] | None = None  # the totals with every slip corrected
    # What a score-keeper shows under the last line: who deals next, the games left in
    # the round (None: the ruleset counts none), the factors of the bock games owed.
    next_dealer: str = ""
    games_left: int | None = None
    bock_ahead: tuple[int, ...] = ()
    date: str | None = None  # the evening the list was kept, as the request gave it

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

    def to_dict(self, lang: str = "en") -> dict[str, Any]:
        """The answer of ``POST /v1/sittings/check``, its messages said in ``lang``."""
        out: dict[str, Any] = {
            "valid": self.valid, "complete": self.complete, "ruleset": self.ruleset,
            "players": list(self.players),
        }
        if self.date is not None:
            out["date"] = self.date
        out |= {
            "violations": [v.as_dict(lang) for v in self.violations],
            "notes": [n.as_dict(lang) for n in self.notes],
            "games": [g.as_dict(lang) for g in self.games],
            "duty_solos": self.duty_solos, "totals": self.totals,
        }
        if self.corrected_totals is not None:  # only where a line has a slip
            out["corrected_totals"] = self.corrected_totals
        out.update({"next_dealer": self.next_dealer, "games_left": self.games_left,
                    "bock_ahead": list(self.bock_ahead)})
        out.update({"standings": self.standings, "claimed": self.claimed,
                    "service_version": VERSION, "ruleset_digest": self.ruleset_digest})
        return out
