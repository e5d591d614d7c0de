"""Hand-written 40-card games under the Mittwochsregeln (seed 003), shared by the tests
of its seven scoring examples and by the option-flip tests.

The pack has no nines ("Ohne Neunen"): ten tricks of four cards, 240 card points. The
card order is the normal game's (TSR 2.3.4) with the second ♥10 above the first
("Zweite Herz-Zehn ist hoch"), written in ``kinds.order``; trumps high to low:
♥10, ♣Q ♠Q ♥Q ♦Q, ♣J ♠J ♥J ♦J, ♦A ♦10 ♦K; the plain suits A 10 K.

Every deal is checked against that order when it is built (``kinds.Deal``): the pack,
who leads each trick, the hand-written trick winners, and that a seat that does not
follow suit holds none of the led suit. The card points are summed from the cards
(A 11, 10 10, K 4, Q 3, J 2), never taken from the service.

Unless a comment says otherwise, each deal is built so that no special point happens
by accident: no trick of 40 or more, every ♦A ends in a trick won by its own team (no
fox caught), no ♣J in the last trick (no Karlchen, none caught), and no seat holds
both ♦A (no swines).

Notation: ``trick(leader, "c1 c2 c3 c4", winner)``: the cards in play order from the
leader, clockwise; ``call(t, k, seat, what)``: an announcement in trick t after k of
its cards (k = 0: before the trick's first card). On the Mittwoch table clock the
n-th card of the game is trick (n - 1) // 4 + 1, position (n - 1) % 4.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .kinds import At, Deal, FixtureError, Trick, order, trick

# The card orders (seed 003: 'Ohne Neunen', 'Zweite Herz-Zehn ist hoch').
NORMAL = order("normal", with_nines=False, second_h10_wins=True)
JACKS = order("jacks", with_nines=False)  # TSR 2.3.6: the eight jacks ♣ ♠ ♥ ♦ are trump


def deal(tricks: Sequence[Trick], events: Sequence[At] = (), *, first_leader: int = 0,
         card_order: Any = NORMAL, check_design: bool = True) -> Deal:
    """A ten-trick deal in the 40-card pack."""
    return Deal(first_leader, tricks, card_order, events, with_nines=False,
                check_design=check_design)


def normal_transcript(d: Deal, ruleset: Any = "mittwoch", dealer: int = 3,
                      cards: int | None = None) -> dict[str, Any]:
    """Everyone says healthy; the deal is played as written (a normal game, or a silent
    marriage where one seat holds both ♣Q)."""
    return d.transcript(ruleset, dealer, cards=cards)


# ---------------------------------------------------------------------------------------
# A common opening. Dealer 3, so seat 0 leads (TSR 5.1.1). The ♣Q go to seats 0 and 2
# in deals 1-3 (re {0, 2}) and to seats 1 and 3 in deals 5 and 5b (re {1, 3}).
# ---------------------------------------------------------------------------------------
OPENING = (
    trick(0, "CA CK C10 CK", 0),   # 1: 29  ♣A
    trick(0, "SA SK S10 SK", 0),   # 2: 29  ♠A
    trick(0, "HA HK HA HK", 0),    # 3: 30  two ♥A: seat 0's came first
    trick(0, "C10 CA DJ HJ", 3),   # 4: 25  seats 2 and 3 are void in clubs; ♥J over ♦J
    trick(3, "S10 SA DK DQ", 2),   # 5: 28  seats 1 and 2 are void in spades; ♦Q over ♦K
)
# Won by seats 0 and 2: 29 + 29 + 30 + 28 = 116; by seats 1 and 3: 25.

# Example 1 'Keine 90': re {0, 2} 160 : contra 80.
EX1 = (
    *OPENING,
    trick(2, "CQ SJ DA D10", 2),   # 6: 26  ♣Q; seat 0's ♦A stays with re
    trick(2, "HQ H10 DQ DK", 3),   # 7: 20  ♥10
    trick(3, "SQ SQ CJ CJ", 3),    # 8: 10  two ♠Q: seat 3's came first
    trick(3, "D10 HQ H10 SJ", 1),  # 9: 25  ♥10 (one ♥10 in the trick)
    trick(1, "HJ DA DJ CQ", 0),    # 10: 18  ♣Q; seat 2's ♦A stays with re
)
# re: 116 + 26 + 18 = 160; contra: 25 + 20 + 10 + 25 = 80.

# Example 2 'Verlorene Ansage': re {0, 2} 150 : contra 90.
EX2 = (
    *OPENING,
    trick(2, "DA D10 CQ D10", 0),  # 6: 34  ♣Q; seat 2's ♦A stays with re
    trick(0, "HQ H10 CQ SJ", 1),   # 7: 18  ♥10 over seat 2's ♣Q
    trick(1, "SQ HQ DK DQ", 1),    # 8: 13  ♠Q
    trick(1, "CJ SJ H10 CJ", 3),   # 9: 16  ♥10
    trick(3, "SQ HJ DA DJ", 3),    # 10: 18  ♠Q; seat 1's ♦A stays with contra
)
# re: 116 + 34 = 150; contra: 25 + 18 + 13 + 16 + 18 = 90.

# Example 3 'Nullspiel': re {0, 2} 140 : contra 100, with one Doppelkopf for contra.
EX3 = (
    *OPENING,
    trick(2, "CQ SQ DQ HQ", 2),    # 6: 12  ♣Q
    trick(2, "DJ HQ CQ DK", 0),    # 7: 12  ♣Q
    trick(0, "D10 H10 D10 DA", 1),  # 8: 41  ♥10: the Doppelkopf (seat 3's ♦A, contra's own)
    trick(1, "DA CJ H10 CJ", 3),   # 9: 25  ♥10; seat 1's ♦A stays with contra
    trick(3, "HJ SJ SQ SJ", 1),    # 10: 9  ♠Q
)
# re: 116 + 12 + 12 = 140; contra: 25 + 41 + 25 + 9 = 100.

# Example 5b '90 wäre noch wie oben': the ♣Q of deal 2 change places with the ♠Q, so
# that seats 1 and 3 are re: re {1, 3} 90 : contra {0, 2} 150.
EX5_90 = (
    *OPENING,
    trick(2, "DA D10 SQ D10", 0),  # 6: 34  ♠Q; seat 2's ♦A stays with contra
    trick(0, "HQ H10 SQ SJ", 1),   # 7: 18  ♥10
    trick(1, "CQ HQ DK DQ", 1),    # 8: 13  ♣Q
    trick(1, "CJ SJ H10 CJ", 3),   # 9: 16  ♥10
    trick(3, "CQ HJ DA DJ", 3),    # 10: 18  ♣Q; seat 1's ♦A stays with re
)
# re {1, 3}: 25 + 18 + 13 + 16 + 18 = 90; contra {0, 2}: 116 + 34 = 150.

# Example 5 'Selber doof': deal 5b with seat 1's ♣K/♣A swapped (tricks 1, 4) and seat
# 3's ♦10/♦K swapped (tricks 6, 8): re {1, 3} 89 : contra {0, 2} 151.
EX5 = (
    trick(0, "CA CA C10 CK", 0),   # 1: 36  two ♣A: seat 0's came first
    OPENING[1],                    # 2: 29
    OPENING[2],                    # 3: 30
    trick(0, "C10 CK DJ HJ", 3),   # 4: 18  ♥J
    OPENING[4],                    # 5: 28
    trick(2, "DA DK SQ D10", 0),   # 6: 28  ♠Q; seat 2's ♦A stays with contra
    EX5_90[6],                     # 7: 18
    trick(1, "CQ HQ D10 DQ", 1),   # 8: 19  ♣Q
    EX5_90[8],                     # 9: 16
    EX5_90[9],                     # 10: 18
)
# re {1, 3}: 18 + 18 + 19 + 16 + 18 = 89; contra {0, 2}: 36 + 29 + 30 + 28 + 28 = 151.

# A second opening for 120 : 120. Dealer 3, seat 0 leads; ♣Q with seats 0 and 2.
OPENING_B = (
    trick(0, "CA CK C10 CK", 0),   # 1: 29  ♣A
    trick(0, "SA SK S10 SK", 0),   # 2: 29  ♠A
    trick(0, "HK HA HK HA", 1),    # 3: 30  two ♥A: seat 1's came first
    trick(1, "C10 DK CA DJ", 0),   # 4: 27  seats 2 and 0 are void in clubs; ♦J over ♦K
    trick(0, "S10 SA HJ SJ", 3),   # 5: 25  seats 2 and 3 are void in spades; ♠J over ♥J
)
# Won by seats 0 and 2: 29 + 29 + 27 = 85; by seats 1 and 3: 30 + 25 = 55.

# Example 4 'Re vorab/Contra': re {0, 2} 120 : contra 120.
EX4 = (
    *OPENING_B,
    trick(3, "SQ DQ DK CJ", 3),    # 6: 12  ♠Q
    trick(3, "DA SQ H10 HQ", 1),   # 7: 27  ♥10; seat 3's ♦A stays with contra
    trick(1, "D10 HQ H10 DQ", 3),  # 8: 26  ♥10 (one ♥10 in the trick)
    trick(3, "CJ HJ DJ CQ", 2),    # 9: 9  ♣Q
    trick(2, "DA SJ CQ D10", 0),   # 10: 26  ♣Q; seat 2's ♦A stays with re
)
# re: 85 + 9 + 26 = 120; contra: 55 + 12 + 27 + 26 = 120.

# Example 5, second case ('stattdessen die Contra-Partei mit 89'): re {0, 2} 151 : 89.
EX5_RE_151 = (
    *OPENING_B,
    trick(3, "DA D10 SQ D10", 1),  # 6: 34  ♠Q; seat 3's ♦A stays with contra
    trick(1, "HQ DQ SQ H10", 0),   # 7: 19  ♥10
    trick(0, "CQ HQ DA DQ", 0),    # 8: 20  ♣Q; seat 2's ♦A stays with re
    trick(0, "HJ CJ H10 CJ", 2),   # 9: 16  ♥10
    trick(2, "CQ DJ DK SJ", 2),    # 10: 11  ♣Q
)
# re: 85 + 19 + 20 + 16 + 11 = 151; contra: 55 + 34 = 89.

# Example 6 'Versteckte Hochzeit': seat 0 holds both ♣Q and says nothing (a silent
# marriage, a hidden trump solo). Soloist 120 : the three others 120.
EX6 = (
    trick(0, "CA CK C10 CK", 0),   # 1: 29  ♣A
    trick(0, "SA SK S10 SK", 0),   # 2: 29  ♠A
    trick(0, "HA HK HA HK", 0),    # 3: 30  seat 0's ♥A first
    trick(0, "CQ D10 DK HQ", 0),   # 4: 20  ♣Q
    trick(0, "CQ DK SQ CJ", 0),    # 5: 12  ♣Q
    trick(0, "DJ H10 DA D10", 1),  # 6: 33  ♥10; seat 2's ♦A stays with contra
    trick(1, "CA C10 SQ HJ", 3),   # 7: 26  seats 3 and 0 are void in clubs; ♠Q over ♥J
    trick(3, "S10 SJ SA HQ", 2),   # 8: 26  seats 0 and 2 are void in spades; ♥Q over ♠J
    trick(2, "DQ CJ DQ DJ", 2),    # 9: 10  two ♦Q: seat 2's came first
    trick(2, "H10 DA HJ SJ", 2),   # 10: 25  ♥10; seat 3's ♦A stays with contra
)
# soloist (seat 0): 29 + 29 + 30 + 20 + 12 = 120; the others: 33 + 26 + 26 + 10 + 25 = 120.

# Deal 6 with seat 0's ♦J (trick 6) and seat 1's ♦10 (trick 4) swapped: trick 6 becomes
# a Doppelkopf for the three. Soloist 112 : 128.
EX6_DOKO = (
    *EX6[:3],
    trick(0, "CQ DJ DK HQ", 0),    # 4: 12  ♣Q
    EX6[4],                        # 5: 12
    trick(0, "D10 H10 DA D10", 1),  # 6: 41  ♥10: a Doppelkopf for contra
    *EX6[6:],
)

# Example 7 'Falsch bedient': a jacks solo by seat 1 (dealer 3; the soloist leads,
# 'Solo kommt immer raus'). In trick 2 seat 2 plays ♥Q on the ♠J led while holding
# ♥J, which it plays in trick 3: the one revoke. As played: soloist 204 : contra 36.
EX7 = (
    trick(1, "CJ DJ DJ DA", 1),    # 1: 17  ♣J (seat 0 has no jack)
    trick(1, "SJ HQ DK D10", 1),   # 2: 19  ♠J; seat 2's ♥Q is the revoke
    trick(1, "CJ HJ DQ DK", 1),    # 3: 11  ♣J
    trick(1, "SJ DA HK DQ", 1),    # 4: 20  ♠J
    trick(1, "HJ D10 H10 HQ", 1),  # 5: 25  ♥J
    trick(1, "CA C10 CK CQ", 1),   # 6: 28  ♣A
    trick(1, "CA CQ C10 CK", 1),   # 7: 28  ♣A
    trick(1, "SA S10 SK SQ", 1),   # 8: 28  ♠A
    trick(1, "SA SQ S10 SK", 1),   # 9: 28  ♠A
    trick(1, "HK HA H10 HA", 2),   # 10: 36  two ♥A: seat 2's came first
)
EX7_REVOKE = (2, 1)  # (trick, position): seat 2's ♥Q in trick 2


def ex7_deal(events: Sequence[At] = ()) -> Deal:
    """The jacks solo with its one revoke, checked: the only design problem allowed is
    the revoke itself."""
    d = deal(EX7, events, first_leader=1, card_order=JACKS, check_design=False)
    problems = d.design_problems()
    if len(problems) != 1 or not problems[0].startswith("trick 2: seat 2 plays HQ on T"):
        raise FixtureError("; ".join(problems) or "the revoke is missing")
    return d


def ex7_transcript(d: Deal, ruleset: Any = "mittwoch") -> dict[str, Any]:
    """Deal 7 as played: dealer 3, seat 1 says and plays a jacks solo."""
    return d.transcript(ruleset, 3, {"type": "solo", "solo": "jacks", "declarer": 1},
                        {1: {"reservation": "solo", "solo": "jacks"}})


# A deal for the last trick with both ♥10 (dollen_last_trick_reversed). Dealer 3; ♣Q
# with seats 0 and 2. Special points are of no concern here.
LAST_DOLLEN = (
    *OPENING,
    trick(2, "CQ SQ DA DJ", 2),    # 6: 19  ♣Q
    trick(2, "CJ SQ HQ SJ", 3),    # 7: 10  ♠Q
    trick(3, "D10 CQ HQ DQ", 0),   # 8: 19  ♣Q
    trick(0, "CJ DK SJ D10", 0),   # 9: 18  ♣J
    trick(0, "HJ H10 DA H10", 3),  # 10: 33  two ♥10: the second (seat 3) wins
)
