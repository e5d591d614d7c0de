"""Duty solos: what each player still owes, which solo is the duty solo, and when one is
forced (\'vorgeführt\', DDV TSR 4.2.3)."""

from __future__ import annotations

from service.game.text import msg
from service.lists.sitting.rotation import Rotation


class DutySolos(Rotation):
    """Duty solos owed and played, counted over the walk's games."""

    length: int  # games in the round (0: no count)
    counted: int  # games of the round's count so far
    owed: dict[str, int]
    played: dict[str, int]

    def remaining(self, name: str) -> int:
        return max(0, self.owed[name] - self.played[name])


    def forced_soloist(self, dealer: str, playing: tuple[str, ...]) -> tuple[str, int, int] | None:
        """Who must play a forced duty solo now (DDV TSR 4.2.3), with the solos owed and
        the games left; None where none is due."""
        if not self.r.forced_duty_solo or not self.length:
            return None
        left = self.length - self.counted
        owed = sum(self.remaining(n) for n in self.seated)  # only they can be forced
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

    def solo_kind_and_forced(self, here: str, declarer: str | None, duty: bool,
                             forced: tuple[str, int, int] | None,
                             written_forced: bool | None) -> str:
        if declarer is None:
            return "lust_solo"
        if forced is not None and declarer == forced[0]:
            if written_forced is False:
                self.violation("forced_solo", f"{here}/forced", declarer,
                               msg("{soloist} was forced to play this duty solo "
                                   "(“vorgeführt”): mark it as forced", soloist=declarer))
            return "forced_solo"
        if written_forced:
            self.violation("forced_solo", f"{here}/forced", declarer,
                           msg("the forced duty solo here was {due}'s: {soloist}'s is not "
                               "forced", due=forced[0], soloist=declarer)
                           if forced is not None else
                           msg("no forced duty solo was due here: {soloist}'s is not forced",
                               soloist=declarer))
        return self.solo_kind(declarer, duty)
