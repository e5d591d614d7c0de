"""Which of several solos is played: the `solo_precedence` option.

Seed 003 (Mittwochsregeln), '"Reizen"': "Bei mehreren Soli entscheidet die höhere Ansage
(Re, keine 90 usw.); bei gleichen Ansagen haben in der Liste weiter oben stehende Soli
Vorrang; bei identischen Soli und Ansagen entscheidet die Sitzreihenfolge."
DDV TSR 4.1.7: among equal reservations the earlier seat wins.
"""

from __future__ import annotations

from service.game.reservations import expected_game
from service.game.rulesets import resolve
from service.game.transcript import Reservation


def _ruleset(precedence: str):
    return resolve({"preset": "ddv", "options": {
        "solo_precedence": precedence,
        "solos": ["diamonds", "queens", "jacks", "meatless"]}})


def _solo(seat: int, kind: str, bid: str | None = None) -> Reservation:
    return Reservation(seat, "solo", kind, False, None, bid)


def test_seat_precedence_earlier_seat_wins_whatever_the_kind():
    """DDV TSR 4.1.7: the earlier seat among equal reservations."""
    game = expected_game([_solo(1, "meatless"), _solo(2, "diamonds")], _ruleset("seat"))
    assert (game.type, game.seat, game.solo) == ("solo", 1, "meatless")


def test_rank_precedence_higher_solo_wins_over_earlier_seat():
    """Seed 004 / rulesets.md `rank_then_seat`: the solo listed higher wins."""
    game = expected_game([_solo(1, "meatless"), _solo(2, "diamonds")],
                         _ruleset("rank_then_seat"))
    assert (game.seat, game.solo) == (2, "diamonds")


def test_bid_precedence_higher_call_beats_higher_solo():
    """Seed 003 'Reizen': the higher call decides first."""
    game = expected_game([_solo(1, "diamonds", "re"), _solo(2, "meatless", "no90")],
                         _ruleset("bid_then_rank_then_seat"))
    assert (game.seat, game.solo) == (2, "meatless")


def test_bid_precedence_equal_calls_fall_back_to_solo_rank_then_seat():
    """Seed 003 'Reizen': equal calls -> the solo higher in the list; then the seat."""
    ruleset = _ruleset("bid_then_rank_then_seat")
    game = expected_game([_solo(1, "jacks", "re"), _solo(3, "queens", "re")], ruleset)
    assert (game.seat, game.solo) == (3, "queens")
    game = expected_game([_solo(1, "jacks", "no60"), _solo(3, "jacks", "no60")], ruleset)
    assert game.seat == 1
