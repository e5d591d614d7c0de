"""Cards in the order a player holds them: the legal cards of ``legal_actions``.

The trumps of the game high to low (DDV TSR 2.3.4 normal game, 2.3.5 colour solos, 2.3.6
queen and jack solos, 2.3.7 meatless; the other picture solos as FreeDoko seed 002 6.1.1;
swines and hyperswines above all once shown, seed 002 2.2), then the plain cards suit by
suit, ♣ ♠ ♥ ♦, each A 10 K Q J 9 (only those of the suit that are plain). Every order
below is written out by hand from those texts. The page sorts hands by the same order
(tests/test_browser.py compares the two).
"""

from __future__ import annotations

from typing import Any

import pytest

from service import rules
from service.game.cards import BY_NAME, N_CODES, NAMES, pack_codes
from service.game.ranking import order_for

QUEENS = ["CQ", "SQ", "HQ", "DQ"]
JACKS = ["CJ", "SJ", "HJ", "DJ"]
KINGS = ["CK", "SK", "HK", "DK"]
# TSR 2.3.4: plain ♣ and ♠ A 10 K 9, ♥ A K 9 (the ♥10 is trump).
NORMAL_PLAIN = ["CA", "C10", "CK", "C9", "SA", "S10", "SK", "S9", "HA", "HK", "H9"]
DIAMONDS = ["DA", "D10", "DK", "D9"]


def suits(*ranks: str, but: str = "") -> list[str]:
    """Every suit ♣ ♠ ♥ ♦ (but the one named), each in these ranks."""
    return [suit + rank for suit in "CSHD" if suit not in but for rank in ranks]


HELD = {
    # TSR 2.3.4
    ("normal", False): ["H10", *QUEENS, *JACKS, *DIAMONDS, *NORMAL_PLAIN],
    # TSR 2.3.5: ♦ solo as the normal game; in the others ♦ is plain, ♣ ♠ ♥ ♦ order kept
    ("diamonds", False): ["H10", *QUEENS, *JACKS, *DIAMONDS, *NORMAL_PLAIN],
    ("hearts", False): ["H10", *QUEENS, *JACKS, "HA", "HK", "H9",
                        *suits("A", "10", "K", "9", but="H")],
    ("spades", False): ["H10", *QUEENS, *JACKS, "SA", "S10", "SK", "S9",
                        "CA", "C10", "CK", "C9", "HA", "HK", "H9", *DIAMONDS],
    ("clubs", False): ["H10", *QUEENS, *JACKS, "CA", "C10", "CK", "C9",
                       "SA", "S10", "SK", "S9", "HA", "HK", "H9", *DIAMONDS],
    # TSR 2.3.6: plain 'As, 10, K, B, 9' / 'As, 10, K, D, 9'
    ("queens", False): [*QUEENS, *suits("A", "10", "K", "J", "9")],
    ("jacks", False): [*JACKS, *suits("A", "10", "K", "Q", "9")],
    # seed 002 6.1.1
    ("kings", False): [*KINGS, *suits("A", "10", "Q", "J", "9")],
    ("queens_jacks", False): [*QUEENS, *JACKS, *suits("A", "10", "K", "9")],
    ("kings_jacks", False): [*KINGS, *JACKS, *suits("A", "10", "Q", "9")],
    ("kings_queens", False): [*KINGS, *QUEENS, *suits("A", "10", "J", "9")],
    ("koehler", False): [*KINGS, *QUEENS, *JACKS, *suits("A", "10", "9")],
    # TSR 2.3.7: no trumps, 'As, 10, K, D, B, 9'
    ("meatless", False): suits("A", "10", "K", "Q", "J", "9"),
    # seed 002 2.2: the swines (both ♦A) above the ♥10, the hyperswines above them
    ("normal", True): ["DA", "H10", *QUEENS, *JACKS, "D10", "DK", "D9", *NORMAL_PLAIN],
    # seed 002 6.1.1 'Swines of chosen color': in a ♥ solo the ♥A
    ("hearts", True): ["HA", "H10", *QUEENS, *JACKS, "HK", "H9",
                       *suits("A", "10", "K", "9", but="H")],
}


@pytest.mark.parametrize(("kind", "swines"), list(HELD))
def test_every_card_as_held(kind, swines):
    order = order_for(kind, swines=swines)
    assert [NAMES[c] for c in order.as_held(range(N_CODES))] == HELD[(kind, swines)]


def test_hyperswines_above_the_swines_nines_or_kings():
    """Seed 002 2.2: the hyperswines (both ♦9; both ♦K without nines) rank above the swines."""
    with_nines = order_for("normal", swines=True, hyperswine=BY_NAME["D9"])
    assert [NAMES[c] for c in with_nines.as_held(range(N_CODES))][:3] == ["D9", "DA", "H10"]
    without = order_for("normal", swines=True, hyperswine=BY_NAME["DK"])
    held = [NAMES[c] for c in without.as_held(pack_codes(False))]
    assert held == ["DK", "DA", "H10", *QUEENS, *JACKS, "D10", "CA", "C10", "CK", "SA", "S10",
                    "SK", "HA", "HK"]


def test_without_dollen_the_heart_ten_is_held_among_the_hearts():
    """Option dollen = false (seed 002 2.1): ♥ A 10 K 9 as a plain suit."""
    held = [NAMES[c] for c in order_for("normal", dollen=False).as_held(range(N_CODES))]
    assert held == [*QUEENS, *JACKS, *DIAMONDS, "CA", "C10", "CK", "C9", "SA", "S10", "SK",
                    "S9", "HA", "H10", "HK", "H9"]


# ---- the answer's legal cards ---------------------------------------------------------


def deal(first: list[str]) -> list[list[str]]:
    """Seat 0's hand as given (in no order), the rest of the pack dealt round to seats 1-3."""
    rest = [NAMES[c] for c in pack_codes(True)] * 2
    for card in first:
        rest.remove(card)
    return [first] + [rest[seat::3] for seat in range(3)]


def partial(ruleset: Any, first: list[str], game: dict[str, Any] | None = None,
            play: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """Seat 0 to lead (dealer 3), nothing played yet unless ``play`` says so."""
    game = game or {"type": "normal"}
    reservations = [{"seat": s, "reservation": "healthy"} for s in range(4)]
    if game["type"] == "solo":
        reservations[0] = {"seat": 0, "reservation": "solo", "solo": game["solo"]}
    return {"ruleset": ruleset, "dealer": 3, "hands": deal(first), "reservations": reservations,
            "game": game, "play": play or []}


def legal(data: dict[str, Any]) -> list[str]:
    """The legal cards as the answer lists them, checked against the library's."""
    answer = rules.check(data).to_dict()
    assert answer["violations"] == [], answer["violations"]
    cards = list(answer["legal_actions"]["cards"])
    assert list(rules.legal_actions(data).cards) == cards
    return cards


def test_normal_game_hand_as_held():
    """TSR 2.3.4: ♥10 first, ♠Q among the trumps (not among the spades), ♦A below the
    jacks; then ♣ ♠ ♥ (the ♥10 not among them)."""
    hand = ["SQ", "H10", "DA", "CA", "SK", "H9", "C9", "HA", "DJ", "S10", "CQ", "D9"]
    assert legal(partial("ddv", hand)) == [
        "H10", "CQ", "SQ", "DJ", "DA", "D9", "CA", "C9", "S10", "SK", "HA", "H9"]


def test_following_a_trump_lead_lists_the_trumps_high_to_low():
    """TSR 5.2.2: a trump led must be followed with a trump; TSR 2.3.4 orders them."""
    first = ["DQ", "CA", "C10", "CK", "SA", "SQ", "HK", "HJ", "D10", "DJ", "C9", "S9"]
    second = ["D9", "S10", "CJ", "H10", "SK", "DA", "C9", "HA", "HQ", "CA", "DK", "S9"]
    rest = [NAMES[c] for c in pack_codes(True)] * 2
    for card in first + second:
        rest.remove(card)
    data = partial("ddv", first, play=[{"seat": 0, "card": "DQ"}])
    data["hands"] = [first, second, rest[0::2], rest[1::2]]
    assert legal(data) == ["H10", "HQ", "CJ", "DA", "DK", "D9"]


def test_queen_solo_hand_as_held():
    """TSR 2.3.6: the queens ♣ ♠ ♥ ♦ are the only trumps; every suit plain A 10 K J 9, the
    ♥10 among the hearts, the ♦ a plain suit after them."""
    hand = ["DQ", "CJ", "HQ", "H10", "SA", "CQ", "DA", "D9", "SJ", "HK", "C10", "S9"]
    game = {"type": "solo", "solo": "queens", "declarer": 0}
    assert legal(partial("ddv", hand, game)) == [
        "CQ", "HQ", "DQ", "C10", "CJ", "SA", "SJ", "S9", "H10", "HK", "DA", "D9"]


def test_heart_solo_hand_as_held():
    """TSR 2.3.5: ♥10, queens, jacks, then the hearts A K 9 as trumps; ♣ ♠ and the ♦ plain."""
    hand = ["DA", "H9", "HA", "SQ", "H10", "D10", "CK", "DJ", "S10", "HK", "C9", "D9"]
    game = {"type": "solo", "solo": "hearts", "declarer": 0}
    assert legal(partial("ddv", hand, game)) == [
        "H10", "SQ", "DJ", "HA", "HK", "H9", "CK", "C9", "S10", "DA", "D10", "D9"]


def test_meatless_hand_as_held():
    """TSR 2.3.7: no trumps; ♣ ♠ ♥ ♦, each A 10 K Q J 9."""
    hand = ["DA", "H9", "HA", "SQ", "H10", "D10", "CK", "DJ", "S10", "HK", "CQ", "D9"]
    game = {"type": "solo", "solo": "meatless", "declarer": 0}
    assert legal(partial("ddv", hand, game)) == [
        "CK", "CQ", "S10", "SQ", "HA", "H10", "HK", "H9", "DA", "D10", "DJ", "D9"]


def test_a_marriage_is_held_as_the_normal_game():
    """TSR 2.3.3: a marriage is no solo; its cards rank as in the normal game."""
    hand = ["CQ", "CQ", "HA", "DA", "SA", "C10", "HJ", "H10", "D9", "S9", "H9", "DQ"]
    game = {"type": "marriage", "declarer": 0, "partner_rule": {"trick": "any", "nth": 1}}
    data = partial("ddv", hand, game)
    data["reservations"][0] = {"seat": 0, "reservation": "marriage"}
    assert legal(data) == ["H10", "CQ", "DQ", "HJ", "DA", "D9", "C10", "SA", "S9", "HA", "H9"]


SWINE_HAND = ["HK", "DA", "C9", "DK", "D9", "H10", "DA", "CA", "S10", "HA", "SK", "CQ"]
NOT_SHOWN = ["H10", "CQ", "DA", "DK", "D9", "CA", "C9", "S10", "SK", "HA", "HK"]


def test_swines_highest_only_once_shown():
    """Seed 002 2.2: the swines 'have to be announced, before they are valid': held among
    the diamonds before, above the ♥10 once shown."""
    assert legal(partial("freedoko", SWINE_HAND)) == NOT_SHOWN
    shown = partial("freedoko", SWINE_HAND, play=[{"seat": 0, "show": "swines"}])
    assert legal(shown) == ["DA", "H10", "CQ", "DK", "D9", "CA", "C9", "S10", "SK", "HA", "HK"]


def test_swines_shown_without_holding_them_change_nothing():
    """A showing the check refuses (both ♦A not in the hand) leaves the order as it was."""
    hand = ["HK", "DA", "C9", "DK", "D9", "H10", "SA", "CA", "S10", "HA", "SK", "CQ"]
    data = partial("freedoko", hand, play=[{"seat": 0, "show": "swines"}])
    assert [v["code"] for v in rules.check(data).to_dict()["violations"]] == [
        "swines_entitlement"]
    assert list(rules.legal_actions(data).cards) == [
        "H10", "CQ", "DA", "DK", "D9", "CA", "C9", "SA", "S10", "SK", "HA", "HK"]


def test_hyperswines_above_the_swines_once_shown():
    """Seed 002 2.2: both ♦9, shown after the swines, rank above them."""
    ruleset = {"preset": "freedoko", "options": {"hyperswines": "before_play"}}
    hand = ["HK", "DA", "C9", "DK", "D9", "H10", "DA", "CA", "S10", "D9", "SK", "CQ"]
    swines = [{"seat": 0, "show": "swines"}]
    assert legal(partial(ruleset, hand, play=swines)) == [
        "DA", "H10", "CQ", "DK", "D9", "CA", "C9", "S10", "SK", "HK"]
    both = [*swines, {"seat": 0, "show": "hyperswines"}]
    assert legal(partial(ruleset, hand, play=both)) == [
        "D9", "DA", "H10", "CQ", "DK", "CA", "C9", "S10", "SK", "HK"]


def test_the_engine_gets_the_same_order():
    """rules.Game.legal_actions() answers as the check does."""
    data = partial("freedoko", SWINE_HAND)
    game = rules.Game(data["hands"], ruleset="freedoko", dealer=3,
                      reservations=data["reservations"], game=data["game"])
    assert list(game.legal_actions().cards) == NOT_SHOWN
    game.show(0, "swines")
    assert list(game.legal_actions().cards)[:2] == ["DA", "H10"]
