"""The arithmetic of one sheet line under the counting mode (DDV TSR 7.3.3), and the one
entry to blame where a single slip explains the line's faults."""

from __future__ import annotations

from itertools import combinations
from typing import NamedTuple

from service.game.errors import pointer_token
from service.game.text import Cite, Sentence, Text, msg
from service.lists.sitting.duty import DutySolos
from service.lists.sitting.request import Sheet

SOLO_PENALTIES = (3, 15, 21)  # DDV TSR 7.3.3 no. 2: a solo's penalty breaks even/odd
SOLO_KINDS = ("duty_solo", "forced_solo", "lust_solo", "round_solo")
LONE_KINDS = (*SOLO_KINDS, "silent_marriage")  # one player against three, x solo_multiplier
MINUS = "\u2212"
DDV_ZERO_SUM = "DDV TSR 7.3.3 no. 1"  # cited where the DDV's rules are in force
DDV_EVEN_ODD = "DDV TSR 7.3.3 no. 2"
DDV_SITTER = "DDV TSR 10.1.2"


def signed(points: int) -> str:
    """An entry as a list shows it: +3, −3 (a typographic minus), 0."""
    return f"+{points}" if points > 0 else f"{MINUS}{-points}" if points < 0 else "0"


class Fault(NamedTuple):
    """One check a line fails: its code, where under the line, the player, the message."""

    code: str
    where: str
    player: str | None
    text: Text


class SheetLine:
    """The arithmetic of one sheet line under the counting mode (DDV TSR 7.3.3)."""

    def __init__(self, walk: DutySolos, here: str, sheet: Sheet, kind: str,
                 playing: tuple[str, ...], sits_out: str | None, factor: int):
        self.w, self.here, self.sheet, self.kind = walk, here, sheet, kind
        self.playing, self.sits_out, self.factor = playing, sits_out, factor
        self.counting = walk.r.counting
        # a bride left alone plays as a soloist does: x solo_multiplier (DDV TSR 7.2.4)
        self.lone = kind in LONE_KINDS or sheet.played_alone
        self.soloist = sheet.declarer if self.lone else None
        # a slip located (sitting.md, "One slip, one defect"): name, written, should be
        self.fix: tuple[str, int, int] | None = None

    def check(self) -> int | None:
        """Record the line's defects; return the game value it shows (before the
        soloist's factor and bock; with its slip corrected where one is located)."""
        scores = self.sheet.scores
        faults = self.faults(scores)
        slip = self.slip() if faults else None
        if slip is None:
            for f in faults:
                self.w.violation(f.code, self.here + f.where, f.player, f.text)
            return self.game_value(scores)
        name, should_be = slip
        written = scores[name]
        first = faults[0]
        why = (msg("the line adds up to {sum}, not 0{rule}",
                   sum=signed(sum(self.entries(scores))), rule=Cite(self.w.r.id, DDV_ZERO_SUM))
               if first.code == "sheet_zero_sum" else first.text)
        self.w.violation(first.code, f"{self.here}/scores/{pointer_token(name)}", name,
                         msg("{name}: {should_be}, not {written}. {why}", name=name,
                             written=signed(written), should_be=signed(should_be),
                             why=Sentence(why)),
                         should_be=should_be)
        self.fix = (name, written, should_be)
        return self.game_value({**scores, name: should_be})

    def entries(self, scores: dict[str, int]) -> list[int]:
        return [scores.get(n, 0) for n in self.playing]

    def faults(self, scores: dict[str, int]) -> list[Fault]:
        """Every check the line fails with these entries (the written ones, or a slip's
        correction tried), in the order they are reported."""
        s, out = self.sheet, []

        def bad(where: str, player: str | None, text: Text, code: str = "sheet_line") -> None:
            out.append(Fault(code, where, player, text))

        if s.declarer is not None and s.declarer not in self.playing:
            bad("/declarer", s.declarer, msg("{name} does not play this game", name=s.declarer))
        missing = [n for n in self.playing if n not in scores]
        if missing and self.kind != "redeal":
            bad("/scores", None, msg("no entry for {names}, who played",
                                     names=", ".join(missing)))
        for name, points in scores.items():
            if points and (name == self.sits_out or self.kind == "redeal"
                           or name not in self.playing):
                why = (msg("a redeal scores 0") if self.kind == "redeal"
                       else msg("{name} sat out and scores 0{rule}", name=name,
                                rule=Cite(self.w.r.id, DDV_SITTER)))
                bad(f"/scores/{pointer_token(name)}", name, why)
        if self.kind == "redeal":
            return out
        if s.bock is not None and s.bock != self.factor:
            bad("/bock", None, msg("the bock factor of this game is {factor}, not {written}",
                                   factor=self.factor, written=s.bock))
        out += self.sums(self.entries(scores))
        winners = self.winners(scores)
        if s.winners is not None and set(s.winners) != set(winners):
            written = ", ".join(s.winners)
            bad("/winners", None, (
                msg("the line names {written} as winners, but nobody has a plus",
                    written=written) if not winners else
                msg("the line names {written} as winners, but the players with a plus are "
                    "{names}", written=written, names=", ".join(winners)) if written else
                msg("the line names no winner, but the players with a plus are {names}",
                    names=", ".join(winners))))
        expected = self.expected(s.value, winners) if s.value is not None else None
        if expected is not None and any(expected[n] != scores.get(n, 0) for n in self.playing):
            bad("/value", None, msg("value {value} × bock {factor} gives {entries}, not the "
                                    "line's entries", value=s.value, factor=self.factor,
                                    entries=", ".join(f"{n} {signed(expected[n])}"
                                                      for n in self.playing)))
        return out

    def sums(self, e: list[int]) -> list[Fault]:
        if self.counting != "plus_minus":
            if any(x < 0 for x in e) if self.counting == "winners_only" else any(x > 0 for x in e):
                return [Fault("sheet_line", "/scores", None, msg(
                    "the winners' plus points only are written: no entry is a minus")
                    if self.counting == "winners_only" else msg(
                    "the losers' minus points only are written: no entry is a plus"))]
            return []
        if sum(e) != 0:
            return [Fault("sheet_zero_sum", "/scores", None,
                          msg("the line adds up to {sum}, not 0{rule}", sum=signed(sum(e)),
                              rule=Cite(self.w.r.id, DDV_ZERO_SUM)))]
        if (self.w.r.even_odd_rule and self.w.table == 4 and len({x % 2 for x in e}) > 1
                and not (self.kind in SOLO_KINDS and self.solo_penalty(e))):
            return [Fault("sheet_even_odd", "/scores", None,
                          msg("the four entries are not all even or all odd{rule}",
                              rule=Cite(self.w.r.id, DDV_EVEN_ODD)))]
        return []

    @staticmethod
    def solo_penalty(entries: list[int]) -> bool:
        e = sorted(entries)
        return e[1] == e[2] == 0 and e[0] == -e[3] and e[3] in SOLO_PENALTIES

    def winners(self, scores: dict[str, int]) -> list[str]:
        if self.counting == "losers_only":
            return [n for n in self.playing if scores.get(n, 0) == 0]
        return [n for n in self.playing if scores.get(n, 0) > 0]

    def game_value(self, scores: dict[str, int]) -> int | None:
        if self.kind == "redeal":
            return None
        s = self.sheet
        return s.value if s.value is not None else self.value(self.winners(scores), scores)

    def value(self, winners: list[str], scores: dict[str, int]) -> int | None:
        """The game value the line shows (before the soloist's factor and bock)."""
        f = self.factor
        if not winners or len(winners) == len(self.playing):
            return None
        soloist = self.soloist
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
        return self.shape(winners, value * self.factor)

    def shape(self, winners: list[str] | tuple[str, ...], each: int) -> dict[str, int]:
        """The entries of a game won by ``winners`` worth ``each`` (after bock, before
        the soloist's factor) under the counting mode."""
        mult = self.w.r.solo_multiplier
        out = {}
        for n in self.playing:
            won = n in winners
            points = each * (mult if n == self.soloist else 1)
            if self.counting == "plus_minus":
                out[n] = points if won else -points
            elif self.counting == "winners_only":
                out[n] = points if won else 0
            else:
                out[n] = 0 if won else -points
        return out

    # ---- one slip, one defect (sitting.md) ---------------------------------------------

    def winner_sets(self) -> list[tuple[str, ...]]:
        """Who may win a game of this kind: the soloist or his three opponents; in a
        normal, marriage or poverty game any two of the four."""
        if self.lone:
            if self.soloist not in self.playing:
                return []
            return [(self.soloist,), tuple(n for n in self.playing if n != self.soloist)]
        return list(combinations(self.playing, 2))

    def plain(self, scores: dict[str, int]) -> bool:
        """The line has its plain shape: the shape of a game won by one of the winner
        sets, worth at least 1, and 0 for anyone who did not play (DDV TSR 10.1.2)."""
        if any(p for n, p in scores.items() if n not in self.playing or self.kind == "redeal"):
            return False
        if self.kind == "redeal":
            return True
        for winners in self.winner_sets():
            unit = self.shape(winners, 1)
            first = next(n for n in self.playing if unit[n])
            points = scores.get(first, 0)
            if points % unit[first] or points // unit[first] < 1:
                continue
            each = points // unit[first]
            if all(scores.get(n, 0) == each * unit[n] for n in self.playing):
                return True
        return False

    def candidates(self, name: str, scores: dict[str, int]) -> set[int]:
        """What ``name``'s entry would have to be for the line to take its plain shape
        with the other entries as written."""
        if self.kind == "redeal" or name not in self.playing:
            return {0}
        found = set()
        for winners in self.winner_sets():
            unit = self.shape(winners, 1)
            known = [n for n in self.playing if n != name and unit[n]]
            if known:
                points = scores.get(known[0], 0)
                if points % unit[known[0]] or points // unit[known[0]] < 1:
                    continue
                found.add(points // unit[known[0]] * unit[name])
            elif self.sheet.value is not None:
                found.add(self.sheet.value * self.factor * unit[name])
            else:
                # only this entry would show the game's worth (a lone player's, where
                # the others score 0): any worth would do, so two stand for them all
                found |= {unit[name], 2 * unit[name]}
        return found

    def slip(self) -> tuple[str, int] | None:
        """The one entry whose change alone gives the line its plain shape and passes
        every check, and what it should be; None where there is none, or more than one."""
        scores = self.sheet.scores
        found = set()
        for name, written in scores.items():
            for value in self.candidates(name, scores) - {written}:
                fixed = {**scores, name: value}
                if self.plain(fixed) and not self.faults(fixed):
                    found.add((name, value))
        return found.pop() if len(found) == 1 else None
