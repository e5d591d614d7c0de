"""The arithmetic of one sheet line under the counting mode (DDV TSR 7.3.3)."""

from __future__ import annotations

from service.game.errors import pointer_token
from service.lists.sitting.duty import DutySolos
from service.lists.sitting.request import Sheet

SOLO_PENALTIES = (3, 15, 21)  # DDV TSR 7.3.3 no. 2: a solo's penalty breaks even/odd
SOLO_KINDS = ("duty_solo", "forced_solo", "lust_solo")
LONE_KINDS = (*SOLO_KINDS, "silent_marriage")  # one player against three, x solo_multiplier


class SheetLine:
    """The arithmetic of one sheet line under the counting mode (DDV TSR 7.3.3)."""

    def __init__(self, walk: DutySolos, here: str, sheet: Sheet, kind: str,
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
