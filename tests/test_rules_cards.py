"""The pack, the card notation and the card points (DDV TSR 2.2, 3.3).

Expected values are taken from the rules text
(/work/shared/references/ddv-turnierspielregeln-2026-02-21.txt), not from the code.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from service.game.cards import (
    ACE,
    CLUBS,
    DIAMONDS,
    HEARTS,
    JACK,
    KING,
    NINE,
    QUEEN,
    SPADES,
    TEN,
    card_name,
    code,
    hand_size,
    pack_codes,
    parse_card,
    points,
)
from service.game.deal import read_deal
from service.generating.random_game import random_hands

SUIT_LETTERS = {"C": CLUBS, "S": SPADES, "H": HEARTS, "D": DIAMONDS}
RANK_TEXTS = {"A": ACE, "10": TEN, "K": KING, "Q": QUEEN, "J": JACK, "9": NINE}
# TSR 2.2.2: Ass 11, Zehn 10, König 4, Dame 3, Bube 2, Neun 0 Augen.
TSR_POINTS = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0}
ALL_NAMES = [s + r for s in "CSHD" for r in ("A", "10", "K", "Q", "J", "9")]


def full_pack(with_nines: bool) -> list[int]:
    """Every card of the pack, each code as often as it is in the pack."""
    return [c for c in pack_codes(with_nines) for _ in range(2)]


# ---- notation ---------------------------------------------------------------------


@pytest.mark.parametrize("name", ALL_NAMES)
def test_notation_names_suit_then_rank(name):
    """DDV TSR 2.2.1: four suits (Kreuz C, Pik S, Herz H, Karo D) with A, 10, K, Q (Dame),
    J (Bube), 9; a card is written suit letter then rank, and reads back to itself."""
    card = parse_card(name)
    assert card == code(SUIT_LETTERS[name[0]], RANK_TEXTS[name[1:]])
    assert card_name(card) == name


def test_notation_examples():
    """DDV TSR 2.2.1: the notation of a few well-known cards (♣Q, ♥10, ♦A, ♦9)."""
    assert parse_card("CQ") == code(CLUBS, QUEEN)
    assert parse_card("H10") == code(HEARTS, TEN)
    assert parse_card("DA") == code(DIAMONDS, ACE)
    assert parse_card("D9") == code(DIAMONDS, NINE)


@pytest.mark.parametrize("text", ["", "X9", "C1", "CT", "HQQ", "cq", "Q", "10H", "C11", "♣Q",
                                  None, 12, ["CQ"]])
def test_notation_rejects_what_is_no_card(text):
    """DDV TSR 2.2.1: only the 24 cards of the pack exist; anything else is no card."""
    assert parse_card(text) is None


def test_notation_has_24_distinct_cards():
    """DDV TSR 2.2.1: four suits of six ranks, each card twice: 24 distinct cards."""
    codes = {parse_card(n) for n in ALL_NAMES}
    assert len(codes) == 24
    assert None not in codes


# ---- the pack ---------------------------------------------------------------------


def test_pack_with_nines_has_48_cards_each_twice():
    """DDV TSR 2.2.1: 48 cards in four suits of 12 cards; every card is in the pack twice."""
    pack = full_pack(True)
    assert len(pack) == 48
    assert set(Counter(pack).values()) == {2}
    assert {card_name(c) for c in pack} == set(ALL_NAMES)
    for suit in "CSHD":
        assert sum(1 for c in pack if card_name(c)[0] == suit) == 12


def test_pack_without_nines_has_40_cards():
    """The without-nines pack (option with_nines = false; not DDV, TSR 2.2.1 has 48):
    the eight nines are left out, 40 cards remain, each twice."""
    pack = full_pack(False)
    assert len(pack) == 40
    assert set(Counter(pack).values()) == {2}
    assert {card_name(c) for c in pack} == {n for n in ALL_NAMES if not n.endswith("9")}


def test_hand_size_is_twelve_with_nines_and_ten_without():
    """DDV TSR 3.3.7: each player is dealt 12 cards (4 x 3); without nines 40 / 4 = 10."""
    assert hand_size(True) == 12
    assert hand_size(False) == 10


# ---- points -----------------------------------------------------------------------


@pytest.mark.parametrize("name", ALL_NAMES)
def test_card_points_per_rank(name):
    """DDV TSR 2.2.2: Ass 11, Zehn 10, König 4, Dame 3, Bube 2, Neun 0 Augen."""
    assert points([parse_card(name)]) == TSR_POINTS[name[1:]]


@pytest.mark.parametrize("suit", "CSHD")
def test_each_suit_holds_60_points(suit):
    """DDV TSR 2.2.2: 'In jeder Farbe sind somit 60 Augen vorhanden'."""
    assert points(c for c in full_pack(True) if card_name(c)[0] == suit) == 60


def test_points_add_to_240_with_nines():
    """DDV TSR 2.2.2: the pack holds 240 Augen in all."""
    assert points(full_pack(True)) == 240


def test_points_add_to_240_without_nines():
    """DDV TSR 2.2.2 with the nines (0 Augen) left out: still 240 Augen."""
    assert points(full_pack(False)) == 240


# ---- the deal ---------------------------------------------------------------------


@pytest.mark.parametrize("with_nines", [True, False])
def test_random_deal_gives_the_whole_pack(with_nines):
    """DDV TSR 3.3.7: the whole pack is dealt, 12 cards (10 without nines) to each player."""
    hands = random_hands(random.Random(5), with_nines)
    size = 12 if with_nines else 10
    assert [len(h) for h in hands] == [size] * 4
    dealt = Counter(parse_card(c) for hand in hands for c in hand)
    assert dealt == Counter(full_pack(with_nines))
    assert points(dealt.elements()) == 240


def test_deal_of_the_whole_pack_is_accepted():
    """DDV TSR 2.2.1 and 3.3.7: four hands of 12 from the 48-card pack break no rule."""
    hands = tuple(tuple(h) for h in random_hands(random.Random(1)))
    deal, violations = read_deal(0, hands, True)
    assert violations == []
    assert [len(h) for h in deal.hands] == [12] * 4


@pytest.mark.parametrize("count", [3, 5])
def test_a_deal_of_other_than_four_hands_is_refused_at_once(count: int) -> None:
    """DDV TSR 3.3.7: four players get the cards. The loader holds a transcript to four
    hands; one built by hand with three or five is refused outright, not read as a deal."""
    hands = [tuple(h) for h in random_hands(random.Random(6))]
    hands = hands[:3] if count == 3 else [*hands, hands[0]]
    with pytest.raises(ValueError, match=f"four hands, not {count}"):
        read_deal(0, tuple(hands), True)


def test_deal_with_a_wrong_hand_size_is_refused():
    """DDV TSR 3.3.9: each player must hold the right number of cards (12)."""
    hands = [list(h) for h in random_hands(random.Random(2))]
    hands[1].append(hands[2].pop())
    _, violations = read_deal(0, tuple(map(tuple, hands)), True)
    codes = {(v.code, v.seat) for v in violations}
    assert ("deal_card_count", 1) in codes
    assert ("deal_card_count", 2) in codes


def test_deal_with_a_card_three_times_is_refused():
    """DDV TSR 2.2.1: 'Jede Karte ist doppelt im Spiel': a third copy is no card of the pack."""
    hands = [list(h) for h in random_hands(random.Random(3))]
    twice = hands[0][0]  # dealt twice, as every card
    other = next(i for i, c in enumerate(hands[3]) if c != twice)
    hands[3][other] = twice  # now a third copy
    _, violations = read_deal(0, tuple(map(tuple, hands)), True)
    assert "card_too_often" in {v.code for v in violations}


def test_deal_with_a_nine_in_the_pack_without_nines_is_refused():
    """Option with_nines = false: a nine is no card of the 40-card pack."""
    hands = [list(h) for h in random_hands(random.Random(4), with_nines=False)]
    hands[0][0] = "D9"
    _, violations = read_deal(0, tuple(map(tuple, hands)), False)
    assert ("unknown_card", 0) in {(v.code, v.seat) for v in violations}
