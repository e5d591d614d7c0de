"""The seven 'Zählbeispiele' of the Mittwochsregeln (seed 003), as whole games.

Each example of the seed's section 'Zählbeispiele' is played out as a complete
40-card game under the ``mittwoch`` preset, written by hand trick by trick in
``tests/games/mittwoch.py`` (checked there against the card order, the pack, the
leaders and following suit). The expected figures are the seed's, word for word; the
items that make them up are named next to the seed's words:

* "keine 120" = ``won`` (the seed counts it for a win with 120 too, 'Zählweise');
* "keine 90" / "keine 60" / "keine 30" / "schwarz" = ``below_90`` / ``below_60`` /
  ``below_30`` / ``black``; for a broken bid the opponents get its stakes ('Wird eine
  Ansage gebrochen, dann kommt dieselbe Punktzahl der Gegenpartei zugute'):
  ``broken_below_90``;
* "keine 90 angesagt" / "90 angesagt" = ``no90_announced``;
* "gegen die Alten" = ``against_club_queens``; "gegen das Solo" = ``against_solo``;
* "Vorab-Ansage" / "Ansage vorab" = ``announced_before_first_card``;
* "selber doof" = ``reached_150_against_call``;
* "Solo" = ``solo``; "Doko" = ``doppelkopf``.

Re and contra double the sum ('Re- oder Contra-Ansage verdoppelt die Punkte, nachdem
alle Sonderpunkte zum Grundergebnis addiert wurden'; 'bei Gegenansagen sogar
vervierfacht'): ``score.multiplier`` 2 or 4. Plus-minus counting, the soloist ×3
('Aufgeschrieben werden Plus- und Minuspunkte'; 'Die Solistin erhält wie üblich den
dreifachen Punktsatz').

Deadlines on the Mittwoch table clock ('Ansagezeitpunkte'): re/contra until the 5th
card has fallen, each further level one round (4 cards) later: no 90 until the 9th.
"""

from __future__ import annotations

from typing import Any

import pytest
from games import mittwoch as m
from games.expect import expected_items, item_totals
from games.kinds import call, team_points
from games.verdicts import assert_tricks, assert_valid_complete


def assert_valid_game(result: dict[str, Any], d, re: list[int]) -> None:
    """A legal complete game, played as written, with the expected teams."""
    assert_valid_complete(result)
    assert sorted(result["game"]["re"]) == re
    assert_tricks(result, d)
    re_points, contra_points = team_points(d, re)
    assert result["card_points"] == {"re": re_points, "contra": contra_points}


def assert_score(result: dict[str, Any], *, winner: str | None, multiplier: int, value: int,
                 scores: list[int], items: list[tuple[Any, ...]]) -> None:
    assert result["winner"] == winner
    score = result["score"]
    assert item_totals(score) == expected_items(*items), score["items"]
    assert score["multiplier"] == multiplier
    assert score["value"] == value
    assert list(score["scores"]) == scores
    assert sum(scores) == 0  # 'um die Quersumme auf Null prüfen zu können'


def calls_made(result: dict[str, Any]) -> list[tuple[int, str, str]]:
    return [(a["seat"], a["team"], a["call"]) for a in result["announcements"]]


# ---------------------------------------------------------------------------------------
# 1. "Keine 90"
# ---------------------------------------------------------------------------------------


def test_keine_90(check):
    """'Die Re-Partei hat nach der 1. Karte "Re" gesagt und nach der 9. "Keine 90"; die
    Contra-Partei erzielt 80 Punkte: "keine 90, keine 90 angesagt, keine 120, macht 3
    Punkte; mal zwei wegen Ansage, macht 6."'

    Re {0, 2} makes 160, contra {1, 3} 80. Seat 2 says re after the first card, seat 0
    no 90 after the ninth (the first card of trick 3): both on time."""
    d = m.deal(m.EX1, [call(1, 1, 2, "re"), call(3, 1, 0, "no90")])
    result = check(m.normal_transcript(d))
    assert_valid_game(result, d, re=[0, 2])
    assert result["card_points"] == {"re": 160, "contra": 80}
    assert calls_made(result) == [(2, "re", "re"), (0, "re", "no90")]
    assert_score(result, winner="re", multiplier=2, value=6, scores=[6, -6, 6, -6], items=[
        ("below_90", "re", 1),        # keine 90 (contra 80)
        ("no90_announced", "re", 1),  # keine 90 angesagt
        ("won", "re", 1),             # keine 120
    ])  # macht 3; mal zwei wegen Ansage, macht 6


# ---------------------------------------------------------------------------------------
# 2. Verlorene Ansage
# ---------------------------------------------------------------------------------------


def test_verlorene_ansage(check):
    """'Wie oben, aber die Contra-Partei erzielt 90 Punkte, d.h. die Re-Partei verliert.
    Es wird genauso gezählt wie oben, plus "gegen die Alten": "Keine 90, keine 90
    angesagt, keine 120, gegen die Alten, macht 4, mal zwei wegen Re macht 8."'

    Re {0, 2} said re and no 90 as in example 1 but makes 150; contra makes 90. The broken
    'keine 90' goes to contra ('Wird eine Ansage gebrochen, dann kommt dieselbe Punktzahl
    der Gegenpartei zugute')."""
    d = m.deal(m.EX2, [call(1, 1, 2, "re"), call(3, 1, 0, "no90")])
    result = check(m.normal_transcript(d))
    assert_valid_game(result, d, re=[0, 2])
    assert result["card_points"] == {"re": 150, "contra": 90}
    assert_score(result, winner="contra", multiplier=2, value=8, scores=[-8, 8, -8, 8], items=[
        ("broken_below_90", "contra", 1),      # keine 90 (the broken bid's stake)
        ("no90_announced", "contra", 1),       # keine 90 angesagt
        ("won", "contra", 1),                  # keine 120
        ("against_club_queens", "contra", 1),  # gegen die Alten
    ])  # macht 4, mal zwei wegen Re macht 8


# ---------------------------------------------------------------------------------------
# 3. Nullspiel
# ---------------------------------------------------------------------------------------


def test_nullspiel(check):
    """'Die Re-Partei sagt "Re", aber die Contra-Partei macht einen Doppelkopf und
    erzielt 100 Punkte: "Keine 120, Doko wieder ab, macht null Punkte; mal zwei macht
    immer noch null".'

    Re {0, 2} makes 140 and wins; contra's trick 8 (♥10 ♦A ♦10 ♦10) is worth 41."""
    d = m.deal(m.EX3, [call(1, 2, 2, "re")])
    result = check(m.normal_transcript(d))
    assert_valid_game(result, d, re=[0, 2])
    assert result["card_points"] == {"re": 140, "contra": 100}
    assert_score(result, winner="re", multiplier=2, value=0, scores=[0, 0, 0, 0], items=[
        ("won", "re", 1),               # keine 120
        ("doppelkopf", "contra", 1, 8),  # Doko wieder ab
    ])  # macht null Punkte; mal zwei macht immer noch null


# ---------------------------------------------------------------------------------------
# 4. Re vorab/Contra
# ---------------------------------------------------------------------------------------


def test_re_vorab_contra(check):
    """'Die Re-Partei sagt "Re" vor der ersten Karte, die Contra-Partei sagt später
    "Contra". Die Re-Partei erzielt nur 120 Punkte, d.h. sie verliert: "Keine 120, gegen
    die Alten, Vorab-Ansage, macht drei im Grund; mal zwei wegen Re macht sechs, mal
    zwei wegen Contra macht 12 zugunsten der Contra-Partei."'

    Seat 0 says re before the first card; seat 1 contra after the third card."""
    d = m.deal(m.EX4, [call(1, 0, 0, "re"), call(1, 3, 1, "contra")])
    result = check(m.normal_transcript(d))
    assert_valid_game(result, d, re=[0, 2])
    assert result["card_points"] == {"re": 120, "contra": 120}
    assert calls_made(result) == [(0, "re", "re"), (1, "contra", "contra")]
    assert_score(result, winner="contra", multiplier=4, value=12, scores=[-12, 12, -12, 12],
                 items=[
                     ("won", "contra", 1),                          # keine 120
                     ("against_club_queens", "contra", 1),          # gegen die Alten
                     ("announced_before_first_card", "contra", 1),  # Vorab-Ansage
                 ])  # drei im Grund; ×2 wegen Re, ×2 wegen Contra: 12


# ---------------------------------------------------------------------------------------
# 5. Selber doof
# ---------------------------------------------------------------------------------------


def test_selber_doof(check):
    """'Wie oben, aber die Re-Partei erzielt nur 89 Punkte (90 wäre noch wie oben):
    "Keine 90, keine 120, Ansage vorab, gegen die Alten, selber doof, macht 5 Punkte,
    mit Re- und Contra-Ansagen 20 zugunsten der Contra-Partei."'

    Re {1, 3} (seat 1 says re before the first card) makes 89; contra {0, 2} (seat 0
    says contra after the third card) makes 151: 'Würde eine Partei sogar, obwohl gegen
    sie "Re" oder "Contra" angesagt wurde, 150 (180 usw.) Punkte erzielen, bekäme sie
    einen (zwei usw.) zusätzliche Punkte'."""
    d = m.deal(m.EX5, [call(1, 0, 1, "re"), call(1, 3, 0, "contra")])
    result = check(m.normal_transcript(d))
    assert_valid_game(result, d, re=[1, 3])
    assert result["card_points"] == {"re": 89, "contra": 151}
    assert_score(result, winner="contra", multiplier=4, value=20, scores=[20, -20, 20, -20],
                 items=[
                     ("below_90", "contra", 1),                     # keine 90
                     ("won", "contra", 1),                          # keine 120
                     ("announced_before_first_card", "contra", 1),  # Ansage vorab
                     ("against_club_queens", "contra", 1),          # gegen die Alten
                     ("reached_150_against_call", "contra", 1),     # selber doof
                 ])  # macht 5, mit Re- und Contra-Ansagen 20


def test_selber_doof_with_90_is_still_as_above(check):
    """'... nur 89 Punkte (90 wäre noch wie oben)': with 90 for re (150 for contra) the
    game is scored as in example 4, 'macht drei im Grund ... 12 zugunsten der
    Contra-Partei'. Re has not fallen below 90, and the seed reads contra's 150 as not
    yet earning the selber-doof point (else 90 would give 16, not 'wie oben')."""
    d = m.deal(m.EX5_90, [call(1, 0, 1, "re"), call(1, 3, 0, "contra")])
    result = check(m.normal_transcript(d))
    assert_valid_game(result, d, re=[1, 3])
    assert result["card_points"] == {"re": 90, "contra": 150}
    assert_score(result, winner="contra", multiplier=4, value=12, scores=[12, -12, 12, -12],
                 items=[
                     ("won", "contra", 1),                          # keine 120
                     ("against_club_queens", "contra", 1),          # gegen die Alten
                     ("announced_before_first_card", "contra", 1),  # Vorab-Ansage
                 ])


def test_selber_doof_contra_loses_with_89(check):
    """'Würde hier stattdessen die Contra-Partei mit 89 Punkten verlieren, würde "gegen
    die Alten" wegfallen, so dass am Ende nur 16 Punkte zugunsten der Re-Partei
    herauskämen.'

    Re {0, 2} (seat 0: re before the first card) makes 151, contra {1, 3} (seat 1:
    contra after the third card) 89: keine 90, keine 120, Ansage vorab, selber doof =
    4, ×4 = 16."""
    d = m.deal(m.EX5_RE_151, [call(1, 0, 0, "re"), call(1, 3, 1, "contra")])
    result = check(m.normal_transcript(d))
    assert_valid_game(result, d, re=[0, 2])
    assert result["card_points"] == {"re": 151, "contra": 89}
    assert_score(result, winner="re", multiplier=4, value=16, scores=[16, -16, 16, -16], items=[
        ("below_90", "re", 1),                     # keine 90
        ("won", "re", 1),                          # keine 120
        ("announced_before_first_card", "re", 1),  # Ansage vorab
        ("reached_150_against_call", "re", 1),     # selber doof (151 against 'Contra')
    ])


# ---------------------------------------------------------------------------------------
# 6. Versteckte Hochzeit
# ---------------------------------------------------------------------------------------


def test_versteckte_hochzeit(check):
    """'Die Hochzeit findet, dass sie stark genug ist, um allein zu spielen, meldet also
    nichts an und hat sogar die Chuzpe, "Re vorab" zu sagen. Damit spielt sie ein
    verdecktes Trumpf-Solo. Contra riecht aber Lunte und gewinnt denkbar knapp mit 120
    Punkten. "Keine 120, gegen das Solo, Ansage vorab, macht drei, mit Re 6"
    Pluspunkte für jede GegnerIn, 18 Minuspunkte für die Solistin.'

    Seat 0 holds both ♣Q, says healthy and re before the first card; it makes 120.
    'vorab' counts here ('Ausnahme: stille Hochzeit'), 'gegen die Alten' does not: the
    seed names 'gegen das Solo' instead."""
    d = m.deal(m.EX6, [call(1, 0, 0, "re")])
    result = check(m.normal_transcript(d))
    assert_valid_game(result, d, re=[0])
    assert result["game"]["type"] == "silent_marriage"
    assert result["card_points"] == {"re": 120, "contra": 120}
    assert_score(result, winner="contra", multiplier=2, value=6, scores=[-18, 6, 6, 6], items=[
        ("won", "contra", 1),                          # keine 120
        ("against_solo", "contra", 1),                 # gegen das Solo
        ("announced_before_first_card", "contra", 1),  # Ansage vorab
    ])  # macht drei, mit Re 6; 18 Minuspunkte für die Solistin


# ---------------------------------------------------------------------------------------
# 7. Falsch bedient
# ---------------------------------------------------------------------------------------


def test_falsch_bedient(check):
    """'Im Buben-Solo übersieht einer der Contra-Spieler einen falsch einsortierten
    Bauern, was erst später auffällt. Die SolistIn hatte "Re keine 90" angesagt:
    "Schwarz, keine 30, keine 60, keine 90, 90 angesagt, keine 120, Solo, macht 7, mit
    Re 14." Die Solistin erhält wie üblich den dreifachen Punktsatz, also 42
    Pluspunkte; die beiden unschuldigen Spieler erhalten aber nicht je 14 Minuspunkte,
    sondern behalten ihren bisherigen Punktstand bei. Ihre Miesen bekommt derjenige,
    der falsch bedient hatte, zusätzlich zu seinen eigenen 14, so dass er auf zusammen
    42 Miese kommt.' ('Allgemein': 'mit den bisherigen Ansagen als schwarz verloren')

    Seat 1 plays a jacks solo and leads ('Solo kommt immer raus'); it says re after the
    first card and no 90 after the fifth. In trick 2 seat 2 plays ♥Q on the ♠J led while
    holding the ♥J, which it plays in trick 3. As played the soloist makes 204 and loses
    trick 10; the revoke scores the game as lost black by the three."""
    d = m.ex7_deal([call(1, 1, 1, "re"), call(2, 1, 1, "no90")])
    result = check(m.ex7_transcript(d))
    assert result["complete"] is True
    assert result["game"]["type"] == "solo" and result["game"]["re"] == [1]
    assert_tricks(result, d)
    revoke_pointer = d.card_pointer(*m.EX7_REVOKE)
    assert [(v["code"], v["pointer"], v["seat"]) for v in result["violations"]] == [
        ("follow_suit", revoke_pointer, 2)]
    assert calls_made(result) == [(1, "re", "re"), (1, "re", "no90")]
    score = result["score"]
    # The penalty is said in an item that names the offender, and carries no points.
    penalty = [i for i in score["items"] if i.get("seat") is not None]
    assert len(penalty) == 1 and penalty[0]["seat"] == 2 and penalty[0]["points"] == 0
    assert penalty[0]["code"].startswith("revoke")
    result["score"] = {**score, "items": [i for i in score["items"] if i not in penalty]}
    assert_score(result, winner="re", multiplier=2, value=14, scores=[0, 42, -42, 0], items=[
        ("black", "re", 1),           # Schwarz
        ("below_30", "re", 1),        # keine 30
        ("below_60", "re", 1),        # keine 60
        ("below_90", "re", 1),        # keine 90
        ("no90_announced", "re", 1),  # 90 angesagt
        ("won", "re", 1),             # keine 120
        ("solo", "re", 1),            # Solo
    ])  # macht 7, mit Re 14; Solistin +42, die Unschuldigen 0, der Übeltäter -42


@pytest.mark.parametrize("name", ["EX1", "EX2", "EX3", "EX4", "EX5", "EX5_90", "EX5_RE_151",
                                  "EX6", "EX6_DOKO", "LAST_DOLLEN"])
def test_deals_total_240(name):
    """Every hand-written deal is a full 40-card pack played out: 240 card points."""
    d = m.deal(getattr(m, name))
    assert sum(t.points for t in d.tricks) == 240
