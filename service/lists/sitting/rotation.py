"""The table's order: who deals each game, who plays it, who sits out."""

from __future__ import annotations

from service.game.options import Ruleset
from service.game.text import Text, msg
from service.lists.sitting.request import Entry, Sitting
from service.lists.sitting.standings import ListDefect, SittingGame, list_violation


class Rotation:
    """The walk's view of the table (the walk, :mod:`service.lists.sitting.check`, sets
    these), and the defects it records."""

    s: Sitting
    r: Ruleset
    players: tuple[str, ...]  # every player of the list (where the table changes, all who sat)
    seated: tuple[str, ...]  # who sits at the table now, clockwise
    seated_before: tuple[str, ...]  # who sat at it for the game before
    table: int  # how many sit at it now
    games: list[SittingGame]
    dealt: list[str]  # who really dealt each game so far (see :meth:`really_dealt`)
    expected: list[str]  # the dealer expected for each game so far (:meth:`expected_dealer`)
    violations: list[ListDefect]

    def left_of(self, name: str, steps: int = 1) -> str:
        return self.seated[(self.seated.index(name) + steps) % self.table]

    def violation(self, code: str, pointer: str, player: str | None, text: Text,
                  should_be: int | None = None, names: tuple[str, ...] | None = None
                  ) -> None:
        self.violations.append(list_violation(code, pointer, player, text, should_be, names))

    def expected_dealer(self, index: int, entry: Entry) -> tuple[str, Text, bool]:
        """The dealer of game ``index``, why, and whether the one written is right
        (sitting.md v1.1, "A wrong dealer is one defect"): a dealer is right where he
        follows by the rotation from the dealer expected for the game before (a slip of
        the pen, the deal went on as it should) or from the one who dealt it as written
        or as the game shows (:meth:`really_dealt`: the deal went on from the wrong
        player). The dealer expected is the one the rotation gives from the one who
        dealt the game before.

        Where the table changes (table_changes) any player at the new table may deal
        that game (sitting.md v1.1: score-keeping programs ask for him); the rotation
        goes on from him."""
        written = entry.dealer
        if index == 0:
            first = self.s.first_dealer
            return first, msg("{dealer} is the first dealer", dealer=first), written == first
        if entry.table is not None:
            return written, msg("{dealer} is the first dealer", dealer=written), True
        expected, why = self.next_dealer_after(self.dealt[-1])
        alternative, _ = self.next_dealer_after(self.expected[-1])
        return expected, why, written in (expected, alternative)

    def next_dealer_after(self, d: str) -> tuple[str, Text]:
        """Who deals after ``d`` dealt the last game, and why."""
        before = self.games[-1]
        if self.deal_stays(before):
            if before.kind == "redeal":
                return d, msg("after the redeal {dealer} deals again", dealer=d)
            if before.kind == "duty_solo":
                return d, msg("after {soloist}'s duty solo {dealer} deals again",
                              soloist=before.declarer or "", dealer=d)
            return d, msg("after {soloist}'s lust solo {dealer} deals again",
                          soloist=before.declarer or "", dealer=d)
        return self.left_of(d), msg("after {dealer}'s deal the next player deals", dealer=d)

    def deal_stays(self, game: SittingGame) -> bool:
        """The same player deals again after this game: a redeal; a duty solo or a lust
        solo where the rules repeat the deal (DDV TSR 4.2.5, 4.3.2)."""
        return (game.kind == "redeal"
                or (game.kind == "duty_solo" and self.r.dealer_repeats_after_duty_solo)
                or (game.kind == "lust_solo" and self.r.dealer_repeats_after_lust_solo))

    def really_dealt(self, entry: Entry, expected: str) -> str:
        """Who dealt a game written under the wrong dealer: the expected dealer where the
        game shows him dealing and not the one written, else the one written.

        A line at a table of five or more shows who sat out, that is who dealt (DDV TSR
        10.1.1; at six and seven the sit-out scheme's players with him): its entries are
        for the four who played (the others' absent or 0). A whole game shows its four
        players and its dealer seat. A line at four shows no dealer."""
        written = entry.dealer
        if entry.sheet is not None:
            if self.table == 4:
                return written
            scores = entry.sheet.scores

            def sat_out(name: str) -> bool:
                four = self.playing(name)
                return all(n in scores for n in four) and not any(
                    scores.get(n) for n in self.seated if n not in four)

            return expected if sat_out(expected) and not sat_out(written) else written
        t = entry.transcript
        names = (t.players or ()) if t is not None else ()
        if t is None or len(names) != 4 or len(set(names)) != 4:
            return written
        if self.table > 4:
            shown = expected if set(names) == set(self.playing(expected)) else None
        else:
            shown = names[t.dealer] if 0 <= t.dealer < 4 else None
        return expected if shown == expected else written

    def sitting_out(self, dealer: str) -> tuple[str, ...]:
        """Who sits out the game this dealer deals, clockwise from him: nobody at four;
        the dealer at five (DDV TSR 10.1.1); at six and seven the dealer and the players
        the sit-out scheme names, counted clockwise from him (QtDoppelKopf's
        sitOutScheme, Backend/gameinfo.cpp ApplyScheme)."""
        if self.table == 4:
            return ()
        offsets = {5: (), 6: (self.r.sit_out_at_six,), 7: self.r.sit_out_at_seven}
        return tuple(self.left_of(dealer, k) for k in (0, *sorted(offsets[self.table])))

    def playing(self, dealer: str) -> tuple[str, ...]:
        """The four who play, clockwise from the dealer's left (the dealer plays last at
        four; at five and more he sits out, with the sit-out scheme's players)."""
        out = self.sitting_out(dealer)
        return tuple(n for k in range(1, self.table + 1)
                     if (n := self.left_of(dealer, k)) not in out)


def rotation_of(names: tuple[str, ...], playing: tuple[str, ...]) -> bool:
    """The names sit in the table's clockwise order (starting anywhere)."""
    if len(names) != 4 or names[0] not in playing:
        return False
    start = playing.index(names[0])
    return all(names[k] == playing[(start + k) % 4] for k in range(4))
