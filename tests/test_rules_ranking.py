"""Card order and trick winner (DDV TSR 2.3, 5.3.3; other solos: FreeDoko seed 6.1.1).

Every order is written out here from the rules text and checked by behaviour: for each
pair of cards of one class, the higher takes a trick from the lower whichever comes
first, and the cards of a plain suit form the class one must follow.
"""

from __future__ import annotations

import itertools

import pytest

from service.game.cards import N_CODES, card_name, parse_card
from service.game.deal import Deal
from service.game.gamestate import GameState
from service.game.ranking import TRUMP, Order, order_for
from service.game.rulesets import resolve
from service.game.setup import Setup
from service.game.transcript import from_dict
from service.reading.load import check

DDV = resolve("ddv")

QUEENS = ["CQ", "SQ", "HQ", "DQ"]
JACKS = ["CJ", "SJ", "HJ", "DJ"]
KINGS = ["CK", "SK", "HK", "DK"]

# TSR 2.3.4: the 13 trumps of a normal game, high to low.
NORMAL_TRUMPS = ["H10", *QUEENS, *JACKS, "DA", "D10", "DK", "D9"]
# TSR 2.3.4: 'in Kreuz und Pik: As, 10, K, 9, in Herz: A, K, 9'.
NORMAL_PLAIN = {"C": ["CA", "C10", "CK", "C9"], "S": ["SA", "S10", "SK", "S9"],
                "H": ["HA", "HK", "H9"]}


def cards(names: list[str]) -> list[int]:
    return [parse_card(n) for n in names]


def assert_descending(order: Order, names: list[str]) -> None:
    """Each card beats every card after it in ``names``, whichever of the two is played first."""
    for high, low in itertools.combinations(cards(names), 2):
        assert order.beats(high, low), f"{card_name(high)} should beat {card_name(low)}"
        assert not order.beats(low, high), f"{card_name(low)} should not beat {card_name(high)}"


def assert_order(order: Order, trumps: list[str], plain: dict[str, list[str]]) -> None:
    """The complete order: these trumps high to low, these plain suits high to low, and
    nothing else (every one of the 24 cards is in exactly one list)."""
    listed = trumps + [c for suit in plain.values() for c in suit]
    assert sorted(listed) == sorted(card_name(c) for c in range(N_CODES)), "not a partition"
    assert [card_name(c) for c in range(N_CODES) if order.is_trump(c)] == sorted(
        trumps, key=parse_card)
    assert_descending(order, trumps)
    for suit, suit_cards in plain.items():
        classes = {order.cls[c] for c in cards(suit_cards)}
        assert len(classes) == 1 and TRUMP not in classes, f"{suit} is not one plain suit"
        assert_descending(order, suit_cards)
    # TSR 2.3.2: every trump ranks above any plain card, and plain suits never beat
    # each other (the later card of another suit takes nothing).
    for trump in cards(trumps):
        for card in cards([c for s in plain.values() for c in s]):
            assert order.beats(trump, card)
            assert not order.beats(card, trump)
    for (s1, l1), (s2, l2) in itertools.permutations(plain.items(), 2):
        for a in cards(l1):
            for b in cards(l2):
                assert not order.beats(a, b), f"{card_name(a)} ({s1}) beat {card_name(b)} ({s2})"


def trump_cards_in_pack(order: Order) -> int:
    return 2 * sum(1 for c in range(N_CODES) if order.is_trump(c))


# ---- normal game ------------------------------------------------------------------


def test_normal_game_trump_order_complete():
    """DDV TSR 2.3.4: ♥10, ♣Q ♠Q ♥Q ♦Q, ♣J ♠J ♥J ♦J, ♦A ♦10 ♦K ♦9; plain ♣ ♠: A 10 K 9,
    ♥: A K 9."""
    assert_order(order_for("normal"), NORMAL_TRUMPS, NORMAL_PLAIN)


def test_normal_game_has_26_trumps_and_22_plain_cards():
    """DDV TSR 2.3.4: 'Beim Normalspiel gibt es damit 26 Trumpfkarten und 22 Fehlkarten.'"""
    assert trump_cards_in_pack(order_for("normal")) == 26


def test_heart_ten_is_trump_not_a_heart_in_normal_game():
    """DDV TSR 2.3.4: the ♥10 is the highest trump; hearts hold only A, K, 9."""
    order = order_for("normal")
    h10, ha = cards(["H10", "HA"])
    assert order.is_trump(h10)
    assert order.cls[h10] != order.cls[ha]


def test_plain_suits_are_equal_in_rank():
    """DDV TSR 2.3.1: the plain suits ('Fehlfarben') are of equal rank: a ♣A played on a
    ♠9 lead takes nothing, nor a ♠A on a ♣9 lead."""
    order = order_for("normal")
    assert not order.beats(parse_card("CA"), parse_card("S9"))
    assert not order.beats(parse_card("SA"), parse_card("C9"))
    assert not order.beats(parse_card("HA"), parse_card("C9"))


# ---- two equal cards, the ♥10 -----------------------------------------------------


@pytest.mark.parametrize("name", ["CA", "C10", "H9", "CQ", "DJ", "D9", "HA"])
def test_two_equal_cards_first_played_wins(name):
    """DDV TSR 5.3.3: 'Werden in einem Stich zwei gleiche Karten gelegt, ist die vom weiter
    vorn sitzenden Spieler gelegte Karte die ranghöhere.'"""
    card = parse_card(name)
    order = order_for("normal")
    assert not order.beats(card, card)
    assert order.winner_index([card, card]) == 0


def test_two_heart_tens_first_played_wins():
    """DDV TSR 5.3.3: 'Dies gilt auch für die Herz 10': of two ♥10 the first wins."""
    order = order_for("normal")
    h10, cq = cards(["H10", "CQ"])
    assert order.winner_index([cq, h10, h10, cq]) == 1


def test_two_heart_tens_first_wins_through_the_ddv_ruleset():
    """DDV TSR 5.3.3 via the ddv preset's dollen_order (first_wins) in a played trick."""
    state = _state(DDV, "normal")
    h10 = parse_card("H10")
    assert state.order.winner_index([parse_card("CQ"), h10, h10, parse_card("CQ")]) == 1


def test_two_heart_tens_second_wins_via_the_option():
    """Option dollen_order = second_wins (not DDV; FreeDoko seed 2.1 no. 2): the second ♥10
    takes the trick from the first; other equal cards still go to the first."""
    order = order_for("normal", dollen_second_wins=True)
    h10, cq = cards(["H10", "CQ"])
    assert order.beats(h10, h10)
    assert order.winner_index([cq, h10, h10, cq]) == 2
    assert order.winner_index([cq, h10, cq, h10]) == 3
    assert not order.beats(cq, cq)
    custom = resolve({"preset": "ddv", "options": {"dollen_order": "second_wins"}})
    state = _state(custom, "normal")
    assert state.order.winner_index([cq, h10, h10, cq]) == 2


def test_without_dollen_the_heart_ten_is_a_plain_heart():
    """Option dollen = false (not DDV): ♥10 is a plain heart between ♥A and ♥K; the highest
    trump is the ♣Q."""
    order = order_for("normal", dollen=False)
    assert_order(order, NORMAL_TRUMPS[1:], {**NORMAL_PLAIN, "H": ["HA", "H10", "HK", "H9"]})


# ---- colour solos (TSR 2.3.5) -----------------------------------------------------

COLOUR_SOLOS = {
    "diamonds": ("D", ["DA", "D10", "DK", "D9"]),
    "hearts": ("H", ["HA", "HK", "H9"]),
    "spades": ("S", ["SA", "S10", "SK", "S9"]),
    "clubs": ("C", ["CA", "C10", "CK", "C9"]),
}
# TSR 2.3.5: plain suits 'As, 10 (außer ♥ 10), K, 9'.
ALL_PLAIN_COLOUR = {"C": ["CA", "C10", "CK", "C9"], "S": ["SA", "S10", "SK", "S9"],
                    "H": ["HA", "HK", "H9"], "D": ["DA", "D10", "DK", "D9"]}


@pytest.mark.parametrize("kind", list(COLOUR_SOLOS))
def test_colour_solo_order_complete(kind):
    """DDV TSR 2.3.5: ♥10, the queens, the jacks, then the trump suit's A, 10 (not ♥10), K,
    9; the other three suits plain A, 10 (not ♥10), K, 9."""
    suit, own = COLOUR_SOLOS[kind]
    plain = {s: c for s, c in ALL_PLAIN_COLOUR.items() if s != suit}
    assert_order(order_for(kind), ["H10", *QUEENS, *JACKS, *own], plain)


def test_heart_solo_keeps_the_heart_ten_on_top():
    """DDV TSR 2.3.5: in a ♥ solo the ♥10 stays the highest trump, above the ♣Q and far above
    the ♥A ('10 (außer ♥ Solo)')."""
    order = order_for("hearts")
    h10, cq, ha = cards(["H10", "CQ", "HA"])
    assert order.beats(h10, cq) and not order.beats(cq, h10)
    assert order.beats(h10, ha) and not order.beats(ha, h10)
    assert order.trumps_high_to_low[0] == h10


def test_heart_solo_has_24_trumps_other_colour_solos_26():
    """DDV TSR 2.3.5: 'Beim Farbsolo in Kreuz, Pik und Karo gibt es jeweils 26 Trumpfkarten
    ..., beim Farbsolo in Herz gibt es 24 Trumpfkarten und 24 Fehlkarten.'"""
    assert trump_cards_in_pack(order_for("hearts")) == 24
    for kind in ("clubs", "spades", "diamonds"):
        assert trump_cards_in_pack(order_for(kind)) == 26


def test_diamond_solo_orders_like_normal_game():
    """DDV TSR 2.3.5 with ♦ as trump suit gives the order of TSR 2.3.4."""
    assert_order(order_for("diamonds"), NORMAL_TRUMPS, NORMAL_PLAIN)


def test_colour_solo_diamonds_are_plain_outside_diamond_solo():
    """DDV TSR 2.3.5: the chosen suit's A, 10, K, 9 'ersetzen' the diamonds: in a ♣ solo ♦A
    is a plain card and ♣9 a trump."""
    order = order_for("clubs")
    assert not order.is_trump(parse_card("DA"))
    assert order.is_trump(parse_card("C9"))
    assert order.beats(parse_card("C9"), parse_card("DA"))


# ---- picture solos and meatless ---------------------------------------------------


def _plain(ranks: list[str]) -> dict[str, list[str]]:
    return {s: [s + r for r in ranks] for s in "CSHD"}


PICTURE_SOLOS = {
    # TSR 2.3.6: queens solo: ♣Q ♠Q ♥Q ♦Q; plain A, 10, K, B, 9.
    "queens": (QUEENS, ["A", "10", "K", "J", "9"]),
    # TSR 2.3.6: jacks solo: ♣J ♠J ♥J ♦J; plain A, 10, K, D, 9.
    "jacks": (JACKS, ["A", "10", "K", "Q", "9"]),
    # TSR 2.3.7: meatless: no trumps; plain A, 10, K, D, B, 9.
    "meatless": ([], ["A", "10", "K", "Q", "J", "9"]),
    # FreeDoko seed 6.1.1 King-Solo: kings ♣ ♠ ♥ ♦; plain ace, ten, queen, jack, nine.
    "kings": (KINGS, ["A", "10", "Q", "J", "9"]),
    # Seed 6.1.1 Queen-Jack-Solo: ♣Q ♠Q ♥Q ♦Q ♣J ♠J ♥J ♦J; plain ace, ten, king, nine.
    "queens_jacks": (QUEENS + JACKS, ["A", "10", "K", "9"]),
    # Seed 6.1.1 King-Jack-Solo: kings then jacks; plain ace, ten, queen, nine.
    "kings_jacks": (KINGS + JACKS, ["A", "10", "Q", "9"]),
    # Seed 6.1.1 King-Queen-Solo: kings then queens; plain ace, ten, jack, nine.
    "kings_queens": (KINGS + QUEENS, ["A", "10", "J", "9"]),
    # Seed 6.1.1 King-Queen-Jack-Solo (Köhler): kings, queens, jacks; plain ace, ten, nine.
    "koehler": (KINGS + QUEENS + JACKS, ["A", "10", "9"]),
}


@pytest.mark.parametrize("kind", list(PICTURE_SOLOS))
def test_picture_solo_and_meatless_order_complete(kind):
    """DDV TSR 2.3.6 (queens, jacks), 2.3.7 (meatless) and FreeDoko seed 6.1.1 (kings,
    queens_jacks, kings_jacks, kings_queens, koehler): the complete trump order and the
    order of all four plain suits."""
    trumps, ranks = PICTURE_SOLOS[kind]
    assert_order(order_for(kind), trumps, _plain(ranks))


@pytest.mark.parametrize(("kind", "count"), [
    ("queens", 8), ("jacks", 8), ("meatless", 0), ("kings", 8), ("queens_jacks", 16),
    ("kings_jacks", 16), ("kings_queens", 16), ("koehler", 24)])
def test_picture_solo_trump_count(kind, count):
    """DDV TSR 2.3.6 ('8 Trumpfkarten und 40 Fehlkarten'), 2.3.7 ('keine Trumpfkarten und 48
    Fehlkarten'), FreeDoko seed 6.1.1 (eight, sixteen, twentyfour trumps)."""
    assert trump_cards_in_pack(order_for(kind)) == count


@pytest.mark.parametrize("kind", list(PICTURE_SOLOS))
def test_heart_ten_is_no_trump_in_picture_solos(kind):
    """DDV TSR 2.3.6/2.3.7: only the named pictures are trump; the ♥10 ranks below the ♥A."""
    order = order_for(kind)
    h10, ha = cards(["H10", "HA"])
    assert not order.is_trump(h10)
    assert order.beats(ha, h10) and not order.beats(h10, ha)


# ---- the trick winner (TSR 5.3.3 nos. 1-6) -----------------------------------------


def winner(names: str, kind: str = "normal") -> int:
    """The position (0-3) of the card that takes the trick, cards given in playing order."""
    return order_for(kind).winner_index(cards(names.split()))


def test_plain_suit_followed_by_all_highest_wins():
    """DDV TSR 5.3.3 no. 1: a plain suit led and followed by all: the highest card wins."""
    assert winner("CK C9 CA C10") == 2
    assert winner("SA S10 SK S9") == 0
    assert winner("H9 HK H9 HA") == 3


def test_plain_suit_neither_followed_nor_trumped_leader_wins():
    """DDV TSR 5.3.3 no. 2: a plain suit led that nobody follows or trumps: the leader wins,
    even against higher plain cards of other suits."""
    assert winner("S9 CA HA C10") == 0


def test_plain_suit_trumped_by_one_player_wins():
    """DDV TSR 5.3.3 no. 3: the only player to trump a plain suit takes the trick, even with
    the lowest trump."""
    assert winner("CA C10 D9 CK") == 2


def test_trump_on_plain_suit_overtrumped_highest_trump_wins():
    """DDV TSR 5.3.3 no. 4: a trump on a plain lead, trumped again higher: the higher trump
    wins."""
    assert winner("CA DJ CQ C10") == 2
    assert winner("HA D9 DA H10") == 3
    assert winner("SA SJ S9 DQ") == 3


def test_trump_led_highest_trump_wins():
    """DDV TSR 5.3.3 no. 5: trump led: the highest trump of the trick wins."""
    assert winner("D9 DA H10 CQ") == 2
    assert winner("DJ HJ SJ DQ") == 3


def test_trump_led_only_plain_or_lower_trumps_leader_wins():
    """DDV TSR 5.3.3 no. 6: trump led, answered only by plain cards or lower trumps: the
    leader wins."""
    assert winner("HQ DJ CA D10") == 0
    assert winner("D9 CA SA HA") == 0


def test_plain_suit_first_of_two_equal_highest_wins():
    """DDV TSR 5.3.3 nos. 1 and last sentence: two ♣A on a club lead, the first one wins."""
    assert winner("C9 CA CA C10") == 1


@pytest.mark.parametrize(("kind", "trick", "expected"), [
    ("hearts", "HA H10 CQ HK", 1),  # TSR 2.3.5: ♥10 tops the ♥ solo.
    ("hearts", "DA D10 H9 DK", 2),  # TSR 2.3.5: ♥9 is trump in a ♥ solo, trumps a ♦ lead.
    ("clubs", "DA D10 C9 DK", 2),  # TSR 2.3.5: diamonds are plain in a ♣ solo.
    ("queens", "DJ DA D10 DQ", 3),  # TSR 2.3.6: jacks plain, only the ♦Q trumps.
    ("queens", "HA H10 HK HJ", 0),  # TSR 2.3.6: ♥10 is a plain heart below the ♥A.
    ("jacks", "CQ CK C10 C9", 2),  # TSR 2.3.6: queens plain, ♣10 beats ♣K and ♣Q.
    ("meatless", "CQ CJ CK SA", 2),  # TSR 2.3.7: no trump, ♣K highest club.
    ("koehler", "C10 CK HQ C9", 1),  # seed 6.1.1: a king is the highest trump.
])
def test_trick_winner_in_solos(kind, trick, expected):
    """DDV TSR 5.3.3 with the orders of TSR 2.3.5-2.3.7 and FreeDoko seed 6.1.1."""
    assert winner(trick, kind) == expected


# ---- through a whole game: the played kind selects the order ----------------------


def _state(ruleset, kind):
    """A game state of ``kind`` under ``ruleset`` (hands do not matter for its order)."""
    setup = Setup("normal" if kind == "normal" else "solo", kind, (0, 0, 1, 1), 1)
    return GameState(ruleset, Deal(0, ((),) * 4, 12), setup)


def _data(hands, kind, play, duty=True):
    reservations = [{"seat": s, "reservation": "healthy"} for s in (1, 2, 3, 0)]
    game = {"type": "normal"}
    if kind != "normal":
        reservations[0] = {"seat": 1, "reservation": "solo", "solo": kind, "duty": duty}
        game = {"type": "solo", "declarer": 1, "solo": kind, "duty": duty}
    return {"dealer": 0, "hands": hands, "reservations": reservations, "game": game,
            "play": play}


# A full deal: seat 1 is the soloist in the solo tests.
DEAL = [
    ["H10", "CQ", "SQ", "HQ", "DQ", "CJ", "HA", "HK", "C9", "SA", "S10", "D9"],
    ["H10", "CQ", "SQ", "HQ", "DQ", "CJ", "HA", "HK", "C9", "SA", "S10", "D9"],
    ["SJ", "SJ", "HJ", "HJ", "DJ", "DJ", "DA", "DA", "D10", "D10", "DK", "DK"],
    ["CA", "CA", "C10", "C10", "CK", "CK", "S9", "S9", "SK", "SK", "H9", "H9"],
]


def test_duty_solo_trick_uses_the_solo_order():
    """DDV TSR 4.2.2 (the duty soloist leads), 2.3.6 and 5.3.3: in a jacks solo the ♣J led
    by the soloist is trump, the ♣A thrown on it takes nothing, and of the two ♣J the first
    wins."""
    play = [{"seat": 1, "card": "CJ"}, {"seat": 2, "card": "SJ"}, {"seat": 3, "card": "CA"},
            {"seat": 0, "card": "CJ"}]
    result = check(from_dict(_data(DEAL, "jacks", play), DDV))
    assert [v.code for v in result.violations] == []
    assert result.tricks[0].winner == 1


def test_heart_solo_played_trick_heart_ten_wins():
    """DDV TSR 2.3.5 and 5.3.3: in a ♥ solo the ♥10 is the highest trump and of two ♥10 the
    first wins; the ♣Q takes the ♥A, a trump of the trump suit."""
    play = [{"seat": 1, "card": "H10"}, {"seat": 2, "card": "HJ"}, {"seat": 3, "card": "H9"},
            {"seat": 0, "card": "H10"}, {"seat": 1, "card": "HA"}, {"seat": 2, "card": "DJ"},
            {"seat": 3, "card": "H9"}, {"seat": 0, "card": "CQ"}]
    result = check(from_dict(_data(DEAL, "hearts", play), DDV))
    assert [v.code for v in result.violations] == []
    assert result.tricks[0].winner == 1
    assert result.tricks[1].winner == 0
