"""Every code the service reports, with its meaning in English and German and its sources.

Violations (``violations[].code``), notes (``notes[].code``) and score items
(``score.items[].code``) are named by these codes and by no others: ``Violation`` and
``Note`` refuse an unknown code when built, a test holds every score item to the
registry, and ``openapi.yaml`` and the README list the codes from here (a test fails
when they drift). ``GET /v1/codes`` serves the registry. Codes are added, never renamed
or removed, within ``/v1``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

CodeKind = Literal["violation", "note", "score"]
KINDS: Final[tuple[CodeKind, ...]] = ("violation", "note", "score")


@dataclass(frozen=True, slots=True)
class Code:
    code: str
    kind: CodeKind
    en: str
    de: str
    sources: tuple[str, ...] = ()


def _v(code: str, en: str, de: str, *sources: str) -> Code:
    return Code(code, "violation", en, de, sources)


def _n(code: str, en: str, de: str, *sources: str) -> Code:
    return Code(code, "note", en, de, sources)


def _s(code: str, en: str, de: str, *sources: str) -> Code:
    return Code(code, "score", en, de, sources)


_CODES: Final = (
    # ---- violations: the deal ------------------------------------------------------------
    _v("deal_card_count", "A hand holds the wrong number of cards.",
       "Ein Blatt hat die falsche Kartenzahl.", "DDV TSR 3.3"),
    _v("unknown_card", "A card that is not in this pack (cards are written suit C/S/H/D and "
       "rank 9/10/J/Q/K/A, e.g. H10).",
       "Eine Karte, die es in diesem Blatt nicht gibt (Farbe C/S/H/D, Wert 9/10/J/Q/K/A, "
       "z. B. H10).", "DDV TSR 2.2"),
    _v("card_too_often", "A card appears more than twice in the deal.",
       "Eine Karte kommt öfter als zweimal vor.", "DDV TSR 2.2"),
    # ---- the reservation round and the game declared ---------------------------------------
    _v("reservation_order", "Reservations not said in asking order, one per seat from the "
       "dealer's left.", "Vorbehalte nicht in Abfragereihenfolge (ab links vom Geber).",
       "DDV TSR 4.1"),
    _v("reservation_entitlement", "A reservation or game the player was not entitled to.",
       "Ein Vorbehalt oder Spiel, zu dem der Spieler nicht berechtigt war.",
       "DDV TSR 4.1", "DDV TSR 4.4"),
    _v("reservation_priority", "The game played is not the one the reservations call for.",
       "Gespielt wurde nicht das Spiel, das die Vorbehalte ergeben.", "DDV TSR 4.1"),
    _v("game_declaration", "The declared game lacks a field it needs or contradicts the "
       "sitting (a duty solo written as a lust solo).",
       "Die Spielansage ist unvollständig oder widerspricht der Liste (Pflichtsolo als "
       "Lustsolo).", "DDV TSR 4.2", "DDV TSR 4.3"),
    _v("marriage_partner", "A marriage's partner rule is not allowed, or the partner named "
       "is not the one the tricks found.",
       "Unzulässige Hochzeitsregel oder falsch benannter Partner.", "DDV TSR 4.4"),
    _v("poverty_exchange", "The poverty exchange broke a rule (cards passed or returned, "
       "offers, the trumps stated).",
       "Fehler beim Armutstausch (abgegebene oder zurückgegebene Karten, Angebote, "
       "Trumpfansage).", "seed 002 (FreeDoko) 6.4"),
    # ---- the play --------------------------------------------------------------------------
    _v("wrong_leader", "The first trick was led by the wrong seat.",
       "Falscher Spieler hat zum ersten Stich ausgespielt.", "DDV TSR 5.1"),
    _v("turn_order", "A card played out of turn.", "Karte außer der Reihe gespielt.",
       "DDV TSR 5.3"),
    _v("card_not_in_hand", "A card played that the seat does not hold.",
       "Karte gespielt, die der Spieler nicht hält.", "DDV TSR 5.2"),
    _v("follow_suit", "Failed to follow suit (trump is its own suit) while able to.",
       "Nicht bedient, obwohl möglich (Trumpf ist eine eigene Farbe).",
       "DDV TSR 5.2", "DDV TSR 9.4.3"),
    _v("overlong_game", "Cards played after the last trick, or after a redeal.",
       "Karten nach dem letzten Stich oder nach einem Neugeben gespielt.", "DDV TSR 5.3"),
    # ---- announcements and showings --------------------------------------------------------
    _v("announcement_too_late", "An announcement after its deadline.",
       "An- oder Absage nach ihrem spätesten Zeitpunkt.", "DDV TSR 6.2", "DDV TSR 6.3"),
    _v("announcement_too_early", "An announcement before the marriage's partner is decided.",
       "Ansage, bevor die Hochzeit geklärt ist.", "DDV TSR 4.4.4"),
    _v("announcement_wrong_team", "A call of the other team (re by contra, contra by re).",
       "Ansage der anderen Partei.", "DDV TSR 6.1"),
    _v("announcement_not_raising", "A call at or below the level the team has already said.",
       "Ansage, die die bisherige der Partei nicht erhöht.", "DDV TSR 6.3"),
    _v("announcement_not_allowed", "A call this ruleset or this moment does not allow.",
       "Eine Ansage, die dieses Regelwerk oder dieser Zeitpunkt nicht kennt.",
       "DDV TSR 6.1"),
    _v("show_not_allowed", "Swines or hyperswines shown where they do not exist.",
       "Schweine oder Superschweine gezeigt, wo es sie nicht gibt.", "seed 002 (FreeDoko) 8"),
    _v("swines_entitlement", "Swines or hyperswines shown without holding both cards.",
       "Schweine gezeigt, ohne beide Karten zu halten.", "seed 002 (FreeDoko) 8"),
    _v("swines_timing", "Swines or hyperswines shown at the wrong time.",
       "Schweine zum falschen Zeitpunkt gezeigt.", "seed 002 (FreeDoko) 8"),
    # ---- violations: a sitting's list of games ----------------------------------------------
    _v("wrong_dealer", "The game was dealt by the wrong player (the rotation of the list).",
       "Falscher Geber (Reihenfolge der Spielliste).",
       "DDV TSR 3.3.1", "DDV TSR 4.2.5", "DDV TSR 4.3.2"),
    _v("wrong_players", "A game's players are not the ones at the table for it (at five the "
       "dealer sits out).", "Die Spieler eines Spiels sind nicht die am Tisch (zu fünft "
       "sitzt der Geber).", "DDV TSR 10.1.1"),
    _v("forced_solo", "A forced duty solo ('vorgeführt') was due and not played, or a solo "
       "is written as forced where none was due.",
       "Ein vorgeführtes Pflichtsolo war fällig und wurde nicht gespielt, oder ein Solo ist "
       "ohne Grund als vorgeführt notiert.", "DDV TSR 4.2.3"),
    _v("duty_solo_missing", "The round finished with a duty solo not played.",
       "Die Runde endete mit einem nicht gespielten Pflichtsolo.", "DDV TSR 8.6"),
    _v("round_too_long", "More games than the round has.", "Mehr Spiele als die Runde hat.",
       "DDV TSR 8.5.1", "DDV TSR 10.1.5"),
    _v("game_unfinished", "A game of the list stops before its last card.",
       "Ein Spiel der Liste endet vor der letzten Karte."),
    _v("sheet_zero_sum", "A line of the list does not add up to zero.",
       "Die Quersumme einer Zeile ist nicht 0.", "DDV TSR 7.3.3"),
    _v("sheet_even_odd", "The four entries of a line are not all even or all odd.",
       "Die vier Einträge einer Zeile sind nicht alle gerade oder alle ungerade.",
       "DDV TSR 7.3.3"),
    _v("sheet_line", "A line's entries disagree with its own fields (value, winners, bock, "
       "the soloist's factor, who played).",
       "Die Einträge einer Zeile passen nicht zu ihren Angaben (Wert, Gewinner, Bock, "
       "Solo-Faktor, Mitspieler).", "DDV TSR 7.3.3", "DDV TSR 10.1.2"),
    _v("sheet_type", "A line names a game the ruleset does not have (a poverty or a redeal "
       "where the rules have none).",
       "Eine Zeile nennt ein Spiel, das es nach diesen Regeln nicht gibt (eine Armut, oder "
       "neu geben, wo die Regeln es nicht vorsehen).", "DDV TSR 4.1.5", "DDV TSR 9.1.3"),
    _v("wrong_total", "A claimed total differs from the sum of the list.",
       "Eine angegebene Summe weicht von der Summe der Liste ab.", "DDV TSR 7.3.3"),
    # ---- notes -----------------------------------------------------------------------------
    _n("reservations_missing", "The transcript records no reservation round; it was not "
       "checked.", "Keine Vorbehaltsabfrage angegeben; sie wurde nicht geprüft."),
    _n("silent_marriage", "A player held both club queens and said nothing: a silent "
       "marriage, scored as a solo.",
       "Stille Hochzeit: beide Kreuz-Damen, nichts gesagt; gewertet als Solo.",
       "DDV TSR 4.4.5"),
    _n("round_option", "An option of the ruleset applies to a sitting (a list of games), "
       "not to one game; it was not used here.",
       "Eine Option gilt für die Spielliste, nicht für ein einzelnes Spiel; hier nicht "
       "angewandt."),
    _n("call_not_scored", "A call was refused (see its violation) and is not scored.",
       "Eine Ansage wurde zurückgewiesen (siehe den Verstoß) und wird nicht gewertet.",
       "DDV TSR 6.2", "DDV TSR 6.3"),
    _n("penalty_scored", "A penalty was scored instead of the game as played; the note "
       "says which rule and what it replaced.",
       "Statt des gespielten Spiels wurde eine Strafe gewertet; der Hinweis nennt die Regel "
       "und was sie ersetzt.", "DDV TSR 9.4.3", "DDV TSR 9.4.4", "seed 003 (Mittwoch)",
       "seed 004 (DOKO 2026) II"),
    _n("round_short", "The round finished with fewer games than its count (the referee "
       "struck the rest).", "Die Runde endete mit weniger Spielen als vorgesehen (der "
       "Schiedsrichter strich den Rest).", "DDV TSR 8.5.1"),
    _n("missed_duty_solo", "A duty solo not played: the ruleset's penalty is taken from the "
       "player's total.", "Nicht gespieltes Pflichtsolo: die Strafpunkte gehen von der "
       "Summe des Spielers ab.", "seed 004 (DOKO 2026) VII"),
    _n("card_points_unknown", "A card that could not be read took a place in a trick: its "
       "card points are unknown and counted for nobody, so the card points, the winner and "
       "the score are as counted without them.",
       "Eine unlesbare Karte lag im Stich: ihre Augen sind unbekannt und werden niemandem "
       "gezählt; Augen, Gewinner und Wertung gelten ohne sie.", "DDV TSR 2.2"),
    _n("deadlines_moved", "The ruleset changes its base's pack (with_nines) and states no "
       "announcement deadlines: the base's deadlines, counted in cards in hand, were moved by "
       "the difference in hand size (two cards fewer without the nines, two more with them), "
       "so that each stands for the same trick.",
       "Das Regelwerk ändert das Blatt seiner Vorlage (mit oder ohne Neunen) und nennt keine "
       "eigenen Ansagezeitpunkte: die Zeitpunkte der Vorlage (Karten auf der Hand) wurden um "
       "den Unterschied der Kartenzahl verschoben (ohne Neunen zwei Karten weniger, mit "
       "Neunen zwei mehr), so dass jeder für denselben Stich gilt.",
       "seed 002 (FreeDoko) 8.1", "DDV TSR 6.2.2"),
    # ---- score items -----------------------------------------------------------------------
    _s("won", "Won.", "Gewonnen.", "DDV TSR 7.2.2 a"),
    _s("below_90", "The losers got less than 90.", "Keine 90.", "DDV TSR 7.2.2 b"),
    _s("below_60", "The losers got less than 60.", "Keine 60.", "DDV TSR 7.2.2 b"),
    _s("below_30", "The losers got less than 30.", "Keine 30.", "DDV TSR 7.2.2 b"),
    _s("black", "The losers took no trick.", "Schwarz.", "DDV TSR 7.2.2 b"),
    _s("re_announced", "Re was announced.", "Re angesagt.", "DDV TSR 7.2.2 c"),
    _s("contra_announced", "Contra was announced.", "Kontra angesagt.", "DDV TSR 7.2.2 c"),
    _s("no90_announced", "No 90 was bid.", "Keine 90 abgesagt.", "DDV TSR 7.2.2 d"),
    _s("no60_announced", "No 60 was bid.", "Keine 60 abgesagt.", "DDV TSR 7.2.2 d"),
    _s("no30_announced", "No 30 was bid.", "Keine 30 abgesagt.", "DDV TSR 7.2.2 d"),
    _s("black_announced", "Black was bid.", "Schwarz abgesagt.", "DDV TSR 7.2.2 d"),
    _s("reached_120_against_no90", "120 reached against a no-90 bid.",
       "120 gegen keine 90 erreicht.", "DDV TSR 7.2.2 e"),
    _s("reached_90_against_no60", "90 reached against a no-60 bid.",
       "90 gegen keine 60 erreicht.", "DDV TSR 7.2.2 e"),
    _s("reached_60_against_no30", "60 reached against a no-30 bid.",
       "60 gegen keine 30 erreicht.", "DDV TSR 7.2.2 e"),
    _s("reached_30_against_black", "30 reached against a black bid.",
       "30 gegen schwarz erreicht.", "DDV TSR 7.2.2 e"),
    _s("reached_150_against_call", "150 reached against a re/contra call ('selber doof').",
       "150 gegen eine Ansage erreicht („selber doof“).", "seed 003 (Mittwoch)"),
    _s("reached_180_against_call", "180 reached against a re/contra call.",
       "180 gegen eine Ansage erreicht.", "seed 003 (Mittwoch)"),
    _s("reached_210_against_call", "210 reached against a re/contra call.",
       "210 gegen eine Ansage erreicht.", "seed 003 (Mittwoch)"),
    _s("broken_below_90", "The opponents missed their no-90 bid.",
       "Gegner haben ihre Absage keine 90 nicht erfüllt.", "seed 003 (Mittwoch)"),
    _s("broken_below_60", "The opponents missed their no-60 bid.",
       "Gegner haben ihre Absage keine 60 nicht erfüllt.", "seed 003 (Mittwoch)"),
    _s("broken_below_30", "The opponents missed their no-30 bid.",
       "Gegner haben ihre Absage keine 30 nicht erfüllt.", "seed 003 (Mittwoch)"),
    _s("broken_black", "The opponents missed their black bid.",
       "Gegner haben ihre Absage schwarz nicht erfüllt.", "seed 003 (Mittwoch)"),
    _s("announced_before_first_card", "A call before the first card ('vorab').",
       "Ansage vor der ersten Karte („vorab“).", "seed 003 (Mittwoch)"),
    _s("solo", "A declared solo won.", "Solo gewonnen.", "seed 004 (DOKO 2026)"),
    _s("against_solo", "A lone player beaten.", "Gegen ein Solo gewonnen.",
       "seed 002 (FreeDoko) 10"),
    _s("against_club_queens", "Contra won against the club queens.",
       "Gegen die Alten gewonnen.", "DDV TSR 7.2.3"),
    _s("doppelkopf", "A trick of 40 points or more.", "Doppelkopf (Stich mit 40 Augen).",
       "DDV TSR 7.2.3"),
    _s("fox_caught", "The opponents' diamond ace caught.", "Fuchs gefangen.",
       "DDV TSR 7.2.3"),
    _s("karlchen_last_trick", "The last trick won with the club jack.",
       "Karlchen macht den letzten Stich.", "DDV TSR 7.2.3"),
    _s("karlchen_caught", "The opponents' club jack caught in the last trick (one point, "
       "one jack caught or both).", "Karlchen gefangen (ein Punkt, ob einer oder beide).",
       "seed 002 (FreeDoko) 10.2"),
    _s("double_karlchen", "Both club jacks of one team in the last trick, the trick won.",
       "Doppel-Karlchen im letzten Stich.", "seed 002 (FreeDoko) 10.2"),
    _s("double_karlchen_caught", "Both club jacks of the opponents caught in the last "
       "trick (where the ruleset lists it; otherwise that is one karlchen_caught).",
       "Beide Karlchen der Gegner im letzten Stich gefangen (wo das Regelwerk es vorsieht; "
       "sonst einmal Karlchen gefangen).", "seed 002 (FreeDoko) 10.2"),
    _s("fox_last_trick", "The last trick won with the diamond ace.",
       "Fuchs macht den letzten Stich.", "seed 002 (FreeDoko) 10.2"),
    _s("double_fox_last_trick", "Both diamond aces of one team in the last trick, the trick "
       "won.", "Doppelfuchs im letzten Stich.", "seed 004 (DOKO 2026)"),
    _s("dollen_beat_dollen", "The second heart ten took the first.",
       "Die zweite Dulle sticht die erste.", "seed 002 (FreeDoko) 10.2"),
    _s("heart_trick", "A trick of four hearts without the heart ten.",
       "Herzstich (vier Herz ohne Dulle).", "seed 003 (Mittwoch)"),
    _s("revoke_penalty", "Penalty points for failing to follow suit.",
       "Strafpunkte für Nichtbedienen.", "DDV TSR 9.4.3", "DDV TSR 9.4.4",
       "seed 004 (DOKO 2026) II"),
    _s("revoke_lost_as_black", "Failing to follow suit: the offender's team loses black "
       "with the calls made so far.",
       "Nichtbedienen: die Partei verliert schwarz mit den bisherigen Ansagen.",
       "seed 003 (Mittwoch)"),
    _s("bock", "A bock game: the value is multiplied by the bock factor.",
       "Bockspiel: der Spielwert wird mit dem Bockfaktor vervielfacht.",
       "seed 002 (FreeDoko) 10.3"),
)

CODES: Final[dict[str, Code]] = {c.code: c for c in _CODES}
assert len(CODES) == len(_CODES), "a code is registered twice"

VIOLATIONS: Final = frozenset(c.code for c in _CODES if c.kind == "violation")
NOTES: Final = frozenset(c.code for c in _CODES if c.kind == "note")
SCORE_ITEMS: Final = frozenset(c.code for c in _CODES if c.kind == "score")


def of_kind(kind: CodeKind) -> list[Code]:
    return [c for c in _CODES if c.kind == kind]


def as_dict(code: Code) -> dict[str, object]:
    return {"code": code.code, "kind": code.kind, "en": code.en, "de": code.de,
            "sources": list(code.sources)}
