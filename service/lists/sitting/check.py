"""A sitting checked: one pass over its games, in order, then the totals."""

from __future__ import annotations

from typing import Any

from service.game.check import check_transcript
from service.game.context import GameContext
from service.game.digest import digest
from service.game.errors import pointer_token
from service.game.options import Ruleset
from service.game.text import Rules, Text, msg, msgn
from service.game.transcript import Transcript
from service.lists.sitting.bock import Bock, bock_count, round_length, transcript_events, wanted
from service.lists.sitting.house import HouseRules
from service.lists.sitting.lines import SOLO_KINDS, SheetLine
from service.lists.sitting.request import Entry, Sheet, Sitting, load_sitting
from service.lists.sitting.rotation import rotation_of
from service.lists.sitting.standings import ListDefect, SittingGame, SittingResult, list_note


class Walk(HouseRules):
    """One pass over the games, in order."""

    def __init__(self, sitting: Sitting):
        self.s = sitting
        self.r = r = sitting.ruleset
        self.players = p = sitting.roster or sitting.players  # every player of the list
        self.seated = self.seated_before = sitting.players
        self.table = len(self.seated)
        self.length = round_length(r, self.table)
        self.owed = {n: sitting.owed_at_start.get(n, r.duty_solos_per_player) for n in p}
        self.played = dict.fromkeys(p, 0)
        self.totals = dict.fromkeys(p, 0)
        self.violations: list[ListDefect] = []
        self.notes: list[ListDefect] = []
        self.games: list[SittingGame] = []
        self.dealt: list[str] = []
        self.expected: list[str] = []
        self.corrections = dict.fromkeys(p, 0)  # what the slips located change, by player
        self.slips = 0
        self.counted = 0  # games of the round's count so far (redeals are none)
        self.forced_missed: set[str] = set()
        self.bock = Bock(r, self.table)
        self.in_round = False  # the game is one of a mandatory solo round
        self.out: tuple[str, ...] = ()  # who sits out the game being checked
        # the rounds each game opens are shown where a bock house rule is set
        self.show_opened = r.bock_rounds and (r.bock_rounds_per_event or r.bock_cap > 0)

    def run(self) -> SittingResult:
        for index, entry in enumerate(self.s.games):
            self.game(index, entry)
        return self.finish()

    def game(self, index: int, entry: Entry) -> None:
        here = f"/games/{index}"
        before = len(self.violations)
        self.sit_down(index, entry)
        expected, why, right = self.expected_dealer(index, entry)
        written = entry.dealer
        dealer = written  # who really dealt: the table the game is checked against
        if not right:
            dealer = self.really_dealt(entry, expected)
            wrong = msg("{why}: {expected} deals game {number}, not {written}", why=why,
                        expected=expected, number=index + 1, written=written)
            if dealer != written:
                wrong = (msg("{wrong} (the line is {expected}'s deal: {expected} sits out)",
                             wrong=wrong, expected=expected) if entry.sheet is not None else
                         msg("{wrong} (the game itself shows {expected} dealing)",
                             wrong=wrong, expected=expected))
            self.violation("wrong_dealer", f"{here}/dealer", written, wrong)
        self.dealt.append(dealer)
        self.expected.append(written if right else expected)
        playing = self.playing(dealer)
        self.out = out = self.sitting_out(dealer)
        sits_out = out[0] if out else None  # the dealer, at five or more
        self.in_round = self.mark(index, entry)
        # a mandatory solo round forces no duty solo and plays no bock game
        forced = None if self.in_round else self.forced_soloist(dealer, playing)
        factor = 1 if self.in_round else self.bock.factor()
        if entry.transcript is not None:
            game, events = self.transcript_game(index, entry.transcript, dealer, playing,
                                                sits_out, forced, factor)
        else:
            assert entry.sheet is not None
            game, events = self.sheet_game(index, entry.sheet, dealer, playing, sits_out,
                                           forced, factor)
        game.dealer = written  # as the list has it; sits_out shows who really dealt at five
        game.seated, game.table = self.seated, entry.table
        if len(out) > 1:  # at six or seven: the dealer and the sit-out scheme's players
            game.sitting_out = out
        opened = 0
        if game.kind != "redeal":
            if self.length and self.counted == self.length:
                self.violation("round_too_long", here, None,
                               msgn("the round has {count} game; game {number} is one more",
                                    "the round has {count} games; game {number} is one more",
                                    self.length, number=index + 1))
            self.counted += 1
            if forced is not None and game.kind != "forced_solo":
                soloist, owed, left = forced
                self.forced_missed.add(soloist)
                self.violation("forced_solo", here, soloist,
                               msgn("{owed} duty solos still owed with {count} game left. "
                                    "{soloist}, the first owing one from {dealer}'s left, had "
                                    "to play a duty solo (“vorgeführt”)",
                                    "{owed} duty solos still owed with {count} games left. "
                                    "{soloist}, the first owing one from {dealer}'s left, had "
                                    "to play a duty solo (“vorgeführt”)", left, owed=owed,
                                    soloist=soloist, dealer=dealer))
            if game.kind in ("duty_solo", "forced_solo") and game.declarer:
                self.played[game.declarer] += 1
            if self.in_round:
                self.round_game(index, game)
            opened = self.bock.played(events, held=self.in_round,
                                      deal_stays=self.deal_stays(game))
        if self.show_opened:
            game.bock_rounds_opened = opened
        for name, points in game.scores.items():
            self.totals[name] += points
        game.totals = dict(self.totals)
        game.valid = len(self.violations) == before
        self.games.append(game)

    def transcript_game(self, index: int, t: Transcript, dealer: str,
                        playing: tuple[str, ...], sits_out: str | None,
                        forced: tuple[str, int, int] | None, factor: int
                        ) -> tuple[SittingGame, int]:
        """The game of a transcript, and the bock events it has."""
        here = f"/games/{index}/transcript"
        names = t.players or ()
        if sorted(names) != sorted(playing) or not rotation_of(names, playing):
            self.violation("wrong_players", f"{here}/players", None,
                           msg("the players of this game are {names} clockwise ({dealer} "
                               "deals; {out} sit out)", names=", ".join(playing),
                               dealer=sits_out, out=", ".join(self.out))
                           if len(self.out) > 1 else
                           msg("the players of this game are {names} clockwise ({dealer} "
                               "deals and sits out)", names=", ".join(playing),
                               dealer=sits_out) if sits_out else
                           msg("the players of this game are {names} clockwise",
                               names=", ".join(playing)))
        lead = playing[0]  # the dealer's left neighbour
        if lead in names and names[(t.dealer + 1) % 4] != lead:
            seat = (names.index(lead) - 1) % 4
            self.violation("wrong_dealer", f"{here}/dealer", None,
                           msg("{dealer} deals, but {lead} leads, who sits left of "
                               "{seat}", dealer=dealer, seat=names[seat], lead=lead))
        declarer = (names[t.game.declarer] if t.game.type == "solo"
                    and t.game.declarer is not None and names else None)
        context = GameContext(bock=factor, duty_solo_owed=None if self.in_round
                              else self.duty_owed_context(declarer))
        result = check_transcript(t._replace(context=context))
        for v in result.violations:
            self.violation(v.code, here + v.pointer, result.name(v.seat), v.text,
                           names=result.players)
        if not result.complete:
            self.violation("game_unfinished", here + "/play", None,
                           msg("a game of the list is a whole game: this one stops before "
                               "its last card"))
        info = result.game
        kind: str = info.type if info is not None else "normal"
        if kind == "solo":
            kind = self.solo_kind_and_forced(f"/games/{index}", declarer, t.game.duty,
                                             forced, None)
            kind = "round_solo" if self.in_round else kind
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
        return game, (bock_count(self.r, transcript_events(result, self.r)) if bock_events else 0)

    def sheet_game(self, index: int, sheet: Sheet, dealer: str, playing: tuple[str, ...],
                   sits_out: str | None, forced: tuple[str, int, int] | None, factor: int
                   ) -> tuple[SittingGame, int]:
        """The game of a sheet line, and the bock events it has."""
        here = f"/games/{index}/sheet"
        kind = sheet.type
        if (absent := absent_kind(self.r, kind)) is not None:
            self.violation("sheet_type", f"{here}/type", None, absent)
        if kind == "solo":
            kind = self.solo_kind_and_forced(here, sheet.declarer, sheet.duty, forced,
                                             sheet.forced)
            kind = "round_solo" if self.in_round else kind
            if sheet.declarer is not None and kind not in ("forced_solo", "round_solo") and (
                    sheet.duty != (kind == "duty_solo")):
                self.violation(
                    "game_declaration", f"{here}/duty", sheet.declarer,
                    msg("{soloist} still owes a duty solo, so this solo is the duty solo",
                        soloist=sheet.declarer) if kind == "duty_solo" else
                    msg("{soloist} owes no duty solo, so this solo is a lust solo",
                        soloist=sheet.declarer))
        scores = dict.fromkeys(self.players, 0)
        scores.update(sheet.scores)
        line = SheetLine(self, here, sheet, kind, playing, sits_out, factor)
        value = line.check()
        if line.fix is not None:  # scored as written; corrected_totals as it should be
            name, written, should_be = line.fix
            self.corrections[name] += should_be - written
            self.slips += 1
        events = set(sheet.bock_events)
        lone_bride = self.r.bock_lone_bride_is_soloist and (
            kind == "silent_marriage" or sheet.played_alone)
        if (kind in SOLO_KINDS or lone_bride) and sheet.declarer is not None and (
                self.lost_by_soloist(scores, sheet.declarer, playing)):
            events.add("lost_solo")
        game = SittingGame(index, dealer, sits_out, kind, sheet.declarer, factor, value,
                           scores, {})
        if kind == "redeal":
            return game, 0
        if sheet.bock_event_count is None:
            return game, bock_count(self.r, events)
        if sheet.bock_event_count < len(events & wanted(self.r) & {"lost_solo"}):
            self.violation("sheet_line", f"{here}/bock_event_count", None, msg(
                "the line shows a lost solo, which opens a bock round: its bock events are "
                "at least 1"))
        return game, sheet.bock_event_count if self.r.bock_rounds else 0

    def lost_by_soloist(self, scores: dict[str, int], soloist: str,
                        playing: tuple[str, ...]) -> bool:
        if self.r.counting == "winners_only":
            return scores[soloist] == 0 and any(scores[n] > 0 for n in playing)
        return scores[soloist] < 0

    def finish(self) -> SittingResult:
        totals = dict(self.totals)
        if self.s.finished:
            self.round_unfinished()
            if self.length and self.counted < self.length:
                self.notes.append(list_note(
                    "round_short", "/finished", None,
                    msg("the round finished after {counted} of {length} games. Under {rules} "
                        "the referee strikes the normal games left", counted=self.counted,
                        length=self.length, rules=Rules(self.r.id, "DDV TSR 8.5.1"))))
            for name in self.players if self.s.duty_judged else ():
                missing = self.remaining(name)
                if not missing:
                    continue
                penalty = self.r.missed_duty_solo_penalty
                if penalty:
                    totals[name] -= penalty * missing
                    self.notes.append(list_note(
                        "missed_duty_solo", "/finished", name,
                        msgn("{name} did not play {count} duty solo: {points} points off "
                             "the total", "{name} did not play {count} duty solos: {points} "
                             "points off the total", missing, name=name,
                             points=penalty * missing)))
                elif name not in self.forced_missed:
                    self.violation("duty_solo_missing", "/finished", name,
                                   msgn("the round is finished and {name} still owes {count} "
                                        "duty solo", "the round is finished and {name} still "
                                        "owes {count} duty solos", missing, name=name))
        claimed = None
        if self.s.claimed_totals is not None:
            differences = []
            for name, points in self.s.claimed_totals.items():
                if points != totals[name]:
                    differences.append({"player": name, "claimed": points,
                                        "computed": totals[name]})
                    self.violation("wrong_total", f"/claimed/totals/{pointer_token(name)}",
                                   None, msg("{name}'s total is {total}, not {written}",
                                             name=name, total=totals[name], written=points))
            claimed = {"agrees": not differences, "differences": differences}
        duty = {n: {"owed": self.owed[n], "played": self.played[n]} for n in self.players}
        corrected = ({n: totals[n] + self.corrections[n] for n in self.players}
                     if self.slips else None)
        return SittingResult(self.r.id, self.players, self.s.finished, tuple(self.violations),
                             tuple(self.notes), tuple(self.games), duty, totals, claimed,
                             digest(self.r), corrected, *self.ahead())

    def ahead(self) -> tuple[str, int | None, tuple[int, ...]]:
        """After the last game: who deals next (from the one who dealt it, as the
        rotation goes on), the games left in the round (None where the ruleset counts
        none; 0 once it is played), the factors of the bock games still owed."""
        following = (self.next_dealer_after(self.dealt[-1])[0] if self.games
                     else self.s.first_dealer)
        left = max(0, self.length - self.counted) if self.length else None
        return following, left, tuple(self.bock.factors_ahead())


def absent_kind(r: Ruleset, kind: str) -> Text | None:
    """Why the ruleset has no game of this sheet line's kind, or None where it has one:
    a poverty is played only where it is passed on; a redeal exists only where a hand
    may be thrown in or a poverty dealt again (sitting.md: ddv has neither)."""
    if kind == "poverty" and r.poverty != "pass":
        return (msg("a poverty is not played under these rules: the cards are dealt again")
                if r.poverty == "redeal" else msg("there is no poverty under these rules"))
    if kind == "redeal" and not r.throw and r.poverty == "none":
        return msg("there is no redeal under these rules: no hand is thrown in and there is "
                   "no poverty, so every game dealt is played")
    return None


def check_sitting(data: Any) -> SittingResult:
    """Check a sitting: JSON-like data (the contract's request) or a :class:`Sitting`.

    Raises :class:`TranscriptError` if the data is malformed; a list with defects is no
    error but a result with ``valid`` false and its violations.
    """
    sitting = data if isinstance(data, Sitting) else load_sitting(data)
    return Walk(sitting).run()
