"""Swines and hyperswines, written by hand from the rules: whole games in which they
rank on top, their showing time under each preset, and who may show them.

Sources: seed 002 (FreeDoko) 2.2 ("Swines consist of two ♦aces on one hand and have to
be announced, before they are valid. This cards are the highest trumps in the game,
till the announcement of Hyperswines. Hyperswines are two ♦nines on one hand, if Swines
are already announced and only then they are valid"; timings "Announcement before the
game"), 6.1.1 (Color-Solo: "Swines of chosen color"), 10.2 ("fox in the last trick: the
last trick is won with ♦ace (no Swine)"); seed 003 (Mittwoch) "Beide Karo-Asse sind
Schweine; Ansage erst bei Ausspiel des ersten Schweins", "Durch einen geschobenen
Fuchs entstehende Schweine sind gültig" (tested with the poverty); seed 004 (DOKO 2026)
I.2 "Sau" (shown before the first ♦A is played), II.a ("Ausnahme: bei Sau; dann sticht
die erste 10 die zweite"; "bei Sau: Dann sind beide Asse die höchsten Trümpfe vor Herz
10"), II.b 3. (colour solos: "Füchse und Sau gibt es"); DDV TSR 2.3.4 (no swines).
"""

from __future__ import annotations

import pytest
from games.kinds import Deal, complete_deal, order, said_solo, show, solo, transcript, trick
from games.rulesets import ruleset
from games.verdicts import (
    assert_played_as_written,
    assert_score,
    assert_violation,
)

# ---------------------------------------------------------------------------------------
# FreeDoko with hyperswines (seed 002 2.2 offers them; the preset leaves them off, so
# they are switched on: hyperswines before the game). Dealer 3, seat 0 leads. Seat 0
# holds both ♦A and shows swines, seat 1 both ♦9 and shows hyperswines, both before the
# first card. Order: ♦9 ♦9, ♦A ♦A, ♥10 (the second of two wins), ♣Q ... Re {0, 2} (the
# ♣Q) 177 : contra {1, 3} 63. Seat 1's hyperswines take both of seat 0's swines in
# tricks 1 and 2: a swine is no fox, so nothing is caught. No trick of 40, no ♣J and no
# ♦A in the last trick.
# ---------------------------------------------------------------------------------------
HYPER = (
    trick(0, "DA D9 D10 DK", winner=1),    # 1: 25  hyperswine over swine
    trick(1, "D9 CJ DJ DA", winner=1),     # 2: 15  again
    trick(1, "CK C9 C10 CA", winner=0),    # 3: 25
    trick(0, "SA SK S9 S10", winner=0),    # 4: 25
    trick(0, "HA H9 HK SJ", winner=3),     # 5: 17  seat 3 trumps ♥
    trick(3, "CK C10 C9 CA", winner=2),    # 6: 25
    trick(2, "SA SK HK S10", winner=2),    # 7: 29
    trick(2, "HA DQ SQ H9", winner=0),     # 8: 17  ♠Q over ♦Q
    trick(0, "CQ HQ DQ CJ", winner=0),     # 9: 11
    trick(0, "D10 H10 H10 HQ", winner=2),  # 10: 33  the second ♥10 wins (FreeDoko 2.1)
    trick(2, "CQ SQ DJ DK", winner=2),     # 11: 12
    trick(2, "HJ S9 HJ SJ", winner=1),     # 12:  6  ♠J
)
FREEDOKO_HYPER = order("normal", second_h10_wins=True, swines=True, hyperswines=True)


def hyper_deal(events=None) -> Deal:
    if events is None:
        events = [show(1, 0, 0, "swines"), show(1, 0, 1, "hyperswines")]
    return Deal(0, HYPER, FREEDOKO_HYPER, events)


def test_freedoko_hyperswines_whole_game_a_swine_is_no_fox(check):
    """Seed 002 2.2 (hyperswines above swines, both shown before the game), 10.2 (a
    swine won by the opponents is not a fox caught; won 1, below 90 1 = 2), 10.3 (the
    preset counts for the winners only: +2 for seats 0 and 2)."""
    deal = hyper_deal()
    result = check(deal.transcript(ruleset("freedoko", hyperswines="before_play"), 3))
    assert_played_as_written(result, deal, type="normal", re=[0, 2], contra=[1, 3])
    assert deal.points_of([0, 2]) == 177
    assert_score(result, card_points=(177, 63), winner="re",
                 items=[("won", "re", 1), ("below_90", "re", 1)],
                 value=2, scores=[2, 0, 2, 0])


def test_freedoko_hyperswines_before_swines_are_too_early(check):
    """Seed 002 2.2: hyperswines are valid "if Swines are already announced and only
    then": shown first, they are reported (and the swines after them stand)."""
    deal = hyper_deal([show(1, 0, 1, "hyperswines"), show(1, 0, 0, "swines")])
    result = check(deal.transcript(ruleset("freedoko", hyperswines="before_play"), 3, cards=8))
    assert_violation(result, "swines_timing", deal.event_pointer(0), seat=1)


def test_freedoko_hyperswines_without_both_nines_not_entitled(check):
    """Seed 002 2.2: "two ♦nines on one hand" - seat 2 holds none."""
    deal = hyper_deal([show(1, 0, 0, "swines"), show(1, 0, 2, "hyperswines")])
    result = check(deal.transcript(ruleset("freedoko", hyperswines="before_play"), 3, cards=4))
    assert_violation(result, "swines_entitlement", deal.event_pointer(1), seat=2)


# ---------------------------------------------------------------------------------------
# DOKO 2026: dealer 0, seat 1 leads; re {1, 3} (the ♣Q). Seat 3 holds both ♦A and shows
# them before trick 3, before its first ♦A (trick 4). From then on the first of two
# ♥10 wins (II.a): in trick 3 seat 1's ♥10 beats seat 0's - without swines the second
# would win (the preset's second_wins). Re takes every trick: 240 : 0.
# ---------------------------------------------------------------------------------------
SAU = (
    trick(1, "CA C9 C10 CK", winner=1),    # 1: 25
    trick(1, "SA SK S9 S10", winner=1),    # 2: 25
    trick(1, "H10 DQ DK H10", winner=1),   # 3: 27  swines shown: the first ♥10 wins
    trick(1, "D10 DJ DA D9", winner=3),    # 4: 23  the swine
    trick(3, "DA SQ CJ D9", winner=3),     # 5: 16  the other swine
    trick(3, "CA C10 C9 CK", winner=3),    # 6: 25
    trick(3, "SA SK S9 S10", winner=3),    # 7: 25
    trick(3, "DJ DK HQ HJ", winner=1),     # 8: 11
    trick(1, "HA HK DQ H9", winner=3),     # 9: 18  seat 3 trumps ♥
    trick(3, "SJ D10 SQ HQ", winner=1),    # 10: 18
    trick(1, "HK H9 CJ HA", winner=3),     # 11: 17
    trick(3, "CQ HJ CQ SJ", winner=3),     # 12: 10  the first ♣Q
)
DOKO2026 = order("normal", second_h10_wins=True)
DOKO2026_SAU = order("normal", swines=True)  # the first ♥10 wins with swines shown


def sau_deal() -> Deal:
    return Deal(1, SAU, lambda n: DOKO2026 if n < 3 else DOKO2026_SAU, [show(3, 0, 3)])


def test_doko2026_swines_whole_game_first_dollen_wins_after_showing(check):
    """Seed 004 I.2 (shown before the first ♦A), II.a (with "Sau" the first ♥10 beats
    the second; both ♦A above the ♥10), VI (won, keine 90, keine 60, keine 30,
    schwarz: 5; no special point: no trick of 40, no ♣J in the last trick, the swines
    are no foxes; only the winners' plus points)."""
    deal = sau_deal()
    result = check(deal.transcript(ruleset("doko2026"), 0))
    assert_played_as_written(result, deal, type="normal", re=[1, 3], contra=[0, 2])
    assert_score(result, card_points=(240, 0), winner="re",
                 items=[("won", "re", 1), ("below_90", "re", 1), ("below_60", "re", 1),
                        ("below_30", "re", 1), ("black", "re", 1)],
                 value=5, scores=[0, 5, 0, 5])


def test_doko2026_without_swines_the_second_dollen_wins(check):
    """Seed 004 II.a: "Zweite Herz 10, Erste Herz 10" - without swines shown, trick 3's
    second ♥10 (seat 0) wins."""
    deal = Deal(1, SAU, DOKO2026, check_design=False)
    result = check(deal.transcript(ruleset("doko2026"), 0, cards=12))
    assert result["violations"] == []
    assert [t["winner"] for t in result["tricks"]] == [1, 1, 0]


# ---------------------------------------------------------------------------------------
# Showing times, partial games. Dealer 3, seat 0 leads: trick 1 ♣A ♣10 ♣K ♣10 (seat 0),
# trick 2 ♦A ♥10 ♦Q ♣J - with swines shown seat 0's ♦A wins it, without them seat 1's
# ♥10. The same fixed cards work with and without nines.
# ---------------------------------------------------------------------------------------
def show_hands(with_nines: bool = True) -> list[list[str]]:
    return complete_deal({0: ["DA", "DA", "CA", "CA", "SA"], 1: ["C10", "H10", "DK"],
                          2: ["CK", "DQ", "D10"], 3: ["C10", "CJ", "HJ"]}, with_nines)


TRICK1 = [{"seat": 0, "card": "CA"}, {"seat": 1, "card": "C10"}, {"seat": 2, "card": "CK"},
          {"seat": 3, "card": "C10"}]
TRICK2 = [{"seat": 0, "card": "DA"}, {"seat": 1, "card": "H10"}, {"seat": 2, "card": "DQ"},
          {"seat": 3, "card": "CJ"}]
SHOW0 = {"seat": 0, "show": "swines"}


def _show_game(spec, play, with_nines=True):
    return transcript(spec, 3, show_hands(with_nines), {"type": "normal"}, play)


@pytest.mark.parametrize(("preset", "with_nines"), [
    ("mittwoch", False),   # "Ansage erst bei Ausspiel des ersten Schweins"
    ("doko2026", True),    # I.2: before the first ♦A is played
])
def test_swines_shown_right_before_the_first_swine(check, preset, with_nines):
    """Shown immediately before the holder's first ♦A: valid; the swine takes trick 2
    from the ♥10."""
    result = check(_show_game(ruleset(preset), [*TRICK1, SHOW0, *TRICK2], with_nines))
    assert result["violations"] == []
    assert [t["winner"] for t in result["tricks"]] == [0, 0]


def test_freedoko_swines_before_the_game(check):
    """Seed 002 2.2 (preset: "Announcement before the game"): shown before the first
    card, valid; the swine takes trick 2."""
    result = check(_show_game(ruleset("freedoko"), [SHOW0, *TRICK1, *TRICK2]))
    assert result["violations"] == []
    assert [t["winner"] for t in result["tricks"]] == [0, 0]


def test_freedoko_swines_shown_after_the_first_card_too_late(check):
    """Seed 002 2.2, before the game: a showing after trick 1 is late (and the swines
    do not count: seat 1's ♥10 takes trick 2)."""
    result = check(_show_game(ruleset("freedoko"), [*TRICK1, SHOW0, *TRICK2]))
    assert_violation(result, "swines_timing", "/play/4", seat=0)


def test_doko2026_swines_shown_before_play_also_in_time(check):
    """Seed 004 I.2: any time before the first ♦A - before the first card too."""
    result = check(_show_game(ruleset("doko2026"), [SHOW0, *TRICK1, *TRICK2]))
    assert result["violations"] == []
    assert [t["winner"] for t in result["tricks"]] == [0, 0]


def test_mittwoch_swines_shown_before_another_card_too_early(check):
    """Seed 003: "Ansage erst bei Ausspiel des ersten Schweins" - shown before seat 0
    leads a ♣A, not a swine: reported at the showing."""
    result = check(_show_game(ruleset("mittwoch"), [SHOW0, *TRICK1, *TRICK2], False))
    assert_violation(result, "swines_timing", "/play/0", seat=0)


@pytest.mark.parametrize(("preset", "with_nines"), [
    ("mittwoch", False), ("doko2026", True), ("freedoko", True)])
def test_swines_shown_after_the_first_swine_too_late(check, preset, with_nines):
    """Every timing ends with the first ♦A: shown after it, the showing is late."""
    result = check(_show_game(ruleset(preset), TRICK1 + TRICK2 + [SHOW0], with_nines))
    assert_violation(result, "swines_timing", "/play/8", seat=0)


@pytest.mark.parametrize(("preset", "with_nines"), [
    ("freedoko", True), ("mittwoch", False), ("doko2026", True)])
def test_swines_without_both_diamond_aces_not_entitled(check, preset, with_nines):
    """Swines are both ♦A in one hand (seed 002 2.2, seed 003, seed 004 I.2): seat 1,
    with no ♦A, shows swines before the first card."""
    play = [{"seat": 1, "show": "swines"}, *TRICK1]
    result = check(_show_game(ruleset(preset), play, with_nines))
    assert_violation(result, "swines_entitlement", "/play/0", seat=1)


def test_ddv_has_no_swines(check):
    """TSR 2.3.4: the DDV trump order has no swines; showing them is not allowed."""
    result = check(_show_game("ddv", [SHOW0, *TRICK1]))
    assert_violation(result, "show_not_allowed", "/play/0", seat=0)


# ---------------------------------------------------------------------------------------
# Swines in solos: in a colour solo they are both aces of the trump suit (seed 002
# 6.1.1 "Swines of chosen color"; seed 004 II.b 3. "Füchse und Sau gibt es"); a picture
# solo has none. Dealer 3, seat 0 declares a duty ♥ solo and leads.
# ---------------------------------------------------------------------------------------
def _solo_show(spec, kind: str, cards: list[str], shown_by: int = 0) -> dict:
    hands = complete_deal({0: ["HA", "HA", "DA", "DA", "CA"], 1: ["H10", "HK", "H9"]})
    play = [{"seat": shown_by, "show": "swines"}] + [
        {"seat": s, "card": c} for s, c in enumerate(cards)]
    return transcript(spec, 3, hands, solo(kind, 0, duty=True), play,
                      {0: said_solo(kind, duty=True)})


@pytest.mark.parametrize("preset", ["freedoko", "doko2026"])
def test_hearts_solo_swines_are_both_heart_aces(check, preset):
    """Both ♥A in a ♥ solo are swines: shown before the first card (valid under both
    timings), the ♥A takes the ♥10."""
    hands = complete_deal({0: ["HA", "HA", "DA", "DA", "CA"], 1: ["H10", "HK", "H9"]})
    trumps = {"H10", "CQ", "SQ", "HQ", "DQ", "CJ", "SJ", "HJ", "DJ", "HA", "HK", "H9"}
    follow = [next(c for c in hands[s] if c in trumps) for s in (2, 3)]
    result = check(_solo_show(ruleset(preset), "hearts", ["HA", "H10", *follow]))
    assert result["violations"] == []
    assert result["tricks"][0]["winner"] == 0


def test_freedoko_diamond_aces_are_no_swines_in_a_hearts_solo(check):
    """Seed 002 6.1.1: in a ♥ solo the swines are the ♥ aces; seat 0's two ♦A are not."""
    hands = complete_deal({0: ["DA", "DA", "CA"], 1: ["H10"]})
    play = [{"seat": 0, "show": "swines"}, {"seat": 0, "card": "CA"}]
    result = check(transcript(ruleset("freedoko"), 3, hands, solo("hearts", 0, duty=True),
                              play, {0: said_solo("hearts", duty=True)}))
    assert_violation(result, "swines_entitlement", "/play/0", seat=0)


def test_freedoko_no_swines_in_a_queens_solo(check):
    """Seed 002 6.1.1: swines are an option of the colour solos only; a queens solo
    has no ♦ trump at all."""
    result = check(_solo_show(ruleset("freedoko"), "queens", ["CA"]))
    assert_violation(result, "show_not_allowed", "/play/0", seat=0)
