"""One word per thing: the players' word for each concept, in German and in English.

The German words are those of the project glossary's binding table ("Entschieden"), the
English ones its EN column. Every surface says a concept with the word of this table:
:mod:`service.game.words` (seats, calls, rulebooks, cards with their genders), the
codes' sources, the German catalogue (``locale/de``), the page (the ``TERMS`` block of
``static/js/i18n.js``) and the handbook's glossary (``docs/glossary.md``), both written
by ``python -m service.tools.glossary_doc --write``.

How to add a message: write its German with the words below (a card as ``{card:den}``
for "den ♣K" / "die ♣D" / "das ♦A", a player's genitive as ``{name:gen}``: see
:mod:`service.game.words`); a form the glossary rejects goes into the term's ``avoid``,
and ``tests/test_terms.py`` fails wherever German output says it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

Gender = Literal["m", "f", "n"]


@dataclass(frozen=True, slots=True)
class Term:
    """A concept: its German and English word, where the glossary has it from, and the
    German forms it rejects (regular expressions, never said in German output)."""

    key: str
    de: str
    en: str
    source: str
    avoid: tuple[str, ...] = ()
    avoid_en: tuple[str, ...] = ()

    @property
    def not_so(self) -> str:
        """The rejected German forms as the glossary writes them."""
        return NOT_SO.get(self.key, "")


TERMS: Final[tuple[Term, ...]] = (
    Term("suits", "Kreuz, Pik, Herz, Karo", "clubs, spades, hearts, diamonds", "T 2.2.1"),
    Term("trick", "Stich, Stich machen", "trick, win the trick", "T 5.3.1"),
    Term("position", "Position 1–4", "seat 1–4", "T 3.2, 8.4 „Position“; seat 0 of the "
         "transcript is Position 1", (r"\bPlatz [0-9]\b(?! (?:der|im) )", r"\(Platz",
                                      r"Platz des Gebers", r"\bkein Platz\b"),
         (r"\bseat 0\b",)),
    Term("place", "Platz 1, 2, …", "place 1, 2, …", "D 123: a rank in a ranking only"),
    Term("ranking", "Rangliste", "ranking", "D „Ewige Rangliste“: the club's players by "
         "their ranking points over its tournament days"),
    Term("tournament_day", "Turniertag", "tournament day", "D: one day of the club's "
         "tournaments, whose places count in the rankings"),
    Term("ranking_points", "Ranglistenpunkte", "ranking points", "D „Ewige Rangliste“: what "
         "a day's place is worth in a ranking, beside a game's Punkte"),
    Term("to_play", "ist am Zug, ist dran", "to play", "who plays the next card",
         (r"\bspielt (?:\S+ )?aus\b",)),
    Term("lead", "aufspielen, Aufspiel", "lead", "T 5.1.2: the first card of a trick",
         (r"\b[Aa]usspiel", r"\bausgespielt")),
    Term("play", "legen, zugeben", "play", "T 5.2.1"),
    Term("follow_suit", "bedienen, Bedienpflicht", "follow suit", "T 5.2.2"),
    Term("revoke", "falsch bedient", "did not follow suit (revoke)", "M 201, D 58",
         (r"\b[Nn]ichtbedien", r"\bnicht bedient\b")),
    Term("discard", "Abwurf", "discard", "T 5.5.1"),
    Term("trump", "Trumpf, stechen", "trump", "T 2.3.2, 5.2.3"),
    Term("card_points", "Augen", "points (card points)", "T 2.5.1; never „Punkte“"),
    Term("game_points", "Punkte, Spielwert", "(game) points, game value", "T 7.2"),
    Term("teams", "Re, Kontra", "re, contra", "T 2.4.2", (r"\bContra\b",)),
    Term("calls", "Ansage, Absage: keine 90, keine 60, keine 30, schwarz",
         "announcement, denial: no 90, no 60, no 30, black", "T 6.2, 6.3"),
    Term("reply", "Erwiderung", "reply", "T 6.4.4"),
    Term("reservation", "Vorbehalt, gesund", "reservation, healthy", "T 4.1.2"),
    Term("marriage", "Hochzeit, Klärungsstich, stille Hochzeit",
         "marriage, deciding trick, silent marriage", "T 4.4.3, 4.4.5"),
    Term("poverty", "Armut, schieben", "poverty, pass", "M 66; D I.5"),
    Term("throw", "schmeißen", "throw the cards in", "M „geschmissen“"),
    Term("swines", "Schweine", "swines", "M 4"),
    Term("hyperswines", "Hyperschweine", "hyperswines", "M 25", (r"[Ss]uperschwein",)),
    Term("swines_announced", "Schweine angesagt", "swines announced", "M 5; D 14",
         (r"[Ss]chweine\b[^.;:]{0,40}\bgezeigt", r"\bzeigt\b[^.;:]{0,20}[Ss]chweine"),
         (r"swines\b[^.;:]{0,40}\bshown\b",)),
    Term("colour_solo", "Kreuz-Solo, Pik-Solo, Herz-Solo (Farbsolo)",
         "club solo, spade solo, heart solo (colour solo)", "T 2.3.3; one spelling",
         (r"Farbsolo (?:Kreuz|Pik|Herz)", r"\b(?:Kreuz|Pik|Herz)solo")),
    Term("diamond_solo", "Trumpf-Solo", "diamond solo", "M 79; T „Farbsolo in Karo“"),
    Term("picture_solo", "Damensolo, Bubensolo", "queen solo, jack solo", "T 2.3.6"),
    Term("meatless", "Fleischloser", "meatless solo", "T 2.3.3; M",
         (r"\bFleischlos\b",)),
    Term("duty_solo", "Pflichtsolo, Lustsolo, vorgeführt",
         "duty solo, lust solo, forced duty solo", "T 4.2.3, 4.3.1"),
    Term("duty_open", "offen (Pflichtsolo noch nicht gespielt)", "owed (not yet played)",
         "the rulebooks say „offen“", (r"\bgeschuldet", r"\bschulde[nt]?\b")),
    Term("dealer", "Geber, geben, neu geben", "dealer, deal, redeal", "T 3.3.3"),
    Term("score_sheet", "Spielliste, Zeile, Quersumme", "score sheet, line, sum", "T 7.3.3"),
    Term("list_faults", "Rechenfehler, Schreibfehler (Zeile, Summe, Geber)",
         "arithmetic error, slip (line, total, dealer)", "a wrong total is no violation",
         (r"Regelverst\w* (?:in|der) (?:der )?Liste",)),
    Term("violation", "Regelverstoß, Strafpunkte", "violation, penalty points", "T 9.2–9.4"),
    Term("special_points", "Sonderpunkte: Fuchs, Karlchen, Doppelkopf",
         "special points: fox, Charly, Doppelkopf", "T 7.2.3"),
    Term("bock", "Bock, Bockrunde, Bockspiel", "bock, bock round, bock game",
         "F (party.cpp); QtDoppelKopf „Bockrunden“; house rules"),
    Term("sit_out", "aussetzen", "sit out", "T 10.1.1; QtDoppelKopf sitOutScheme"),
    Term("bock_event", "Bockereignis; Dreifachbock", "bock event; bock ×8 (the cap)",
         "QtDoppelKopf (house rules)"),
    Term("solo_round", "Pflichtsolorunde, Rundensolo", "mandatory solo round, round solo",
         "QtDoppelKopf (house rules)"),
    Term("at_table", "am Tisch, kommen und gehen, setzt aus", "at the table, come and go, "
         "sits out", "QtDoppelKopf (house rules)"),
    Term("conformance", "Fall, Urteil, Referenz, Engine", "case, verdict, reference, engine",
         "the conformance suite (doko-check compare)"),
    Term("no_value", "leer, keiner, nicht angegeben", "none, not given",
         "„null“ is read as zero", (r"\bnull\b",), (r"\bnull\b",)),
    Term("minus", "− (U+2212)", "− (U+2212)", "one minus sign",
         (r"(?<![\w−])-\d",), (r"(?<![\w−])-\d",)),
)


# The glossary's "nicht so" column, for people (the patterns above are for the tests).
NOT_SO: Final = {
    "position": "Platz 0–3, „(Platz 2)“ for a seat", "to_play": "spielt aus",
    "lead": "ausspielen, Ausspiel", "revoke": "Nichtbedienen, nicht bedient",
    "teams": "Contra", "hyperswines": "Superschweine",
    "swines_announced": "„gezeigt“ beside „angesagt“",
    "colour_solo": "„Farbsolo Kreuz“ beside „Kreuzsolo“", "meatless": "Fleischlos",
    "duty_open": "geschuldet, schuldet", "list_faults": "Regelverstoß (for a list's faults)",
    "no_value": "null", "minus": "- (hyphen-minus)",
}


@dataclass(frozen=True, slots=True)
class Rulebook:
    """A rulebook a preset follows: how the codes cite it (``cite`` is the prefix of a
    code's sources), its name in a sentence and after "under"/"nach"."""

    preset: str
    cite: str
    de: str
    en: str
    de_after: str  # "nach {de_after}"
    en_after: str  # "under {en_after}"


RULEBOOKS: Final[tuple[Rulebook, ...]] = (
    Rulebook("ddv", "DDV TSR", "DDV-Turnierspielregeln", "DDV tournament rules",
             "den DDV-Turnierspielregeln", "the DDV tournament rules"),
    Rulebook("doko2026", "DOKO 2026", "DOKO 2026", "DOKO 2026",
             "den Regeln DOKO 2026", "the DOKO 2026 rules"),
    Rulebook("freedoko", "FreeDoko rules", "FreeDoko-Regeln", "FreeDoko rules",
             "den FreeDoko-Regeln", "the FreeDoko rules"),
    Rulebook("mittwoch", "Mittwoch rules", "Mittwochsregeln", "Mittwoch rules",
             "den Mittwochsregeln", "the Mittwoch rules"),
)
HOUSE_CITE: Final = "QtDoppelKopf house rules"  # house options: cited under any preset
HOUSE_NAMES: Final = {"de": "Hausregeln nach QtDoppelKopf",
                      "en": "QtDoppelKopf house rules"}

# The cards as nouns: rank index (cards.RANKS order A, 10, K, Q, J, 9) to the German noun,
# its gender and the English noun (glossary: der Bube, die Dame, der König, das Ass, die
# Zehn, die Neun).
CARD_NOUNS: Final[tuple[tuple[str, Gender, str], ...]] = (
    ("Ass", "n", "ace"), ("Zehn", "f", "ten"), ("König", "m", "king"),
    ("Dame", "f", "queen"), ("Bube", "m", "jack"), ("Neun", "f", "nine"),
)


def book(preset: str) -> Rulebook | None:
    return next((b for b in RULEBOOKS if b.preset == preset), None)


def cited(source: str, lang: str) -> str:
    """A code's source in the reader's words: "DDV TSR 9.4.3" is "DDV-Turnierspielregeln
    9.4.3" in German and "DDV tournament rules 9.4.3" in English."""
    for b in RULEBOOKS:
        if source.startswith(b.cite):
            return (b.de if lang == "de" else b.en) + source[len(b.cite):]
    if source.startswith(HOUSE_CITE):
        return HOUSE_NAMES["de" if lang == "de" else "en"] + source[len(HOUSE_CITE):]
    return source


def in_force(sources: tuple[str, ...], ruleset_id: str) -> tuple[str, ...]:
    """The sources of the rulebook in force (a house ruleset's: its base preset's) and the
    house rules' own; none of another rulebook."""
    b = book(ruleset_id.partition("+")[0])
    return tuple(s for s in sources if s.startswith(HOUSE_CITE) or
                 (b is not None and s.startswith(b.cite)))
