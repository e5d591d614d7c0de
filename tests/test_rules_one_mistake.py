"""One mistake, one violation: a mistyped card, a card the seat does not hold, a card
out of turn or an unreadable card in the deal is reported once, where it stands; what
follows only from it is not listed again (every independent violation still is).

Sources: DDV TSR 5.2/5.3 (following suit, the order of play) for what is checked; the
games are random legal games (service.generating.random_game), each spoiled by one mistake.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from service import rules
from service.game.cards import BY_NAME, POINTS
from service.game.codes import CODES
from service.game.rulesets import presets
from service.game.words import card as said_card
from service.generating.random_game import random_game

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


def said(name: str) -> str:
    """A card as messages say it: 'HQ' as ♥Q."""
    return said_card(BY_NAME[name], "en")


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
        message = result.violations[0].message
        assert f"It is taken as {said(game['play'][at]['card'])}, " in message
        assert f"'{spoiled['play'][at]['card']}', which is no card" in message


def test_an_unreadable_card_is_one_violation_however_the_game_goes_on(games):
    """TSR 5.2: a card nobody can read takes the turn and a place in the hand; a later
    failure to follow suit that only that card could explain is not reported."""
    for game in games:
        for at in cards_of(game)[::7]:
            spoiled = copy.deepcopy(game)
            spoiled["play"][at]["card"] = "??"
            assert violations(spoiled) == [("unknown_card", f"/play/{at}")], at
            message = rules.check(spoiled).violations[0].message
            assert "'??', which is no card" in message
            assert "takes the turn and a place in the hand" in message
    # how cards are written (in the transcript's notation) is the code's meaning, served
    # with the codes, not part of a message said as players speak
    assert "cards are written suit C/S/H/D and rank 9/10/J/Q/K/A" in CODES["unknown_card"].en
    assert "cards are written" not in message


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
        assert f"It is taken as {said(game['hands'][2][3])}, which the deal lacks" in (
            found[0].message)


def test_an_unknown_card_in_the_deal_played_is_no_second_violation(games):
    """TSR 2.2: a card nobody can read in a hand stays an unknown place; the seat then
    playing a card it was not dealt is that card, not a card_not_in_hand."""
    for game in games[:20]:
        spoiled = copy.deepcopy(game)
        spoiled["hands"][1][0] = "??"
        found = [(v.code, v.pointer) for v in rules.check(spoiled).violations]
        assert found == [("unknown_card", "/hands/1/0")], found


# ---- the poverty exchange ------------------------------------------------------------
# Seed 002 6.5.4 and seed 004 5 ("Armut"): the poor seat passes three cards, its trumps
# first; the seat that takes them gives three back. A mistake in writing the exchange
# down is one poverty_exchange at the card or list at fault; the play then shows the
# transfer meant, so it raises nothing more, and the game scores as played.


@pytest.fixture(scope="module")
def poverties() -> list[dict[str, Any]]:
    rng = random.Random(6)
    rulesets = [p.ruleset for p in presets().values() if p.ruleset.poverty == "pass"]
    found: list[dict[str, Any]] = []
    for i in range(2000):
        game = random_game(rulesets[i % len(rulesets)], rng, game_types=True)
        if game["game"]["type"] == "poverty" and not rules.check(game).violations:
            found.append(game)
        if len(found) == 12:
            break
    assert len(found) == 12
    return found


def _not_held(hand: list[str]) -> str:
    return next(c for c in ("CA", "C10", "SA", "HA", "DA", "CQ", "SQ", "HQ", "DQ")
                if c not in hand)


def _taken(game: dict[str, Any]) -> list[str]:
    """The taker's hand after taking the passed cards."""
    return game["hands"][game["game"]["partner"]] + game["game"]["passed"]


def _spoil(game: dict[str, Any], kind: str) -> str:
    """Spoil ``game`` (in place) with one exchange mistake; the pointer it belongs at."""
    g = game["game"]
    poor = game["hands"][g["declarer"]]
    if kind == "passed_not_held":
        g["passed"][1] = _not_held(poor)
        return "/game/passed/1"
    if kind == "passed_unreadable":
        g["passed"][0] = "??"
        return "/game/passed/0"
    if kind == "passed_lower_case":
        g["passed"][2] = g["passed"][2].lower()
        return "/game/passed/2"
    if kind == "passed_too_few":
        del g["passed"][1]
        return "/game/passed"
    if kind == "passed_too_many":
        rest = list(poor)
        for card in g["passed"]:
            rest.remove(card)
        g["passed"].append(rest[0])  # a card the poor seat kept and plays itself
        return "/game/passed"
    if kind == "returned_not_held":
        g["returned"][2] = _not_held(_taken(game))
        return "/game/returned/2"
    if kind == "returned_unreadable":
        g["returned"][1] = "X?"
        return "/game/returned/1"
    if kind == "returned_too_few":
        del g["returned"][0]
        return "/game/returned"
    assert kind == "returned_too_many"
    rest = _taken(game)
    for card in g["returned"]:
        rest.remove(card)
    g["returned"].append(rest[0])  # a card the taker kept and plays itself
    return "/game/returned"


EXCHANGE_MISTAKES = ["passed_not_held", "passed_unreadable", "passed_lower_case",
                     "passed_too_few", "passed_too_many", "returned_not_held",
                     "returned_unreadable", "returned_too_few", "returned_too_many"]


@pytest.mark.parametrize("kind", EXCHANGE_MISTAKES)
def test_one_exchange_mistake_is_one_violation(poverties, kind):
    """Seed 002 6.5.4 / seed 004 5: one card of the exchange written wrongly (not held,
    unreadable, too few or too many) is one poverty_exchange where it stands; the
    transfer the play shows is taken, so no card_not_in_hand, follow_suit or trump count
    follows later, and the game scores as played."""
    for game in poverties:
        spoiled = copy.deepcopy(game)
        pointer = _spoil(spoiled, kind)
        result, clean = rules.check(spoiled), rules.check(game)
        assert [(v.code, v.pointer) for v in result.violations] == [
            ("poverty_exchange", pointer)], (kind, result.violations)
        assert "taken as" in result.violations[0].message
        assert result.score == clean.score and result.winner == clean.winner


@pytest.mark.parametrize("kind", ["passed_not_held", "returned_unreadable"])
def test_an_exchange_mistake_the_play_does_not_explain_is_one_violation(poverties, kind):
    """Seed 002 6.5.4: where the play is cut short before it shows the card meant, the
    card stays unknown: the receiver playing a card it was not dealt and the giver not
    following suit where that card may have been its last of the suit raise nothing."""
    for game in poverties:
        for cut in (0, 9, 25):
            spoiled = copy.deepcopy(game)
            spoiled["play"] = spoiled["play"][:cut]
            pointer = _spoil(spoiled, kind)
            found = [(v.code, v.pointer) for v in rules.check(spoiled).violations]
            assert found == [("poverty_exchange", pointer)], (kind, cut, found)


def test_an_unreadable_card_says_its_points_are_unknown(games):
    """TSR 2.2 (the pack holds 240 card points): a card nobody can read counts for
    nobody; a note says how many of the 240 the tricks lack, so that a score short of
    them is not taken for the whole story."""
    for game in games[:20]:
        at = cards_of(game)[9]
        spoiled = copy.deepcopy(game)
        real = game["play"][at]["card"]
        spoiled["play"][at]["card"] = "??"
        result = rules.check(spoiled)
        assert "its card points count for nobody" in result.violations[0].message
        notes = [n for n in result.notes if n.code == "card_points_unknown"]
        assert len(notes) == 1, result.notes
        missing = POINTS[BY_NAME[real]]
        assert f"the other {missing} count for nobody" in notes[0].message
        assert f"hold {240 - missing} of the pack's 240" in notes[0].message
        assert sum(result.card_points.values()) == 240 - missing


# ---- a game declared otherwise than reserved; swines shown too late --------------------


def _normal_games(preset: str, n: int, seed: int) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    return [random_game(rules.resolve(preset), rng, call_chance=0.05) for _ in range(n)]


@pytest.mark.parametrize("solo", ["jacks", "queens", "hearts", "meatless"])
def test_a_solo_declared_after_healthy_reservations_and_played_normal_is_one_violation(solo):
    """DDV TSR 4.1: everyone said healthy, so a normal game is played; the transcript
    declares a solo, but the play follows the normal game: one reservation_priority,
    the game checked and scored as the normal game it was (no follow_suit or
    turn_order from the solo's card order). (A ♦ solo ranks the cards as the normal
    game does: there the play cannot tell, and the game stays as declared.)"""
    for game in _normal_games("ddv", 8, 21):
        if rules.check(game).game.type != "normal":
            continue  # a silent marriage
        spoiled = copy.deepcopy(game)
        spoiled["game"] = {"type": "solo", "solo": solo, "declarer": 1}
        spoiled["context"] = {"duty_solo_owed": True}  # no duty question: no solo played
        result, clean = rules.check(spoiled), rules.check(game)
        assert [(v.code, v.pointer) for v in result.violations] == [
            ("reservation_priority", "/game")], result.violations
        assert "checked and scored as that game" in result.violations[0].message
        assert result.score == clean.score and result.game.type == "normal"


def test_a_solo_reserved_but_declared_normal_is_one_violation():
    """DDV TSR 4.1: a seat said solo, the play follows that solo, the transcript
    declares a normal game: one reservation_priority, scored as the solo played."""
    ruleset, rng = rules.resolve("ddv"), random.Random(8)
    for _ in range(8):
        dealer = rng.randrange(4)
        seat = (dealer + 2) % 4
        reservations = [{"seat": (dealer + i) % 4, "reservation": "healthy"}
                        for i in range(1, 5)]
        reservations[1] = {"seat": seat, "reservation": "solo", "solo": "queens"}
        game = random_game(ruleset, rng, dealer=dealer, declared=(
            reservations, {"type": "solo", "solo": "queens", "declarer": seat}))
        spoiled = copy.deepcopy(game)
        spoiled["game"] = {"type": "normal"}
        result, clean = rules.check(spoiled), rules.check(game)
        assert [(v.code, v.pointer) for v in result.violations] == [
            ("reservation_priority", "/game")], result.violations
        assert result.score == clean.score and result.game.solo == "queens"


def _late_shows(preset: str) -> list[tuple[dict[str, Any], dict[str, Any], int]]:
    """Legal games where the swines were shown in time, with the show moved to just
    after the holder's first ♦A: (game, spoiled, the show's new index)."""
    rng, found = random.Random(4), []
    for _ in range(300):
        game = random_game(rules.resolve(preset), rng, call_chance=0.05)
        shows = [i for i, e in enumerate(game["play"]) if e.get("show") == "swines"]
        if not shows or rules.check(game).violations:
            continue
        spoiled = copy.deepcopy(game)
        show = spoiled["play"].pop(shows[0])
        ace = next(i for i, e in enumerate(spoiled["play"])
                   if e.get("seat") == show["seat"] and e.get("card") == "DA")
        spoiled["play"].insert(ace + 1, show)
        found.append((game, spoiled, ace + 1))
        if len(found) == 6:
            break
    assert found
    return found


@pytest.mark.parametrize("preset", ["freedoko", "doko2026", "mittwoch"])
def test_swines_shown_too_late_are_one_violation(preset):
    """Seed 002 (FreeDoko, before play), seed 004 (DOKO 2026, before the first swine),
    seed 003 (Mittwoch, at the first swine): swines shown after a swine was played are
    one swines_timing; the play ranks them highest from the start (a swine took its
    trick, its holder leads next), so no turn_order follows, and the score stands."""
    for game, spoiled, at in _late_shows(preset):
        result, clean = rules.check(spoiled), rules.check(game)
        assert [(v.code, v.pointer) for v in result.violations] == [
            ("swines_timing", f"/play/{at}")], result.violations
        assert "taken as announced in time" in result.violations[0].message
        assert result.score == clean.score


def test_swines_shown_too_late_with_another_mistake_are_two_violations():
    """Every independent violation is still reported: a late show and, later, a card
    in lower case are two."""
    for _, spoiled, at in _late_shows("doko2026"):
        later = next(i for i in range(len(spoiled["play"]) - 1, at, -1)
                     if "card" in spoiled["play"][i])
        spoiled["play"][later]["card"] = spoiled["play"][later]["card"].lower()
        found = [(v.code, v.pointer) for v in rules.check(spoiled).violations]
        assert found == [("swines_timing", f"/play/{at}"),
                         ("unknown_card", f"/play/{later}")], found
