"""Swines 'second_after_fox_won' (seed 002, FreeDoko section 2.2): "If the first ace is won
by the own team, then the second ♦ace is a Swine and announced." """

from __future__ import annotations

HANDS = [
    ["DA", "DA", "CQ", "D10", "D10", "DK", "DK", "D9", "D9", "C9", "C9", "S9"],
    ["SQ", "SQ", "HQ", "HQ", "DQ", "DQ", "CJ", "CJ", "SJ", "SJ", "HJ", "HJ"],
    ["CQ", "H10", "H10", "DJ", "DJ", "CA", "CA", "C10", "C10", "CK", "CK", "SA"],
    ["SA", "S10", "S10", "SK", "SK", "S9", "HA", "HA", "HK", "HK", "H9", "H9"],
]
RULESET = {"preset": "freedoko", "options": {"swines": "second_after_fox_won"}}


def _transcript(play: list[dict]) -> dict:
    return {"ruleset": RULESET, "dealer": 3, "hands": HANDS, "game": {"type": "normal"},
            "reservations": [{"seat": s, "reservation": "healthy"} for s in (0, 1, 2, 3)],
            "play": play}


def _cards(*pairs: tuple[int, str]) -> list[dict]:
    return [{"seat": s, "card": c} for s, c in pairs]


def test_second_fox_is_a_swine_after_the_first_was_won_by_the_own_team(check):
    """Seed 002, 2.2: seat 0's first ♦A is taken by its partner (seat 2, ♥10), so the
    second ♦A may be shown as a swine and then beats the ♥10."""
    play = [*_cards((0, "DA"), (1, "DQ"), (2, "H10"), (3, "H9")),
            {"seat": 0, "show": "swines"},
            *_cards((2, "H10"), (3, "H9"), (0, "DA"), (1, "DQ"))]
    result = check(_transcript(play))
    assert result["violations"] == []
    assert [t["winner"] for t in result["tricks"]] == [2, 0]


def test_swines_refused_after_the_first_fox_went_to_the_opponents(check):
    """Seed 002, 2.2: the first ♦A taken by the other team (seat 1's ♠Q): no swine; the
    second ♦A stays below the ♥10."""
    play = [*_cards((0, "DA"), (1, "SQ"), (2, "DJ"), (3, "H9")),
            {"seat": 0, "show": "swines"},
            *_cards((1, "DQ"), (2, "H10"), (3, "H9"), (0, "DA"))]
    result = check(_transcript(play))
    assert [(v["code"], v["pointer"]) for v in result["violations"]] == [
        ("swines_timing", "/play/4")]
    assert [t["winner"] for t in result["tricks"]] == [1, 2]


def test_swines_refused_before_the_first_fox_is_played(check):
    """Seed 002, 2.2: the swine is the *second* ♦A; showing before the first is played is
    too early."""
    result = check(_transcript([{"seat": 0, "show": "swines"}]))
    assert [(v["code"], v["pointer"]) for v in result["violations"]] == [
        ("swines_timing", "/play/0")]
