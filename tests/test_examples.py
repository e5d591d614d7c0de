"""One example transcript per game type in examples/, each the transcript of a game
written by hand trick by trick in tests/games (the fixture checks the pack, the leads,
following suit and every written winner against the card order of the rules), and each
checked here against its figures worked out by hand from the rules.

Sources as in the fixtures' tests: DDV TSR (Stand 21.02.2026) 2.3, 4.2-4.4, 5, 7.1-7.2;
seed 002 (FreeDoko) 2.2, 6.1.1, 6.2, 6.5, 10.1-10.3; seed 004 (DOKO 2026) I.2, II.a, VI.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from games.kinds import Deal, call, order, said_solo, solo, transcript
from games.rulesets import ruleset
from test_games_types_marriage import M2, m1_transcript
from test_games_types_poverty import p1_transcript
from test_games_types_reservations import HANDS
from test_games_types_solo import KOEHLER_DUTY, clubs_duty, meatless_lust
from test_games_types_swines import hyper_deal, sau_deal

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
PLAYERS = ["Anna", "Ben", "Cleo", "Dan"]


def _koehler() -> dict[str, Any]:
    deal = Deal(3, KOEHLER_DUTY, order("koehler"), [call(1, 0, 3, "re"), call(1, 1, 0, "contra")])
    return deal.transcript(ruleset("freedoko"), 0, solo("koehler", 3, True),
                           {3: said_solo("koehler", duty=True)})


# file: (the hand-written game's transcript, its figures worked out by hand)
GAMES: dict[str, tuple[Any, dict[str, Any]]] = {
    # TSR 4.2.2: the duty soloist (seat 2) leads; 2.3.5: the ♣ solo's trumps; 7.1.1 no. 2:
    # re wins with 180; 7.2.2: won 1, contra below 90 1, re announced 2 = 4; 7.2.4: no
    # special points in a solo, the soloist x3.
    "solo-clubs.json": (lambda: clubs_duty().transcript(
        "ddv", 3, solo("clubs", 2, duty=True), {2: said_solo("clubs", duty=True)}),
        {"game": {"type": "solo", "solo": "clubs", "declarer": 2, "re": [2],
                  "contra": [0, 1, 3]},
         "card_points": {"re": 180, "contra": 60}, "winner": "re", "value": 4,
         "scores": [-4, -4, 12, -4]}),
    # Seed 002 6.1.1: ♣K ♠K ♥K ♦K, the queens, the jacks are trump; 6.2: the duty soloist
    # leads; 10.1: re wins with 121 (re and contra announced); 10.2: won 1, re 2, contra
    # 2 = 5; 10.3: the preset counts for the winners only, the soloist x3.
    "solo-koehler.json": (_koehler, {
        "game": {"type": "solo", "solo": "koehler", "declarer": 3, "re": [3],
                 "contra": [0, 1, 2]},
        "card_points": {"re": 121, "contra": 119}, "winner": "re", "value": 5,
        "scores": [0, 0, 0, 15]}),
    # TSR 2.3.7: no trumps; 4.3.1: seat 0 leads the lust solo; 7.1.2 no. 4: contra wins
    # with 158; 7.2.2: won 1, soloist below 90 1, contra announced 2 = 4; 7.2.4: x3.
    "solo-meatless.json": (lambda: meatless_lust().transcript(
        "ddv", 3, solo("meatless", 2), {2: said_solo("meatless")}),
        {"game": {"type": "solo", "solo": "meatless", "declarer": 2, "re": [2],
                  "contra": [0, 1, 3]},
         "card_points": {"re": 82, "contra": 158}, "winner": "contra", "value": 4,
         "scores": [4, 4, -12, 4]}),
    # TSR 4.4.3 a: the first trick won by another (trick 2, seat 3) makes the partner;
    # 7.2.2: won 1, below 90 1, below 60 1, re 2, contra 2 = 7; 7.2.3: fox caught by
    # contra (trick 11) and Karlchen for re (trick 12) cancel out.
    "marriage.json": (m1_transcript, {
        "game": {"type": "marriage", "declarer": 2, "partner": 3, "deciding_trick": 2,
                 "re": [2, 3], "contra": [0, 1]},
        "card_points": {"re": 183, "contra": 57}, "winner": "re", "value": 7,
        "scores": [-7, -7, 7, 7]}),
    # TSR 4.4.5: both ♣Q, said healthy: a silent marriage scored as a solo (7.2.4): won 1,
    # below 90 1, below 60 1, re 2 = 5, the soloist x3.
    "silent-marriage.json": (lambda: Deal(2, M2, order("normal"), [call(1, 0, 2, "re")])
                             .transcript("ddv", 1),
                             {"game": {"type": "silent_marriage", "declarer": 2, "re": [2],
                                       "contra": [0, 1, 3]},
                              "card_points": {"re": 189, "contra": 51}, "winner": "re",
                              "value": 5, "scores": [-5, -5, 15, -5]}),
    # Seed 002 6.5.4: seat 1 passes three cards, seat 3 takes them and returns three (one
    # trump); 10.1: re wins with 130; 10.2: won 1, re 2, fox caught by contra 1 = 2;
    # 10.3: the winners only.
    "poverty.json": (p1_transcript, {
        "game": {"type": "poverty", "declarer": 1, "partner": 3, "re": [1, 3],
                 "contra": [0, 2]},
        "card_points": {"re": 130, "contra": 110}, "winner": "re", "value": 2,
        "scores": [0, 2, 0, 2]}),
    # Seed 002 6.5.1: seat 2 holds five nines and throws: a redeal, no play, no winner,
    # four zero scores.
    "throw.json": (lambda: transcript(ruleset("freedoko"), 3, HANDS, {"type": "redeal"}, [],
                                      {2: {"reservation": "throw", "reason": "nines"}}),
                   {"game": {"type": "redeal"},
                    "card_points": None, "winner": None, "value": 0,
                    "scores": [0, 0, 0, 0]}),
    # Seed 004 I.2: seat 3 shows both ♦A before its first one; II.a: the first ♥10 then
    # wins; VI: won, keine 90, 60, 30, schwarz = 5; the winners only.
    "swines.json": (lambda: sau_deal().transcript(ruleset("doko2026"), 0), {
        "game": {"type": "normal", "re": [1, 3], "contra": [0, 2]},
        "card_points": {"re": 240, "contra": 0}, "winner": "re", "value": 5,
        "scores": [0, 5, 0, 5]}),
    # Seed 002 2.2 (hyperswines switched on: before the game): seat 1's ♦9 take seat 0's
    # swines; a swine is no fox (10.2): won 1, below 90 1 = 2; the winners only.
    "hyperswines.json": (lambda: hyper_deal().transcript(
        ruleset("freedoko", hyperswines="before_play"), 3), {
        "game": {"type": "normal", "re": [0, 2], "contra": [1, 3]},
        "card_points": {"re": 177, "contra": 63}, "winner": "re", "value": 2,
        "scores": [2, 0, 2, 0]}),
}


def load(name: str) -> dict[str, Any]:
    return json.loads((EXAMPLES / name).read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", sorted(GAMES))
def test_each_example_is_the_hand_written_game(name):
    example = load(name)
    assert example.pop("players") == PLAYERS
    assert example == json.loads(json.dumps(GAMES[name][0]()))


@pytest.mark.parametrize("name", sorted(GAMES))
def test_each_example_scores_as_worked_out_by_hand(check, name):
    result = check(load(name))
    figures = GAMES[name][1]
    assert result["valid"] and result["complete"], result["violations"]
    game = {k: v for k, v in result["game"].items() if k in figures["game"]}
    assert game == figures["game"]
    assert result["card_points"] == figures["card_points"]
    assert result["winner"] == figures["winner"]
    assert result["score"]["value"] == figures["value"]
    assert list(result["score"]["scores"]) == figures["scores"]


def test_the_partial_example_lists_the_legal_cards(check):
    """examples/partial-game.json is examples/normal-game.json stopped after two cards:
    Anna led ♥Q (a trump, TSR 2.3.4) and Ben played ♥J. Cleo (seat 2) is next and must
    follow trump (TSR 5.2): of her hand (♣A ♦9 ♦9 ♦A ♦K ♥9 ♥A ♥K ♥Q ♠10 ♠9 ♠J) the
    trumps ♦9 ♦A ♦K ♥Q ♠J. The game is incomplete: no winner, no score."""
    partial = load("partial-game.json")
    whole = load("normal-game.json")
    assert partial == whole | {"play": whole["play"][:2]}
    result = check(partial)
    assert result["valid"] and not result["complete"]
    assert (result["winner"], result["score"]) == (None, None)
    legal = result["legal_actions"]
    assert (legal["seat"], legal["name"]) == (2, "Cleo")
    assert set(legal["cards"]) == {"D9", "DA", "DK", "HQ", "SJ"}


def test_every_game_type_has_an_example():
    names = {path.name for path in EXAMPLES.glob("*.json")}
    assert set(GAMES) | {"normal-game.json", "partial-game.json"} <= names
    types = {load(name)["game"]["type"] for name in GAMES} | {"normal"}
    assert types == {"normal", "solo", "marriage", "poverty", "redeal"}
