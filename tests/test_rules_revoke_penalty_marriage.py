"""The DDV penalty for a revoke in a silent marriage (TSR 4.4.5, 9.4.3, 9.4.4).

TSR 4.4.5: "Eine evtl. Strafpunkteverteilung erfolgt solange wie beim Normalspiel, bis
entschieden ist, dass ein Solo gespielt wird (Legen der zweiten Kreuz Dame)." Before the
bride's second ♣Q a revoke by an opponent costs him 12 and gives the three others 4 each
(9.4.3); after it the soloist gets the 12 and the other two nothing (9.4.4).
"""

from __future__ import annotations

import random

from service.game.check import replay
from service.game.rulesets import resolve
from service.game.scoring import outcome
from service.game.transcript import from_dict
from service.generating.random_game import random_game
from service.reading.load import check

HANDS = [
    ["CQ", "CQ", "SQ", "SQ", "HQ", "HQ", "DQ", "DQ", "CJ", "CJ", "SJ", "SJ"],
    ["HJ", "HJ", "DJ", "DJ", "DA", "DA", "D10", "D10", "DK", "DK", "D9", "D9"],
    ["H10", "H10", "CA", "CA", "C10", "C10", "CK", "CK", "C9", "C9", "SA", "SA"],
    ["S10", "S10", "SK", "SK", "S9", "S9", "HA", "HA", "HK", "HK", "H9", "H9"],
]


def _state(cards: list[tuple[int, str]]):
    data = {"ruleset": "ddv", "dealer": 3, "hands": HANDS, "game": {"type": "normal"},
            "reservations": [{"seat": s, "reservation": "healthy"} for s in range(4)],
            "play": [{"seat": s, "card": c} for s, c in cards]}
    state, _, notes = replay(from_dict(data, resolve("ddv")))
    assert [n.code for n in notes] == ["silent_marriage"]
    return state


def test_revoke_before_the_second_club_queen_is_penalised_as_in_a_normal_game():
    """TSR 4.4.5 and 9.4.3: seat 2 plays ♣A on the bride's ♣Q while holding the ♥10."""
    state = _state([(0, "CQ"), (1, "HJ"), (2, "CA"), (3, "S9")])
    assert state.revoke is not None and not state.revoke.alone_known
    assert outcome(state).score.scores == (4, 4, -12, 4)


def test_revoke_after_the_second_club_queen_is_penalised_as_in_a_solo():
    """TSR 4.4.5 and 9.4.4: the bride has shown both ♣Q; seat 3 plays ♥A on a spade
    lead while holding ♠10: 12 to the soloist, nothing to the other two."""
    state = _state([(0, "CQ"), (1, "HJ"), (2, "H10"), (3, "S9"),
                    (2, "H10"), (3, "S9"), (0, "CQ"), (1, "HJ"),
                    (2, "SA"), (3, "HA"), (0, "SQ"), (1, "DA")])
    assert state.revoke is not None and state.revoke.alone_known
    assert outcome(state).score.scores == (12, 0, 0, -12)


LONE_BRIDE = [
    ["H10", "H10", "CQ", "CQ", "SQ", "SQ", "HQ", "HQ", "DQ", "DQ", "CJ", "CJ"],
    ["SJ", "SJ", "HJ", "HJ", "DJ", "DJ", "DA", "DA", "D10", "D10", "HA", "HA"],
    ["D9", "D9", "CA", "CA", "C10", "C10", "CK", "CK", "C9", "C9", "SA", "SA"],
    ["S10", "S10", "SK", "SK", "S9", "S9", "DK", "DK", "HK", "HK", "H9", "H9"],
]


def _marriage_state(cards: list[tuple[int, str]]):
    data = {"ruleset": "ddv", "dealer": 3, "hands": LONE_BRIDE,
            "reservations": [{"seat": 0, "reservation": "marriage"},
                             *({"seat": s, "reservation": "healthy"} for s in (1, 2, 3))],
            "game": {"type": "marriage", "declarer": 0, "partner_rule": {"trick": "any"}},
            "play": [{"seat": s, "card": c} for s, c in cards]}
    state, violations, _ = replay(from_dict(data, resolve("ddv")))
    assert violations == []
    return state


def test_revoke_in_an_undecided_marriage_is_penalised_as_in_a_normal_game():
    """TSR 4.4.3 b): until the deciding trick penalties are those of a normal game;
    seat 1 plays ♥A on the bride's ♥10 while holding trumps."""
    state = _marriage_state([(0, "H10"), (1, "HA"), (2, "D9"), (3, "DK")])
    assert state.marriage_undecided
    assert state.revoke is not None and not state.revoke.alone_known


def test_revoke_after_the_bride_won_three_tricks_is_penalised_as_in_a_solo():
    """TSR 4.4.3 b) and 9.4.4: the bride took the first three tricks and plays alone; a
    revoke after that gives her the 12, the other two opponents nothing."""
    state = _marriage_state([(0, "H10"), (1, "SJ"), (2, "D9"), (3, "DK"),
                             (0, "H10"), (1, "SJ"), (2, "D9"), (3, "DK"),
                             (0, "CQ"), (1, "HJ"), (2, "CA"), (3, "S9"),
                             (0, "CQ"), (1, "HA"), (2, "C10"), (3, "S9")])
    assert state.deciding_trick == 3 and state.alone
    assert state.revoke is not None and state.revoke.alone_known
    assert outcome(state).score.scores == (12, -12, 0, 0)


def test_a_marriage_undecided_at_the_last_trick_is_decided_alone():
    """Seed 002 (FreeDoko) 6.4: without a partner by the limit the bride plays alone; a
    limit of 12 tricks in a 40-card game (10 tricks) ends at the last trick."""
    ruleset = resolve({"preset": "freedoko", "options": {"with_nines": False}})
    rng = random.Random(7)
    marriages = 0
    for _ in range(300):
        data = random_game(ruleset, rng, game_types=True)
        result = check(from_dict(data, ruleset))
        assert result.valid and result.complete, result.violations
        if result.game.type == "marriage":
            marriages += 1
            assert len(result.game.re) + len(result.game.contra) == 4
            assert 1 <= result.game.deciding_trick <= 10
    assert marriages > 0
