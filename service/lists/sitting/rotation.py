"""The table's order: who deals each game, who plays it, who sits out."""

from __future__ import annotations

from service.game.options import Ruleset
from service.lists.sitting.request import Sitting
from service.lists.sitting.standings import ListDefect, SittingGame, list_violation


class Rotation:
    """The walk's view of the table (the walk, :mod:`service.lists.sitting.check`, sets
    these), and the defects it records."""

    s: Sitting
    r: Ruleset
    players: tuple[str, ...]
    table: int
    games: list[SittingGame]
    violations: list[ListDefect]

    def left_of(self, name: str, steps: int = 1) -> str:
        return self.players[(self.players.index(name) + steps) % self.table]

    def violation(self, code: str, pointer: str, player: str | None, message: str) -> None:
        self.violations.append(list_violation(code, pointer, player, message))

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


def rotation_of(names: tuple[str, ...], playing: tuple[str, ...]) -> bool:
    """The names sit in the table's clockwise order (starting anywhere)."""
    if len(names) != 4 or names[0] not in playing:
        return False
    start = playing.index(names[0])
    return all(names[k] == playing[(start + k) % 4] for k in range(4))
