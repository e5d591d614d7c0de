"""Whole sittings (a table's list of games), from the rule texts.

Sources: DDV TSR 3.3.1, 4.1.5, 4.2.3, 4.2.5, 4.3.1, 4.3.2, 7.2.2, 7.2.4, 7.3.3, 8.5.1,
8.6, 9.1.3, 10.1, 10.2.1; seed 004 (DOKO 2026) I.5, III and VII; seed 003 (Mittwoch)
'Soli' and its last lines; seed 002 (FreeDoko) 6.2, 6.3. The readings where the texts
are silent are those of shared/design/sitting.md (redeals, one defect for a wrong
dealer, one defect for one slip in a line, the forced solo).
Every expected figure is worked out here by hand from the lines or from each game's own
single check; the sitting is never compared with its own output.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from games.sittings import untaken_poverty, whole_game

from service import rules
from service.lists.sitting.check import check_sitting

ROOT = Path(__file__).resolve().parents[1]
A4 = ["Anna", "Ben", "Cleo", "Dan"]
A5 = ["Anna", "Ben", "Cleo", "Dan", "Eve"]


def codes(result: Any) -> list[tuple[str, str | None]]:
    return [(v.code, v.pointer) for v in result.violations]


def line(kind: str = "normal", **fields: Any) -> dict[str, Any]:
    return {"type": kind, **fields}


def sheet(dealer: str, scores: dict[str, int], kind: str = "normal",
          **fields: Any) -> dict[str, Any]:
    return {"dealer": dealer, "sheet": {"type": kind, "scores": scores, **fields}}


def single_scores(transcript: dict[str, Any], ruleset: Any, bock: int = 1,
                  owed: bool | None = None) -> dict[str, int]:
    """A game's scores by name from its own single check (the sitting's context given)."""
    result = rules.check({**transcript, "ruleset": ruleset,
                          "context": {"bock": bock, "duty_solo_owed": owed}})
    assert result.valid, result.violations
    assert result.score is not None
    return dict(zip(transcript["players"], result.score.scores, strict=True))


def add(totals: dict[str, int], scores: dict[str, int]) -> None:
    for name, points in scores.items():
        totals[name] += points


# ---- a full DDV round of 24 games at four ------------------------------------------------

# (dealer, soloist or None, kind), worked out by hand:
# TSR 3.3.1: Anna (position 1) deals first, then clockwise; 4.2.5: after a duty solo the
# same dealer deals again; 4.3.1/4.3.2: Dan's lust solo (after his duty solo) does not
# hold the deal; 4.2.3: in game 23 two duty solos are owed with two games left, so Ben
# (the first owing one from Anna's left) is "vorgeführt", then (not dealt again) Ben deals
# and Cleo, owing the last one with one game left, is forced too.
DDV_ROUND = (
    [("Anna", None, "normal"), ("Ben", None, "normal"),
     ("Cleo", "Dan", "duty_solo"), ("Cleo", None, "normal"),
     ("Dan", "Anna", "duty_solo"), ("Dan", "Dan", "lust_solo")]
    + [(A4[k % 4], None, "normal") for k in range(16)]  # games 7-22: Anna, Ben, ... Dan
    + [("Anna", "Ben", "forced_solo"), ("Ben", "Cleo", "forced_solo")])


def ddv_round(seed: int = 13) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    games = []
    for dealer, soloist, kind in DDV_ROUND:
        solo_by = A4.index(soloist) if soloist else None
        t = whole_game("ddv", rng, A4, A4.index(dealer), solo_by=solo_by,
                       duty=kind != "lust_solo")
        games.append({"dealer": dealer, "transcript": t})
    return games


def test_ddv_round_of_24_with_free_lust_and_forced_duty_solos():
    games = ddv_round()
    assert len(games) == 24
    result = check_sitting({"ruleset": "ddv", "players": A4, "first_dealer": "Anna",
                            "finished": True, "games": games})
    assert result.valid, codes(result)
    assert [(g.dealer, g.declarer if g.kind != "normal" else None, g.kind)
            for g in result.games] == DDV_ROUND
    assert result.duty_solos == {n: {"owed": 1, "played": 1} for n in A4}  # TSR 8.6
    totals = dict.fromkeys(A4, 0)
    for i, game in enumerate(games):
        owed = {2: True, 4: True, 5: False, 22: True, 23: True}.get(i)
        scores = single_scores(game["transcript"], "ddv", owed=owed)
        assert result.games[i].scores == scores
        assert sum(scores.values()) == 0  # TSR 7.3.3 no. 1
        add(totals, scores)
        assert result.games[i].totals == totals
    assert result.totals == totals
    assert result.complete and not result.notes


def test_ddv_forced_solo_not_played_is_found_where_it_was_due():
    """TSR 4.2.3: game 23 is a normal game although two solos are owed with two games
    left: Ben had to play. Game 24 then has one game left and two solos owed: Cleo
    (first owing from Ben's left) had to play; nothing more at /finished for either."""
    games = ddv_round()
    rng = random.Random(5)
    games[22] = {"dealer": "Anna", "transcript": whole_game("ddv", rng, A4, 0)}
    games[23] = {"dealer": "Ben", "transcript": whole_game("ddv", rng, A4, 1)}
    result = check_sitting({"ruleset": "ddv", "players": A4, "finished": True,
                            "games": games})
    assert codes(result) == [("forced_solo", "/games/22"), ("forced_solo", "/games/23")]
    assert [v.player for v in result.violations] == ["Ben", "Cleo"]
    assert result.duty_solos["Ben"] == {"owed": 1, "played": 0}


def test_ddv_duty_solo_written_as_lust_solo_is_a_defect_inside_the_game():
    """TSR 4.3.1: Dan still owes his duty solo, so his solo is it; the transcript says
    duty false: the single check reports it at its /game/duty, under /games/2."""
    games = ddv_round()
    games[2]["transcript"]["game"]["duty"] = False
    games[2]["transcript"]["reservations"] = [
        {**r, "duty": False} if "duty" in r else r for r in games[2]["transcript"]["reservations"]]
    result = check_sitting({"ruleset": "ddv", "players": A4, "games": games[:3]})
    assert ("game_declaration", "/games/2/transcript/game/duty") in codes(result)
    assert result.games[2].kind == "duty_solo"


def test_a_wrong_dealer_is_one_defect():
    """TSR 4.2.5: after Dan's duty solo Cleo deals again. The list has Dan deal game 4;
    the games after follow from Dan, so only /games/3/dealer is wrong."""
    games = ddv_round()[:6]
    games[3]["dealer"] = "Dan"
    games[3]["transcript"]["dealer"] = 3
    games[4]["dealer"] = "Anna"
    games[4]["transcript"]["dealer"] = 0
    games[5]["dealer"] = "Anna"
    games[5]["transcript"]["dealer"] = 0
    result = check_sitting({"ruleset": "ddv", "players": A4, "games": games})
    wrong = [v for v in result.violations if v.code == "wrong_dealer"]
    assert [(v.pointer, v.player) for v in wrong] == [("/games/3/dealer", "Dan")]
    assert "Cleo deals game 4" in wrong[0].message


def test_ddv_round_longer_than_24_games():
    """TSR 8.5.1: a round is 24 games; the 25th is the defect (one, at /games/24)."""
    lines = [sheet(A4[k % 4], {"Anna": 1, "Ben": -1, "Cleo": -1, "Dan": 1}) for k in range(26)]
    result = check_sitting({"ruleset": {"preset": "ddv", "options": {"duty_solos_per_player": 0}},
                            "players": A4, "games": lines})
    assert codes(result) == [("round_too_long", "/games/24")]


# ---- a five-player DDV table of 30 games ---------------------------------------------------

# TSR 10.1.1: the dealer sits out; 10.2.1 with 4.2.5: after a duty solo the same dealer
# deals again; 10.1.5: 30 games, the five duty solos among them. By hand:
FIVE_DEALERS = ["Anna", "Ben", "Cleo", "Cleo", "Dan", "Eve", "Anna", "Ben", "Cleo", "Dan",
                "Dan", "Eve", "Anna", "Ben", "Cleo", "Dan", "Dan", "Eve", "Anna", "Ben",
                "Cleo", "Cleo", "Dan", "Eve", "Anna", "Ben", "Ben", "Cleo", "Dan", "Eve"]
FIVE_SOLOS = {2: "Dan", 9: "Eve", 15: "Anna", 20: "Ben", 25: "Cleo"}


def five_table() -> list[dict[str, Any]]:
    rng = random.Random(30)
    games = []
    for i, dealer in enumerate(FIVE_DEALERS):
        d = A5.index(dealer)
        playing = [A5[(d + k) % 5] for k in range(1, 5)]  # from the dealer's left
        soloist = FIVE_SOLOS.get(i)
        # seat 3 is the dealer seat: its left neighbour, seat 0, leads
        t = whole_game("ddv", rng, playing, 3,
                       solo_by=playing.index(soloist) if soloist else None, duty=True)
        games.append({"dealer": dealer, "transcript": t})
    return games


def test_five_player_ddv_table_of_30_games():
    games = five_table()
    result = check_sitting({"ruleset": "ddv", "players": A5, "finished": True,
                            "games": games})
    assert result.valid, codes(result)
    assert [g.dealer for g in result.games] == FIVE_DEALERS
    assert [g.sits_out for g in result.games] == FIVE_DEALERS  # TSR 10.1.1
    assert {i: g.declarer for i, g in enumerate(result.games) if g.kind == "duty_solo"} \
        == FIVE_SOLOS
    assert result.duty_solos == {n: {"owed": 1, "played": 1} for n in A5}
    totals = dict.fromkeys(A5, 0)
    for i, game in enumerate(games):
        scores = single_scores(game["transcript"], "ddv", owed=True if i in FIVE_SOLOS else None)
        assert result.games[i].scores[FIVE_DEALERS[i]] == 0  # TSR 10.1.2
        add(totals, scores)
    assert result.totals == totals
    # each player deals, so sits out, six times: 30 games / 5
    assert {n: FIVE_DEALERS.count(n) for n in A5} == {"Anna": 5, "Ben": 6, "Cleo": 7,
                                                         "Dan": 7, "Eve": 5}


def test_five_player_table_the_dealer_does_not_play():
    """TSR 10.1.1: the four playing are the others; a transcript seating the dealer is
    wrong_players, and a sheet line scoring him is a sheet_line defect (10.1.2)."""
    rng = random.Random(2)
    t = whole_game("ddv", rng, ["Anna", "Ben", "Cleo", "Dan"], 3)
    result = check_sitting({"ruleset": "ddv", "players": A5, "games": [
        {"dealer": "Anna", "transcript": t},
        sheet("Ben", {"Ben": 1, "Cleo": -1, "Dan": -1, "Eve": 1, "Anna": 0}),
    ]})
    assert ("wrong_players", "/games/0/transcript/players") in codes(result)
    result = check_sitting({"ruleset": "ddv", "players": A5, "games": [
        sheet("Anna", {"Anna": 2, "Ben": 1, "Cleo": -1, "Dan": -1, "Eve": -1})]})
    assert ("sheet_line", "/games/0/sheet/scores/Anna") in codes(result)


def test_even_odd_rule_not_at_five():
    """TSR 7.3.3 no. 2 at four; 10.1.3: not at a table of five."""
    mixed = {"Ben": 4, "Cleo": -1, "Dan": -1, "Eve": -2}
    at_five = check_sitting({"ruleset": "ddv", "players": A5,
                             "games": [sheet("Anna", mixed)]})
    assert at_five.valid
    at_four = check_sitting({"ruleset": "ddv", "players": A4, "games": [
        sheet("Anna", {"Anna": 4, "Ben": -1, "Cleo": -1, "Dan": -2})]})
    assert codes(at_four) == [("sheet_even_odd", "/games/0/sheet/scores")]


def test_even_odd_exception_for_a_solo_penalty():
    """TSR 7.3.3 no. 2: (+3, 0, 0, -3) in a solo is allowed; in a normal game it is not."""
    penalty = {"Anna": 3, "Ben": 0, "Cleo": 0, "Dan": -3}
    solo = check_sitting({"ruleset": "ddv", "players": A4, "games": [
        sheet("Anna", penalty, "solo", declarer="Anna", duty=True)]})
    assert "sheet_even_odd" not in [c for c, _ in codes(solo)]
    normal = check_sitting({"ruleset": "ddv", "players": A4, "games": [
        sheet("Anna", penalty)]})
    assert codes(normal) == [("sheet_even_odd", "/games/0/sheet/scores")]


# ---- a doko2026 preliminary round of 8 ---------------------------------------------------

def test_doko2026_round_of_8_with_a_redeal_and_a_missed_duty_solo():
    """Seed 004: winners-only counting ('Es werden nur Pluspunkte für die Gewinner
    notiert'; a won solo x 3); III: one duty solo, never the same dealer again after a
    solo; I.5: a poverty nobody takes is dealt again; VII: 8 games at four, 7 points off
    for a solo not played. Cleo plays none."""
    rng = random.Random(8)
    redeal = untaken_poverty(rng, A4, 1)  # Ben deals; nobody takes the poverty
    games = [
        sheet("Anna", {"Anna": 2, "Ben": 0, "Cleo": 2, "Dan": 0}, value=2),
        {"dealer": "Ben", "transcript": redeal},
        sheet("Ben", {"Anna": 0, "Ben": 3, "Cleo": 0, "Dan": 3}),  # Ben deals again
        sheet("Cleo", {"Anna": 0, "Ben": 0, "Cleo": 0, "Dan": 6}, "solo", declarer="Dan",
              duty=True, value=2),  # won: 2 x 3
        sheet("Dan", {"Anna": 0, "Ben": 3, "Cleo": 3, "Dan": 3}, "solo", declarer="Anna",
              duty=True, value=3),  # lost: 3 to each opponent; Dan does not deal again
        sheet("Anna", {"Anna": 0, "Ben": 3, "Cleo": 0, "Dan": 0}, "solo", declarer="Ben",
              duty=True, value=1),
        sheet("Ben", {"Anna": 1, "Ben": 0, "Cleo": 0, "Dan": 1}),
        sheet("Cleo", {"Anna": 0, "Ben": 2, "Cleo": 2, "Dan": 0}),
        sheet("Dan", {"Anna": 4, "Ben": 0, "Cleo": 0, "Dan": 4}),
    ]
    # by hand: Anna 2+1+4 = 7, Ben 3+3+3+2 = 11, Cleo 2+3+2 = 7 - 7 = 0,
    # Dan 3+6+3+1+4 = 17
    result = check_sitting({"ruleset": "doko2026", "players": A4, "finished": True,
                            "games": games,
                            "claimed": {"totals": {"Anna": 7, "Ben": 11, "Cleo": 0,
                                                   "Dan": 17}}})
    assert result.valid, codes(result)
    assert [g.kind for g in result.games] == [
        "normal", "redeal", "normal", "duty_solo", "duty_solo", "duty_solo", "normal",
        "normal", "normal"]
    assert result.games[1].scores == dict.fromkeys(A4, 0)
    assert result.games[8].totals == {"Anna": 7, "Ben": 11, "Cleo": 7, "Dan": 17}
    assert result.totals == {"Anna": 7, "Ben": 11, "Cleo": 0, "Dan": 17}
    assert [(n.code, n.player) for n in result.notes] == [("missed_duty_solo", "Cleo")]
    assert result.claimed == {"agrees": True, "differences": []}
    assert [(s["player"], s["place"]) for s in result.standings] == [
        ("Dan", 1), ("Ben", 2), ("Anna", 3), ("Cleo", 4)]
    assert result.duty_solos["Cleo"] == {"owed": 1, "played": 0}
    # doko2026 forces nobody: game 8 (two left, one owed) is no forced_solo defect


def test_doko2026_owed_at_start_continues_an_earlier_list():
    """Seed 004 III: one duty solo over all preliminary rounds; a player who played it
    at an earlier table owes none here, so his solo is a lust solo."""
    result = check_sitting({"ruleset": "doko2026", "players": A4, "finished": True,
                            "owed_at_start": {"Anna": 0, "Ben": 0, "Cleo": 0, "Dan": 0},
                            "games": [sheet("Anna", {"Anna": 0, "Ben": 6, "Cleo": 0,
                                                     "Dan": 0}, "solo", declarer="Ben")]})
    assert result.valid and result.games[0].kind == "lust_solo"
    assert [n.code for n in result.notes] == ["round_short"]  # nothing owed, no -7


def test_owed_at_start_refused_where_duty_solos_are_per_round():
    with pytest.raises(rules.TranscriptError) as error:
        check_sitting({"ruleset": "ddv", "players": A4, "owed_at_start": {"Anna": 0},
                       "games": []})
    assert [e.pointer for e in error.value.errors] == ["/owed_at_start"]


# ---- a Mittwoch evening of sheet lines -------------------------------------------------

def test_mittwoch_evening_with_a_wrong_line_a_wrong_total_and_a_wrong_dealer():
    """Seed 003: plus and minus are written 'um die Quersumme auf Null prüfen zu können'
    (zero sum, no even/odd rule); after a solo 'der Geber wechselt trotzdem'; no count
    of games, no duty solos."""
    games = [
        sheet("Anna", {"Anna": 2, "Ben": -2, "Cleo": -2, "Dan": 2}),
        sheet("Ben", {"Anna": -4, "Ben": 4, "Cleo": 4, "Dan": -4}),
        sheet("Cleo", {"Anna": -2, "Ben": -2, "Cleo": -2, "Dan": 6}, "solo", declarer="Dan",
              value=2),
        sheet("Dan", {"Anna": 3, "Ben": -3, "Cleo": 3, "Dan": -3}),  # the solo moved the deal
        sheet("Anna", {"Anna": 2, "Ben": -2, "Cleo": 2, "Dan": -1}),  # adds up to +1
        sheet("Cleo", {"Anna": -1, "Ben": 3, "Cleo": -1, "Dan": -1}),  # Ben's deal
        sheet("Dan", {"Anna": 8, "Ben": -8, "Cleo": -8, "Dan": 8}),  # follows from Cleo
        sheet("Anna", {"Anna": -1, "Ben": 1, "Cleo": 1, "Dan": -1}),
    ]
    # by hand, column by column:
    # Anna 2-4-2+3+2-1+8-1 = 7; Ben -2+4-2-3-2+3-8+1 = -9;
    # Cleo -2+4-2+3+2-1-8+1 = -3; Dan 2-4+6-3-1-1+8-1 = 6
    totals = {"Anna": 7, "Ben": -9, "Cleo": -3, "Dan": 6}
    claimed = {**totals, "Ben": -7}
    result = check_sitting({"ruleset": "mittwoch", "players": A4, "finished": True,
                            "games": games, "claimed": {"totals": claimed}})
    # game 5 is one slip: Dan's -1 alone, as -2, gives the line its plain shape
    # (sitting.md, "One slip, one defect"), so the defect is at his entry
    assert codes(result) == [("sheet_zero_sum", "/games/4/sheet/scores/Dan"),
                             ("wrong_dealer", "/games/5/dealer"),
                             ("wrong_total", "/claimed/totals/Ben")]
    assert result.violations[0].should_be == -2
    assert result.totals == totals
    assert result.corrected_totals == {**totals, "Dan": 5}
    assert result.claimed == {"agrees": False, "differences": [
        {"player": "Ben", "claimed": -7, "computed": -9}]}
    assert [g.valid for g in result.games] == [True] * 4 + [False, False, True, True]
    assert result.games[2].kind == "lust_solo" and result.games[2].value == 2
    assert not result.notes  # no count of games, no duty solos


def test_sheet_fields_that_disagree_with_the_entries():
    """TSR 7.3.3: the winners are the players with a plus; the value x the soloist's
    factor is the soloist's entry; a written bock factor must be the sitting's."""
    result = check_sitting({"ruleset": {"preset": "ddv", "options": {"duty_solos_per_player": 0}},
                            "players": A4, "games": [
        sheet("Anna", {"Anna": 2, "Ben": -2, "Cleo": -2, "Dan": 2},
              winners=["Anna", "Ben"]),
        sheet("Ben", {"Anna": -3, "Ben": -3, "Cleo": 9, "Dan": -3}, "solo", declarer="Cleo",
              value=2),
        sheet("Cleo", {"Anna": 1, "Ben": -1, "Cleo": -1, "Dan": 1}, bock=2),
    ]})
    assert codes(result) == [("sheet_line", "/games/0/sheet/winners"),
                             ("sheet_line", "/games/1/sheet/value"),
                             ("sheet_line", "/games/2/sheet/bock")]


def test_sheet_duty_flag_against_the_duty_solos_owed():
    """TSR 4.3.1: a solo by a player who owes his duty solo is it; one who has played it
    plays lust solos. Sheet lines, both ways."""
    solo = {"Anna": 9, "Ben": -3, "Cleo": -3, "Dan": -3}
    result = check_sitting({"ruleset": "ddv", "players": A4, "games": [
        sheet("Anna", solo, "solo", declarer="Anna", duty=False),
        sheet("Anna", solo, "solo", declarer="Anna", duty=True),
    ]})
    assert codes(result) == [("game_declaration", "/games/0/sheet/duty"),
                             ("game_declaration", "/games/1/sheet/duty")]


def test_a_throw_is_dealt_again_by_the_same_dealer():
    """Seed 002 6.5.1 (five nines thrown in: redistributed) and sitting.md's reading: the
    same dealer deals again, the redeal scores 0 and is no game of the round's count."""
    thrown = json.loads((ROOT / "examples" / "throw.json").read_text(encoding="utf-8"))
    del thrown["ruleset"]  # the sitting's (with a round of one game)
    rs = {"preset": "freedoko", "options": {"games_per_round": 1}}
    games = [sheet("Cleo", {"Anna": 1, "Ben": 0, "Cleo": 0, "Dan": 1}),
             {"dealer": "Dan", "transcript": thrown},
             sheet("Dan", {"Anna": 0, "Ben": 2, "Cleo": 2, "Dan": 0})]
    result = check_sitting({"ruleset": rs, "players": A4, "first_dealer": "Cleo",
                            "games": games})
    assert codes(result) == [("round_too_long", "/games/2")]  # game 2 of a round of 1
    assert result.games[1].kind == "redeal"
    assert result.totals == {"Anna": 1, "Ben": 2, "Cleo": 2, "Dan": 1}
    games[2]["dealer"] = "Anna"
    moved = check_sitting({"ruleset": "freedoko", "players": A4, "first_dealer": "Cleo",
                           "games": games})
    assert codes(moved) == [("wrong_dealer", "/games/2/dealer")]


def test_a_silent_marriage_is_no_duty_solo():
    """TSR 4.4.5: a silent marriage is scored as a solo but is no duty solo: Anna still
    owes hers, and the deal moves on (4.2.5 is for duty solos)."""
    result = check_sitting({"ruleset": "ddv", "players": A4, "games": [
        sheet("Anna", {"Anna": 9, "Ben": -3, "Cleo": -3, "Dan": -3}, "silent_marriage",
              declarer="Anna"),
        sheet("Ben", {"Anna": 1, "Ben": -1, "Cleo": -1, "Dan": 1})]})
    assert result.valid, codes(result)
    assert result.games[0].kind == "silent_marriage"
    assert result.duty_solos["Anna"] == {"owed": 1, "played": 0}


def test_a_solo_written_forced_where_none_was_due():
    """TSR 4.2.3: only when the solos owed are at least the games left."""
    result = check_sitting({"ruleset": "ddv", "players": A4, "games": [
        sheet("Anna", {"Anna": 9, "Ben": -3, "Cleo": -3, "Dan": -3}, "solo",
              declarer="Anna", duty=True, forced=True)]})
    assert codes(result) == [("forced_solo", "/games/0/sheet/forced")]
    assert result.games[0].kind == "duty_solo"


def test_finished_ddv_round_with_a_duty_solo_owed():
    """TSR 8.6 and 8.5.1: a round finished early (the referee struck the normal games
    left: a note) with Dan's duty solo not played: a violation at /finished."""
    lines = [sheet("Anna", {"Anna": 9, "Ben": -3, "Cleo": -3, "Dan": -3}, "solo",
                   declarer="Anna", duty=True),
             sheet("Anna", {"Anna": -3, "Ben": 9, "Cleo": -3, "Dan": -3}, "solo",
                   declarer="Ben", duty=True),
             sheet("Anna", {"Anna": -3, "Ben": -3, "Cleo": 9, "Dan": -3}, "solo",
                   declarer="Cleo", duty=True),
             sheet("Anna", {"Anna": 1, "Ben": -1, "Cleo": -1, "Dan": 1})]
    result = check_sitting({"ruleset": "ddv", "players": A4, "finished": True,
                            "games": lines})
    assert codes(result) == [("duty_solo_missing", "/finished")]
    assert result.violations[0].player == "Dan"
    assert [n.code for n in result.notes] == ["round_short"]
    unfinished = check_sitting({"ruleset": "ddv", "players": A4, "games": lines})
    assert unfinished.valid and not unfinished.complete


# ---- bock rounds ---------------------------------------------------------------------------

def bock_lines(factors: list[int]) -> list[dict[str, Any]]:
    """Game 1 a lost lust solo (Ben: -3 per point), game 3 a 120:120 tie, the rest
    won by Anna and Dan; every line written with the factor given."""
    lines = []
    for i, f in enumerate(factors):
        dealer = A4[i % 4]
        if i == 0:
            lines.append(sheet(dealer, {"Anna": 1, "Ben": -3, "Cleo": 1, "Dan": 1}, "solo",
                               declarer="Ben", value=1))
        else:
            entry = sheet(dealer, {"Anna": f, "Ben": -f, "Cleo": -f, "Dan": f}, value=1,
                          bock=f)
            if i == 2:
                entry["sheet"]["bock_events"] = ["tie"]
            lines.append(entry)
    return lines


def bock_ruleset(overlap: str) -> dict[str, Any]:
    return {"preset": "ddv", "options": {"duty_solos_per_player": 0, "bock_rounds": True,
                                         "bock_overlap": overlap}}


def test_bock_rounds_overlapping_multiply():
    """A lost solo (game 1) opens games 2-5, the tie of game 3 opens games 4-7 (one game
    per player at the table); where both run the factors multiply: 2 x 2."""
    factors = [1, 2, 2, 4, 4, 2, 2, 1]
    result = check_sitting({"ruleset": bock_ruleset("multiply"), "players": A4,
                            "games": bock_lines(factors)})
    assert result.valid, codes(result)
    assert [g.bock for g in result.games] == factors
    assert [g.value for g in result.games] == [1] * 8  # before bock
    # Anna: +1 then +2+2+4+4+2+2+1 = 18
    assert result.totals["Anna"] == 18


def test_bock_rounds_overlapping_queue():
    """The same events, queued: the tie's four bock games follow the solo's four, so
    games 2-9 are bock x 2 and game 10 is not."""
    factors = [1, 2, 2, 2, 2, 2, 2, 2, 2, 1]
    result = check_sitting({"ruleset": bock_ruleset("queue"), "players": A4,
                            "games": bock_lines(factors)})
    assert result.valid, codes(result)
    assert [g.bock for g in result.games] == factors
    wrong = check_sitting({"ruleset": bock_ruleset("multiply"), "players": A4,
                           "games": bock_lines(factors)})
    assert ("sheet_line", "/games/3/sheet/bock") in codes(wrong)


def test_bock_round_at_five_lasts_five_games():
    ruleset = bock_ruleset("queue")
    games = [sheet("Anna", {"Ben": 1, "Cleo": -3, "Dan": 1, "Eve": 1}, "solo",
                   declarer="Cleo")]
    games += [sheet(A5[i % 5], {p: 0 for p in A5 if p != A5[i % 5]}) for i in range(1, 8)]
    result = check_sitting({"ruleset": ruleset, "players": A5, "games": games})
    assert [g.bock for g in result.games] == [1, 2, 2, 2, 2, 2, 1, 1]


def test_bock_factor_reaches_the_single_check_through_the_context():
    """A transcript in a bock game: its score carries a bock item with the factor, and
    the sitting's value is the game value before bock."""
    rng = random.Random(4)
    t = whole_game("ddv", rng, A4, 1)
    plain = single_scores(t, "ddv")
    games = [sheet("Anna", {"Anna": 1, "Ben": -3, "Cleo": 1, "Dan": 1}, "solo",
                   declarer="Ben"),
             {"dealer": "Ben", "transcript": t}]
    result = check_sitting({"ruleset": bock_ruleset("multiply"), "players": A4,
                            "games": games})
    game = result.games[1]
    assert game.bock == 2
    assert game.scores == {n: 2 * p for n, p in plain.items()}
    assert game.result is not None and game.result.score is not None
    items = [i for i in game.result.score.items if i.code == "bock"]
    assert [i.factor for i in items] == [2]
    assert game.value == game.result.score.value // 2


def test_bock_rounds_off_in_every_preset():
    lines = bock_lines([1, 1, 1, 1, 1])
    for preset in ("ddv", "freedoko", "mittwoch", "doko2026"):
        options = {"duty_solos_per_player": 0} if preset in ("ddv", "doko2026") else {}
        result = check_sitting({"ruleset": {"preset": preset, "options": options},
                                "players": A4, "games": lines})
        assert [g.bock for g in result.games] == [1] * 5, preset


# ---- the rotation options, flipped -----------------------------------------------------------

def solo_then(rs: dict[str, Any] | str, kind_fields: dict[str, Any],
              next_dealer: str) -> list[tuple[str, str | None]]:
    games = [sheet("Anna", {"Anna": 9, "Ben": -3, "Cleo": -3, "Dan": -3}, "solo",
                   declarer="Anna", **kind_fields),
             sheet(next_dealer, {"Anna": 1, "Ben": -1, "Cleo": -1, "Dan": 1})]
    return codes(check_sitting({"ruleset": rs, "players": A4, "games": games}))


def test_dealer_after_a_duty_solo_per_preset():
    """DDV 4.2.5 and FreeDoko 6.2: the same dealer again; doko2026 III: never."""
    assert solo_then("ddv", {"duty": True}, "Anna") == []
    assert solo_then("ddv", {"duty": True}, "Ben") == [("wrong_dealer", "/games/1/dealer")]
    free = {"preset": "freedoko", "options": {"duty_solos_per_player": 1,
                                              "counting": "plus_minus"}}
    assert solo_then(free, {"duty": True}, "Anna") == []
    assert solo_then({"preset": "doko2026", "options": {"counting": "plus_minus"}},
                     {"duty": True}, "Ben") == []
    flipped = {"preset": "ddv", "options": {"dealer_repeats_after_duty_solo": False}}
    assert solo_then(flipped, {"duty": True}, "Ben") == []


def test_dealer_after_a_lust_solo():
    """DDV 4.3.2: a lust solo does not hold the deal; FreeDoko 6.3 'optional' it does."""
    rs = {"preset": "ddv", "options": {"duty_solos_per_player": 0}}
    assert solo_then(rs, {}, "Ben") == []
    rs["options"]["dealer_repeats_after_lust_solo"] = True
    assert solo_then(rs, {}, "Anna") == []


def test_lust_solo_before_duty_solo_option():
    """DDV 4.3.1 says no; a table that allows it takes the duty flag as written."""
    rs = {"preset": "ddv", "options": {"lust_solo_before_duty_solo": True}}
    assert solo_then(rs, {"duty": False}, "Ben") == []
    assert solo_then("ddv", {"duty": False}, "Anna")[0] == ("game_declaration",
                                                            "/games/0/sheet/duty")


def test_forced_duty_solo_option_and_round_lengths():
    """DDV 4.2.3: with 1 game left of a round set to 2 and one solo owed by each of four
    players, a normal game 1 is a forced_solo defect; flipped off, none. A round of 0
    games (Mittwoch's evening) has no count."""
    one = [sheet("Anna", {"Anna": 1, "Ben": -1, "Cleo": -1, "Dan": 1})]
    rs = {"preset": "ddv", "options": {"games_per_round": 2}}
    assert codes(check_sitting({"ruleset": rs, "players": A4, "games": one})) == [
        ("forced_solo", "/games/0")]
    rs["options"]["forced_duty_solo"] = False
    assert codes(check_sitting({"ruleset": rs, "players": A4, "games": one})) == []
    five = {"preset": "ddv", "options": {"games_per_round_at_five": 1,
                                         "duty_solos_per_player": 0}}
    two = [sheet("Anna", {"Ben": 1, "Cleo": -1, "Dan": -1, "Eve": 1}),
           sheet("Ben", {"Anna": 1, "Cleo": -1, "Dan": -1, "Eve": 1})]
    assert codes(check_sitting({"ruleset": five, "players": A5, "games": two})) == [
        ("round_too_long", "/games/1")]
    evening = [sheet(A4[i % 4], {"Anna": 1, "Ben": -1, "Cleo": -1, "Dan": 1})
               for i in range(60)]
    assert check_sitting({"ruleset": "mittwoch", "players": A4, "finished": True,
                          "games": evening}).valid


def test_even_odd_rule_option():
    mixed = [sheet("Anna", {"Anna": 4, "Ben": -1, "Cleo": -1, "Dan": -2})]
    rs = {"preset": "ddv", "options": {"even_odd_rule": False}}
    assert check_sitting({"ruleset": rs, "players": A4, "games": mixed}).valid
    assert not check_sitting({"ruleset": "ddv", "players": A4, "games": mixed}).valid
    assert check_sitting({"ruleset": "mittwoch", "players": A4, "games": mixed}).valid


def test_missed_duty_solo_penalty_option():
    """Seed 004 VII: 7 points off; set to 3 it is 3; set to 0 it is a violation."""
    rs: dict[str, Any] = {"preset": "doko2026", "options": {"missed_duty_solo_penalty": 3}}
    games = [sheet("Anna", {"Anna": 2, "Ben": 0, "Cleo": 2, "Dan": 0})]
    result = check_sitting({"ruleset": rs, "players": A4, "finished": True, "games": games})
    assert result.totals == {"Anna": -1, "Ben": -3, "Cleo": -1, "Dan": -3}
    rs["options"]["missed_duty_solo_penalty"] = 0
    result = check_sitting({"ruleset": rs, "players": A4, "finished": True, "games": games})
    assert [c for c, _ in codes(result)] == ["duty_solo_missing"] * 4


@pytest.mark.parametrize("option", ["bock_after_tie", "bock_after_lost_solo",
                                    "bock_after_lost_re", "bock_after_lost_contra",
                                    "bock_after_heart_trick",
                                    "bock_after_black"])
def test_each_bock_event_is_its_option(option):
    event = option.removeprefix("bock_after_")
    rs = {"preset": "ddv", "options": {"duty_solos_per_player": 0, "bock_rounds": True,
                                       option: False}}
    first = sheet("Anna", {"Anna": 1, "Ben": -1, "Cleo": -1, "Dan": 1}, bock_events=[event])
    games = [first, sheet("Ben", {"Anna": 1, "Ben": -1, "Cleo": -1, "Dan": 1})]
    assert check_sitting({"ruleset": rs, "players": A4, "games": games}).games[1].bock == 1
    rs["options"][option] = True
    rs["options"]["bock_factor"] = 3
    assert check_sitting({"ruleset": rs, "players": A4, "games": games}).games[1].bock == 3


@pytest.mark.parametrize("factor", [0, 1, 11])
def test_bock_factor_out_of_range_is_refused(factor):
    with pytest.raises(rules.TranscriptError) as error:
        check_sitting({"ruleset": {"preset": "ddv", "options": {"bock_factor": factor}},
                       "players": A4, "games": []})
    assert [e.pointer for e in error.value.errors] == ["/ruleset/options/bock_factor"]


def test_transcript_bock_events_are_read_from_the_game():
    """A black game, a tie, a lost re, a heart trick are read from the tricks. A heart
    trick is four cards of the heart suit none of which is a trump of the game (FreeDoko,
    src/game/game_summary.cpp: every card's tcolor HEART): in a normal game with dollen
    the ♥10, ♥Q and ♥J are trumps (DDV TSR 2.2), so none of them is in one."""
    from service.game.rulesets import resolve
    from service.lists.sitting.bock import transcript_events

    rng = random.Random(11)
    seen: set[str] = set()
    for _ in range(60):
        t = whole_game("ddv", rng, A4, 0)
        result = rules.check({**t, "ruleset": "ddv"})
        events = transcript_events(result, resolve("ddv"))
        points = result.card_points
        assert ("tie" in events) == (points == {"re": 120, "contra": 120})
        assert ("heart_trick" in events) == any(
            all(c in ("H9", "HK", "HA") for c in tr.cards) for tr in result.tricks)
        seen |= events
    assert "heart_trick" in seen


# ---- one slip, one defect; a wrong dealer, one defect; a kind the rules do not have -------

def test_one_slip_in_a_line_is_one_defect_at_its_entry():
    """sitting.md, "One slip, one defect": where exactly one entry, changed alone, gives
    the line its plain shape and passes every check, the defect points at that entry,
    carries should_be, and nothing else is reported for the slip (not at value, not as
    the sum); corrected_totals are the totals with every such slip corrected.

    Game 1 (value 3; DDV TSR 7.2.2: the two winners +3, the losers -3): Cleo's -5 is
    the slip, as -3 the line adds up (7.3.3 no. 1) and gives value 3. Game 2 (Cleo's duty
    solo; 7.2.4: the opponents each -3, the soloist 3 x 3): Dan's -2 should be -3.
    Game 3 (Ben deals again after the duty solo, 4.2.5): Dan's duty solo with a penalty
    (+3, 0, 0, -3), off the plain shape but allowed (7.3.3 no. 2): no defect."""
    games = [
        sheet("Anna", {"Anna": 3, "Ben": -3, "Cleo": -5, "Dan": 3}, value=3),
        sheet("Ben", {"Anna": -3, "Ben": -3, "Cleo": 9, "Dan": -2}, "solo",
              declarer="Cleo", duty=True),
        sheet("Ben", {"Anna": 0, "Ben": 0, "Cleo": -3, "Dan": 3}, "solo", declarer="Dan",
              duty=True),
        sheet("Ben", {"Anna": 1, "Ben": -1, "Cleo": -1, "Dan": 1}),
    ]
    result = check_sitting({"ruleset": "ddv", "players": A4, "games": games})
    assert codes(result) == [("sheet_zero_sum", "/games/0/sheet/scores/Cleo"),
                             ("sheet_zero_sum", "/games/1/sheet/scores/Dan")]
    assert [(v.player, v.should_be) for v in result.violations] == [("Cleo", -3),
                                                                    ("Dan", -3)]
    assert result.violations[0].message.startswith("Cleo: \u22123, not \u22125")
    assert result.violations[1].message.startswith("Dan: \u22123, not \u22122")
    assert [g.valid for g in result.games] == [False, False, True, True]
    assert [g.value for g in result.games[:2]] == [3, 3]
    # scored as written: Anna 3-3+0+1, Ben -3-3+0-1, Cleo -5+9-3-1, Dan 3-2+3+1
    assert result.totals == {"Anna": 1, "Ben": -7, "Cleo": 0, "Dan": 5}
    # Cleo -3 instead of -5 (+2), Dan -3 instead of -2 (-1)
    assert result.corrected_totals == {"Anna": 1, "Ben": -7, "Cleo": 2, "Dan": 4}
    answer = result.to_dict()
    assert answer["violations"][0]["should_be"] == -3
    assert list(answer).index("corrected_totals") == list(answer).index("totals") + 1


def line_alone(scores: dict[str, int], ruleset: Any = "ddv", kind: str = "normal",
               **fields: Any) -> Any:
    return check_sitting({"ruleset": ruleset, "players": A4,
                          "games": [sheet("Anna", scores, kind, **fields)]})


def test_no_single_entry_or_several_keep_the_lines_defects():
    """sitting.md: the defect moves to an entry only where exactly one entry, changed
    alone, would do. (+2, -2, +2, +2) adds up to +4 (DDV TSR 7.3.3 no. 1): Anna's, Cleo's
    or Dan's +2 as -2 would each give two winners of 2 and two losers of -2, so the slip
    is not located. With the winners marked as Anna and Cleo (7.3.3 no. 3) only Dan's
    entry passes every check. (+3, -3, -2, +1) needs two entries changed."""
    several = line_alone({"Anna": 2, "Ben": -2, "Cleo": 2, "Dan": 2})
    assert codes(several) == [("sheet_zero_sum", "/games/0/sheet/scores")]
    assert several.violations[0].should_be is None
    assert several.corrected_totals is None
    assert "corrected_totals" not in several.to_dict()
    assert "should_be" not in several.to_dict()["violations"][0]
    marked = line_alone({"Anna": 2, "Ben": -2, "Cleo": 2, "Dan": 2},
                        winners=["Anna", "Cleo"])
    assert codes(marked) == [("sheet_zero_sum", "/games/0/sheet/scores/Dan")]
    assert marked.violations[0].should_be == -2
    assert marked.corrected_totals == {"Anna": 2, "Ben": -2, "Cleo": 2, "Dan": -2}
    two = line_alone({"Anna": 3, "Ben": -3, "Cleo": -2, "Dan": 1})
    assert codes(two) == [("sheet_zero_sum", "/games/0/sheet/scores")]
    assert two.corrected_totals is None


def test_one_slip_under_winners_only_counting():
    """Seed 004 (DOKO 2026): 'Es werden nur Pluspunkte für die Gewinner notiert', a won
    solo x 3. Ben's -2 in a normal game should be 0. Dan's -6 in his solo would be right
    as +3, +6, +9 ... (any worth, the others 0): not located, until the line's value (2)
    says which: 2 x 3 = 6."""
    minus = line_alone({"Anna": 2, "Ben": -2, "Cleo": 2, "Dan": 0}, "doko2026")
    assert codes(minus) == [("sheet_line", "/games/0/sheet/scores/Ben")]
    assert minus.violations[0].should_be == 0
    assert minus.corrected_totals == {"Anna": 2, "Ben": 0, "Cleo": 2, "Dan": 0}
    solo = {"Anna": 0, "Ben": 0, "Cleo": 0, "Dan": -6}
    any_worth = line_alone(solo, "doko2026", "solo", declarer="Dan", duty=True)
    assert codes(any_worth) == [("sheet_line", "/games/0/sheet/scores")]
    valued = line_alone(solo, "doko2026", "solo", declarer="Dan", duty=True, value=2)
    assert codes(valued) == [("sheet_line", "/games/0/sheet/scores/Dan")]
    assert valued.violations[0].should_be == 6
    assert valued.games[0].value == 2


def test_a_sitters_entry_and_a_redeals_are_slips_that_should_be_0():
    """DDV TSR 10.1.2: at five the dealer gets neither plus nor minus; Anna's +2 alone is
    off (the four playing are a plain +1/-1 game), so should_be 0. sitting.md, Readings:
    a redeal scores 0 (FreeDoko, which throws nines, has redeals)."""
    five = check_sitting({"ruleset": "ddv", "players": A5, "games": [
        sheet("Anna", {"Anna": 2, "Ben": 1, "Cleo": -1, "Dan": -1, "Eve": 1})]})
    assert codes(five) == [("sheet_line", "/games/0/sheet/scores/Anna")]
    assert five.violations[0].should_be == 0
    assert five.totals["Anna"] == 2 and five.corrected_totals == {
        "Anna": 0, "Ben": 1, "Cleo": -1, "Dan": -1, "Eve": 1}
    redeal = check_sitting({"ruleset": "freedoko", "players": A4, "games": [
        {"dealer": "Anna", "sheet": {"type": "redeal", "scores": {"Ben": 1}}}]})
    assert codes(redeal) == [("sheet_line", "/games/0/sheet/scores/Ben")]
    assert redeal.violations[0].should_be == 0
    assert redeal.corrected_totals == dict.fromkeys(A4, 0)


def test_a_line_under_the_wrong_dealer_but_right_for_the_true_one_is_one_defect():
    """sitting.md, "A wrong dealer is one defect"; DDV TSR 3.3.1 (Ben deals game 2) and
    10.1.1/10.1.2 (the dealer sits out and scores 0). Game 2 is written under Cleo, but
    its entries are for Anna, Cleo, Dan and Eve: Ben sat out, so Ben dealt. The line is
    checked against Ben's table (no entry missing, nobody scored who sat out, it adds
    up), and game 3, Cleo's deal, follows from Ben: one defect."""
    games = [sheet("Anna", {"Ben": 1, "Cleo": -1, "Dan": -1, "Eve": 1}),
             sheet("Cleo", {"Anna": 2, "Cleo": -2, "Dan": -2, "Eve": 2}),
             sheet("Cleo", {"Anna": -1, "Ben": 1, "Dan": 1, "Eve": -1})]
    result = check_sitting({"ruleset": "ddv", "players": A5, "games": games})
    assert codes(result) == [("wrong_dealer", "/games/1/dealer")]
    assert "Ben deals game 2, not Cleo" in result.violations[0].message
    assert [(g.dealer, g.sits_out) for g in result.games] == [
        ("Anna", "Anna"), ("Cleo", "Ben"), ("Cleo", "Cleo")]
    assert result.games[1].scores["Ben"] == 0
    # Anna 0+2-1, Ben 1+0+1, Cleo -1-2+0, Dan -1-2+1, Eve 1+2-1
    assert result.totals == {"Anna": 1, "Ben": 2, "Cleo": -3, "Dan": -2, "Eve": 2}
    # a list that went on from the wrong dealer (Cleo sat out, then Dan deals): one too
    went_on = [games[0], sheet("Cleo", {"Anna": 2, "Ben": -2, "Dan": -2, "Eve": 2}),
               sheet("Dan", {"Anna": -1, "Ben": 1, "Cleo": 1, "Eve": -1})]
    result = check_sitting({"ruleset": "ddv", "players": A5, "games": went_on})
    assert codes(result) == [("wrong_dealer", "/games/1/dealer")]
    assert [g.sits_out for g in result.games] == ["Anna", "Cleo", "Dan"]


def test_a_whole_game_under_the_wrong_dealer_but_dealt_by_the_true_one_is_one_defect():
    """sitting.md, "A wrong dealer is one defect"; DDV TSR 3.3.1. At four, game 2 is
    written under Cleo but its transcript has Ben dealing (seat 1); at five, its four
    players are Ben's (10.1.1). Either way Ben dealt it, and game 3 is Cleo's."""
    rng = random.Random(21)
    four = [{"dealer": "Anna", "transcript": whole_game("ddv", rng, A4, 0)},
            {"dealer": "Cleo", "transcript": whole_game("ddv", rng, A4, 1)},
            {"dealer": "Cleo", "transcript": whole_game("ddv", rng, A4, 2)}]
    result = check_sitting({"ruleset": "ddv", "players": A4, "games": four})
    assert codes(result) == [("wrong_dealer", "/games/1/dealer")]
    five = []
    for dealer in ("Anna", "Ben", "Cleo"):
        d = A5.index(dealer)
        playing = [A5[(d + k) % 5] for k in range(1, 5)]
        five.append({"dealer": dealer, "transcript": whole_game("ddv", rng, playing, 3)})
    five[1]["dealer"] = "Cleo"
    result = check_sitting({"ruleset": "ddv", "players": A5, "games": five})
    assert codes(result) == [("wrong_dealer", "/games/1/dealer")]
    assert [g.sits_out for g in result.games] == ["Anna", "Ben", "Cleo"]


def test_a_poverty_or_a_redeal_line_under_ddv_is_a_defect_at_its_type():
    """DDV TSR 4.1.5 names only solos and marriages (no poverty) and 9.1.3 repeats no
    game (no throwing); sitting.md: 'A preset without throws or poverty (ddv) has no
    redeal line.' The lines are still taken as written (the redeal is dealt again by
    Ben). DOKO 2026 has both (seed 004 I.5); a ruleset whose poverty is dealt again has
    a redeal and no poverty game."""
    games = [sheet("Anna", {"Anna": 1, "Ben": -1, "Cleo": -1, "Dan": 1}, "poverty"),
             {"dealer": "Ben", "sheet": {"type": "redeal"}},
             sheet("Ben", {"Anna": 1, "Ben": -1, "Cleo": -1, "Dan": 1})]
    result = check_sitting({"ruleset": "ddv", "players": A4, "games": games})
    assert codes(result) == [("sheet_type", "/games/0/sheet/type"),
                             ("sheet_type", "/games/1/sheet/type")]
    assert [g.kind for g in result.games] == ["poverty", "redeal", "normal"]
    plus = [games[0], games[1],
            sheet("Ben", {"Anna": 1, "Ben": 0, "Cleo": 0, "Dan": 1})]
    plus[0] = sheet("Anna", {"Anna": 1, "Ben": 0, "Cleo": 0, "Dan": 1}, "poverty")
    assert check_sitting({"ruleset": "doko2026", "players": A4, "games": plus}).valid
    dealt_again = {"preset": "ddv", "options": {"poverty": "redeal"}}
    result = check_sitting({"ruleset": dealt_again, "players": A4, "games": games})
    assert codes(result) == [("sheet_type", "/games/0/sheet/type")]


# ---- input --------------------------------------------------------------------------------

@pytest.mark.parametrize(("body", "pointer"), [
    ({"ruleset": "ddv", "players": ["A", "B", "C"], "games": []}, "/players"),
    ({"ruleset": "ddv", "players": ["A", "B", "C", "A"], "games": []}, "/players/3"),
    ({"ruleset": "ddv", "players": A4, "games": [{"dealer": "Eve", "sheet": line()}]},
     "/games/0/dealer"),
    ({"ruleset": "ddv", "players": A4, "games": [{"dealer": "Anna"}]}, "/games/0"),
    ({"ruleset": "ddv", "players": A4,
      "games": [{"dealer": "Anna", "sheet": line(scores={"Zoe": 1})}]},
     "/games/0/sheet/scores/Zoe"),
    ({"ruleset": "ddv", "players": A4, "games": [], "extra": 1}, "/extra"),
    ({"ruleset": "nope", "players": A4, "games": []}, "/ruleset"),
])
def test_malformed_sittings_name_the_field(body, pointer):
    with pytest.raises(rules.TranscriptError) as error:
        check_sitting(body)
    assert pointer in [e.pointer for e in error.value.errors]


def test_a_transcript_in_a_sitting_takes_the_sittings_ruleset_and_context():
    rng = random.Random(3)
    t = whole_game("ddv", rng, A4, 0)
    same = check_sitting({"ruleset": "ddv", "players": A4,
                          "games": [{"dealer": "Anna", "transcript": {**t, "ruleset": "ddv"}}]})
    assert same.valid
    for extra, pointer in (({"ruleset": "mittwoch"}, "/games/0/transcript/ruleset"),
                           ({"context": {"bock": 2}}, "/games/0/transcript/context")):
        with pytest.raises(rules.TranscriptError) as error:
            check_sitting({"ruleset": "ddv", "players": A4,
                           "games": [{"dealer": "Anna", "transcript": {**t, **extra}}]})
        assert pointer in [e.pointer for e in error.value.errors]


def test_a_slip_in_one_dealer_cell_is_one_defect_and_the_list_resumes():
    """sitting.md v1.1, "A wrong dealer is one defect"; DDV TSR 3.3.1 (the deal passes
    clockwise), 10.1.1 (at five the dealer sits out). Five players, Anna deals first:
    Anna, Ben, Cleo, Dan, Eve. The third game's dealer is written "Dan" though the line's
    entries are for Anna, Ben, Dan and Eve (Cleo sat out, so Cleo dealt), and the list
    resumes correctly with Dan at game 4: only game 3 is flagged."""
    games = [sheet("Anna", {"Ben": 1, "Cleo": -1, "Dan": -1, "Eve": 1}),
             sheet("Ben", {"Anna": 1, "Cleo": 1, "Dan": -1, "Eve": -1}),
             sheet("Dan", {"Anna": 2, "Ben": -2, "Dan": -2, "Eve": 2}),
             sheet("Dan", {"Anna": -1, "Ben": 1, "Cleo": 1, "Eve": -1}),
             sheet("Eve", {"Anna": 1, "Ben": -1, "Cleo": -1, "Dan": 1})]
    result = check_sitting({"ruleset": "ddv", "players": A5, "games": games})
    assert codes(result) == [("wrong_dealer", "/games/2/dealer")]
    assert result.violations[0].player == "Dan"
    assert "Cleo deals game 3, not Dan" in result.violations[0].message
    assert [g.sits_out for g in result.games] == ["Anna", "Ben", "Cleo", "Dan", "Eve"]
    # a sheet line at four shows no dealer: the slip reading and the list resuming with
    # Dan at game 4 (Anna, Ben, Cleo, Dan, Anna) is still one defect
    four = [sheet(d, {"Anna": 1, "Ben": -1, "Cleo": -1, "Dan": 1})
            for d in ("Anna", "Ben", "Dan", "Dan", "Anna")]
    result = check_sitting({"ruleset": "ddv", "players": A4, "games": four})
    assert codes(result) == [("wrong_dealer", "/games/2/dealer")]
    # the other reading: the deal really went on from Dan (Eve deals game 4, Anna game
    # 5): one defect too, and no more for the games after
    went_on = [sheet(d, {"Anna": 1, "Ben": -1, "Cleo": -1, "Dan": 1})
               for d in ("Anna", "Ben", "Dan", "Anna", "Ben")]
    result = check_sitting({"ruleset": "ddv", "players": A4, "games": went_on})
    assert codes(result) == [("wrong_dealer", "/games/2/dealer")]
    # two slips in a row are two defects: neither Cleo nor Anna is right for game 4
    # (after Cleo, expected, comes Dan; after Dan, written, Anna)
    twice = [sheet(d, {"Anna": 1, "Ben": -1, "Cleo": -1, "Dan": 1})
             for d in ("Anna", "Ben", "Dan", "Ben", "Cleo")]
    result = check_sitting({"ruleset": "ddv", "players": A4, "games": twice})
    assert codes(result) == [("wrong_dealer", "/games/2/dealer"),
                             ("wrong_dealer", "/games/3/dealer")]
