"""A tournament day checked: each round's tables as sittings, in order, the duty solos
over the preliminary phase, the standing, the final seating and the places."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from service.game.digest import digest
from service.game.text import msgn
from service.lists.sitting.check import check_sitting
from service.lists.sitting.standings import ListDefect, SittingResult, list_note, list_violation
from service.lists.tournament.request import Table, Tournament, load_tournament, with_duty
from service.lists.tournament.seating import final_cut, final_seating, round_seating
from service.lists.tournament.standing import (
    TournamentResult,
    compare_claimed,
    final_places,
    preliminary_standing,
)


class Day:
    """One pass over the rounds, in order."""

    def __init__(self, tournament: Tournament):
        self.t = tournament
        self.r = tournament.ruleset
        names = tournament.participants
        self.violations: list[ListDefect] = []
        self.notes: list[ListDefect] = []
        self.totals = dict.fromkeys(names, 0)
        self.penalties = dict.fromkeys(names, 0)
        self.played = dict.fromkeys(names, 0)  # duty solos over the preliminary rounds

    def run(self) -> TournamentResult:
        t, r = self.t, self.r
        over = t.final is not None or t.finished  # the preliminary phase is over
        rounds = []
        for i, tables in enumerate(t.preliminary):
            self.violations += round_seating(t.participants, tables, f"/preliminary/{i}")
            finished = i < len(t.preliminary) - 1 or over
            rounds.append(tuple(self.preliminary_table(table, finished) for table in tables))
        if r.duty_solo_period == "sitting" and over:
            self.owed_over_phase(f"/preliminary/{len(t.preliminary) - 1}")
        standing = preliminary_standing(t.participants, self.totals, self.penalties)
        final = places = None
        wildcard = t.wildcard
        if t.final is not None:
            final, wildcard = self.final(standing, t.final)
            places = final_places(list(final))
        claimed, defects = compare_claimed(standing, places, t.claimed_preliminary,
                                           t.claimed_places)
        self.violations += defects
        every = [s for one in rounds for s in one] + list(final or ())
        complete = t.finished and all(s.complete for s in every)
        return TournamentResult(r.id, digest(r), complete, tuple(self.violations),
                                tuple(self.notes), tuple(rounds), standing, final, wildcard,
                                places, claimed)

    def preliminary_table(self, table: Table, finished: bool) -> SittingResult:
        r = self.r
        owed: dict[str, int] = {}
        if r.duty_solo_period == "sitting":  # owed over all rounds, less those played
            owed = {n: max(0, r.duty_solos_per_player - self.played[n])
                    for n in table.sitting.players}
        result = check_sitting(with_duty(table, finished, owed))
        self.take(table.pointer, result)
        for name in result.players:
            self.totals[name] += result.totals[name]
            self.played[name] += result.duty_solos[name]["played"]
        if r.duty_solo_period == "round" and finished:
            self.owed_at_table(table.pointer, result)
        return result

    def take(self, prefix: str, result: SittingResult) -> None:
        """The table's defects, located under the table's pointer."""
        def moved(d: ListDefect) -> ListDefect:
            at = d.pointer if d.pointer not in (None, "/finished") else ""
            return replace(d, pointer=prefix + (at or ""))
        self.violations += [moved(v) for v in result.violations]
        self.notes += [moved(n) for n in result.notes]

    def owed_at_table(self, here: str, result: SittingResult) -> None:
        """Under ``duty_solo_period = "round"``: a duty solo still owed at the end of the
        table's list (none twice where a forced solo was due and not played)."""
        forced = {v.player for v in result.violations if v.code == "forced_solo"}
        for name in result.players:
            duty = result.duty_solos[name]
            missing = max(0, duty["owed"] - duty["played"])
            if missing and (self.r.missed_duty_solo_penalty or name not in forced):
                self.owed(here, name, missing)

    def owed_over_phase(self, here: str) -> None:
        """Under ``duty_solo_period = "sitting"``: what is still owed once the preliminary
        phase is over, penalised once."""
        for name in self.t.participants:
            missing = max(0, self.r.duty_solos_per_player - self.played[name])
            if missing:
                self.owed(here, name, missing)

    def owed(self, here: str, name: str, missing: int) -> None:
        penalty = self.r.missed_duty_solo_penalty
        if penalty:
            self.penalties[name] += penalty * missing
            self.notes.append(list_note(
                "missed_duty_solo", here, name,
                msgn("{name} did not play {count} duty solo in the preliminary rounds: "
                     "{points} points off the preliminary standing",
                     "{name} did not play {count} duty solos in the preliminary rounds: "
                     "{points} points off the preliminary standing", missing, name=name,
                     points=penalty * missing)))
        else:
            self.violations.append(list_violation(
                "duty_solo_missing", here, name,
                msgn("the preliminary round is over and {name} still owes {count} duty "
                     "solo", "the preliminary round is over and {name} still owes {count} "
                     "duty solos", missing, name=name)))

    def final(self, standing: list[dict[str, Any]], tables: list[Table]
              ) -> tuple[tuple[SittingResult, ...], str | None]:
        """The final tables checked: seated by the standing, each its own list (no duty
        solo owed, seed 004: the final "in 8 Spielen", its own mode)."""
        order = [s["player"] for s in standing]
        points = {s["player"]: s["points"] for s in standing}
        places = {s["player"]: s["place"] for s in standing}
        cut, defects = final_cut(order, points, places, self.t.wildcard)
        self.violations += defects
        self.violations += round_seating(self.t.participants, tables, "/final")
        seating, ties = final_seating(cut, tables)
        self.violations += seating
        self.notes += ties
        results = []
        for table in tables:
            result = check_sitting(with_duty(table, self.t.finished,
                                             dict.fromkeys(table.sitting.players, 0)))
            self.take(table.pointer, result)
            results.append(result)
        return tuple(results), cut.wildcard


def check_tournament(data: Any) -> TournamentResult:
    """Check a tournament day: JSON-like data (the contract's request) or a
    :class:`Tournament`. Raises :class:`TranscriptError` if the data is malformed."""
    tournament = data if isinstance(data, Tournament) else load_tournament(data)
    return Day(tournament).run()
