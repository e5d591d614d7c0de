"""Whole normal games under the DDV tournament rules (TSR, Stand 21.02.2026), written
trick by trick, shared by ``test_games_ddv_normal.py`` and the option-flip tests.

The winner of each trick is read off the card order of TSR 2.3.4 (of two equal cards
the first played wins, TSR 5.3.3), the card points are summed from the cards (A 11,
10 10, K 4, Q 3, J 2, 9 0; TSR 2.2). ``builder.Game`` checks each deal against the
rules when it is built: leaders, the pack, the hand-written trick winners, and that a
seat that does not follow suit holds none of the led suit.

Notation: ``trick(leader, "c1 c2 c3 c4", winner=s)`` - the cards in play order from
the leader, clockwise. ``call(t, k, seat, what)`` - an announcement in trick t after k
of its cards were played (k = 0: before the trick's first card).
"""

from __future__ import annotations

from .builder import At, Game, trick

# ---------------------------------------------------------------------------------------
# The deals. Each comment gives the trick's points and why the winner wins.
# ---------------------------------------------------------------------------------------

# Deal A: dealer 3, so seat 0 leads (TSR 5.1.1). ♣Q: seats 0 and 2 -> re {0, 2}.
# re 121 : contra 119. No trick of 40, both ♦A stay with their team, ♣J does not win
# the last trick: no special points.
DEAL_A = (
    trick(0, "CA C9 CK C10", winner=0),    # 1: 25  ♣A
    trick(0, "SA S10 S9 SK", winner=0),    # 2: 25  ♠A
    trick(0, "C9 CA C10 CK", winner=1),    # 3: 25  ♣A
    trick(1, "S9 SK SA S10", winner=3),    # 4: 25  ♠A
    trick(3, "HA HK H9 H9", winner=3),     # 5: 15  ♥A
    trick(3, "DQ D9 DK DJ", winner=3),     # 6:  9  ♦Q
    trick(3, "HA HJ HK D9", winner=0),     # 7: 17  ♥J trumps (0, 2 are void in hearts)
    trick(0, "D10 DA DK CJ", winner=3),    # 8: 27  ♣J; the ♦A is seat 1's, contra keeps it
    trick(3, "D10 H10 SJ CJ", winner=0),   # 9: 24  ♥10
    trick(0, "DA HQ CQ DJ", winner=2),     # 10: 19  ♣Q; seat 0's ♦A, re keeps it
    trick(2, "SQ HJ CQ SQ", winner=0),     # 11: 11  ♣Q
    trick(0, "DQ H10 HQ SJ", winner=1),    # 12: 18  ♥10
)

# Deal B: deal A with seat 0's two spades swapped (tricks 2 and 4): re 120 : contra 120.
DEAL_B = (
    *DEAL_A[:1],
    trick(0, "S10 S10 S9 SK", winner=0),   # 2: 24  two ♠10: the first played wins (5.3.3)
    DEAL_A[2],
    trick(1, "S9 SK SA SA", winner=3),     # 4: 26  two ♠A: seat 3's came first
    *DEAL_A[4:],
)

# Deal C: dealer 0, seat 1 leads. ♣Q: seats 1 and 2 -> re {1, 2}. re 165 : contra 75.
# No special points (largest trick 29; both ♦A are re's and won by re; trick 12 ♥10).
DEAL_C = (
    trick(1, "CA C9 CK C10", winner=1),    # 1: 25
    trick(1, "SA S10 S9 SK", winner=1),    # 2: 25
    trick(1, "C9 C10 CA CK", winner=3),    # 3: 25  ♣A
    trick(3, "SK S10 S9 SA", winner=2),    # 4: 25  ♠A
    trick(2, "HA HK H9 H9", winner=2),     # 5: 15
    trick(2, "DA HJ DK CQ", winner=1),     # 6: 20  ♣Q (seat 2's ♦A, re keeps it)
    trick(1, "DA CQ SJ D10", winner=2),    # 7: 26  ♣Q (seat 1's ♦A, re keeps it)
    trick(2, "D9 CJ DQ D9", winner=0),     # 8:  5  ♦Q
    trick(0, "HA DK D10 HK", winner=2),    # 9: 29  ♦10 over ♦K (1 and 2 void in hearts)
    trick(2, "HQ H10 CJ DJ", winner=3),    # 10: 17  ♥10
    trick(3, "DQ SQ SQ DJ", winner=0),     # 11: 11  two ♠Q: seat 0's came first
    trick(0, "H10 HJ SJ HQ", winner=0),    # 12: 17  ♥10
)

# Deal D: deal C with cards moved inside seats 0 and 2: re 150 : contra 90.
DEAL_D = (
    trick(1, "CA C9 CK CK", winner=1),     # 1: 19
    trick(1, "SA S10 S9 SK", winner=1),    # 2: 25
    trick(1, "C9 C10 CA C10", winner=3),   # 3: 31  ♣A
    trick(3, "SK S10 S9 SA", winner=2),    # 4: 25
    trick(2, "HA HK H9 H9", winner=2),     # 5: 15
    trick(2, "DA HJ DQ CQ", winner=1),     # 6: 19  ♣Q
    trick(1, "DA CQ SJ D10", winner=2),    # 7: 26  ♣Q
    trick(2, "D9 CJ DK D9", winner=3),     # 8:  6  ♣J
    trick(3, "HK HA DK DJ", winner=2),     # 9: 21  ♦J over ♦K
    trick(2, "HQ H10 CJ DJ", winner=3),    # 10: 17  ♥10
    trick(3, "DQ SQ SQ D10", winner=0),    # 11: 19  seat 0's ♠Q first
    trick(0, "H10 HJ SJ HQ", winner=0),    # 12: 17  ♥10
)

# Deal E: dealer 1, seat 2 leads. ♣Q: seats 2 and 3 -> re {2, 3}. Re wins all twelve
# tricks: 240 : 0. Both ♦A are re's; no trick of 40; trick 12 is won by the ♥Q.
DEAL_E = (
    trick(2, "CA C9 C10 CK", winner=2),    # 1: 25
    trick(2, "SA S9 S10 SK", winner=2),    # 2: 25
    trick(2, "C9 CA CK C10", winner=3),    # 3: 25
    trick(3, "SA SK S10 S9", winner=3),    # 4: 25
    trick(3, "HA H9 HK H9", winner=3),     # 5: 15
    trick(3, "HA HK D9 DQ", winner=2),     # 6: 18  ♦Q over ♦9 (1 and 2 void in hearts)
    trick(2, "H10 DA D9 DK", winner=2),    # 7: 25
    trick(2, "DA CQ DK D10", winner=3),    # 8: 28
    trick(3, "H10 D10 DJ CJ", winner=3),   # 9: 24
    trick(3, "SQ DJ HJ CQ", winner=2),     # 10: 10  ♣Q
    trick(2, "SQ HQ HJ SJ", winner=2),     # 11: 10
    trick(2, "HQ DQ SJ CJ", winner=2),     # 12: 10  ♥Q (contra's ♣J does not win it)
)

# Deal F: dealer 3, seat 0 leads. ♣Q: seats 0 and 3 -> re {0, 3}, contra {1, 2}.
# re 110 : contra 130, with special points on both sides (TSR 7.2.3):
#   trick 1 (42, won by re)     Doppelkopf for re
#   trick 2 (42, won by contra) Doppelkopf for contra
#   trick 6: re's ♦A (seat 0) won by contra (seat 1): fox caught by contra
#   trick 7: contra's ♦A (seat 1) won by contra (seat 2): no fox
#   trick 12: re's ♣J (seat 0) wins the last trick: Karlchen for re
DEAL_F = (
    trick(0, "CA C10 C10 CA", winner=0),   # 1: 42  seat 0's ♣A first
    trick(0, "S10 SA S10 SA", winner=1),   # 2: 42  seat 1's ♠A first
    trick(1, "CK C9 CK C9", winner=1),     # 3:  8  seat 1's ♣K first
    trick(1, "S9 SK S9 SK", winner=2),     # 4:  8  seat 2's ♠K first
    trick(2, "HA H9 HK H9", winner=2),     # 5: 15
    trick(2, "HA HK DA DQ", winner=1),     # 6: 29  ♦Q over ♦A (0 and 1 void in hearts)
    trick(1, "DA DQ DK D10", winner=2),    # 7: 28  ♦Q
    trick(2, "D10 H10 D9 H10", winner=3),  # 8: 30  seat 3's ♥10 first (5.3.3)
    trick(3, "SQ HQ SQ HQ", winner=3),     # 9: 12  seat 3's ♠Q first
    trick(3, "CQ DJ CJ HJ", winner=3),     # 10:  9  ♣Q
    trick(3, "SJ CQ HJ DJ", winner=0),     # 11:  9  ♣Q
    trick(0, "CJ DK SJ D9", winner=0),     # 12:  8  ♣J highest
)

# Deal G: deal A, but seat 0 plays ♣Q in trick 10 and seat 2 the ♦A, so seat 0 holds
# both ♣Q (a silent marriage, TSR 4.4.5); trick 11 is then led by seat 0.
DEAL_G = (
    *DEAL_A[:9],
    trick(0, "CQ HQ DA DJ", winner=0),     # 10: 19  ♣Q; seat 2's ♦A won by seat 0
    trick(0, "CQ SQ SQ HJ", winner=0),     # 11: 11  ♣Q
    DEAL_A[11],                            # 12: 18  ♥10 (seat 1)
)


def deal_a(*calls: At) -> Game:
    return Game(3, DEAL_A, calls)


def deal_b(*calls: At) -> Game:
    return Game(3, DEAL_B, calls)


def deal_c(*calls: At) -> Game:
    return Game(0, DEAL_C, calls)


def deal_d(*calls: At) -> Game:
    return Game(0, DEAL_D, calls)


def deal_e(*calls: At) -> Game:
    return Game(1, DEAL_E, calls)


def deal_f(*calls: At) -> Game:
    return Game(3, DEAL_F, calls)
