"""The ddv preset, resolving rulesets, refusing bad options, and following suit.

Preset values are compared with the DDV Turnier-Spielregeln (TSR); following suit with
TSR 5.2 (trump is a suit of its own).
"""

from __future__ import annotations

import pytest

from service.game.announcements import CONTRA, RE
from service.game.cards import NAMES, parse_card
from service.game.deal import Deal, read_deal
from service.game.gamestate import GameState
from service.game.options import CATALOGUE, Ruleset
from service.game.rulesets import RulesetError, presets, resolve
from service.game.setup import Setup, game_setup
from service.game.transcript import CARD, Event, from_dict

DDV = resolve("ddv")


# ---- the ddv preset -------------------------------------------------------------


def test_ddv_preset_has_every_catalogue_option_with_a_source():
    """DDV preset (design/rulesets.md): every option of the catalogue has a value and a
    source in the TSR (or says why it is unused)."""
    preset = presets()["ddv"]
    assert set(preset.sources) == set(CATALOGUE)
    for name, source in preset.sources.items():
        assert isinstance(source, str) and source.strip(), name
        assert "TSR" in source, f"{name}: {source!r} cites no TSR section"
    # Besides the options: the id and two values derived once (rulesets._build).
    assert set(CATALOGUE) | {"id", "digest", "deadlines_note"} == set(
        Ruleset.__dataclass_fields__)


@pytest.mark.parametrize(("option", "expected"), [
    ("with_nines", True),  # TSR 2.2.1: 48 cards
    ("dollen", True),  # TSR 2.3.4: ♥10 the highest trump
    ("dollen_order", "first_wins"),  # TSR 5.3.3: 'Dies gilt auch für die Herz 10'
    ("dollen_last_trick_reversed", False),  # TSR 5.3.3: no exception
    ("swines", "none"),  # TSR 2.3.4: the trump order has no swines
    ("hyperswines", "none"),
    ("swines_in_color_solo", False),
    ("swines_in_poverty", False),
    ("solos", ("diamonds", "hearts", "spades", "clubs", "queens", "jacks", "meatless")),
    ("solo_precedence", "seat"),  # TSR 4.1.7
    ("soloist_leads", "duty_only"),  # TSR 4.2.2, 4.3.1
    ("reservation_priority", ("duty_solo", "lust_solo", "marriage")),  # TSR 4.1.5
    ("marriage_partner_rules", ("any",)),  # TSR 4.4.3 a)
    ("marriage_nth_allowed", False),  # TSR 4.4.3 a)
    ("marriage_deciding_tricks", 3),  # TSR 4.4.3 a), b)
    ("poverty", "none"),  # TSR 4.1.5 lists none
    ("throw", ()),  # TSR 9.1.3
    ("announcement_clock", "hand"),  # TSR 6.2.2: cards in the hand
    ("announcement_deadlines", (11, 10, 9, 8, 7)),  # TSR 6.2.2, 6.3.4
    ("announcement_reply", "one_card"),  # TSR 6.4.4
    ("announcement_skip", "in_time_levels"),  # TSR 6.4.3
    ("marriage_shifts_deadlines", True),  # TSR 6.4.2
    ("re_or_contra_before_partner", False),  # TSR 4.4.4, 6.4.2
    ("re_contra_scoring", "add_2"),  # TSR 7.2.2: re +2, kontra +2
    ("re_needs_121_against_lone_contra", False),  # TSR 7.1.1 no. 4
    ("early_announcement_bonus", False),  # TSR 6.1.2
    ("before_first_card_bonus", False),  # TSR 7.2
    ("solo_bonus", False),  # TSR 7.2
    ("special_points_in", ("normal",)),  # TSR 7.2.3, 7.2.4
    ("counting", "plus_minus"),  # TSR 7.2.2
    ("solo_multiplier", 3),  # TSR 7.2.4: 'verdreifacht'
    ("games_per_round", 24),  # TSR 8.5.1
    ("duty_solos_per_player", 1),  # TSR 8.6
    ("bock_rounds", False),
])
def test_ddv_preset_value_follows_the_tsr(option, expected):
    """DDV TSR (section in the parameter's comment): the ddv preset's value of the option."""
    assert getattr(DDV, option) == expected


def test_ddv_preset_special_points_are_the_four_of_the_tsr():
    """DDV TSR 7.2.3: against the club queens, Doppelkopf, fox caught, Karlchen last trick."""
    assert set(DDV.special_points) == {"against_club_queens", "doppelkopf", "fox_caught",
                                       "karlchen_last_trick"}


def test_ddv_preset_solos_are_the_kinds_of_tsr_2_3_3():
    """DDV TSR 2.3.3: Farbsolo (four suits), Damensolo, Bubensolo, Fleischloser; no others."""
    assert set(DDV.solos) == {"diamonds", "hearts", "spades", "clubs", "queens", "jacks",
                              "meatless"}


# ---- resolve --------------------------------------------------------------------


def test_resolve_preset_by_id():
    """Resolving the preset id gives the preset's ruleset, every option set."""
    assert isinstance(DDV, Ruleset)
    assert DDV.id == "ddv"
    assert presets()["ddv"].ruleset == DDV
    assert resolve({"preset": "ddv"}) == DDV
    assert resolve({"preset": "ddv", "options": {}}) == DDV


def test_resolve_custom_overrides_only_the_named_options():
    """A custom ruleset: the preset with the named options replaced, the rest unchanged."""
    custom = resolve({"preset": "ddv", "options": {
        "with_nines": False, "dollen_order": "second_wins",
        "announcement_deadlines": [11, 9, 6, 3, 3]}})
    assert custom.id == "ddv+custom"
    assert custom.with_nines is False
    assert custom.dollen_order == "second_wins"
    assert custom.announcement_deadlines == (11, 9, 6, 3, 3)
    changed = {"with_nines", "dollen_order", "announcement_deadlines"}
    for name in set(CATALOGUE) - changed:
        assert getattr(custom, name) == getattr(DDV, name), name


def test_resolve_custom_override_with_the_preset_value_changes_nothing():
    """Overriding an option with the value it already has gives the same rules."""
    custom = resolve({"preset": "ddv", "options": {"solo_multiplier": 3}})
    for name in CATALOGUE:
        assert getattr(custom, name) == getattr(DDV, name)


def _problems(spec) -> list[tuple[str, str]]:
    with pytest.raises(RulesetError) as info:
        resolve(spec)
    problems = [(p.option, p.message) for p in info.value.problems]
    for option, _ in problems:
        assert option in str(info.value)
    return problems


def _options(options) -> list[str]:
    return [option for option, _ in _problems({"preset": "ddv", "options": options})]


def test_unknown_preset_refused():
    """Only presets that exist can be named; the problem names 'preset'."""
    assert [o for o, _ in _problems("no_such_preset")] == ["preset"]
    assert [o for o, _ in _problems({"preset": "no_such_preset"})] == ["preset"]


def test_unknown_option_refused_naming_it():
    """An option not in the catalogue is refused, and the problem names it."""
    assert _options({"pigs": True}) == ["pigs"]


def test_a_misspelt_option_suggests_the_one_meant():
    """A slip in an option's name says which option was probably meant; a name near none
    says only that it is unknown."""
    assert _problems({"preset": "ddv", "options": {"dollen_ordr": "first_wins"}}) == [
        ("dollen_ordr", "is not an option of the catalogue (did you mean dollen_order?)")]
    assert _problems({"preset": "ddv", "options": {"pigs": True}}) == [
        ("pigs", "is not an option of the catalogue")]
    # only the first few are compared with the catalogue: thousands cost no more
    many = _problems({"preset": "ddv", "options": {f"dollen_order{i}": 1 for i in range(30)}})
    assert sum("did you mean" in message for _, message in many) == 10


@pytest.mark.parametrize(("option", "value"), [
    ("with_nines", "yes"),
    ("with_nines", 1),
    ("dollen_order", "third_wins"),
    ("solo_multiplier", -1),
    ("solo_multiplier", "3"),
    ("solo_multiplier", True),
    ("solos", ["diamonds", "emperor"]),
    ("solos", "diamonds"),
    ("solos", ["queens", "queens"]),
    ("announcement_deadlines", [11, 10, 9]),
    ("announcement_deadlines", [11, 10, 9, 8, "7"]),
    ("special_points", ["doppelkopf", "pig"]),
])
def test_wrong_type_or_value_refused_naming_the_option(option, value):
    """A value of the wrong type or outside the option's choices is refused, naming it."""
    assert _options({option: value}) == [option]


@pytest.mark.parametrize(("options", "named"), [
    ({"hyperswines": "before_play"}, "hyperswines"),  # hyperswines without swines
    ({"swines_in_color_solo": True}, "swines_in_color_solo"),  # without swines
    ({"dollen_first_wins_with_swines": True}, "dollen_first_wins_with_swines"),
    ({"dollen": False, "dollen_last_trick_reversed": True}, "dollen"),
    ({"announcement_deadlines": [11, 9, 10, 8, 7]}, "announcement_deadlines"),
    ({"announcement_clock": "table"}, "announcement_deadlines"),  # 11, 10, … falls
    ({"poverty": "pass"}, "reservation_priority"),  # poverty allowed, not ranked
    ({"reservation_priority": ["marriage"]}, "reservation_priority"),  # solos not ranked
    ({"marriage_partner_rules": []}, "marriage_partner_rules"),
    ({"solo_multiplier": 0}, "solo_multiplier"),
])
def test_contradicting_combination_refused_naming_the_option(options, named):
    """A combination of options that contradicts itself is refused, naming the option."""
    assert named in _options(options)


def test_every_problem_is_reported_at_once():
    """Several bad options: each is named, not only the first."""
    assert sorted(_options({"with_nines": "no", "pigs": 1, "counting": "both"})) == [
        "counting", "pigs", "with_nines"]


# ---- who leads (TSR 4.2.2, 4.3.1, 5.1.1) ----------------------------------------

HANDS = [
    ["H10", "CQ", "SQ", "HQ", "DQ", "CJ", "HA", "HK", "C9", "SA", "S10", "D9"],
    ["H10", "CQ", "SQ", "HQ", "DQ", "CJ", "HA", "HK", "C9", "SA", "S10", "D9"],
    ["SJ", "SJ", "HJ", "HJ", "DJ", "DJ", "DA", "DA", "D10", "D10", "DK", "DK"],
    ["CA", "CA", "C10", "C10", "CK", "CK", "S9", "S9", "SK", "SK", "H9", "H9"],
]


def _setup(game, reservations):
    data = {"dealer": 1, "hands": HANDS, "reservations": reservations, "game": game}
    transcript = from_dict(data, DDV)
    deal, violations = read_deal(1, transcript.hands, True)
    assert violations == []
    setup, violations, _ = game_setup(transcript, deal)
    assert violations == []
    return setup


def _solo(duty):
    reservations = [{"seat": s, "reservation": "healthy"} for s in (2, 3, 0, 1)]
    reservations[1] = {"seat": 3, "reservation": "solo", "solo": "queens", "duty": duty}
    return _setup({"type": "solo", "declarer": 3, "solo": "queens", "duty": duty},
                  reservations)


def test_normal_game_dealers_left_leads():
    """DDV TSR 5.1.1: the first to be asked for reservations (the dealer's left) leads."""
    reservations = [{"seat": s, "reservation": "healthy"} for s in (2, 3, 0, 1)]
    setup = _setup({"type": "normal"}, reservations)
    assert setup.leader == 2
    assert [s for s in range(4) if setup.team_of[s] == RE] == [0, 1]  # TSR 2.4.4


def test_duty_soloist_leads():
    """DDV TSR 4.2.2: in a duty solo the soloist leads the first trick."""
    setup = _solo(True)
    assert setup.leader == 3
    assert setup.team_of == (CONTRA, CONTRA, CONTRA, RE)  # TSR 2.4.7


def test_lust_solo_dealers_left_leads():
    """DDV TSR 4.3.1: 'Beim Lustsolo spielt der linke Nachbar des Kartengebers ... auf.'"""
    assert _solo(False).leader == 2


# ---- the reservation round (TSR 4.1) ----------------------------------------------

# Seat 0 holds both ♣Q (TSR 4.4.1); the dealer is seat 1, so the asking order is 2, 3, 0, 1.
BRIDE_HANDS = [
    ["CQ", "CQ", "H10", "H10", "SQ", "SQ", "HQ", "HQ", "DQ", "DQ", "C9", "S9"],
    ["CA", "CA", "C10", "C10", "CK", "CK", "CJ", "DJ", "D9", "D9", "HA", "HA"],
    ["SA", "SA", "S10", "S10", "SK", "SK", "SJ", "SJ", "S9", "HK", "HK", "C9"],
    ["CJ", "HJ", "HJ", "DJ", "DA", "DA", "D10", "D10", "DK", "DK", "H9", "H9"],
]
ASKED = (2, 3, 0, 1)


def _round(said: dict[int, dict], game: dict) -> list[tuple[str, int | None]]:
    """The violations of a reservation round (``said``: seat -> its reservation)."""
    reservations = [{"seat": s, "reservation": "healthy"} | said.get(s, {}) for s in ASKED]
    data = {"dealer": 1, "hands": BRIDE_HANDS, "reservations": reservations, "game": game}
    transcript = from_dict(data, DDV)
    deal, violations = read_deal(1, transcript.hands, True)
    assert violations == []
    _, violations, _ = game_setup(transcript, deal)
    return [(v.code, v.seat) for v in violations]


def _lust(kind="queens"):
    return {"reservation": "solo", "solo": kind, "duty": False}


def _duty(kind="queens"):
    return {"reservation": "solo", "solo": kind, "duty": True}


def _solo_game(seat, duty=False, kind="queens"):
    return {"type": "solo", "declarer": seat, "solo": kind, "duty": duty}


MARRIAGE = {"type": "marriage", "declarer": 0, "partner_rule": {"trick": "any"}}


def test_all_healthy_normal_game():
    """DDV TSR 4.1.3: everyone healthy: a normal game is played."""
    assert _round({}, {"type": "normal"}) == []


def test_single_marriage_is_played():
    """DDV TSR 4.1.4 and 4.4.2: the holder of both ♣Q alone reserved: the marriage is played."""
    assert _round({0: {"reservation": "marriage"}}, MARRIAGE) == []


def test_lust_solo_beats_marriage():
    """DDV TSR 4.1.5 and 4.1.6: a lust solo ranks above a marriage, which then never comes
    to play."""
    said = {0: {"reservation": "marriage"}, 1: _lust()}
    assert _round(said, _solo_game(1)) == []
    assert ("reservation_priority", 0) in _round(said, MARRIAGE)


def test_duty_solo_beats_lust_solo_of_an_earlier_seat():
    """DDV TSR 4.1.5: duty solo before lust solo, whatever the seats: seat 3 (asked second)
    says lust, seat 0 (asked third) duty: seat 0's duty solo is played."""
    said = {3: _lust(), 0: _duty("jacks")}
    assert _round(said, _solo_game(0, True, "jacks")) == []
    assert ("reservation_priority", 3) in _round(said, _solo_game(3))


def test_equal_reservations_the_earlier_asked_seat_wins():
    """DDV TSR 4.1.7: of two equal reservations the player 'weiter vorn' (asked earlier,
    from the dealer's left) plays: seat 3 before seat 0 with dealer 1."""
    said = {0: _lust("jacks"), 3: _lust("meatless")}
    assert _round(said, _solo_game(3, kind="meatless")) == []
    assert ("reservation_priority", 0) in _round(said, _solo_game(0, kind="jacks"))


def test_solo_kind_not_in_the_tsr_refused():
    """DDV TSR 2.3.3: colour solos, queens, jacks and meatless only: a kings solo is refused."""
    said = {2: _lust("kings")}
    assert ("reservation_entitlement", 2) in _round(said, _solo_game(2, kind="kings"))


def test_marriage_without_both_club_queens_refused():
    """DDV TSR 4.4.1: only the holder of both ♣Q may announce a marriage."""
    said = {2: {"reservation": "marriage"}}
    assert ("reservation_entitlement", 2) in _round(said, {"type": "normal"})


def test_poverty_refused_under_ddv():
    """DDV TSR 4.1.2 and 4.1.5: the reservations are duty solo, lust solo and marriage; there
    is no poverty."""
    said = {2: {"reservation": "poverty"}}
    assert ("reservation_entitlement", 2) in _round(said, {"type": "normal"})


def test_reserved_but_normal_game_played_refused():
    """DDV TSR 4.1.3 and 4.1.4: a normal game only if all are healthy; a single reservation
    must be played."""
    codes = [code for code, _ in _round({1: _lust()}, {"type": "normal"})]
    assert "reservation_priority" in codes


# ---- following suit (TSR 5.2) ---------------------------------------------------


def state_after_lead(kind: str, lead: str, hand: list[str]) -> GameState:
    """Seat 0 has led ``lead``; seat 1 holds ``hand``."""
    setup = Setup("normal" if kind == "normal" else "solo", kind, (RE, RE, CONTRA, CONTRA), 0)
    hands = ((lead, "C9"), tuple(hand), (), ())
    deal = Deal(3, tuple(tuple(parse_card(c) for c in h) for h in hands), 12)
    state = GameState(DDV, deal, setup)
    card = parse_card(lead)
    state.push(0, Event(0, CARD, lead, card))
    return state


def legal(kind, lead, hand):
    return sorted(NAMES[c] for c in state_after_lead(kind, lead, hand).legal_cards(1))


def test_plain_suit_led_must_be_followed():
    """DDV TSR 5.2.2: a plain suit led must be followed; no trump, no other suit."""
    assert legal("normal", "C9", ["CA", "CK", "DQ", "D9", "SA"]) == ["CA", "CK"]


def test_hearts_led_heart_ten_does_not_follow():
    """DDV TSR 2.3.4 and 5.2.2: the ♥10 is trump, so it is not a heart: holding ♥A and ♥10 on
    a heart lead only the ♥A may be played."""
    assert legal("normal", "HK", ["HA", "H10", "CA"]) == ["HA"]


def test_hearts_led_holding_only_the_heart_ten_any_card():
    """DDV TSR 5.2.3: with no heart (the ♥10 is trump) any card may be played."""
    assert legal("normal", "HK", ["H10", "CA", "SK"]) == ["CA", "H10", "SK"]


def test_trump_led_diamonds_follow_as_trump():
    """DDV TSR 2.3.4 and 5.2.2: diamonds are trump in a normal game; a queen led is followed
    by any trump, ♦9 included, and by no plain card."""
    assert legal("normal", "CQ", ["D9", "HJ", "H10", "CA", "HA"]) == ["D9", "H10", "HJ"]


def test_diamond_led_is_a_trump_lead():
    """DDV TSR 2.3.4 and 5.2.2: a ♦ led in a normal game asks for trump, a queen follows."""
    assert legal("normal", "D9", ["DQ", "CA"]) == ["DQ"]


def test_trump_led_without_trump_any_card():
    """DDV TSR 5.2.3: 'Wenn eine Trumpfkarte gefordert wird, aber nicht bedient werden kann,
    darf eine beliebige Karte einer Fehlfarbe zugegeben werden.'"""
    assert legal("normal", "DA", ["CA", "S9", "HK"]) == ["CA", "HK", "S9"]


def test_plain_suit_led_without_it_trump_or_any_plain():
    """DDV TSR 5.2.3: without the led suit, trump or any other plain card is allowed."""
    assert legal("normal", "SA", ["CA", "D9", "HK"]) == ["CA", "D9", "HK"]


def test_queens_solo_diamonds_are_plain_and_queens_trump():
    """DDV TSR 2.3.6 and 5.2.2: in a queens solo a ♦ lead asks for plain diamonds (♦J among
    them), and the ♦Q, a trump, does not follow."""
    assert legal("queens", "DA", ["DQ", "DJ", "D9", "CA"]) == ["D9", "DJ"]
    assert legal("queens", "DA", ["DQ", "CA"]) == ["CA", "DQ"]


def test_meatless_queen_follows_its_suit():
    """DDV TSR 2.3.7 and 5.2.2: no trumps in a meatless solo: a ♣Q led asks for clubs."""
    assert legal("meatless", "CQ", ["CJ", "SQ", "DQ"]) == ["CJ"]


def test_colour_solo_trump_suit_follows_as_trump():
    """DDV TSR 2.3.5 and 5.2.2: in a ♠ solo the ♠A led asks for trump: a jack follows, the ♦A
    (plain) does not."""
    assert legal("spades", "SA", ["DJ", "S9", "DA"]) == ["DJ", "S9"]


def test_leader_may_lead_any_card():
    """DDV TSR 5.1 and 5.2: the obligation to follow binds only after a card was led."""
    setup = Setup("normal", "normal", (RE, RE, CONTRA, CONTRA), 0)
    hand = ("CA", "DQ", "H10", "S9")
    deal = Deal(3, (tuple(parse_card(c) for c in hand), (), (), ()), 12)
    state = GameState(DDV, deal, setup)
    assert sorted(NAMES[c] for c in state.legal_cards(0)) == sorted(hand)


def test_not_following_suit_is_a_violation():
    """DDV TSR 5.2.2: a trump played on a club lead while holding a club breaks the rule."""
    state = state_after_lead("normal", "C9", ["CA", "DQ"])
    state.push(1, Event(1, CARD, "DQ", parse_card("DQ")))
    assert [v.code for v in state.violations] == ["follow_suit"]
    assert state.revoke is not None and state.revoke.seat == 1
