"""Announcements (re/contra) and bids (no 90 … black) under the DDV rules (TSR 6).

Counted in cards the announcer still holds (TSR 6.1.1, 6.2.2, 6.3.4): re/contra with at
least 11, no 90 with 10, no 60 with 9, no 30 with 8, black with 7. Each rule is checked
directly on :class:`AnnouncementClock` and through calls pushed onto a :class:`GameState`.
"""

from __future__ import annotations

import random

import pytest

from service.game.announcements import CONTRA, RE, AnnouncementClock
from service.game.cards import CQ, NAMES, parse_card
from service.game.check import replay
from service.game.gamestate import GameState
from service.game.rulesets import resolve
from service.game.transcript import ANNOUNCE, CARD, Event, from_dict
from service.generating.random_game import random_hands

DDV = resolve("ddv")
TOO_LATE = "announcement_too_late"

# TSR 6.2.2 and 6.3.4: the least number of cards in hand for each level.
DEADLINE = {"re": 11, "contra": 11, "no90": 10, "no60": 9, "no30": 8, "black": 7}
BIDS = ["no90", "no60", "no30", "black"]
LEVEL = {"no90": 2, "no60": 3, "no30": 4, "black": 5}
TEAM_CALL = {RE: "re", CONTRA: "contra"}


def judge(call, team, levels=(0, 0), late=(False, False), held=12):
    clock = AnnouncementClock(DDV)
    return clock.judge(call, team, list(levels), list(late), held, 4 * (12 - held))


# ---- AnnouncementClock.judge: the first announcement (TSR 6.2.2) -------------------


@pytest.mark.parametrize("team", [RE, CONTRA])
def test_first_announcement_with_eleven_cards_in_time(team):
    """DDV TSR 6.2.2: 'Re'/'Kontra' at the latest while the announcer still holds at least
    11 cards: exactly 11 is in time."""
    verdict = judge(TEAM_CALL[team], team, held=11)
    assert verdict.code is None
    assert verdict.levels == (1,)


@pytest.mark.parametrize("team", [RE, CONTRA])
def test_first_announcement_with_ten_cards_too_late(team):
    """DDV TSR 6.2.2: with only 10 cards left (one card past the free trick) re/contra is
    too late."""
    assert judge(TEAM_CALL[team], team, held=10).code == TOO_LATE


@pytest.mark.parametrize("team", [RE, CONTRA])
def test_first_announcement_before_the_first_card_in_time(team):
    """DDV TSR 6.1.2 and 6.2.2: 'mindestens' 11 cards: earlier (12 cards) is allowed."""
    assert judge(TEAM_CALL[team], team, held=12).code is None


# ---- bids (TSR 6.3.4) -----------------------------------------------------------


@pytest.mark.parametrize("team", [RE, CONTRA])
@pytest.mark.parametrize("bid", BIDS)
def test_bid_deadline_exactly_at_the_limit_in_time(team, bid):
    """DDV TSR 6.3.4: no 90 with at least 10 cards, no 60 with 9, no 30 with 8, black with 7;
    the team's lower levels already said."""
    verdict = judge(bid, team, levels=_levels(team, LEVEL[bid] - 1), held=DEADLINE[bid])
    assert verdict.code is None
    assert verdict.levels == (LEVEL[bid],)


@pytest.mark.parametrize("team", [RE, CONTRA])
@pytest.mark.parametrize("bid", BIDS)
def test_bid_one_card_late_refused(team, bid):
    """DDV TSR 6.3.4: one card fewer than the minimum is too late."""
    verdict = judge(bid, team, levels=_levels(team, LEVEL[bid] - 1), held=DEADLINE[bid] - 1)
    assert verdict.code == TOO_LATE


def _levels(team, own, other=0):
    levels = [0, 0]
    levels[team], levels[1 - team] = own, other
    return tuple(levels)


# ---- wrong team, not raising (TSR 2.4.4, 6.2.2, 6.4.7) ------------------------------


def test_contra_by_the_re_team_refused():
    """DDV TSR 6.2.2: 'Re' is said with the club queens, 'Kontra' against them: a re player
    cannot say contra."""
    assert judge("contra", RE).code == "announcement_wrong_team"


def test_re_by_the_contra_team_refused():
    """DDV TSR 6.2.2: a contra player cannot say re."""
    assert judge("re", CONTRA).code == "announcement_wrong_team"


@pytest.mark.parametrize("team", [RE, CONTRA])
def test_repeating_an_identical_announcement_refused(team):
    """DDV TSR 6.4.7: 'Eine Wiederholung identischer An- bzw. Absagen einer Partei ist nicht
    zulässig': re/contra a second time."""
    assert judge(TEAM_CALL[team], team, levels=_levels(team, 1)).code == \
        "announcement_not_raising"


@pytest.mark.parametrize("bid", BIDS)
def test_repeating_an_identical_bid_refused(bid):
    """DDV TSR 6.4.7: the same bid by the same team a second time is refused."""
    assert judge(bid, RE, levels=(LEVEL[bid], 0)).code == "announcement_not_raising"


def test_bid_below_the_teams_level_refused():
    """DDV TSR 6.4.3 and 6.4.7: a team that said no 60 already said no 90 (the skipped levels
    count); no 90 again is a repetition."""
    assert judge("no90", RE, levels=(3, 0)).code == "announcement_not_raising"


def test_both_teams_may_bid_no90():
    """DDV TSR 6.4.5: 'Es ist zulässig, dass beide Parteien „keine 90" ... absagen.'"""
    verdict = judge("no90", CONTRA, levels=(2, 1), held=10)
    assert verdict.code is None


# ---- skipping levels (TSR 6.3.2, 6.4.3) -------------------------------------------


def test_skip_from_nothing_to_black_while_all_in_time():
    """DDV TSR 6.4.3: while the first announcement is in time, any number of levels may be
    skipped and all count: 'schwarz' with 11 cards makes re, no 90, no 60, no 30, black."""
    verdict = judge("black", RE, held=11)
    assert verdict.code is None
    assert verdict.levels == (1, 2, 3, 4, 5)


def test_skip_over_the_first_announcement_in_time():
    """DDV TSR 6.3.2 with 6.4.3: a bid needs the team's first announcement; it may be made
    by skipping: no 90 with 11 cards also says re."""
    assert judge("no90", RE, held=11).levels == (1, 2)


def test_skip_over_a_late_first_announcement_refused():
    """DDV TSR 6.4.3: 'unzulässig, eine unterlassene An- bzw. Absage nach dem
    spätestmöglichen Zeitpunkt durch die nächste Absage nachzuholen': no 90 with 10 cards
    and no re said before is refused, though no 90 alone would still be in time."""
    assert judge("no90", RE, held=10).code == TOO_LATE


def test_skip_over_an_in_time_bid_allowed():
    """DDV TSR 6.4.3: after re, no 60 with 10 cards skips no 90, still in time with 10."""
    verdict = judge("no60", RE, levels=(1, 0), held=10)
    assert verdict.code is None
    assert verdict.levels == (2, 3)


def test_skip_over_a_late_bid_refused():
    """DDV TSR 6.4.3: after re, no 60 with 9 cards would skip no 90, late with 9: refused."""
    assert judge("no60", RE, levels=(1, 0), held=9).code == TOO_LATE


def test_skip_two_bids_at_the_last_moment_of_the_lowest():
    """DDV TSR 6.4.3: after no 90, black with 9 cards skips no 60 (in time with 9) and no 30
    (8): allowed; with 8 cards no 60 is late and black refused."""
    assert judge("black", CONTRA, levels=(0, 2), held=9).levels == (3, 4, 5)
    assert judge("black", CONTRA, levels=(0, 2), held=8).code == TOO_LATE


# ---- the reply (TSR 6.4.4) --------------------------------------------------------


@pytest.mark.parametrize("team", [RE, CONTRA])
@pytest.mark.parametrize(("opponents", "needed"), [
    (1, 11), (2, 10), (3, 9), (4, 8), (5, 7)])
def test_reply_with_one_card_fewer_in_time(team, opponents, needed):
    """DDV TSR 6.4.4: a reply is allowed with one card fewer than the opponents needed for
    their announcement or bid (re 11, no 90 10, no 60 9, no 30 8, black 7)."""
    verdict = judge(TEAM_CALL[team], team, levels=_levels(team, 0, opponents),
                    held=needed - 1)
    assert verdict.code is None
    assert verdict.levels == (1,)


@pytest.mark.parametrize("team", [RE, CONTRA])
@pytest.mark.parametrize(("opponents", "needed"), [
    (1, 11), (2, 10), (3, 9), (4, 8), (5, 7)])
def test_reply_two_cards_fewer_too_late(team, opponents, needed):
    """DDV TSR 6.4.4: only one card fewer: two cards fewer is too late."""
    verdict = judge(TEAM_CALL[team], team, levels=_levels(team, 0, opponents),
                    held=needed - 2)
    assert verdict.code == TOO_LATE


def test_no_reply_without_an_opponents_announcement():
    """DDV TSR 6.4.4: a reply answers an announcement; without one, contra with 10 cards is
    simply too late (TSR 6.2.2)."""
    assert judge("contra", CONTRA, levels=(0, 0), held=10).code == TOO_LATE


def test_reply_is_only_re_or_contra():
    """DDV TSR 6.4.4: 'Als Erwiderung ist nur „Kontra" ... bzw. „Re" ... zulässig': after
    re's no 90, contra may reply 'contra' with 9 cards, not 'no 90'."""
    assert judge("contra", CONTRA, levels=(2, 0), held=9).code is None
    assert judge("no90", CONTRA, levels=(2, 0), held=9).code == TOO_LATE


def test_bid_after_a_late_reply_refused():
    """DDV TSR 6.4.4: a bid after the reply only if the reply would have been in time as a
    first announcement; a reply with 10 cards was not, so no 90 (10 cards) is refused."""
    verdict = judge("no90", CONTRA, levels=(1, 1), late=(False, True), held=10)
    assert verdict.code == TOO_LATE


def test_bid_after_a_timely_reply_allowed():
    """DDV TSR 6.4.4: a reply made with 11 cards was in time as a first announcement; no 90
    with 10 cards follows it."""
    verdict = judge("no90", CONTRA, levels=(1, 1), late=(False, False), held=10)
    assert verdict.code is None


# ---- the same rules through a game state ------------------------------------------


def _healthy_deal() -> list[list[str]]:
    """A deal in which no seat holds both ♣Q (a normal game, TSR 2.4.4)."""
    seed = 0
    while True:
        hands = random_hands(random.Random(seed))
        if all(hand.count("CQ") < 2 for hand in hands):
            return hands
        seed += 1


HANDS = _healthy_deal()
RE_SEATS = [s for s in range(4) if "CQ" in HANDS[s]]  # TSR 2.4.4
CONTRA_SEATS = [s for s in range(4) if s not in RE_SEATS]
SEATS = {RE: RE_SEATS, CONTRA: CONTRA_SEATS}


def new_game() -> GameState:
    data = {"dealer": 0, "hands": HANDS, "game": {"type": "normal"}, "play": [],
            "reservations": [{"seat": s, "reservation": "healthy"} for s in (1, 2, 3, 0)]}
    state, violations, _ = replay(from_dict(data, DDV))
    assert violations == []
    assert [s for s in range(4) if state.team(s) == RE] == RE_SEATS
    assert parse_card("CQ") == CQ
    return state


def play_to(state: GameState, seat: int, held: int, *, last: bool) -> None:
    """Play legal cards until ``seat`` holds ``held`` cards: the last moment it does (just
    before its next card) or the first (just after its card)."""
    while not (state.held_count(seat) == held and (state.to_play == seat or not last)):
        assert state.held_count(seat) >= held
        who = state.to_play
        card = state.legal_cards(who)[0]
        state.push(len(state.tricks) * 4, Event(who, CARD, NAMES[card], card))


def say(state: GameState, seat: int, call: str) -> list[str]:
    """Push a call; the codes of the violations it caused."""
    before = len(state.violations)
    state.push(99, Event(seat, ANNOUNCE, call))
    return [v.code for v in state.violations[before:]]


@pytest.mark.parametrize("team", [RE, CONTRA])
def test_pushed_first_announcement_at_eleven_cards_accepted(team):
    """DDV TSR 6.2.2: the last moment a seat holds 11 cards (its turn in trick 2) is in time."""
    state = new_game()
    seat = SEATS[team][1]
    play_to(state, seat, 11, last=True)
    assert say(state, seat, TEAM_CALL[team]) == []
    assert state.levels[team] == 1
    assert state.calls[-1].call == TEAM_CALL[team]


@pytest.mark.parametrize("team", [RE, CONTRA])
def test_pushed_first_announcement_at_ten_cards_refused(team):
    """DDV TSR 6.2.2: right after the seat's second card (10 held) it is too late."""
    state = new_game()
    seat = SEATS[team][0]
    play_to(state, seat, 10, last=False)
    assert say(state, seat, TEAM_CALL[team]) == [TOO_LATE]
    assert state.levels[team] == 0
    assert state.calls == []


@pytest.mark.parametrize("bid", BIDS)
def test_pushed_bid_exactly_at_the_limit_accepted(bid):
    """DDV TSR 6.3.4: a bid at the last moment its seat holds the minimum; the lower levels
    said by the partner before the first card (the team's levels count, TSR 6.3.2)."""
    state = new_game()
    partner, seat = RE_SEATS
    for call in ["re", *BIDS[:BIDS.index(bid)]]:
        assert say(state, partner, call) == []
    play_to(state, seat, DEADLINE[bid], last=True)
    assert say(state, seat, bid) == []
    assert state.levels[RE] == LEVEL[bid]


@pytest.mark.parametrize("bid", BIDS)
def test_pushed_bid_one_card_late_refused(bid):
    """DDV TSR 6.3.4: with one card fewer than the minimum the bid is refused."""
    state = new_game()
    partner, seat = CONTRA_SEATS
    for call in ["contra", *BIDS[:BIDS.index(bid)]]:
        assert say(state, partner, call) == []
    play_to(state, seat, DEADLINE[bid] - 1, last=False)
    assert say(state, seat, bid) == [TOO_LATE]
    assert state.levels[CONTRA] == LEVEL[bid] - 1


def test_pushed_call_of_the_wrong_team_refused():
    """DDV TSR 6.2.2: a contra player saying 're' (and a re player 'contra') is refused."""
    state = new_game()
    assert say(state, CONTRA_SEATS[0], "re") == ["announcement_wrong_team"]
    assert say(state, RE_SEATS[0], "contra") == ["announcement_wrong_team"]
    assert state.levels == [0, 0]


def test_pushed_repetition_by_the_partner_refused():
    """DDV TSR 6.4.7: an identical announcement of the same team (here by the partner) is
    not allowed."""
    state = new_game()
    assert say(state, RE_SEATS[0], "re") == []
    assert say(state, RE_SEATS[1], "re") == ["announcement_not_raising"]
    assert say(state, RE_SEATS[1], "no90") == []
    assert say(state, RE_SEATS[0], "no90") == ["announcement_not_raising"]


def test_pushed_unknown_call_refused():
    """DDV TSR 6: the calls are re, contra, no 90, no 60, no 30, black; nothing else."""
    state = new_game()
    assert say(state, 0, "no120") == ["announcement_not_allowed"]


def test_pushed_call_out_of_turn_allowed():
    """DDV TSR 6.4.1: an announcement is allowed when it is not the announcer's turn to play."""
    state = new_game()
    seat = next(s for s in CONTRA_SEATS if s != state.to_play)
    assert say(state, seat, "contra") == []


def test_pushed_skip_over_in_time_levels_accepted():
    """DDV TSR 6.4.3: no 60 with 11 cards and nothing said makes re, no 90 and no 60."""
    state = new_game()
    seat = RE_SEATS[0]
    play_to(state, seat, 11, last=True)
    assert say(state, seat, "no60") == []
    assert state.levels[RE] == 3
    assert state.calls[-1].implied == ("re", "no90")


def test_pushed_skip_over_a_late_level_refused():
    """DDV TSR 6.4.3: no 90 with 10 cards and no re before: re cannot be made up for."""
    state = new_game()
    seat = RE_SEATS[0]
    play_to(state, seat, 10, last=True)
    assert say(state, seat, "no90") == [TOO_LATE]
    assert state.levels[RE] == 0


def test_pushed_skip_over_a_late_bid_refused():
    """DDV TSR 6.4.3: after contra, no 60 with 9 cards skips no 90 (needs 10): refused; no 60
    with 10 cards would have been allowed."""
    state = new_game()
    seat = CONTRA_SEATS[0]
    assert say(state, seat, "contra") == []
    play_to(state, seat, 9, last=True)
    assert say(state, seat, "no60") == [TOO_LATE]
    assert state.levels[CONTRA] == 1


@pytest.mark.parametrize("team", [RE, CONTRA])
def test_pushed_reply_one_card_later_accepted(team):
    """DDV TSR 6.4.4: after the opponents' first announcement, the reply with 10 cards."""
    state = new_game()
    assert say(state, SEATS[1 - team][0], TEAM_CALL[1 - team]) == []
    seat = SEATS[team][0]
    play_to(state, seat, 10, last=True)
    assert state.legal_calls(seat) == [TEAM_CALL[team]]
    assert say(state, seat, TEAM_CALL[team]) == []
    assert state.levels[team] == 1


@pytest.mark.parametrize("team", [RE, CONTRA])
def test_pushed_reply_two_cards_later_refused(team):
    """DDV TSR 6.4.4: the reply with 9 cards to a re/contra (which needed 11) is too late."""
    state = new_game()
    assert say(state, SEATS[1 - team][0], TEAM_CALL[1 - team]) == []
    seat = SEATS[team][0]
    play_to(state, seat, 9, last=False)
    assert say(state, seat, TEAM_CALL[team]) == [TOO_LATE]


def test_pushed_reply_to_a_bid_one_card_later():
    """DDV TSR 6.4.4: re said no 90 (needs 10): contra's reply is in time with 9 cards, too
    late with 8."""
    state = new_game()
    assert say(state, RE_SEATS[0], "no90") == []
    early, late = CONTRA_SEATS
    play_to(state, early, 9, last=True)
    assert say(state, early, "contra") == []
    state = new_game()
    assert say(state, RE_SEATS[0], "no90") == []
    play_to(state, late, 8, last=False)
    assert say(state, late, "contra") == [TOO_LATE]


def test_pushed_bid_after_a_late_reply_refused():
    """DDV TSR 6.4.4: contra replied with 10 cards (too late as a first announcement), so a
    contra no 90 is refused: by the replying seat with 10 cards (no 90 itself would be in time)
    and by its partner still holding 11."""
    state = new_game()
    assert say(state, RE_SEATS[0], "re") == []
    for _ in range(4):  # the first trick
        who = state.to_play
        card = state.legal_cards(who)[0]
        state.push(0, Event(who, CARD, NAMES[card], card))
    trick_two = [(state.leader + i) % 4 for i in range(4)]
    seat, partner = (s for s in trick_two if s in CONTRA_SEATS)
    play_to(state, seat, 10, last=False)
    assert state.held_count(partner) == 11
    assert say(state, seat, "contra") == []
    assert say(state, seat, "no90") == [TOO_LATE]
    assert say(state, partner, "no90") == [TOO_LATE]
    assert state.levels[CONTRA] == 1


def test_pushed_bid_after_a_timely_reply_allowed():
    """DDV TSR 6.4.4: contra answered re with 11 cards (in time as a first announcement);
    its no 90 with 10 cards is allowed."""
    state = new_game()
    assert say(state, RE_SEATS[0], "re") == []
    seat = CONTRA_SEATS[0]
    play_to(state, seat, 11, last=True)
    assert say(state, seat, "contra") == []
    play_to(state, seat, 10, last=True)
    assert say(state, seat, "no90") == []
    assert state.levels[CONTRA] == 2


def test_pushed_calls_after_the_last_black_deadline_none_legal():
    """DDV TSR 6.2.2 and 6.3.4: with 6 cards in hand and nothing said no call is in time."""
    state = new_game()
    seat = RE_SEATS[0]
    play_to(state, seat, 6, last=True)
    assert state.legal_calls(seat) == []
    assert say(state, seat, "re") == [TOO_LATE]


# ---- the announced marriage (TSR 4.4.3, 4.4.4, 6.4.2) ------------------------------

BRIDE_HANDS = [
    ["CQ", "CQ", "H10", "H10", "SQ", "SQ", "HQ", "HQ", "DQ", "DQ", "C9", "S9"],
    ["CA", "CA", "C10", "C10", "CK", "CK", "CJ", "DJ", "D9", "D9", "HA", "HA"],
    ["SA", "SA", "S10", "S10", "SK", "SK", "SJ", "SJ", "S9", "HK", "HK", "C9"],
    ["CJ", "HJ", "HJ", "DJ", "DA", "DA", "D10", "D10", "DK", "DK", "H9", "H9"],
]
BRIDE_WINS = ["H10", "D9", "SJ", "DK"]  # seat 0 leads ♥10 and takes the trick
CLUB_TO_SEAT_1 = ["C9", "CA", "C9", "H9"]  # seat 0 leads ♣9, seat 1 takes it with the ♣A
TRUMP_TO_BRIDE = ["CQ", "DJ", "SK", "DA"]  # seat 0 leads ♣Q; nobody beats it


def marriage(tricks: list[list[str]]) -> GameState:
    """A marriage of seat 0 (dealer 3, so seat 0 leads); the given tricks, led by seat 0."""
    play = [{"seat": seat, "card": card} for trick in tricks for seat, card in enumerate(trick)]
    data = {"dealer": 3, "hands": BRIDE_HANDS, "play": play,
            "reservations": [{"seat": 0, "reservation": "marriage"}]
            + [{"seat": s, "reservation": "healthy"} for s in (1, 2, 3)],
            "game": {"type": "marriage", "declarer": 0, "partner_rule": {"trick": "any"}}}
    state, violations, _ = replay(from_dict(data, DDV))
    assert violations == [] and state.violations == []
    return state


def test_marriage_no_announcement_before_the_deciding_trick():
    """DDV TSR 4.4.4 and 6.4.2: 'Eine Erstansage ist immer erst nach Beendigung des
    Klärungsstiches erlaubt': before the first card, and after an undeciding first trick,
    re and contra are refused (though the seats hold 12 and 11 cards)."""
    early = ["announcement_too_early"]
    state = marriage([])
    assert say(state, 0, "re") == early
    assert say(state, 2, "contra") == early
    state = marriage([BRIDE_WINS])
    assert say(state, 0, "re") == early
    assert say(state, 3, "contra") == early
    assert state.levels == [0, 0]


def test_marriage_decided_in_the_first_trick_deadlines_unchanged():
    """DDV TSR 4.4.3 a) and 6.4.2: the first trick decides (seat 1 takes it): deadlines as in
    TSR 6.2.2: re with 11 cards in time, contra with 10 late."""
    state = marriage([CLUB_TO_SEAT_1])
    assert [state.team(s) for s in range(4)] == [RE, RE, CONTRA, CONTRA]
    play_to(state, 1, 11, last=True)
    assert say(state, 1, "re") == []
    state = marriage([CLUB_TO_SEAT_1])  # no re said: contra is no reply
    play_to(state, 2, 10, last=False)
    assert say(state, 2, "contra") == [TOO_LATE]


def test_marriage_decided_in_the_second_trick_one_card_later():
    """DDV TSR 6.4.2: the second trick decides: every deadline one card later: re/contra
    with 10 cards in time, with 9 late; no 90 with 9 in time."""
    state = marriage([BRIDE_WINS, CLUB_TO_SEAT_1])
    assert [state.team(s) for s in range(4)] == [RE, RE, CONTRA, CONTRA]
    play_to(state, 0, 10, last=True)
    assert say(state, 0, "re") == []
    play_to(state, 0, 9, last=True)
    assert say(state, 0, "no90") == []
    state = marriage([BRIDE_WINS, CLUB_TO_SEAT_1])  # no re said: contra is no reply
    play_to(state, 2, 9, last=False)
    assert say(state, 2, "contra") == [TOO_LATE]


def test_marriage_decided_in_the_third_trick_two_cards_later():
    """DDV TSR 6.4.2: the third trick decides: every deadline two cards later: re/contra
    with 9 cards in time, with 8 late."""
    state = marriage([BRIDE_WINS, BRIDE_WINS, CLUB_TO_SEAT_1])
    assert [state.team(s) for s in range(4)] == [RE, RE, CONTRA, CONTRA]
    play_to(state, 3, 9, last=True)
    assert say(state, 3, "contra") == []
    state = marriage([BRIDE_WINS, BRIDE_WINS, CLUB_TO_SEAT_1])  # no contra said
    play_to(state, 1, 8, last=False)
    assert say(state, 1, "re") == [TOO_LATE]


def test_marriage_bride_takes_three_tricks_plays_alone_two_cards_later():
    """DDV TSR 4.4.3 b) and 6.4.2: the bride takes the first three tricks: she plays alone
    (re) against three, the third trick counts as deciding: re/contra with 9 cards in time,
    with 8 late."""
    state = marriage([BRIDE_WINS, BRIDE_WINS, TRUMP_TO_BRIDE])
    assert [state.team(s) for s in range(4)] == [RE, CONTRA, CONTRA, CONTRA]
    play_to(state, 0, 9, last=True)
    assert say(state, 0, "re") == []
    play_to(state, 2, 9, last=True)
    assert say(state, 2, "contra") == []
    state = marriage([BRIDE_WINS, BRIDE_WINS, TRUMP_TO_BRIDE])
    play_to(state, 1, 8, last=False)
    assert say(state, 1, "contra") == [TOO_LATE]
