"""House rules at the list: bock events counted per game, a cap on stacked bock, the
mandatory solo round ("Pflichtsolorunde"), players coming and going.

Each test names the peer test or house rule it follows. QtDoppelKopf (github
tristhaus/QtDoppelKopf): ``Backend/multiplierinfo.cpp`` (``MultiplierInfo::PushDeal``:
one round per event counted, at most three stacked, a mandatory solo round's games
inserted before the bock games owed), ``Backend/gameinfo.cpp`` (``SetPlayers``,
``TriggerMandatorySolo``, ``MandatorySolo``), and its tests
``BackendTest/tst_multiplierinfo.h`` and ``tst_gameinfo.h``; its web twin jsdoppelkopf
(tristhaus/jsdoppelkopf, ``backend/logic/game.js``: ``constructBockHelper``,
``validatePlayerSet``). The decisions where the peers are silent are the presets'
notes and docs/sitting.md's ("House rules at the list"). Every expected figure is the
peer test's or worked out here by hand; the sitting is never compared with its own
output.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from games.sittings import whole_game
from test_openapi import conforms, spec  # noqa: F401  (fixtures)

from service import rules
from service.cli import main
from service.game.digest import digest
from service.game.rulesets import resolve
from service.lists.sitting.bock import transcript_events
from service.lists.sitting.check import check_sitting

ROOT = Path(__file__).resolve().parents[1]
A4 = ["Anna", "Ben", "Cleo", "Dan"]
A5 = ["Anna", "Ben", "Cleo", "Dan", "Eve"]
EVENING = json.loads((ROOT / "service" / "web" / "static" / "examples" /
                      "house-evening.json").read_text(encoding="utf-8"))


def house(base: str = "ddv", **options: Any) -> dict[str, Any]:
    """A ruleset with bock rounds, one event a round, a cap of three (QtDoppelKopf's
    house rules: LIESMICH 'bis zu Dreifachbock'), the two list rules, no duty solos. The
    scorer counts the events (QtDoppelKopf's numberOfEvents), so a lost solo opens none
    of its own."""
    base_options = {"duty_solos_per_player": 0} if base == "ddv" else {}
    return {"preset": base, "options": {
        **base_options, "bock_rounds": True, "bock_rounds_per_event": True, "bock_cap": 3,
        "bock_after_lost_solo": False, "mandatory_solo_rounds": True, "table_changes": True,
        **options}}


def codes(result: Any) -> list[tuple[str, str | None]]:
    return [(v.code, v.pointer) for v in result.violations]


def playing(dealer: str, seated: list[str]) -> list[str]:
    """The four who play, from the dealer's left; at five the dealer sits out (DDV TSR
    10.1.1)."""
    at = seated.index(dealer)
    four = [seated[(at + k) % len(seated)] for k in range(1, len(seated) + 1)]
    return four[:4] if len(seated) == 5 else four


def normal(dealer: str, f: int = 1, events: int | None = None, seated: list[str] = A4,
           **extra: Any) -> dict[str, Any]:
    """A normal game worth 1 at factor ``f``, won by the dealer's left neighbour and the
    fourth player from him; ``events``: the scorer's count of bock events."""
    four = playing(dealer, seated)
    scores = {n: (f if k in (0, 3) else -f) for k, n in enumerate(four)}
    line: dict[str, Any] = {"type": "normal", "scores": scores}
    if f > 1:
        line["bock"] = f
    if events is not None:
        line["bock_event_count"] = events
    return {"dealer": dealer, **extra, "sheet": line}


def solo(dealer: str, soloist: str, won: int, seated: list[str] = A4,
         **extra: Any) -> dict[str, Any]:
    """A solo worth ``abs(won)`` (negative: lost), the soloist x3 (DDV TSR 7.2.4)."""
    others = [n for n in playing(dealer, seated) if n != soloist]
    scores = {soloist: 3 * won, **{n: -won for n in others}}
    return {"dealer": dealer, **extra,
            "sheet": {"type": "solo", "declarer": soloist, "scores": scores}}


def dealers(count: int, seated: list[str] = A4, first: int = 0) -> list[str]:
    return [seated[(first + k) % len(seated)] for k in range(count)]


# ---- bock events counted per game, the cap ---------------------------------------------------

def test_qtdoppelkopf_reset1_one_event_on_two_games():
    """tst_multiplierinfo.h MultiplierShallGiveCorrectDataAfterReset1: events 0, 1, 0, 0,
    1 at four players give 1, 1, 2, 2, 2, 4, 2, 2, 2."""
    factors = [1, 1, 2, 2, 2, 4, 2, 2, 2, 1]
    events = [0, 1, 0, 0, 1, 0, 0, 0, 0, 0]
    games = [normal(d, f, n) for d, f, n in zip(dealers(10), factors, events, strict=True)]
    result = check_sitting({"ruleset": house(), "players": A4, "games": games})
    assert result.valid, codes(result)
    assert [g.bock for g in result.games] == factors


def test_qtdoppelkopf_reset2_two_events_on_one_game_and_a_cap_at_x8():
    """tst_multiplierinfo.h MultiplierShallGiveCorrectDataAfterReset2: events 0, 2, 2, 0,
    1 at four players, at most three rounds stacked (x8): 1, 1, 4, 8, 8, 8, 8, 4, 4, 4.
    The second round of game 3 finds games 4-6 full and is deferred to games 7-10."""
    factors = [1, 1, 4, 8, 8, 8, 8, 4, 4, 4, 1]
    events = [0, 2, 2, 0, 1, 0, 0, 0, 0, 0, 0]
    games = [normal(d, f, n) for d, f, n in zip(dealers(11), factors, events, strict=True)]
    result = check_sitting({"ruleset": house(), "players": A4, "games": games})
    assert result.valid, codes(result)
    assert [g.bock for g in result.games] == factors
    assert [g.bock_rounds_opened for g in result.games] == events
    assert [g.value for g in result.games] == [1] * 11  # before bock
    # by hand: the dealer and his left neighbour win each game, the others lose it
    won = {n: sum(f for k, f in enumerate(factors) if n in (A4[k % 4], A4[(k + 1) % 4]))
           for n in A4}
    assert result.totals == {n: 2 * won[n] - sum(factors) for n in A4}


def test_without_the_cap_or_with_one_round_a_game():
    """The same events without the cap stack uncapped (bock_overlap multiply, as
    before): games 4 to 6 are x16, x16, x32; with one round a game (QtDoppelKopf counts
    events, the catalogue's default does not) they are x2, x4, x4, x8."""
    events = [0, 2, 2, 0, 1, 0, 0, 0, 0, 0, 0]
    for options, factors in (({"bock_cap": 0}, [1, 1, 4, 16, 16, 32, 8, 2, 2, 1, 1]),
                             ({"bock_rounds_per_event": False},
                              [1, 1, 2, 4, 4, 8, 4, 2, 2, 1, 1])):
        games = [normal(d, f, n) for d, f, n in zip(dealers(11), factors, events, strict=True)]
        result = check_sitting({"ruleset": house(**options), "players": A4, "games": games})
        assert result.valid, (options, codes(result))
        assert [g.bock for g in result.games] == factors


def test_queue_never_stacks_whatever_the_cap():
    """bock_overlap queue: each round follows those owed; the cap does not apply (a cap
    of one). Events 0, 2, 2, 0, 1: five rounds of four, games 3-22 at x2."""
    events = [0, 2, 2, 0, 1] + [0] * 18
    factors = [1, 1] + [2] * 20 + [1]
    games = [normal(d, f, n) for d, f, n in zip(dealers(23), factors, events, strict=True)]
    result = check_sitting({"ruleset": house(bock_overlap="queue"), "players": A4,
                            "games": games})
    assert result.valid, codes(result)
    assert [g.bock for g in result.games] == factors


def test_a_lost_solo_at_120_120_opens_two_rounds_named_on_the_line():
    """Issue's first house rule: a lost solo that ends 120:120 has two events (the lost
    solo read from the entries, the tie named): two rounds, x4 from the next game; a
    named event twice counts once."""
    rs = house(bock_after_lost_solo=True)
    first = solo("Anna", "Cleo", -1)
    first["sheet"]["bock_events"] = ["tie", "tie"]
    games = [first, normal("Ben", 4), normal("Cleo", 4), normal("Dan", 4), normal("Anna", 4),
             normal("Ben", 1)]
    result = check_sitting({"ruleset": rs, "players": A4, "games": games})
    assert result.valid, codes(result)
    assert [g.bock for g in result.games] == [1, 4, 4, 4, 4, 1]
    assert result.games[0].bock_rounds_opened == 2


def test_a_count_is_at_least_what_the_line_shows():
    """A scorer's count (bock_event_count) of 0 on a lost solo, where a lost solo opens a
    round: a sheet_line defect at the count; the list goes on as written."""
    rs = house(bock_after_lost_solo=True)
    first = solo("Anna", "Cleo", -1)
    first["sheet"]["bock_event_count"] = 0
    result = check_sitting({"ruleset": rs, "players": A4, "games": [first, normal("Ben")]})
    assert codes(result) == [("sheet_line", "/games/0/sheet/bock_event_count")]
    assert result.games[1].bock == 1


def test_a_transcript_counts_each_event_that_happened_once():
    """A whole game gives its events by what happened: a normal game with a trick of
    four hearts and a 120:120 tie opens two rounds under bock_rounds_per_event (one
    without); found among random legal games, its events read by the tricks."""
    rng = random.Random(7)
    while True:
        t = whole_game("ddv", rng, A4, 0)
        result = rules.check({**t, "ruleset": "ddv"})
        if {"heart_trick", "tie"} <= transcript_events(result, resolve("ddv")):
            break
    points = result.card_points
    assert points == {"re": 120, "contra": 120}
    hearts = [tr for tr in result.tricks  # no trump among them: no ♥10, ♥Q, ♥J
              if all(c in ("H9", "HK", "HA") for c in tr.cards)]
    assert hearts
    for per_event, factor in ((True, 4), (False, 2)):
        rs = house(bock_after_heart_trick=True, bock_rounds_per_event=per_event)
        games = [{"dealer": "Anna", "transcript": t}, normal("Ben", factor)]
        checked = check_sitting({"ruleset": rs, "players": A4, "games": games})
        assert checked.games[0].valid and checked.games[1].valid, codes(checked)
        assert checked.games[1].bock == factor
        assert checked.games[0].bock_rounds_opened == (2 if per_event else 1)


# ---- the mandatory solo round -------------------------------------------------------------------

def test_qtdoppelkopf_mandatory_solo_round_in_the_middle():
    """tst_multiplierinfo.h MultiplierShallGiveCorrectDataAfterResetWithMandatorySolo:
    events 0, 2, 2, the round marked after game 3 (four games at factor 1), then events
    0, 1: 1, 1, 4, 1, 1, 1, 1, 8, 8, 8, 8, 4, 4, 4 - the bock games owed follow the
    round."""
    factors = [1, 1, 4, 1, 1, 1, 1, 8, 8, 8, 8, 4, 4, 4, 1]
    names = dealers(15)
    games = [normal("Anna"), normal("Ben", 1, 2), normal("Cleo", 4, 2)]
    # the round: each plays one solo, here as he deals (QtDoppelKopf's own test order)
    games += [solo(d, d, 1, **({"solo_round_starts": True} if k == 0 else {}))
              for k, d in enumerate(names[3:7])]
    games += [normal(names[7], 8, 0), normal(names[8], 8, 1)]
    games += [normal(d, f) for d, f in zip(names[9:], factors[9:], strict=True)]
    result = check_sitting({"ruleset": house(), "players": A4, "games": games})
    assert result.valid, codes(result)
    assert [g.bock for g in result.games] == factors
    assert [g.solo_round for g in result.games] == [None] * 3 + [1, 2, 3, 4] + [None] * 8
    assert [g.kind for g in result.games[3:7]] == ["round_solo"] * 4
    assert [g.dealer for g in result.games] == names  # the deal moves on after each


def test_qtdoppelkopf_suspend_multiplier_for_mandatory_solo():
    """tst_gameinfo.h GameInfoShallSuspendMultiplierForMandatorySolo: B and C win game 1
    (one event), the round is triggered, B +6, C -3, D +3, A -9 as soloists (no bock),
    then B and C win 5 at x2: A -22, B 20, C 8, D -6; three bock games still owed."""
    games = [
        {"dealer": "Anna", "sheet": {"type": "normal", "bock_event_count": 1,
                                     "scores": {"Anna": -1, "Ben": 1, "Cleo": 1, "Dan": -1}}},
        {"dealer": "Ben", "solo_round_starts": True, "sheet": {
            "type": "solo", "declarer": "Ben", "scores": {"Anna": -2, "Ben": 6, "Cleo": -2,
                                                          "Dan": -2}}},
        {"dealer": "Cleo", "sheet": {"type": "solo", "declarer": "Cleo",
                                     "scores": {"Anna": 1, "Ben": 1, "Cleo": -3, "Dan": 1}}},
        {"dealer": "Dan", "sheet": {"type": "solo", "declarer": "Dan",
                                    "scores": {"Anna": -1, "Ben": -1, "Cleo": -1, "Dan": 3}}},
        {"dealer": "Anna", "sheet": {"type": "solo", "declarer": "Anna",
                                     "scores": {"Anna": -9, "Ben": 3, "Cleo": 3, "Dan": 3}}},
        {"dealer": "Ben", "sheet": {"type": "normal", "bock": 2,
                                    "scores": {"Anna": -10, "Ben": 10, "Cleo": 10, "Dan": -10}}},
    ]
    games += [normal(d, f) for d, f in zip(["Cleo", "Dan", "Anna", "Ben"], [2, 2, 2, 1],
                                           strict=True)]
    result = check_sitting({"ruleset": house(), "players": A4, "games": games})
    assert result.valid, codes(result)
    assert result.games[5].totals == {"Anna": -22, "Ben": 20, "Cleo": 8, "Dan": -6}
    assert [g.bock for g in result.games] == [1, 1, 1, 1, 1, 2, 2, 2, 2, 1]


def test_the_mark_is_refused_before_the_first_game_and_while_a_round_runs():
    """gameinfo.cpp TriggerMandatorySolo: 'cannot trigger mandatory solo at this point'
    where MandatorySolo() is CannotTrigger (no deal recorded) or Active; jsdoppelkopf's
    validateMandatorySoloTrigger likewise. The mark is not taken."""
    first = solo("Anna", "Ben", 1, solo_round_starts=True)
    result = check_sitting({"ruleset": house(), "players": A4,
                            "games": [first, normal("Ben")]})
    assert codes(result) == [("solo_round_mark", "/games/0/solo_round_starts")]
    assert [g.kind for g in result.games] == ["lust_solo", "normal"]
    games = [normal("Anna"), solo("Ben", "Ben", 1, solo_round_starts=True),
             solo("Cleo", "Cleo", 1, solo_round_starts=True), solo("Dan", "Dan", 1),
             solo("Anna", "Anna", 1), normal("Ben")]
    result = check_sitting({"ruleset": house(), "players": A4, "games": games})
    assert codes(result) == [("solo_round_mark", "/games/2/solo_round_starts")]
    assert "3 of its games are still to come" in result.violations[0].message
    assert [g.solo_round for g in result.games] == [None, 1, 2, 3, 4, None]


def test_a_game_of_the_round_that_is_not_the_owed_solo():
    """Decision (mandatory_solo_rounds' note): any order, one solo each; a normal game in
    the round, or a second solo of one player, is still one of its games, scored at
    factor 1, and a solo_round_game defect naming who still owes his."""
    games = [normal("Anna", 1, 1), solo("Ben", "Ben", 1, solo_round_starts=True),
             normal("Cleo"), solo("Dan", "Ben", 2), solo("Anna", "Anna", -1),
             normal("Ben", 2)]
    result = check_sitting({"ruleset": house(), "players": A4, "games": games})
    assert codes(result) == [("solo_round_game", "/games/2"), ("solo_round_game", "/games/3")]
    assert result.violations[0].player is None
    assert result.violations[0].message == (
        "A game of the mandatory solo round is a solo of a player who still owes one: Anna, "
        "Cleo, Dan")
    assert result.violations[1].player == "Ben"
    assert "Ben has already played a solo in the mandatory solo round" in \
        result.violations[1].message
    assert [g.bock for g in result.games] == [1, 1, 1, 1, 1, 2]
    assert [g.solo_round for g in result.games] == [None, 1, 2, 3, 4, None]


def test_round_solos_are_no_duty_solos_and_the_deal_moves_on():
    """Decision: a solo of the round is no duty solo (the duty solo owed stays owed), the
    deal is not repeated (QtDoppelKopf moves the deal after every game), and no forced
    solo is due in it; under ddv a duty solo repeats the deal (TSR 4.2.5) only outside
    the round."""
    rs = house(duty_solos_per_player=1, games_per_round=0)
    games = [normal("Anna"), solo("Ben", "Cleo", 1, solo_round_starts=True),
             solo("Cleo", "Dan", 1), solo("Dan", "Anna", 1), solo("Anna", "Ben", 1),
             solo("Ben", "Cleo", 1), normal("Ben")]
    games[1]["sheet"]["duty"] = True  # written either way: not checked in the round
    games[5]["sheet"]["duty"] = True  # Cleo's duty solo after the round: Ben deals again
    result = check_sitting({"ruleset": rs, "players": A4, "games": games})
    assert result.valid, codes(result)
    assert [g.kind for g in result.games] == ["normal"] + ["round_solo"] * 4 + [
        "duty_solo", "normal"]
    assert result.duty_solos["Cleo"] == {"owed": 1, "played": 1}
    assert result.duty_solos["Ben"] == {"owed": 1, "played": 0}


def test_a_round_at_five_and_a_redeal_in_it():
    """One game per player at the table (MultiplierInfo::PushDeal inserts
    eventInfo.players games): five at five, the dealer sitting out of each (DDV TSR
    10.1.1); a redeal is none of its games (sitting.md: a redeal is no game)."""
    rs = house("mittwoch")
    games = [normal("Anna", seated=A5),
             solo("Ben", "Anna", 1, seated=A5, solo_round_starts=True),
             {"dealer": "Cleo", "sheet": {"type": "redeal"}},
             solo("Cleo", "Ben", 1, seated=A5), solo("Dan", "Cleo", 1, seated=A5),
             solo("Eve", "Dan", 1, seated=A5), solo("Anna", "Eve", 1, seated=A5),
             normal("Ben", seated=A5)]
    result = check_sitting({"ruleset": rs, "players": A5, "games": games})
    assert result.valid, codes(result)
    assert [g.solo_round for g in result.games] == [None, 1, None, 2, 3, 4, 5, None]


def test_a_finished_list_with_a_round_under_way():
    """A round not played out when the list is finished: a defect at /finished for each
    player still owing his solo (as duty solos owed, sitting.md)."""
    games = [normal("Anna"), solo("Ben", "Ben", 1, solo_round_starts=True),
             solo("Cleo", "Dan", 1)]
    result = check_sitting({"ruleset": house(games_per_round=0), "players": A4,
                            "finished": True, "games": games})
    assert [(v.code, v.pointer, v.player) for v in result.violations] == [
        ("solo_round_unfinished", "/finished", "Anna"),
        ("solo_round_unfinished", "/finished", "Cleo")]


# ---- players coming and going -------------------------------------------------------------------

def test_qtdoppelkopf_reset3_a_bock_round_keeps_the_length_of_its_table():
    """tst_multiplierinfo.h MultiplierShallGiveCorrectDataAfterReset3: players 4, 4, 5,
    5, 4 at the five games with events 0, 2, 2, 0, 1: the rounds opened at five last
    five games: 1, 1, 4, 8, 8, 8, 8, 8, 4, 4, 2."""
    factors = [1, 1, 4, 8, 8, 8, 8, 8, 4, 4, 2, 1]
    # Eve sits down for game 3 between Dan and Anna; she leaves before game 5. The deal
    # passes on: Cleo after Ben, Dan; then Anna after Dan at four again.
    names = dealers(12)
    games = [normal("Anna"), normal("Ben", 1, 2),
             normal("Cleo", 4, 2, seated=A5, table=A5), normal("Dan", 8, 0, seated=A5),
             normal("Anna", 8, 1, table=A4)]
    games += [normal(d, f) for d, f in zip(names[5:], factors[5:], strict=True)]
    result = check_sitting({"ruleset": house(), "players": A4, "games": games})
    assert result.valid, codes(result)
    assert [g.bock for g in result.games] == factors
    assert [g.sits_out for g in result.games[:5]] == [None, None, "Cleo", "Dan", None]


def test_four_then_five_then_four_at_the_table():
    """An evening of four, then Eve sits down left of Ben, then Ben leaves (QtDoppelKopf
    gameinfo.cpp SetPlayers between games, which asks for the dealer each time). The game
    whose table changes may be dealt by any player at the new table, and the deal passes
    on from him (sitting.md v1.1; DDV TSR 3.3.1): Eve deals at five, Eve again at four.
    At five the dealer sits out (TSR 10.1.1); a player not at the table scores 0 and
    keeps his total; the answer's players are the request's, then Eve."""
    t5 = ["Anna", "Ben", "Eve", "Cleo", "Dan"]
    t4 = ["Anna", "Eve", "Cleo", "Dan"]
    rs = house(bock_rounds=False)
    games = [normal("Anna"), normal("Ben"), normal("Eve", seated=t5, table=t5),
             normal("Cleo", seated=t5), normal("Dan", seated=t5), normal("Anna", seated=t5),
             normal("Ben", seated=t5), normal("Eve", seated=t4, table=t4),
             normal("Cleo", seated=t4)]
    result = check_sitting({"ruleset": rs, "players": A4, "games": games})
    assert result.valid, codes(result)
    assert result.players == ("Anna", "Ben", "Cleo", "Dan", "Eve")
    assert [g.sits_out for g in result.games] == [None, None, "Eve", "Cleo", "Dan", "Anna",
                                                  "Ben", None, None]
    assert [g.scores["Eve"] for g in result.games[:2]] == [0, 0]
    assert [g.scores["Ben"] for g in result.games[7:]] == [0, 0]
    # by hand, the winners of each game (the dealer's left neighbour and the fourth from
    # him): Anna & Ben, Ben & Cleo, Cleo & Ben, Dan & Eve, Anna & Cleo, Ben & Dan,
    # Eve & Anna, Cleo & Eve, Dan & Cleo
    assert result.totals == {"Anna": -2, "Ben": 2, "Cleo": 2, "Dan": -2, "Eve": 0}
    answer = result.to_dict()
    assert answer["games"][2]["table"] == t5 and "table" not in answer["games"][3]
    # Anna may deal the game at the new table as well; Eve follows her, not Cleo
    free = [dict(g) for g in games]
    free[7:] = [normal("Anna", seated=t4, table=t4), normal("Eve", seated=t4)]
    assert check_sitting({"ruleset": rs, "players": A4, "games": free}).valid
    free[8] = normal("Cleo", seated=t4)
    found = check_sitting({"ruleset": rs, "players": A4, "games": free})
    assert codes(found) == [("wrong_dealer", "/games/8/dealer")]
    assert found.violations[0].message == (
        "After Anna's deal the next player deals: Eve deals game 9, not Cleo")


def test_a_player_who_sits_down_owes_his_duty_solos():
    """Decision (table_changes' note): a newcomer owes the ruleset's duty solos from
    when he sits down (DDV TSR 8.6: one a round), and a finished list holds him to it;
    under doko2026 owed_at_start may name him."""
    rs = house(duty_solos_per_player=1, forced_duty_solo=False, games_per_round=0,
               games_per_round_at_five=0, bock_rounds=False)
    games = [normal("Anna"), normal("Ben", seated=A5, table=A5)]
    result = check_sitting({"ruleset": rs, "players": A4, "finished": True, "games": games})
    assert result.duty_solos["Eve"] == {"owed": 1, "played": 0}
    assert ("duty_solo_missing", "/finished") in codes(result)
    assert [v.player for v in result.violations] == A5
    doko = {"preset": "doko2026", "options": {"table_changes": True, "counting": "plus_minus"}}
    owed = check_sitting({"ruleset": doko, "players": A4, "games": games,
                          "owed_at_start": {"Eve": 0}})
    assert owed.duty_solos["Eve"] == {"owed": 0, "played": 0}


def test_a_table_change_while_a_solo_round_runs():
    """jsdoppelkopf validatePlayerSet refuses a change while a mandatory solo round runs;
    here it is a table_change defect at the game's table, and the change applies."""
    games = [normal("Anna"), solo("Ben", "Ben", 1, solo_round_starts=True),
             solo("Cleo", "Dan", 1, seated=A5, table=A5)]
    result = check_sitting({"ruleset": house(), "players": A4, "games": games})
    assert codes(result) == [("table_change", "/games/2/table")]


@pytest.mark.parametrize(("change", "pointer", "message"), [
    ({"ruleset": "ddv"}, "/games/1/table",
     "The table changes only where the ruleset lets players come and go (table_changes)."),
    ({"first": {"table": A5}}, "/games/0/table",
     "The first game's table is players; a table is named from the second game on."),
    ({"dealer": "Eve"}, "/games/0/dealer",
     "Not at the table for this game (Anna, Ben, Cleo, Dan)."),
    ({"score": "Eve"}, "/games/0/sheet/scores/Eve",
     "Not at the table for this game (Anna, Ben, Cleo, Dan)."),
    ({"mark": "mittwoch"}, "/games/0/solo_round_starts",
     "A mandatory solo round is marked only where the ruleset has them "
     "(mandatory_solo_rounds)."),
    ({"both": True}, "/games/0/sheet/bock_event_count",
     "Give the bock events by name (bock_events) or their number (bock_event_count), not "
     "both."),
    ({"count": 11}, "/games/0/sheet/bock_event_count", "Must be from 0 to 10."),
])
def test_house_fields_where_they_do_not_belong_are_field_errors(change, pointer, message):
    first = normal("Anna")
    second = normal("Ben", table=A5)
    data: dict[str, Any] = {"ruleset": house(), "players": A4, "games": [first, second]}
    if "ruleset" in change:
        data["ruleset"] = change["ruleset"]
    if "first" in change:
        first.update(change["first"])
    if "dealer" in change:
        first["dealer"] = change["dealer"]
    if "score" in change:
        first["sheet"]["scores"]["Eve"] = 0
    if "mark" in change:
        data["ruleset"] = {"preset": "mittwoch", "options": {"table_changes": True}}
        first["solo_round_starts"] = True
    if "both" in change:
        first["sheet"].update(bock_events=["tie"], bock_event_count=1)
    if "count" in change:
        first["sheet"]["bock_event_count"] = change["count"]
    with pytest.raises(rules.TranscriptError) as error:
        check_sitting(data)
    assert [(e.pointer, e.message) for e in error.value.errors] == [(pointer, message)]


# ---- a list without the house rules is as before -------------------------------------------------

def test_the_new_options_are_off_and_leave_every_digest_as_it_was():
    """Off in all four presets; a ruleset that does not use them keeps its digest (the
    handbook's sample answer, written before they existed, names ddv's)."""
    for preset in ("ddv", "freedoko", "mittwoch", "doko2026"):
        r = resolve(preset)
        assert (r.bock_rounds_per_event, r.bock_cap, r.mandatory_solo_rounds,
                r.table_changes) == (False, 0, False, False), preset
    assert digest(resolve("ddv")) == "sha256:5db173bba914631b"
    neutral = resolve({"preset": "ddv", "options": {"bock_cap": 0, "table_changes": False}})
    assert digest(neutral) == digest(resolve("ddv"))
    assert digest(resolve({"preset": "ddv", "options": {"bock_cap": 3}})) != digest(neutral)


def test_a_list_without_house_rules_carries_none_of_their_fields():
    """sitting.md: the answer of a list that uses none of them is as before: no table,
    solo_round or bock_rounds_opened, even with bock rounds on."""
    games = [normal(d) for d in dealers(5)]
    games[0]["sheet"]["bock_events"] = ["tie"]
    answer = check_sitting({"ruleset": {"preset": "ddv", "options": {
        "bock_rounds": True, "duty_solos_per_player": 0}}, "players": A4,
        "games": [games[0]] + [normal(d, 2) for d in dealers(4, first=1)]}).to_dict()
    assert all(set(g) == {"index", "dealer", "sits_out", "kind", "declarer", "bock", "value",
                          "scores", "totals", "valid"} for g in answer["games"])
    assert answer["valid"]


# ---- in both languages, on the command line and through the route -------------------------------

POINTER = re.compile(r"(^|\s)/[a-z]")
SNAKE = re.compile(r"\b[a-z]+_[a-z_]+\b")
ENGLISH = re.compile(r"\b(the|and|played|game|games|round|solo round|not|under|which|"
                     r"while|still|owes|his|table)\b")


def test_the_defects_are_said_in_both_languages_in_the_games_words():
    """Every text is a template with German (docs/glossary.md: Pflichtsolorunde,
    Bockrunde, Geber); no pointer or identifier in a message."""
    lists = [
        {"ruleset": house(), "players": A4, "finished": True, "games": [
            solo("Anna", "Ben", 1, solo_round_starts=True), normal("Ben"),
            solo("Cleo", "Cleo", 1, solo_round_starts=True), solo("Dan", "Cleo", 1),
            solo("Anna", "Dan", 1, seated=A5, table=A5)]},
        {"ruleset": house(bock_after_lost_solo=True), "players": A4, "games": [
            {**solo("Anna", "Ben", -1), "sheet": {**solo("Anna", "Ben", -1)["sheet"],
                                                  "bock_event_count": 0}},
            normal("Ben"), normal("Dan", table=["Anna", "Cleo", "Dan", "Eve"],
                                  seated=["Anna", "Cleo", "Dan", "Eve"])]},
    ]
    said = 0
    for data in lists:
        result = check_sitting(data)
        for v in result.violations:
            en, de = v.as_dict("en")["message"], v.as_dict("de")["message"]
            assert not POINTER.search(en) and not SNAKE.search(en), en
            assert not ENGLISH.search(de), de
            said += 1
    assert said >= 6
    dealt = check_sitting(lists[1])
    assert codes(dealt)[-1] == ("sheet_line", "/games/0/sheet/bock_event_count")
    fresh = check_sitting({"ruleset": house(), "players": A4, "games": [
        normal("Anna"), normal("Gus", table=["Eve", "Fay", "Gus", "Hal"],
                               seated=["Eve", "Fay", "Gus", "Hal"])]})
    assert fresh.valid, codes(fresh)  # a table of none but new players: Gus deals first


def test_the_command_line_marks_the_house_rules(tmp_path, capsys):
    """doko-check --sitting: the table from a game on, the start of a mandatory solo
    round, the rounds a game opens, a round solo; blank for a player not at the table."""
    path = tmp_path / "evening.json"
    path.write_text(json.dumps(EVENING), encoding="utf-8")
    assert main(["--sitting", str(path)]) == 0
    printed = capsys.readouterr().out.splitlines()
    assert "      at the table from game 3: Anna, Ben, Cleo, Dan, Eve" in printed
    assert "      mandatory solo round from game 8: a solo each" in printed
    assert printed.count("      opens 2 bock rounds") == 2
    row = next(line for line in printed if line.startswith("    8  Cleo"))
    assert "round solo Anna" in row
    first = next(line for line in printed if line.startswith("    1  Anna"))
    assert first.split("|")[0].rstrip().endswith("+1")  # Eve's column is blank
    assert main(["--sitting", "--lang", "de", str(path)]) == 0
    german = capsys.readouterr().out.splitlines()
    assert "      am Tisch ab Spiel 3: Anna, Ben, Cleo, Dan, Eve" in german
    assert "      Pflichtsolorunde ab Spiel 8: ein Solo für jeden" in german
    assert german.count("      eröffnet 2 Bockrunden") == 2
    assert any("Rundensolo Anna" in line for line in german)


def test_the_route_answers_the_house_evening_as_the_contract_says(client, conforms):  # noqa: F811
    """POST /v1/sittings/check, validated against openapi.yaml (the house fields in
    SittingGameRequest, SheetLine and SittingGame)."""
    response = client.post("/v1/sittings/check", json=EVENING)
    assert response.status_code == 200
    conforms("/v1/sittings/check", "post", response)
    answer = response.get_json()
    assert answer["valid"] and answer["claimed"]["agrees"]
    assert answer["players"] == A5
    assert [g.get("solo_round") for g in answer["games"]][7:12] == [1, 2, 3, 4, 5]
    assert [g["bock"] for g in answer["games"]] == [1, 1, 4, 8, 8, 8, 4, 1, 1, 1, 1, 1, 4,
                                                    2, 2, 2, 1]


def test_a_newcomer_named_as_a_player_written_otherwise_is_refused():
    """Names are people: "ANNA" sitting down at a later table (Anna having left) is Anna
    written otherwise, refused where the table names her; within one table too."""
    from service.game.errors import TranscriptError
    from service.lists.sitting.request import load_sitting

    for table, pointer in ((["Ben", "Eve", "Cleo", "Dan", "ANNA"], "/games/2/table/4"),
                           (["Anna", "Ben", "ANNA", "Cleo", "Dan"], "/games/2/table/2")):
        games = [normal("Anna"), normal("Ben"), normal("Cleo", seated=table, table=table)]
        with pytest.raises(TranscriptError) as refused:
            load_sitting({"ruleset": house(bock_rounds=False), "players": A4,
                          "games": games})
        found = {e.pointer: e.message for e in refused.value.errors}
        assert pointer in found, found
        assert "'ANNA'" in found[pointer] and "'Anna'" in found[pointer]
