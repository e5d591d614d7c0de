"""House rules of score-keeping programs at the list: players coming and going, and the
mandatory solo round ("Pflichtsolorunde").

Both follow QtDoppelKopf (``Backend/gameinfo.cpp``): players set again between games
(``GameInfo::SetPlayers``), and a mandatory solo round marked in the list
(``GameInfo::TriggerMandatorySolo``, refused before the first game and while one runs),
one game per player at the table, its games no bock games (``multiplierinfo.cpp``).
The decisions where the peers are silent are the presets' notes (``table_changes``,
``mandatory_solo_rounds``) and docs/sitting.md's.
"""

from __future__ import annotations

from service.game.text import msg, msgn
from service.lists.sitting.bock import Bock, round_length
from service.lists.sitting.duty import DutySolos
from service.lists.sitting.request import Entry
from service.lists.sitting.standings import SittingGame


class HouseRules(DutySolos):
    """The table as it changes, and the mandatory solo round under way."""

    bock: Bock
    round_left = 0  # games of the mandatory solo round still to come (0: none runs)
    round_size = 0  # its games: the players at the table when it was marked
    round_players: tuple[str, ...] = ()  # who owes a solo in it
    round_played: tuple[str, ...] = ()  # who has played his

    def sit_down(self, index: int, entry: Entry) -> None:
        """A game that names its table: who sits from it on (table_changes)."""
        self.seated_before = self.seated
        if entry.table is None:
            return
        if self.round_left:
            self.violation("table_change", f"/games/{index}/table", None, msgn(
                "the table changes while the mandatory solo round is under way: "
                "{count} of its games is still to come",
                "the table changes while the mandatory solo round is under way: "
                "{count} of its games are still to come", self.round_left))
        self.seated = entry.table
        self.table = len(self.seated)
        self.length = round_length(self.r, self.table)
        self.bock.table = self.table  # a round opened from now on lasts as long as it has players

    def mark(self, index: int, entry: Entry) -> bool:
        """The mandatory solo round marked at this game, where one may start; whether
        this game is one of a round's (solo_round_starts)."""
        if entry.solo_round_starts:
            where = f"/games/{index}/solo_round_starts"
            if self.counted == 0:
                self.violation("solo_round_mark", where, None, msg(
                    "a mandatory solo round starts after a game: none has been played yet"))
            elif self.round_left:
                self.violation("solo_round_mark", where, None, msgn(
                    "a mandatory solo round is under way: {count} of its games is still to "
                    "come", "a mandatory solo round is under way: {count} of its games are "
                    "still to come", self.round_left))
            else:
                self.round_left = self.round_size = self.table
                self.round_players, self.round_played = self.seated, ()
        return self.round_left > 0

    def round_game(self, index: int, game: SittingGame) -> None:
        """A game of the mandatory solo round (a redeal is none): a solo of a player who
        has not yet played his, in any order."""
        owing = [n for n in self.round_players if n not in self.round_played]
        soloist = game.declarer
        if game.kind != "round_solo" or soloist is None:
            self.violation("solo_round_game", f"/games/{index}", None, msg(
                "a game of the mandatory solo round is a solo of a player who still owes one: "
                "{names}", names=", ".join(owing)))
        elif soloist not in owing:
            self.violation("solo_round_game", f"/games/{index}", soloist, msg(
                "{soloist} has already played a solo in the mandatory solo round; the game is "
                "owed by {names}", soloist=soloist, names=", ".join(owing))
                if soloist in self.round_played else msg(
                "{soloist} owes no solo in the mandatory solo round; the game is owed by "
                "{names}", soloist=soloist, names=", ".join(owing)))
        else:
            self.round_played = (*self.round_played, soloist)
        game.solo_round = self.round_size - self.round_left + 1
        self.round_left -= 1

    def round_unfinished(self) -> None:
        """A finished list with a mandatory solo round still under way."""
        if not self.round_left:
            return
        for name in self.round_players:
            if name not in self.round_played:
                self.violation("solo_round_unfinished", "/finished", name, msg(
                    "the list is finished and {name} still owes a solo of the mandatory solo "
                    "round", name=name))
