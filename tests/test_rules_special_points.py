"""Special points and their variants, each on a finished game built trick by trick.

DDV TSR 7.2.3 lists against the club queens, Doppelkopf, fox caught and Karlchen; the
FreeDoko seed (002, section 10.2) adds the optional ones: double Karlchen, Karlchen
caught, fox in the last trick (and double fox), Dollen beating and the heart trick.
"""

from __future__ import annotations

from service.game.announcements import CONTRA, RE
from service.game.cards import parse_card
from service.game.deal import Deal
from service.game.gamestate import GameState, Trick
from service.game.rulesets import resolve
from service.game.scoring import outcome
from service.game.setup import Setup

ALL_SPECIALS = ["doppelkopf", "fox_caught", "karlchen_last_trick", "karlchen_caught",
                "double_karlchen", "fox_last_trick", "double_fox_last_trick",
                "dollen_beat_dollen", "heart_trick"]
FILLER = tuple(parse_card(c) for c in ("C9", "C9", "S9", "S9"))  # 0 points, no specials
TEAMS = (RE, CONTRA, RE, CONTRA)  # seats 0 and 2 re, 1 and 3 contra


def _state(specials: list[str], last: tuple[tuple[int, str], ...], winner: int,
           winning: str, middle: tuple[tuple[int, str], ...] | None = None,
           middle_winner: int = 0, middle_winning: str = "C9") -> GameState:
    """A finished game: ten empty tricks, an optional trick 11 and the last trick, each
    given as (seat, card) in play order; ``winner`` took the last trick with ``winning``."""
    ruleset = resolve({"preset": "ddv", "options": {"special_points": specials}})
    state = GameState(ruleset, Deal(3, ((),) * 4, 12), Setup("normal", "normal", TEAMS, 0))
    for _ in range(10):
        state.tricks.append(Trick(0, (0, 1, 2, 3), FILLER, 0, FILLER[0], 0, 0))
    for cards, taker, card in ((middle, middle_winner, middle_winning), (last, winner, winning)):
        if cards is None:
            state.tricks.append(Trick(0, (0, 1, 2, 3), FILLER, 0, FILLER[0], 0, 0))
            continue
        codes = tuple(parse_card(c) for _, c in cards)
        points = sum((11, 10, 4, 3, 2, 0)[c % 6] for c in codes)
        state.tricks.append(Trick(cards[0][0], tuple(s for s, _ in cards), codes, taker,
                                  parse_card(card), points, 0))
    return state


def _specials(state: GameState) -> list[tuple[str, str, int]]:
    items = outcome(state).score.items
    return sorted((i.code, i.team, i.points) for i in items if i.trick is not None)


def test_karlchen_wins_last_trick_one_point():
    """DDV TSR 7.2.3: the ♣J (Karlchen) takes the last trick: 1 for its team."""
    state = _state(ALL_SPECIALS, ((0, "CJ"), (1, "C9"), (2, "S9"), (3, "H9")), 0, "CJ")
    assert _specials(state) == [("karlchen_last_trick", "re", 1)]


def test_double_karlchen_both_jacks_of_one_team_two_points():
    """Seed 002, 10.2: 'double Charly: both ♣jacks of one team are winning the last
    trick': 2 special points (instead of 1)."""
    state = _state(ALL_SPECIALS, ((0, "CJ"), (1, "C9"), (2, "CJ"), (3, "H9")), 0, "CJ")
    assert _specials(state) == [("double_karlchen", "re", 2)]
    without = _state(["karlchen_last_trick"], ((0, "CJ"), (1, "C9"), (2, "CJ"), (3, "H9")),
                     0, "CJ")
    assert _specials(without) == [("karlchen_last_trick", "re", 1)]


def test_karlchen_caught_by_the_opponents():
    """Seed 002, 10.2: 'catching Charly: the ♣jack is jabbed from the opposing team in the
    last trick': 1 for the catching team; both caught, with the separate option for both
    ('2 special points for catching both Charlies') not listed: still 1."""
    state = _state(ALL_SPECIALS, ((0, "CJ"), (1, "CQ"), (2, "S9"), (3, "C9")), 1, "CQ")
    assert _specials(state) == [("karlchen_caught", "contra", 1)]
    both = _state(ALL_SPECIALS, ((0, "CJ"), (1, "CQ"), (2, "CJ"), (3, "C9")), 1, "CQ")
    assert _specials(both) == [("karlchen_caught", "contra", 1)]


def test_double_karlchen_caught_both_jacks_caught_two_points():
    """Seed 002, 10.2: 'optional 2 special points for catching both Charlies: if both
    ♣jacks are jabbed in the last trick by the opposing team': 2 instead of the 1 for
    catching Charly; one ♣J caught stays 1."""
    specials = [*ALL_SPECIALS, "double_karlchen_caught"]
    both = _state(specials, ((0, "CJ"), (1, "CQ"), (2, "CJ"), (3, "C9")), 1, "CQ")
    assert _specials(both) == [("double_karlchen_caught", "contra", 2)]
    one = _state(specials, ((0, "CJ"), (1, "CQ"), (2, "S9"), (3, "C9")), 1, "CQ")
    assert _specials(one) == [("karlchen_caught", "contra", 1)]


def test_double_karlchen_caught_alone_counts_only_both():
    """Seed 002, 10.2 lists the two as separate options: a ruleset with only 'catching both
    Charlies' scores 2 for both ♣J caught and nothing for one (as double_karlchen without
    karlchen_last_trick)."""
    both = _state(["double_karlchen_caught"], ((0, "CJ"), (1, "CQ"), (2, "CJ"), (3, "C9")),
                  1, "CQ")
    assert _specials(both) == [("double_karlchen_caught", "contra", 2)]
    one = _state(["double_karlchen_caught"], ((0, "CJ"), (1, "CQ"), (2, "S9"), (3, "C9")),
                 1, "CQ")
    assert _specials(one) == []


def test_a_club_jack_of_the_winning_team_is_not_caught():
    """Seed 002, 10.2: caught is a ♣J 'jabbed from the opposing team': re's ♣J in a trick
    re wins (seat 2 takes it with ♣Q) is not caught, contra's is: 1."""
    state = _state([*ALL_SPECIALS, "double_karlchen_caught"],
                   ((0, "CJ"), (1, "CJ"), (2, "CQ"), (3, "C9")), 2, "CQ")
    assert _specials(state) == [("karlchen_caught", "re", 1)]


def test_fox_wins_last_trick_and_double_fox():
    """Seed 002, 10.2: 'fox in the last trick: the last trick is won with ♦ace (no Swine)':
    1; 'double fox': both ♦aces of one team win it: 2."""
    state = _state(ALL_SPECIALS, ((0, "DA"), (1, "D9"), (2, "DK"), (3, "D10")), 0, "DA")
    assert _specials(state) == [("fox_last_trick", "re", 1)]
    double = _state(ALL_SPECIALS, ((0, "DA"), (1, "D9"), (2, "DA"), (3, "D10")), 0, "DA")
    assert _specials(double) == [("double_fox_last_trick", "re", 2)]
    single_rule = _state(["fox_last_trick"], ((0, "DA"), (1, "D9"), (2, "DA"), (3, "D10")),
                         0, "DA")
    assert _specials(single_rule) == [("fox_last_trick", "re", 1)]


def test_fox_caught_counts_the_opponents_fox_only():
    """DDV TSR 7.2.3: a ♦A of the opposing team caught: 1 per fox; the own fox nothing."""
    middle = ((0, "DA"), (1, "DA"), (2, "D9"), (3, "DJ"))
    state = _state(["fox_caught"], ((0, "C9"), (1, "C9"), (2, "S9"), (3, "S9")), 0, "C9",
                   middle, 3, "DJ")
    assert _specials(state) == [("fox_caught", "contra", 1)]


def test_dollen_beating_second_heart_ten_takes_the_first():
    """Seed 002, 10.2: 'Dollen beating, if one ♥ten jabs the other': 1 for the team of the
    second ♥10 when it takes the trick (the second_wins order)."""
    middle = ((0, "H10"), (1, "H10"), (2, "D9"), (3, "DJ"))
    state = _state(["dollen_beat_dollen"], ((0, "C9"), (1, "C9"), (2, "S9"), (3, "S9")), 0,
                   "C9", middle, 1, "H10")
    assert _specials(state) == [("dollen_beat_dollen", "contra", 1)]
    first_keeps = _state(["dollen_beat_dollen"], ((0, "C9"), (1, "C9"), (2, "S9"), (3, "S9")),
                         0, "C9", middle, 0, "H10")
    assert _specials(first_keeps) == []


def test_heart_trick_not_trumped_one_point():
    """Seed 002, 10.2: 'a not jabbed trick of ♥': four plain hearts, 1 for its winner."""
    middle = ((0, "HA"), (1, "HK"), (2, "H9"), (3, "HA"))
    state = _state(["heart_trick"], ((0, "C9"), (1, "C9"), (2, "S9"), (3, "S9")), 0, "C9",
                   middle, 0, "HA")
    assert _specials(state) == [("heart_trick", "re", 1)]
    trumped = ((0, "HA"), (1, "HK"), (2, "H9"), (3, "DJ"))
    state = _state(["heart_trick"], ((0, "C9"), (1, "C9"), (2, "S9"), (3, "S9")), 0, "C9",
                   trumped, 3, "DJ")
    assert _specials(state) == []


def test_heart_trick_has_no_trump_in_it():
    """FreeDoko (src/card/trick.cpp, EXTRAPOINT_HEART_TRICK: every card's tcolor is HEART)
    counts four cards of the heart suit that are not trumps of the game. In a normal game
    the ♥J and ♥Q are trumps (DDV TSR 2.2: the queens and jacks), and the ♥10 with
    dollen: ♥9 ♥K ♥J ♥A is no heart trick (the ♥J, a trump, takes it), nor ♥A ♥Q ♥9 ♥K;
    without dollen the ♥10 is a plain heart and ♥A ♥10 ♥9 ♥K is one."""
    last = ((0, "C9"), (1, "C9"), (2, "S9"), (3, "S9"))
    with_jack = ((0, "H9"), (1, "HK"), (2, "HJ"), (3, "HA"))
    assert _specials(_state(["heart_trick"], last, 0, "C9", with_jack, 2, "HJ")) == []
    with_queen = ((0, "HA"), (1, "HQ"), (2, "H9"), (3, "HK"))
    assert _specials(_state(["heart_trick"], last, 0, "C9", with_queen, 1, "HQ")) == []
    ten = ((0, "HA"), (1, "H10"), (2, "H9"), (3, "HK"))
    state = _state(["heart_trick"], last, 0, "C9", ten, 1, "H10")
    assert _specials(state) == []
    plain_ten = GameState(resolve({"preset": "ddv", "options": {
        "special_points": ["heart_trick"], "dollen": False}}), state.deal, state.setup)
    plain_ten.tricks.extend(state.tricks)
    plain_ten.tricks[-2] = plain_ten.tricks[-2]._replace(winner=0, winning_card=parse_card("HA"))
    assert _specials(plain_ten) == [("heart_trick", "re", 1)]


def test_heart_trick_is_judged_by_each_game_s_trumps():
    """The heart trick by the game's own trumps (FreeDoko, tcolor): in a hearts solo every
    heart is a trump, so no trick is one, ♥J and ♥Q or not; in a jacks solo the ♥Q is a
    plain heart and ♥9 ♥Q ♥K ♥A is one, while ♥9 ♥J ♥K ♥A is not; in a queens solo the
    ♥J is plain."""
    from service.game.ranking import order_for

    def cards(*names: str) -> list[int | None]:
        return [parse_card(n) for n in names]

    normal = order_for("normal")
    assert normal.heart_trick(cards("H9", "HK", "HA", "HA"))
    assert not normal.heart_trick(cards("H9", "HK", "HJ", "HA"))
    assert not normal.heart_trick(cards("H9", "HQ", "HK", "HA"))
    hearts = order_for("hearts")
    assert not hearts.heart_trick(cards("H9", "HK", "HA", "HA"))
    assert not hearts.heart_trick(cards("H9", "HQ", "HJ", "HA"))
    assert order_for("jacks").heart_trick(cards("H9", "HQ", "HK", "HA"))
    assert not order_for("jacks").heart_trick(cards("H9", "HJ", "HK", "HA"))
    assert order_for("queens").heart_trick(cards("H9", "HJ", "HK", "HA"))
    assert not normal.heart_trick([*cards("H9", "HK", "HA"), None])  # an unknown card


def test_doppelkopf_forty_points_in_one_trick():
    """DDV TSR 7.2.3: Doppelkopf, a trick with 40 or more points: 1 for its winner."""
    middle = ((0, "HA"), (1, "HA"), (2, "SA"), (3, "H10"))
    state = _state(["doppelkopf"], ((0, "C9"), (1, "C9"), (2, "S9"), (3, "S9")), 0, "C9",
                   middle, 3, "H10")
    assert _specials(state) == [("doppelkopf", "contra", 1)]
