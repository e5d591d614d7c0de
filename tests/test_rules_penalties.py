"""Revoke penalties as the rulebooks say: under every counting mode, lost-as-black
without the play after the revoke, and a note saying what the penalty replaced.

Counting (seed 004 VI 'Es werden nur „Pluspunkte" für die Gewinner eines Spiels
notiert!'; seed 003 'Aufgeschrieben werden Plus- und Minuspunkte'): winners_only notes
the plus entries only, losers_only the minus entries only, plus_minus both.
"""

from __future__ import annotations

from typing import Any

import pytest
from games import mittwoch as m
from games.builder import Game, trick
from games.ddv import DEAL_A, DEAL_F
from games.kinds import call

from service import rules

COUNTINGS = ("plus_minus", "winners_only", "losers_only")


def ruleset(preset: str, penalty: str, counting: str) -> dict[str, Any]:
    return {"preset": preset, "options": {"revoke_penalty": penalty, "counting": counting}}


def normal_revoke() -> dict[str, Any]:
    """Deal A (re 0 and 2), seat 1 (contra) fails to follow trump in trick 6 (as in
    test_games_ddv_normal); no calls."""
    tricks = list(DEAL_A)
    tricks[5] = trick(3, "DQ D9 HK DJ", winner=3)
    tricks[6] = trick(3, "HA HJ DK D9", winner=0)
    return Game(3, tricks, check_design=False).transcript()


def solo_revoke() -> dict[str, Any]:
    """Seed 003 example 'Falsch bedient': seat 1's jacks solo with re and no 90; seat 2
    (contra) revokes in trick 2."""
    return m.ex7_transcript(m.ex7_deal([call(1, 1, 1, "re"), call(2, 1, 1, "no90")]))


# Each penalty's plus-minus entries, worked out from its rule, and what the other two
# counting modes keep of them.
NORMAL = {
    # DDV TSR 9.4.3: 'Der Verursacher erhält 12 Strafpunkte ... Die drei Mitspieler
    # erhalten je 4 ... Pluspunkte' (no bids: 12 and 4).
    "ddv": [4, -12, 4, 4],
    # seed 004 II.c: 'gilt das Spiel für den Verursacher als verloren. Die drei
    # Mitspieler ... erhalten jeweils 5 Pluspunkte' (plus-minus: the offender -15).
    "offender_loses_others_plus_5": [5, -15, 5, 5],
    # seed 003 'Allgemein': lost black with the calls so far (none): won, no 90, no 60,
    # no 30, black = 5 for re; the innocent partner's -5 goes to the offender.
    "lost_as_black": [5, -10, 5, 0],
}
SOLO = {
    # DDV TSR 9.4.4: the offender 12 + 3 for the soloist's one bid, the soloist as
    # many, 'Die übrigen Spieler erhalten 0 Punkte'.
    "ddv": [0, 15, -15, 0],
    "offender_loses_others_plus_5": [5, 5, -15, 5],
    # seed 003 'Falsch bedient': the soloist +42, the offender -42, the others 0.
    "lost_as_black": [0, 42, -42, 0],
}


def counted(scores: list[int], counting: str) -> list[int]:
    if counting == "winners_only":
        return [max(0, s) for s in scores]
    if counting == "losers_only":
        return [min(0, s) for s in scores]
    return scores


@pytest.mark.parametrize("counting", COUNTINGS)
@pytest.mark.parametrize("penalty", sorted(NORMAL))
def test_every_penalty_in_a_normal_game_under_every_counting(penalty, counting):
    result = rules.check(normal_revoke(), ruleset=ruleset("ddv", penalty, counting))
    assert [v.code for v in result.violations] == ["follow_suit"]
    assert list(result.score.scores) == counted(NORMAL[penalty], counting)


@pytest.mark.parametrize("counting", COUNTINGS)
@pytest.mark.parametrize("penalty", sorted(SOLO))
def test_every_penalty_in_a_solo_under_every_counting(penalty, counting):
    result = rules.check(solo_revoke(), ruleset=ruleset("mittwoch", penalty, counting))
    assert list(result.score.scores) == counted(SOLO[penalty], counting)


def test_doko2026_revoke_offender_noted_0_others_plus_5():
    """Seed 004 (doko2026 counts winners only) II.c: the three others +5 each, the
    offender is noted 0, not -15."""
    result = rules.check(normal_revoke(), ruleset="doko2026")
    assert list(result.score.scores) == [5, 0, 5, 5]


def test_lost_as_black_counts_no_special_point_of_the_tricks():
    """Seed 003 'Allgemein' and example 'Falsch bedient' (the example's sheet lists no
    special point): the game is valued as if the innocent team had taken every trick.
    Deal F with seat 2 (contra) playing ♥A on the ♣A led in trick 1 while holding ♣10;
    as played there are two doppelkopfs, a caught fox (trick 6) and a Karlchen, and
    none of them counts."""
    tricks = list(DEAL_F)
    tricks[0] = trick(0, "CA C10 HA CA", winner=0)
    tricks[4] = trick(2, "C10 H9 HK H9", winner=2)
    transcript = Game(3, tricks, check_design=False).transcript()
    played = rules.check(transcript, ruleset=ruleset("ddv", "none", "plus_minus"))
    assert {"doppelkopf", "fox_caught", "karlchen_last_trick"} <= {
        i.code for i in played.score.items}
    result = rules.check(transcript, ruleset=ruleset("ddv", "lost_as_black", "plus_minus"))
    assert [(i.code, i.team, i.points) for i in result.score.items] == [
        ("won", "re", 1), ("below_90", "re", 1), ("below_60", "re", 1), ("below_30", "re", 1),
        ("black", "re", 1), ("revoke_lost_as_black", "contra", 0)]
    assert list(result.score.scores) == [5, 0, -10, 5]


@pytest.mark.parametrize(("penalty", "words"), [
    ("ddv", "Under the DDV tournament rules 9.4.3 (with changed options) the game counts as "
            "not played. Seat 2 gets 12 penalty points"),
    # a rule adopted from another rulebook is cited as the ruleset in force (DDV), without
    # the other book's section (DOKO 2026 II.c, Mittwoch rules "Allgemein")
    ("offender_loses_others_plus_5", "Under the DDV tournament rules (with changed options), "
                                     "seat 2 gets 15 minus points. The three others get 5 "
                                     "plus points each."),
    ("lost_as_black", "Under the DDV tournament rules (with changed options), the team of "
                      "seat 2 loses the game black. It keeps the calls made before the "
                      "revoke")])
@pytest.mark.parametrize(("counting", "counted_as"), [
    ("plus_minus", "plus and minus points"), ("winners_only", "the winners' plus points only"),
    ("losers_only", "the losers' minus points only")])
def test_a_penalty_says_in_a_note_what_it_replaced(penalty, words, counting, counted_as):
    """A penalty replaces the game as played: a penalty_scored note names the revoke
    and where it was (the trick and the card, as its violation says), the rule and the
    counting."""
    result = rules.check(normal_revoke(), ruleset=ruleset("ddv", penalty, counting))
    notes = [n for n in result.notes if n.code == "penalty_scored"]
    assert len(notes) == 1 and notes[0].seat == 1
    assert notes[0].message.startswith(
        f"Seat 2 did not follow suit (trick 6, 3rd card). {words}")
    assert notes[0].message.endswith(
        f" It is scored in {counted_as}, in place of the game as played.")
    # the place is said as the revoke's violation says it; the pointer is its field only
    assert [(v.code, v.pointer) for v in result.violations] == [("follow_suit", "/play/22")]
    assert result.violations[0].message.endswith("(trick 6, 3rd card)")
    assert "/play/" not in notes[0].message


def test_a_penalty_note_names_the_offender_where_the_players_are_named():
    """The note is read on its own (the page's and doko-check's notes): it names the
    offender as the transcript does; the seat is the note's field."""
    data = normal_revoke()
    data["players"] = ["Anna", "Ben", "Cleo", "Dan"]
    result = rules.check(data, ruleset=ruleset("ddv", "ddv", "plus_minus"))
    [note] = [n for n in result.to_dict()["notes"] if n["code"] == "penalty_scored"]
    assert (note["seat"], note["name"]) == (1, "Ben")
    assert note["message"].startswith(
        "Ben did not follow suit (trick 6, 3rd card). Under the DDV tournament rules 9.4.3 "
        "(with changed options) the game counts as not played. Ben gets 12 penalty points")
    assert "seat" not in note["message"].lower()


def test_ddv_penalty_against_a_soloist_names_9_4_4():
    result = rules.check(solo_revoke(), ruleset=ruleset("mittwoch", "ddv", "plus_minus"))
    message = next(n for n in result.notes if n.code == "penalty_scored").message
    assert message.startswith(
        "Seat 3 did not follow suit (trick 2, 2nd card). Under the Mittwoch rules (with "
        "changed options), against a soloist, the game counts as not played. Seat 3 gets 12 "
        "penalty points and 3 more for each denial the soloist made. The soloist gets as "
        "many plus points, the others nothing.")


def test_no_penalty_no_note():
    result = rules.check(normal_revoke(), ruleset=ruleset("ddv", "none", "plus_minus"))
    assert not [n for n in result.notes if n.code == "penalty_scored"]
