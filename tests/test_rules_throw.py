"""Throwing a hand in (a redeal): entitlement by reason and minimum.

Seed 002 (FreeDoko) 6.5.1 'more than four nines', 6.5.2 'more than five kings', 6.5.3 'the
highest trump of one player is a fox'; nines and kings together and richness (card points
held) are the catalogue's further reasons, with their minimums in `throw_minimums`.
"""

from __future__ import annotations

from service.game.cards import parse_card
from service.game.deal import Deal
from service.game.reservations import entitlement
from service.game.rulesets import resolve
from service.game.transcript import Reservation

RULESET = resolve({"preset": "freedoko", "options": {
    "throw": ["nines", "kings", "nines_kings", "fox_highest", "richness"],
    "throw_minimums": [5, 6, 7, 70]}})


def _entitled(reason: str, cards: str) -> bool:
    hand = tuple(parse_card(c) for c in cards.split())
    deal = Deal(3, (hand, (), (), ()), 12)
    return entitlement(Reservation(0, "throw", reason=reason), hand, deal, RULESET) is None


def test_throw_nines_needs_five():
    """Seed 002, 6.5.1: more than four nines."""
    assert _entitled("nines", "C9 C9 S9 S9 H9 CA CA SA SA HA HA DA")
    assert not _entitled("nines", "C9 C9 S9 S9 HK CA CA SA SA HA HA DA")


def test_throw_kings_needs_six():
    """Seed 002, 6.5.2: more than five kings."""
    assert _entitled("kings", "CK CK SK SK HK HK CA SA SA HA HA DA")
    assert not _entitled("kings", "CK CK SK SK HK C9 CA SA SA HA HA DA")


def test_throw_nines_and_kings_together_needs_seven():
    """throw_minimums[2]: nines and kings counted together."""
    assert _entitled("nines_kings", "C9 C9 S9 CK SK HK HK CA SA HA HA DA")
    assert not _entitled("nines_kings", "C9 C9 S9 CK SK HK CA CA SA HA HA DA")


def test_throw_fox_highest_trump():
    """Seed 002, 6.5.3: the ♦A is the highest trump of the hand."""
    assert _entitled("fox_highest", "DA D10 DK D9 CA CA SA SA HA HA C10 S10")
    assert not _entitled("fox_highest", "DA DJ DK D9 CA CA SA SA HA HA C10 S10")


def test_throw_richness_by_card_points():
    """throw_minimums[3]: a hand worth at least 70 card points."""
    assert _entitled("richness", "CA CA SA SA HA HA C10 C9 C9 S9 S9 H9")  # 76
    assert not _entitled("richness", "CA CA SA SA HA HA C9 C9 S9 S9 H9 H9")  # 66


def test_throw_reason_not_allowed_by_the_ruleset():
    """Seed 002, 6.5: each throw reason is optional; freedoko allows only nines."""
    kings = "CK CK SK SK HK HK CA SA SA HA HA DA"
    assert _entitled("kings", kings)
    hand = tuple(parse_card(c) for c in kings.split(" "))
    deal = Deal(3, (hand, (), (), ()), 12)
    assert entitlement(Reservation(0, "throw", reason="kings"), hand, deal,
                       resolve("freedoko")) is not None
