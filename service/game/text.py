"""What the core says, as a template and its parameters: worded where the answer is made.

The core never builds a sentence. A violation or note carries a :class:`Text`: an English
template (the gettext msgid, extracted by Babel from the calls of :func:`msg` and
:func:`msgn`) and its parameters, typed by what they are (a card, a seat, a call ...),
so that :mod:`service.game.words` can say them in the language asked for: ``♣D`` for
the queen of clubs in German, the player's name for a seat, "keine 90" for ``no90``.
One process serves both languages; nothing is translated at import time.
"""

from __future__ import annotations

from typing import Final, NamedTuple

Param = object  # int, str, or one of the typed values below


class Card(NamedTuple):
    """A card by its code (:mod:`service.game.cards`)."""

    code: int


class Cards(NamedTuple):
    """Cards by their codes, said as a list."""

    codes: tuple[int, ...]


class Written(NamedTuple):
    """Something the client wrote (an unreadable card), quoted as written."""

    text: str


class Seat(NamedTuple):
    """A seat: said as the player's name where the transcript names the players."""

    seat: int


class Call(NamedTuple):
    """An announcement as said at the table: re, contra, no 90 ... black."""

    call: str


class Amount(NamedTuple):
    """A figure as written with a decimal point ("5.33"): said "5,33" in German."""

    text: str


class Ordinal(NamedTuple):
    """A position: 2nd, 2."""

    n: int


class Word(NamedTuple):
    """A word or phrase of the game (its English form is a msgid too)."""

    text: str


class Rules(NamedTuple):
    """A ruleset, said by its name ("the DDV tournament rules"); ``cite`` a section as the
    codes cite it ("DDV TSR 9.4.3"), said after the name only where its rulebook is the
    one in force: a rule adopted from another book is the ruleset's own."""

    id: str
    cite: str = ""


class Cite(NamedTuple):
    """A source in brackets, " (DDV-Turnierspielregeln 7.3.3 Nr. 1)", said only where its
    rulebook is the one in force (else nothing)."""

    ruleset: str
    source: str


class Sentence(NamedTuple):
    """A text said as a sentence of its own within another: its first letter capital."""

    text: Text


class Text(NamedTuple):
    """A template and its parameters; ``plural`` and ``count`` where a number decides the
    form (gettext's ngettext)."""

    template: str
    params: tuple[tuple[str, Param], ...] = ()
    plural: str | None = None
    number: int = 1


def msg(template: str, **params: Param) -> Text:
    """A text to say (Babel extracts ``template``)."""
    return Text(template, tuple(params.items()))


def msgn(singular: str, plural: str, count: int, **params: Param) -> Text:
    """A text whose form follows ``count`` (also given as ``{count}``)."""
    return Text(singular, (("count", count), *params.items()), plural, count)


def N_(text: str) -> str:  # gettext's name for "mark for translation only"
    """A msgid said later (a :class:`Word`), marked here for extraction."""
    return text


SPELLING: Final = Word(N_("A card is written as its suit, C, S, H or D, and its rank, 9, 10, J, "
                         "Q, K or A."))
SPELLING_TEXT: Final = Text("{spelling}", (("spelling", SPELLING),))

GAMES: Final = {
    "normal": N_("a normal game"), "marriage": N_("a marriage"), "poverty": N_("a poverty"),
    "silent_marriage": N_("a silent marriage"), "redeal": N_("a redeal"),
}
SOLOS: Final = {
    "diamonds": N_("a diamond solo"), "hearts": N_("a heart solo"),
    "spades": N_("a spade solo"), "clubs": N_("a club solo"), "queens": N_("a queen solo"),
    "jacks": N_("a jack solo"), "kings": N_("a king solo"),
    "queens_jacks": N_("a queen-jack solo"), "kings_jacks": N_("a king-jack solo"),
    "kings_queens": N_("a king-queen solo"), "koehler": N_("a Köhler"),
    "meatless": N_("a meatless solo"),
}


def game_word(kind: str, solo: str | None = None) -> Word:
    """A game as players name it: "a jack solo", "ein Bubensolo"."""
    if kind == "solo":
        return Word(SOLOS.get(solo or "diamonds", N_("a solo")))
    return Word(GAMES.get(kind, kind))


class Words(NamedTuple):
    """Words said as alternatives: "a, b or c"."""

    texts: tuple[str, ...]


PARTNER_TRICKS: Final = {
    "any": N_("the first trick won by another player"),
    "color": N_("the first plain-suit trick won by another player"),
    "trump": N_("the first trump trick won by another player"),
    "club": N_("the first club trick won by another player"),
    "spade": N_("the first spade trick won by another player"),
    "heart": N_("the first heart trick won by another player"),
}
RETURN_FIELDS: Final = {"returned": N_("the cards returned"),
                        "trumps_returned": N_("what is said about the trumps returned")}
THROW_REASONS: Final = {
    "nines": N_("too many nines"), "kings": N_("too many kings"),
    "nines_kings": N_("too many nines and kings"),
    "fox_highest": N_("the fox as the highest trump"), "richness": N_("a rich hand"),
}
RESERVATIONS: Final = {
    "healthy": N_("healthy"), "solo": N_("a solo"), "marriage": N_("a marriage"),
    "poverty": N_("a poverty"), "throw": N_("throwing"),
}
