"""Who sits where: every participant once in each round, and the final tables by the
preliminary standing (``tournament.md``, "Final seating")."""

from __future__ import annotations

from dataclasses import dataclass

from service.game.text import msg
from service.lists.sitting.standings import ListDefect, list_note, list_violation
from service.lists.tournament.request import Table, seatable


def round_seating(participants: tuple[str, ...], tables: list[Table],
                  here: str) -> list[ListDefect]:
    """A participant missing from the round (at the round), or seated twice (at his
    second seat)."""
    defects = []
    seat: dict[str, int] = {}
    for t, table in enumerate(tables):
        for i, name in enumerate(table.sitting.players):
            if name in seat:
                defects.append(list_violation(
                    "seating", f"{table.pointer}/players/{i}", name,
                    msg("{name} plays at two tables in this round (tables {first} and "
                        "{second})", name=name, first=seat[name] + 1, second=t + 1)))
            else:
                seat[name] = t
    for name in participants:
        if name not in seat:
            defects.append(list_violation("seating", here, name,
                                          msg("{name} is seated at no table of this round",
                                              name=name)))
    return defects


@dataclass(slots=True)
class Cut:
    """The final seating the standing allows: the order (the wildcard taken out) and the
    first table's share of it."""

    order: list[str]  # the standing's order without the wildcard
    points: dict[str, int]
    wildcard: str | None
    first: int  # places of the order at the first table (4, or 5 without a wildcard)
    places: dict[str, int]  # the preliminary standing's places


def final_cut(order: list[str], points: dict[str, int], places: dict[str, int],
              wildcard: str | None) -> tuple[Cut, list[ListDefect]]:
    """The first final table's share of the standing, and a wildcard's defect."""
    defects = []
    count = len(order)
    if wildcard is not None:
        above = sum(1 for n in order if points[n] > points[wildcard])
        level = sum(1 for n in order if points[n] == points[wildcard])
        if above + level <= 4:
            defects.append(list_violation(
                "final_seating", "/final/wildcard", wildcard,
                msg("{name} is among the best four of the preliminary round and sits at the "
                    "first final table without a wildcard", name=wildcard)))
            wildcard = None
        elif not seatable(count - 5):
            defects.append(list_violation(
                "final_seating", "/final/wildcard", wildcard,
                msg("with a wildcard the other {count} participants cannot be seated at "
                    "tables of four and five", count=count - 5)))
            wildcard = None
    if wildcard is not None:
        rest = [n for n in order if n != wildcard]
        return Cut(rest, points, wildcard, 4, places), defects
    first = 4 if seatable(count - 4) else 5
    return Cut(list(order), points, None, min(first, count), places), defects


def final_seating(cut: Cut, tables: list[Table]) -> tuple[list[ListDefect], list[ListDefect]]:
    """Every participant seated at a final table his place does not allow
    (``final_seating`` at his seat), and a ``tie_at_cut`` note where equal points straddle
    the boundary between two tables."""
    violations: list[ListDefect] = []
    notes: list[ListDefect] = []
    order, points = cut.order, cut.points
    low: dict[str, int] = {}
    high: dict[str, int] = {}
    first: dict[int, int] = {}
    last: dict[int, int] = {}
    for i, name in enumerate(order):  # the positions a player may take, ties counted
        first.setdefault(points[name], i)
        last[points[name]] = i
    for name in order:
        low[name], high[name] = first[points[name]], last[points[name]]
    start = 0
    bounds = []
    for t, table in enumerate(tables):
        size = len(table.sitting.players)
        share = cut.first if t == 0 else size
        bounds.append((start, start + share))
        start += share
    for t, table in enumerate(tables):
        begin, end = bounds[t]
        for i, name in enumerate(table.sitting.players):
            if name not in low and name != cut.wildcard:
                continue  # not a participant: a field error already
            allowed = (t == 0 if name == cut.wildcard
                       else low[name] < end and high[name] >= begin)
            if not allowed:
                violations.append(list_violation(
                    "final_seating", f"{table.pointer}/players/{i}", name,
                    msg("{name} has place {place} of the preliminary standing and does not "
                        "sit at final table {table}", name=name, place=cut.places[name],
                        table=t + 1) if name != cut.wildcard else
                    msg("{name} won the wildcard and sits at the first final table",
                        name=name)))
    for t in range(1, len(bounds)):
        edge = bounds[t][0]
        if 0 < edge < len(order) and points[order[edge - 1]] == points[order[edge]]:
            tied = [n for n in order if points[n] == points[order[edge]]]
            notes.append(list_note(
                "tie_at_cut", f"/final/tables/{t}", None,
                msg("{names} have {points} points each across the cut between final tables "
                    "{upper} and {lower}: any of them may sit on either side",
                    names=", ".join(tied), points=points[order[edge]], upper=t, lower=t + 1)))
    return violations, notes

