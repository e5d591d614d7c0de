"""Bock rounds and tables as clubs and their programs play them: FreeDoko's bock rounds
counted in deals, its lost contra and its lone bride; QtDoppelKopf's tables of six and
seven with their sit-out scheme; what a score-keeper shows under the last line.

Sources: FreeDoko 0.7.13 (src/party/party.cpp Party::add_game_summary,
src/game/game_summary.cpp the bock triggers, src/basistypes.cpp GAMETYPE::is_solo);
QtDoppelKopf (Backend/gameinfo.cpp ApplyScheme and RemainingGamesInRound,
BackendTest/tst_gameinfo.h GameInfoShallAdvanceDealerWhenPushingChanges,
BackendTest/tst_deserializer.h's seven-player list); DDV TSR 3.3.1, 4.2.5, 7.1.2, 7.2.4,
10.1; shared/design/sitting.md v1.1. Every figure is worked out here by hand.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from games.sittings import whole_game

from service import rules
from service.cli import main
from service.game.digest import digest
from service.game.rulesets import resolve
from service.lists.sitting.bock import transcript_events
from service.lists.sitting.check import check_sitting

A4 = ["Anna", "Ben", "Cleo", "Dan"]
SIX = ["A", "B", "C", "D", "E", "F"]
SEVEN = [*SIX, "G"]


def codes(result: Any) -> list[tuple[str, str | None]]:
    return [(v.code, v.pointer) for v in result.violations]


def sheet(dealer: str, scores: dict[str, int], kind: str = "normal",
          **fields: Any) -> dict[str, Any]:
    return {"dealer": dealer, "sheet": {"type": kind, "scores": scores, **fields}}


def bock(**options: Any) -> dict[str, Any]:
    """ddv with bock rounds after a lost solo only."""
    return {"preset": "ddv", "options": {"bock_rounds": True, "bock_after_tie": False,
                                         **options}}


# ---- bock_round_length: games or deals (FreeDoko) ------------------------------------------

# A lost duty solo opens four bock games; the third of them is another duty solo after
# which the same player deals again (DDV TSR 4.2.5). FreeDoko counts deals: its bock games
# are games 2-6, so game 6 (a marriage worth 2) scores 4/4/-4/-4; counted in games they
# are games 2-5 and game 6 scores 2/2/-2/-2.
def evening(last: int) -> list[dict[str, Any]]:
    return [
        sheet("Anna", {"Anna": 1, "Ben": -3, "Cleo": 1, "Dan": 1}, "solo", declarer="Ben",
              duty=True),                                       # lost: opens the round
        sheet("Anna", {"Anna": 2, "Ben": -2, "Cleo": -2, "Dan": 2}),   # Anna again (4.2.5)
        sheet("Ben", {"Anna": 2, "Ben": 2, "Cleo": -2, "Dan": -2}),
        sheet("Cleo", {"Anna": -2, "Ben": -2, "Cleo": -2, "Dan": 6}, "solo",
              declarer="Dan", duty=True),
        sheet("Cleo", {"Anna": -2, "Ben": 2, "Cleo": 2, "Dan": -2}),   # Cleo again
        sheet("Dan", {"Anna": last, "Ben": last, "Cleo": -last, "Dan": -last}, "marriage",
              value=2),
    ]


def test_a_bock_round_in_deals_skips_the_game_after_which_the_deal_stays():
    """FreeDoko, src/party/party.cpp Party::add_game_summary: a bock multiplier is used up
    only by a game after which the start player does not stay
    (GameSummary::startplayer_stays: a duty solo); the freedoko preset counts deals."""
    deals = check_sitting({"ruleset": bock(bock_round_length="deals"), "players": A4,
                           "games": evening(4)})
    assert deals.valid, codes(deals)
    assert [g.bock for g in deals.games] == [1, 2, 2, 2, 2, 2]
    assert deals.games[5].scores == {"Anna": 4, "Ben": 4, "Cleo": -4, "Dan": -4}
    assert deals.bock_ahead == ()
    games = check_sitting({"ruleset": bock(), "players": A4, "games": evening(2)})
    assert games.valid, codes(games)
    assert [g.bock for g in games.games] == [1, 2, 2, 2, 2, 1]
    # the 4/4 line under today's reading is a line worth 2 at bock 2: a defect at value
    wrong = check_sitting({"ruleset": bock(), "players": A4, "games": evening(4)})
    assert codes(wrong) == [("sheet_line", "/games/5/sheet/value")]
    assert resolve("freedoko").bock_round_length == "deals"
    assert resolve("ddv").bock_round_length == "games"


def test_deals_change_the_digest_only_where_bock_rounds_are_played():
    """A reading of an option that changes nothing keeps the digest (the freedoko preset
    writes down deals and keeps the digest it had); with bock rounds it is another."""
    assert digest(resolve("freedoko")) == "sha256:8e1b6a2fbbfbc605"
    on = {"preset": "ddv", "options": {"bock_rounds": True}}
    deals = {"preset": "ddv", "options": {"bock_rounds": True, "bock_round_length": "deals"}}
    assert digest(resolve(on)) != digest(resolve(deals))
    off = {"preset": "ddv", "options": {"bock_round_length": "deals"}}
    assert digest(resolve(off)) == digest(resolve("ddv"))


# ---- the heart trick: four hearts, none a trump (FreeDoko's tcolor) -----------------------

@pytest.mark.parametrize(("seed", "trick"), [(48, ["HK", "HK", "HA", "HJ"]),
                                             (32, ["H9", "HQ", "HA", "H9"])])
def test_a_trick_of_hearts_with_a_trump_opens_no_bock_round(seed, trick):
    """FreeDoko (src/game/game_summary.cpp, the HEART_TRICK bock trigger: every card's
    tcolor is HEART) counts four cards of the heart suit that are not trumps; the ♥J and
    ♥Q are trumps of a normal game (DDV TSR 2.2). A normal game whose only trick of
    hearts holds a ♥J (or a ♥Q) opens no bock round; the same game with its ♥J read as
    a heart did (the old reading), so a ruleset that counts the heart trick has a new
    ruleset_digest."""
    t = whole_game("ddv", random.Random(seed), A4, 0)
    result = rules.check({**t, "ruleset": "ddv"})
    hearts = [list(tr.cards) for tr in result.tricks if all(c[0] == "H" for c in tr.cards)]
    assert hearts == [trick]
    rs = bock(bock_after_heart_trick=True, bock_after_lost_solo=False)
    checked = check_sitting({"ruleset": rs, "players": A4, "games": [
        {"dealer": "Anna", "transcript": t},
        sheet("Ben", {"Anna": 1, "Ben": -1, "Cleo": -1, "Dan": 1})]})
    assert checked.valid, codes(checked)
    assert checked.games[1].bock == 1
    old = digest(resolve(bock(bock_after_lost_solo=False)))  # no heart trick: the digest it had
    assert digest(resolve(rs)) != old


def test_a_hearts_solo_has_no_heart_trick():
    """In a hearts solo every heart is a trump (DDV TSR 5.2.1 colour solo): a trick of
    ♥Q ♥K ♥K ♥Q is no heart trick, for the special point and for the bock round alike
    (FreeDoko counts none in a solo at all, game_summary.cpp)."""
    t = whole_game("ddv", random.Random(2), A4, 0, solo_by=1, duty=True, solo="hearts")
    result = rules.check({**t, "ruleset": "ddv"})
    assert ["HQ", "HK", "HK", "HQ"] in [list(tr.cards) for tr in result.tricks]
    assert "heart_trick" not in transcript_events(result, resolve(bock(
        bock_after_heart_trick=True)))


# ---- bock_after_lost_contra (FreeDoko's "bock after lost re/contra") ----------------------

def test_a_lost_contra_opens_a_bock_round_where_the_option_says_so():
    """FreeDoko, src/game/game_summary.cpp: CONTRA_LOST where contra was announced and the
    contra team did not win. Here contra announces black and re takes a trick, so re wins
    (DDV TSR 7.1.2: against black one trick is enough)."""
    t = whole_game("ddv", random.Random(26), A4, 0)
    result = rules.check({**t, "ruleset": "ddv"})
    assert {a.team for a in result.announcements} == {"contra"} and result.winner == "re"
    for on, factor in ((False, 1), (True, 2)):
        rs = bock(bock_after_lost_solo=False, bock_after_lost_contra=on)
        second = check_sitting({"ruleset": rs, "players": A4, "games": [
            {"dealer": "Anna", "transcript": t}, sheet("Ben", {"Anna": 1, "Ben": -1,
                                                                "Cleo": -1, "Dan": 1})]})
        assert second.games[1].bock == factor
    rs = bock(bock_after_lost_re=True, bock_after_lost_solo=False)
    assert check_sitting({"ruleset": rs, "players": A4, "games": [
        {"dealer": "Anna", "transcript": t}]}).bock_ahead == ()


# ---- bock_lone_bride_is_soloist, and a marriage line played alone --------------------------

def test_a_lone_bride_s_lost_game_is_a_lost_solo_where_the_option_says_so():
    """FreeDoko, src/basistypes.cpp GAMETYPE::is_solo: a marriage solo (no partner found)
    and a silent marriage are solos, so SOLO_LOST counts their loss
    (src/game/game_summary.cpp). A marriage line played_alone names the bride and has
    the shape of a solo (DDV TSR 7.2.4: her entry three times each opponent's)."""
    alone = sheet("Anna", {"Anna": 1, "Ben": -3, "Cleo": 1, "Dan": 1}, "marriage",
                  declarer="Ben", played_alone=True)
    silent = sheet("Anna", {"Anna": 1, "Ben": 1, "Cleo": -3, "Dan": 1}, "silent_marriage",
                   declarer="Cleo")
    after = sheet("Ben", {"Anna": 2, "Ben": -2, "Cleo": -2, "Dan": 2})
    for line in (alone, silent):
        off = check_sitting({"ruleset": bock(), "players": A4, "games": [line]})
        assert off.valid, codes(off)
        assert off.bock_ahead == ()
        on = check_sitting({"ruleset": bock(bock_lone_bride_is_soloist=True),
                            "players": A4, "games": [line, after]})
        assert on.valid, codes(on)
        assert on.games[1].bock == 2
    assert resolve("freedoko").bock_lone_bride_is_soloist


def test_a_lone_bride_s_game_is_a_solo_for_the_heart_trick_too():
    """FreeDoko counts no heart trick in a solo (src/game/game_summary.cpp, HEART_TRICK
    only where !GAMETYPE::is_solo), and a marriage solo is one (src/basistypes.cpp). The
    handmade DDV game M2 (test_games_types_marriage.py; TSR 4.4.3 b: the bride wins the
    first three tricks and plays alone) has the heart trick ♥A ♥9 ♥A ♥K in trick 5: it
    opens a bock round where the lone bride is no soloist, none where she is one."""
    from games.kinds import Deal, call
    from test_games_types_marriage import M2, MARRIAGE, NORMAL, marriage

    t = Deal(2, M2, NORMAL, [call(4, 0, 2, "re")]).transcript("ddv", 1, marriage(2),
                                                             {2: MARRIAGE})
    t = {**{k: v for k, v in t.items() if k != "ruleset"}, "players": A4}
    after = sheet("Cleo", {"Anna": 1, "Ben": 1, "Cleo": -1, "Dan": -1})
    for soloist, factor in ((False, 2), (True, 1)):
        rs = bock(bock_after_heart_trick=True, bock_after_lost_solo=False,
                  bock_lone_bride_is_soloist=soloist)
        result = check_sitting({"ruleset": rs, "players": A4, "first_dealer": "Ben",
                                "games": [{"dealer": "Ben", "transcript": t},
                                          {**after, "sheet": {**after["sheet"],
                                                              "bock": factor}}]})
        assert result.valid, codes(result)
        assert result.games[0].kind == "marriage"
        assert result.games[1].bock == factor


def test_played_alone_is_a_field_of_a_marriage_line_with_its_bride():
    for line, pointer in (
            ({"type": "normal", "played_alone": True, "scores": {}}, "/games/0/sheet/played_alone"),
            ({"type": "marriage", "played_alone": True,
              "scores": dict.fromkeys(A4, 0)}, "/games/0/sheet/declarer")):
        with pytest.raises(rules.TranscriptError) as error:
            check_sitting({"ruleset": "ddv", "players": A4,
                           "games": [{"dealer": "Anna", "sheet": line}]})
        assert pointer in [e.pointer for e in error.value.errors]
    # a lone bride's line worth 1 has her entry three times each opponent's (TSR 7.2.4),
    # not the shape of a two-against-two game
    lone = {"Anna": 1, "Ben": -3, "Cleo": 1, "Dan": 1}
    pair = {"Anna": 1, "Ben": -1, "Cleo": 1, "Dan": -1}
    for scores, alone, found in ((lone, True, []), (pair, True, ["/games/0/sheet/value"]),
                                 (lone, False, ["/games/0/sheet/value"])):
        extra = {"declarer": "Ben", "played_alone": True} if alone else {}
        result = check_sitting({"ruleset": "ddv", "players": A4, "games": [
            sheet("Anna", scores, "marriage", value=1, **extra)]})
        assert [p for _, p in codes(result)] == found


# ---- tables of six and seven (QtDoppelKopf's sitOutScheme) ----------------------------------

def test_a_table_of_six_sits_out_the_dealer_and_the_scheme_s_player():
    """QtDoppelKopf tst_gameinfo.h GameInfoShallAdvanceDealerWhenPushingChanges: six
    players A-F, A deals, scheme 3: A and D sit out, B C E F play; then B deals: B and E
    sit out, A C D F play. The dealer is always out (Backend/gameinfo.cpp
    SetAndApplyScheme inserts 0). Those sitting out score 0; a round is one deal by each
    player present as often as at four (ddv: six deals each, 36 games)."""
    games = [sheet("A", {"B": 1, "C": -1, "E": -1, "F": 1}),
             sheet("B", {"A": 2, "C": -2, "D": 2, "F": -2})]
    result = check_sitting({"ruleset": "ddv", "players": SIX, "games": games})
    assert result.valid, codes(result)
    assert [g.sitting_out for g in result.games] == [("A", "D"), ("B", "E")]
    assert [g.sits_out for g in result.games] == ["A", "B"]
    assert result.games[0].scores == {"A": 0, "B": 1, "C": -1, "D": 0, "E": -1, "F": 1}
    assert result.totals == {"A": 2, "B": 1, "C": -3, "D": 2, "E": -1, "F": -1}
    assert (result.next_dealer, result.games_left) == ("C", 34)  # 36: six deals each
    answer = result.to_dict()
    assert answer["games"][0]["sitting_out"] == ["A", "D"]
    # an entry for one who sat out is a defect at it; the scheme is an option
    wrong = check_sitting({"ruleset": "ddv", "players": SIX, "games": [
        sheet("A", {"B": 1, "C": -1, "D": -1, "F": 1})]})
    assert ("sheet_line", "/games/0/sheet/scores") in codes(wrong)
    other = {"preset": "ddv", "options": {"sit_out_at_six": 2}}
    moved = check_sitting({"ruleset": other, "players": SIX, "games": [
        sheet("A", {"B": 1, "D": -1, "E": -1, "F": 1})]})
    assert moved.valid and moved.games[0].sitting_out == ("A", "C")


def test_a_table_of_seven_with_a_transcript_of_the_four_who_play():
    """QtDoppelKopf's seven-player list (tst_deserializer.h, sitOutScheme [2, 4]): A deals,
    A, C and E sit out; B, D, F and G play, B (the first clockwise who plays) leads, so
    the transcript's dealer seat is G's (sitting.md: the seat whose left neighbour leads)."""
    four = ["B", "D", "F", "G"]
    t = whole_game("ddv", random.Random(3), four, 3)
    own = rules.check({**t, "ruleset": "ddv"})
    result = check_sitting({"ruleset": "ddv", "players": SEVEN,
                            "games": [{"dealer": "A", "transcript": t}]})
    assert result.valid, codes(result)
    assert result.games[0].sitting_out == ("A", "C", "E")
    assert own.score is not None
    assert result.games[0].scores == {**dict.fromkeys(SEVEN, 0),
                                      **dict(zip(four, own.score.scores, strict=True))}
    assert (result.next_dealer, result.games_left) == ("B", 41)  # 42: six deals each
    wrong = check_sitting({"ruleset": "ddv", "players": SEVEN, "games": [
        {"dealer": "A", "transcript": {**t, "players": ["B", "C", "F", "G"]}}]})
    assert codes(wrong)[0] == ("wrong_players", "/games/0/transcript/players")
    assert wrong.violations[0].message == ("The players of this game are B, D, F, G "
                                           "clockwise (A deals; A, C, E sit out)")
    assert "(A gibt; A, C, E setzen aus)" in wrong.violations[0].as_dict("de")["message"]


def test_tables_of_more_than_seven_and_tournament_tables_of_six_are_refused():
    with pytest.raises(rules.TranscriptError) as error:
        check_sitting({"ruleset": "ddv", "players": [*SEVEN, "H"], "games": []})
    assert [e.pointer for e in error.value.errors] == ["/players"]
    assert "4 to 7 names" in error.value.errors[0].message
    from service.lists.tournament.request import load_tournament
    day = {"ruleset": "ddv", "participants": [*SIX, "G", "H", "I", "J"],
           "preliminary": [{"tables": [{"players": SIX, "games": []}]}]}
    with pytest.raises(rules.TranscriptError) as error:
        load_tournament(day)
    assert "/preliminary/0/tables/0/players" in [e.pointer for e in error.value.errors]
    for bad in ({"sit_out_at_six": 0}, {"sit_out_at_seven": [3, 3]}):
        with pytest.raises(rules.TranscriptError):
            check_sitting({"ruleset": {"preset": "ddv", "options": bad}, "players": SIX,
                           "games": []})


# ---- after the last game: next_dealer, games_left, bock_ahead ---------------------------

def test_the_answer_says_what_comes_after_the_last_line():
    """A score-keeper's line under the list (QtDoppelKopf RemainingGamesInRound and its
    multiplier preview): who deals next (DDV TSR 4.2.5: after a duty solo the same
    dealer), the games left of the round (ddv 24 at four, TSR 8.5.1; none under
    mittwoch), the factors of the bock games owed. Game 1 ties (a round of four at ×2),
    game 3 ties again under multiply (four more: ×4, ×4, ×2, ×2 from game 4 on), game 4
    uses one up: [4, 2, 2]."""
    rs = {"preset": "ddv", "options": {"bock_rounds": True, "duty_solos_per_player": 0}}
    games = [sheet("Anna", {"Anna": 1, "Ben": -1, "Cleo": -1, "Dan": 1}, bock_events=["tie"]),
             sheet("Ben", {"Anna": 2, "Ben": -2, "Cleo": -2, "Dan": 2}),
             sheet("Cleo", {"Anna": 2, "Ben": -2, "Cleo": -2, "Dan": 2}, bock_events=["tie"]),
             sheet("Dan", {"Anna": 4, "Ben": -4, "Cleo": -4, "Dan": 4})]
    result = check_sitting({"ruleset": rs, "players": A4, "games": games})
    assert result.valid, codes(result)
    assert [g.bock for g in result.games] == [1, 2, 2, 4]
    assert (result.next_dealer, result.games_left, result.bock_ahead) == ("Anna", 20, (4, 2, 2))
    answer = result.to_dict()
    assert (answer["next_dealer"], answer["games_left"], answer["bock_ahead"]) == (
        "Anna", 20, [4, 2, 2])
    solo = check_sitting({"ruleset": "ddv", "players": A4, "games": [
        sheet("Anna", {"Anna": -1, "Ben": 3, "Cleo": -1, "Dan": -1}, "solo", declarer="Ben",
              duty=True)]})
    assert (solo.next_dealer, solo.games_left) == ("Anna", 23)
    evening = check_sitting({"ruleset": "mittwoch", "players": A4, "games": []})
    assert (evening.next_dealer, evening.games_left, evening.bock_ahead) == ("Anna", None, ())


def test_the_command_prints_what_comes_after_the_last_line(tmp_path, capsys):
    """doko-check --sitting prints the same under the list, in English and German."""
    rs = {"preset": "ddv", "options": {"bock_rounds": True, "duty_solos_per_player": 0}}
    path = tmp_path / "six.json"
    import json
    path.write_text(json.dumps({"ruleset": rs, "players": SIX, "games": [
        sheet("A", {"B": 1, "C": -1, "E": -1, "F": 1}, bock_events=["tie"])]}))
    assert main(["--sitting", str(path)]) == 0
    printed = capsys.readouterr().out
    assert "B deals next; 35 games left in the round; 6 bock games to come: ×2, ×2" in printed
    assert main(["--sitting", "--lang", "de", str(path)]) == 0
    assert "B gibt als Nächstes; noch 35 Spiele in der Runde; noch 6 Bockspiele" in (
        capsys.readouterr().out)
