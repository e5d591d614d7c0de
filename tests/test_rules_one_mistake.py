"""One mistake, one violation: a mistyped card, a card the seat does not hold, a card
out of turn or an unreadable card in the deal is reported once, where it stands; what
follows only from it is not listed again (every independent violation still is).

Sources: DDV TSR 5.2/5.3 (following suit, the order of play) for what is checked; the
games are random legal games (service.rules.random_game), each spoiled by one mistake.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from service import rules
from service.rules.random_game import random_game
from service.rules.rulesets import presets

GAMES = 60


@pytest.fixture(scope="module")
def games() -> list[dict[str, Any]]:
    rng = random.Random(11)
    rulesets = [p.ruleset for p in presets().values()]
    found = [random_game(rulesets[i % len(rulesets)], rng, game_types=True)
             for i in range(GAMES)]
    return [g for g in found if g["game"]["type"] != "redeal"]


def cards_of(game: dict[str, Any]) -> list[int]:
    return [i for i, e in enumerate(game["play"]) if "card" in e]


def violations(game: dict[str, Any]) -> list[tuple[str, str]]:
    return [(v.code, v.pointer) for v in rules.check(game).violations]


def test_a_card_in_lower_case_is_taken_as_that_card(games):
    """TSR 5.2: the card played counts; 'hq' is a slip for HQ: one unknown_card, the
    game otherwise scored as written."""
    for game in games:
        at = cards_of(game)[len(cards_of(game)) // 2]
        spoiled = copy.deepcopy(game)
        spoiled["play"][at]["card"] = game["play"][at]["card"].lower()
        assert violations(spoiled) == [("unknown_card", f"/play/{at}")]
        result, clean = rules.check(spoiled), rules.check(game)
        assert result.score == clean.score and result.winner == clean.winner
        assert f"taken as {game['play'][at]['card']}" in result.violations[0].message


def test_an_unreadable_card_is_one_violation_however_the_game_goes_on(games):
    """TSR 5.2: a card nobody can read takes the turn and a place in the hand; a later
    failure to follow suit that only that card could explain is not reported."""
    for game in games:
        for at in cards_of(game)[::7]:
            spoiled = copy.deepcopy(game)
            spoiled["play"][at]["card"] = "??"
            assert violations(spoiled) == [("unknown_card", f"/play/{at}")], at
            message = rules.check(spoiled).violations[0].message
            assert "cards are written suit C/S/H/D and rank 9/10/J/Q/K/A" in message
            assert "takes the turn and a place in the hand" in message


def test_a_card_not_held_is_one_violation(games):
    """TSR 5.2: playing a card one does not hold is reported; the card the seat still
    seems to hold afterwards does not make a later revoke."""
    for game in games[:20]:
        at = cards_of(game)[5]
        spoiled = copy.deepcopy(game)
        seat = game["play"][at]["seat"]
        held = set(game["hands"][seat])
        other = next(c for hand in game["hands"] for c in hand if c not in held)
        spoiled["play"][at]["card"] = other
        found = violations(spoiled)
        assert ("card_not_in_hand", f"/play/{at}") in found
        assert all(code in ("card_not_in_hand", "follow_suit") for code, _ in found)
        assert [p for c, p in found if c == "card_not_in_hand"] == [f"/play/{at}"]
        # a follow_suit, if any, is the wrong card itself (on the suit led), not later
        assert all(p == f"/play/{at}" for c, p in found if c == "follow_suit"), found


@pytest.mark.parametrize("first", [1, 2])
def test_a_card_out_of_turn_is_one_violation(games, first):
    """TSR 5.3: play goes clockwise. Two cards of one trick swapped: the early card is
    out of turn; the skipped seat playing next is no second violation."""
    for game in games[:20]:
        at = cards_of(game)[4 + first:4 + first + 2]  # the second trick, positions 1-2 / 2-3
        spoiled = copy.deepcopy(game)
        play = spoiled["play"]
        play[at[0]], play[at[1]] = play[at[1]], play[at[0]]
        found = violations(spoiled)
        assert ("turn_order", f"/play/{at[0]}") in found, found
        assert [c for c, _ in found if c in ("turn_order", "wrong_leader")] == ["turn_order"]


def test_a_wrong_lead_the_table_follows_is_one_violation():
    """TSR 5.1/5.3: the seat right of the one due leads the first trick and the others
    follow clockwise from it: one wrong_leader, the game otherwise as played."""
    game = random_game(rules.resolve("ddv"), random.Random(5))
    game["dealer"] = (game["dealer"] + 1) % 4  # the seat after the one that led is due
    game.pop("reservations", None)
    found = violations(game)
    assert found == [("wrong_leader", "/play/0")], found


def test_an_unreadable_card_in_the_deal_is_taken_as_the_card_the_deal_lacks(games):
    """TSR 2.2 (the pack holds each card twice): 'hq' in a hand is the missing HQ; one
    unknown_card at the card, the game checked as dealt."""
    for game in games[:20]:
        spoiled = copy.deepcopy(game)
        spoiled["hands"][2][3] = game["hands"][2][3].lower()
        found = rules.check(spoiled).violations
        assert [(v.code, v.pointer) for v in found] == [("unknown_card", "/hands/2/3")]
        assert f"taken as {game['hands'][2][3]}" in found[0].message


def test_an_unknown_card_in_the_deal_played_is_no_second_violation(games):
    """TSR 2.2: a card nobody can read in a hand stays an unknown place; the seat then
    playing a card it was not dealt is that card, not a card_not_in_hand."""
    for game in games[:20]:
        spoiled = copy.deepcopy(game)
        spoiled["hands"][1][0] = "??"
        found = [(v.code, v.pointer) for v in rules.check(spoiled).violations]
        assert found == [("unknown_card", "/hands/1/0")], found
