"""The shipped presets: they load, every option names its source, key values match the
seeds they come from, and the handbook's preset table (docs/rulesets.md) is current.

Seeds (in shared/seeds/): 002 FreeDoko's rules (English), 003 the "Mittwochsregeln",
004 "DOKO (Version 2026)". The DDV preset cites the TSR of 21.02.2026.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from service.game.options import CATALOGUE, Ruleset
from service.game.rulesets import presets, resolve
from service.tools import preset_table
from service.tools.preset_table import markdown_table

PRESET_IDS = ("ddv", "freedoko", "mittwoch", "doko2026")
PAGE = Path(__file__).resolve().parents[1] / "docs" / "rulesets.md"
START, END = "<!-- presets:start -->", "<!-- presets:end -->"


def rules(preset_id: str) -> Ruleset:
    return resolve(preset_id)


# --- every preset ----------------------------------------------------------------------


def test_the_four_presets_are_shipped():
    assert set(PRESET_IDS) <= set(presets())


@pytest.mark.parametrize("preset_id", PRESET_IDS)
def test_preset_loads(preset_id):
    preset = presets()[preset_id]
    assert preset.id == preset_id
    assert isinstance(preset.ruleset, Ruleset)
    assert preset.title.strip() and preset.source.strip()
    assert resolve(preset_id) is preset.ruleset


@pytest.mark.parametrize("preset_id", PRESET_IDS)
def test_every_option_has_a_source(preset_id):
    preset = presets()[preset_id]
    empty = [name for name in CATALOGUE if not preset.sources.get(name, "").strip()]
    assert not empty, f"{preset_id}: options without a source: {empty}"


@pytest.mark.parametrize("preset_id", PRESET_IDS)
def test_notes_are_not_empty(preset_id):
    preset = presets()[preset_id]
    assert all(note for note in preset.notes.values())


# --- freedoko (seed 002) ----------------------------------------------------------------


def test_freedoko_cards_and_swines():
    """Seed 002, 1: 48 cards ('Optional ... without nines'); 2.1: the ♥10 are trumps, the
    second may jab the first (FreeDoko's default); 2.2: swines announced 'before the game'
    (FreeDoko's default timing), hyperswines optional and off."""
    r = rules("freedoko")
    assert r.with_nines is True
    assert r.dollen is True
    assert r.dollen_order == "second_wins"
    assert r.swines == "before_play"
    assert r.hyperswines == "none"


def test_freedoko_all_twelve_solos():
    """Seed 002, 6.1.1 'Solos': colour solos (♣ ♠ ♥ ♦), meatless, queen, jack, queen-jack,
    king-queen-jack, king, king-queen and king-jack solos."""
    assert set(rules("freedoko").solos) == set(CATALOGUE["solos"]["choices"])


def test_freedoko_reservations():
    """Seed 002, 6.1: '1. duty solo 2. lust solo 3. poverty 4. marriage', the first in seat
    order names his reservation; 6.2/6.3: a duty soloist leads, a lust solo is led by 'the
    player to the left of the dealer'."""
    r = rules("freedoko")
    assert r.reservation_priority == ("duty_solo", "lust_solo", "poverty", "marriage")
    assert r.solo_precedence == "seat"
    assert r.soloist_leads == "duty_only"


def test_freedoko_marriage():
    """Seed 002, 6.4: 'first foreign trick / color trick / trump trick / ♥ / ♠ / ♣ trick
    decides', always the first such trick; the last deciding trick is optional
    (FreeDoko's default 12)."""
    r = rules("freedoko")
    assert set(r.marriage_partner_rules) == {"any", "color", "trump", "club", "spade", "heart"}
    assert r.marriage_nth_allowed is False
    assert r.marriage_deciding_tricks == 12


def test_freedoko_poverty_and_throwing():
    """Seed 002, 6.5.4: 'no more than three trumps'; the taker 'announces, how many trumps
    he has given away'. 6.5.1: 'more than four nines'; 6.5.2: 'more than five kings'."""
    r = rules("freedoko")
    assert r.poverty == "pass"
    assert r.poverty_max_trumps == 3
    assert r.poverty_returned_trumps == "count"
    assert "nines" in r.throw
    assert r.throw_minimums[:2] == (5, 6)


def test_freedoko_announcements():
    """Seed 002, 8.1: re/contra 'till the player has played his card of the second trick'
    (11 cards in hand); 8.2: denials may be left out 'when all denials left out are still
    allowed', and are moved by the tricks a marriage needed."""
    r = rules("freedoko")
    assert r.announcement_clock == "hand"
    assert r.announcement_deadlines[0] == 11
    assert r.announcement_skip == "in_time_levels"
    assert r.marriage_shifts_deadlines is True


def test_freedoko_scoring():
    """Seed 002, 10.1: Re wins 'with the 120. point, if only Contra was announced'; 10.2:
    Re and Contra '2 more points' each, special points 'only ... in a normal game'; 10.3:
    'the solo player gets the points three times'."""
    r = rules("freedoko")
    assert r.re_needs_121_against_lone_contra is False
    assert r.re_contra_scoring == "add_2"
    assert {"against_club_queens", "doppelkopf", "fox_caught"} <= set(r.special_points)
    assert r.special_points_in == ("normal",)
    assert r.solo_multiplier == 3


# --- mittwoch (seed 003) ----------------------------------------------------------------


def test_mittwoch_cards():
    """Seed 003, 'Wichtigste Besonderheiten': 'Ohne Neunen'; 'Beide Karo-Asse sind
    Schweine; Ansage erst bei Ausspiel des ersten Schweins'; 'Zweite Herz-Zehn ist hoch';
    'keine Hyperschweine'; 'Sonderspiele': 'Durch einen geschobenen Fuchs entstehende
    Schweine sind gültig!'"""
    r = rules("mittwoch")
    assert r.with_nines is False
    assert r.swines == "at_first_swine"
    assert r.dollen_order == "second_wins"
    assert r.hyperswines == "none"
    assert r.swines_in_poverty is True


def test_mittwoch_solos():
    """Seed 003, 'Soli': 'Mit absteigendem Vorrang spielen wir Trumpf-Solo, Damen-Solo,
    Buben-Solo, Fleischloser'; 'spielt die SolistIn stets auf'; '"Reizen"': the higher
    announcement, then the list, then the seat decides; 'Es gibt keine Zwangs-Soli'."""
    r = rules("mittwoch")
    assert r.solos == ("diamonds", "queens", "jacks", "meatless")
    assert r.soloist_leads == "always"
    assert r.solo_precedence == "bid_then_rank_then_seat"
    assert r.reservation_priority[0] == "solo"
    assert r.duty_solos_per_player == 0


def test_mittwoch_special_games():
    """Seed 003, 'Sonderspiele': a marriage 'mit beliebigen "Hochzeitsregeln"', e.g.
    'Zweiter Fehlstich', a trump solo if no partner 'im dritten Stich'; poverty 'mit
    höchstens drei Trümpfen', the taker says 'ob sie Trümpfe zurückschiebt, jedoch nicht
    deren Anzahl'; 'Allgemein': 'Unter keinen Umständen wird "geschmissen"'."""
    r = rules("mittwoch")
    assert set(r.marriage_partner_rules) == {"any", "color", "trump", "club", "spade", "heart"}
    assert r.marriage_nth_allowed is True
    assert r.marriage_deciding_tricks == 3
    assert r.poverty == "pass"
    assert r.poverty_max_trumps == 3
    assert r.poverty_returned_trumps == "whether"
    assert r.throw == ()


def test_mittwoch_announcements():
    """Seed 003, 'Ansagezeitpunkte': Re oder Contra 'spätestens nach dem Fall der 5.
    Karte', the others 'jeweils eine Runde später'; a reply 'eine Runde nach dem spätesten
    Zeitpunkt'; 'Keine 90' 'aus heiterem Himmel'; the marriage keeps the normal deadlines
    and allows the 'Re oder Contra' call."""
    r = rules("mittwoch")
    assert r.announcement_clock == "table"
    assert r.announcement_deadlines == (5, 9, 13, 17, 21)
    assert r.announcement_reply == "one_round"
    assert r.announcement_skip == "free"
    assert r.marriage_shifts_deadlines is False
    assert r.re_or_contra_before_partner is True


def test_mittwoch_scoring():
    """Seed 003, 'Zählweise': 121 'auch bei unbeantwortetem Contra'; 'Re- oder
    Contra-Ansage verdoppelt'; 'Ermittlung des Grundergebnisses': a broken bid's points go
    to the opponents, 'Selber-Doof-Punkte', a solo and winning against it a point each;
    'Sonderpunkte' incl. 'Karlchen im letzten Stich gefangen' and 'vorab', only in normal
    games and the Trumpf-Solo; 'Im Turnier keine Böcke'."""
    r = rules("mittwoch")
    assert r.re_needs_121_against_lone_contra is True
    assert r.re_contra_scoring == "double"
    assert r.broken_bid_scoring == "stakes"
    assert r.reached_against_bid_points == "selber_doof"
    assert r.solo_bonus is True
    assert r.before_first_card_bonus is True
    assert {"doppelkopf", "fox_caught", "karlchen_last_trick", "karlchen_caught"} <= set(
        r.special_points)
    assert r.special_points_in == ("normal", "diamonds_solo")
    assert r.counting == "plus_minus"
    assert r.bock_rounds is False


def test_mittwoch_revoke():
    """Seed 003, 'Allgemein': a revoke is scored 'mit den bisherigen Ansagen als schwarz
    verloren'; the innocent partner's minus goes to the offender (example 'Falsch
    bedient')."""
    assert rules("mittwoch").revoke_penalty == "lost_as_black"


# --- doko2026 (seed 004) ----------------------------------------------------------------


def test_doko2026_cards():
    """Seed 004, II.a: 'Zweite Herz 10' above 'Erste Herz 10', 'Ausnahme: bei "Sau"; dann
    sticht die erste "10" die zweite'; I.2: the Sau is announced 'vor dem Ausspiel des
    ersten Karo-[Asses]'; II.b: in colour solos '"Füchse" und "Sau" gibt es'."""
    r = rules("doko2026")
    assert r.with_nines is True
    assert r.dollen_order == "second_wins"
    assert r.dollen_first_wins_with_swines is True
    assert r.swines == "before_first_swine"
    assert r.swines_in_color_solo is True


def test_doko2026_solos():
    """Seed 004, II.b 'Rangfolge bei Solospiel': queens ('nur die 8 Damen'), jacks, colour
    solos (Herz, Pik, Kreuz), Trumpf (Karo), Ohne-[Trumpf]."""
    r = rules("doko2026")
    assert r.solos == ("queens", "jacks", ("hearts", "spades", "clubs"), "diamonds", "meatless")
    assert r.solo_rank("hearts") == r.solo_rank("clubs") == 2
    assert r.solo_precedence == "rank_then_seat"


def test_doko2026_marriage_and_poverty():
    """Seed 004, 'Bei "Hochzeit"': 'Der "erste fremde Fehl-[stich]"', a trump solo 'nach
    dem dritten Stich'; I.5 'Armut': 'Drei oder weniger Trümpfe', the taker says "kein
    Trumpf zurück" or "Trumpf zurück"."""
    r = rules("doko2026")
    assert r.marriage_partner_rules == ("color",)
    assert r.marriage_deciding_tricks == 3
    assert r.poverty == "pass"
    assert r.poverty_max_trumps == 3
    assert r.poverty_returned_trumps == "whether"


def test_doko2026_announcements():
    """Seed 004, V.1: the first announcement with one's card to the second trick; V.2:
    'keine 90' with at least 10 cards, 'keine 60' 9, 'keine 30' 7, Schwarz 5; denials 'Nur
    möglich nachdem jemand "Re" oder "Kontra" gesagt hat'; earlier than the minimum count
    'erhöht sich die Punktzahl ... auf 2 Punkte'."""
    r = rules("doko2026")
    assert r.announcement_clock == "hand"
    assert r.announcement_deadlines == (11, 10, 9, 7, 5)
    assert r.announcement_skip == "none"
    assert r.marriage_shifts_deadlines is True
    assert r.early_announcement_bonus is True


def test_doko2026_scoring():
    """Seed 004, VI.: 'Re 2 Punkte, Kontra 2 Punkte'; 'Fuchs gefangen', 'Doppelkopf',
    'Karlchen im letzten Stich gefangen', 'Karlchen macht den letzten Stich'; 'Es werden
    nur "Pluspunkte" für die Gewinner eines Spiels notiert!'; the soloist 'x 3'. II.c: the
    offender loses, 'Die drei Mitspieler ... erhalten jeweils 5 Pluspunkte'."""
    r = rules("doko2026")
    assert r.re_contra_scoring == "add_2"
    assert {"doppelkopf", "fox_caught", "karlchen_last_trick", "karlchen_caught"} <= set(
        r.special_points)
    assert r.counting == "winners_only"
    assert r.solo_multiplier == 3
    assert r.revoke_penalty == "offender_loses_others_plus_5"


def test_doko2026_sitting():
    """Seed 004, III.: '1 Pflicht-[Solo]' per player; VII.: '8 Spiele' at a table of four;
    'abzüglich 7 Punkte für ein nicht gespieltes Solo'."""
    r = rules("doko2026")
    assert r.duty_solos_per_player == 1
    assert r.games_per_round == 8
    assert r.missed_duty_solo_penalty == 7


# --- the table ----------------------------------------------------------------------------


def test_table_has_a_row_per_option_and_a_column_per_preset():
    table = markdown_table()
    lines = table.strip().splitlines()
    header = [c.strip() for c in lines[0].strip("|").split("|")]
    assert header[:2] == ["option", "meaning"]
    assert header[2:6] == list(PRESET_IDS)
    assert len(lines) == 2 + len(CATALOGUE)
    for name, line in zip(CATALOGUE, lines[2:], strict=True):
        assert line.startswith(f"| `{name}` |")
        assert line.count(" | ") == len(header) - 1


def test_table_renders_values_compactly():
    row = next(line for line in markdown_table().splitlines() if "`announcement_deadlines`" in line)
    assert "| 5, 9, 13, 17, 21 |" in row
    row = next(line for line in markdown_table().splitlines() if "`with_nines`" in line)
    assert row.endswith("| yes | yes | no | yes |")


def test_module_prints_the_table(capsys):
    preset_table.main()
    assert capsys.readouterr().out == markdown_table()


def test_the_rulesets_page_carries_the_current_table():
    """docs/rulesets.md's copy between the markers is exactly markdown_table()."""
    text = PAGE.read_text(encoding="utf-8")
    assert START in text and END in text, "docs/rulesets.md lost its preset table markers"
    between = text.split(START, 1)[1].split(END, 1)[0]
    assert between.strip("\n") == markdown_table().strip("\n"), (
        "docs/rulesets.md's preset table is stale: run "
        "`python -m service.tools.preset_table --write`")
