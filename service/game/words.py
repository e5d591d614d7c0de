"""A :class:`~service.game.text.Text` said in English or German, as players say it.

English is the templates themselves; German comes from the gettext catalogue
``locale/de/LC_MESSAGES/doko.mo`` (the ``.po`` beside it is the source; Babel extracts
and compiles it, see ``docs/glossary.md``). Only the standard library's :mod:`gettext`
is used at run time. Cards are written as players write them (``♣Q`` / ``♣D``), seats
as the players' names where the transcript names them, calls as said at the table.
"""

from __future__ import annotations

import gettext
import re
from functools import cache
from importlib import resources
from typing import Final

from service.game.cards import RANK_OF, SUITS
from service.game.terms import CARD_NOUNS, RULEBOOKS, Gender, book, cited
from service.game.text import (
    Amount,
    Call,
    Card,
    Cards,
    Cite,
    Ordinal,
    Param,
    Rules,
    Seat,
    Sentence,
    Text,
    Word,
    Words,
    Written,
)

LANGUAGES: Final = ("en", "de")
DEFAULT: Final = "en"
DOMAIN: Final = "doko"
SYMBOL: Final = {"C": "♣", "S": "♠", "H": "♥", "D": "♦"}
RANK_WORDS: Final = {"en": ("A", "10", "K", "Q", "J", "9"), "de": ("A", "10", "K", "D", "B", "9")}
CALLS: Final = {
    "en": {"re": "re", "contra": "contra", "no90": "no 90", "no60": "no 60", "no30": "no 30",
           "black": "black", "re_or_contra": "re or contra", "swines": "swines",
           "hyperswines": "hyperswines"},
    "de": {"re": "Re", "contra": "Kontra", "no90": "keine 90", "no60": "keine 60",
           "no30": "keine 30", "black": "schwarz", "re_or_contra": "Re oder Kontra",
           "swines": "Schweine", "hyperswines": "Hyperschweine"},
}
RULES_NAMES: Final = {"en": {b.preset: b.en_after for b in RULEBOOKS},
                      "de": {b.preset: b.de_after for b in RULEBOOKS}}
MINUS: Final = "\u2212"
# German articles and pronouns by case and gender: a template says "{card:den}" for
# "den ♣K", "die ♣D", "das ♦A", "{card:ihn}" for the pronoun alone, "{card:dem_}" for the
# article alone (before an adjective: "mit dem ersten gespielten ♦A").
ARTICLES: Final[dict[str, dict[Gender, str]]] = {
    "der": {"m": "der", "f": "die", "n": "das"}, "den": {"m": "den", "f": "die", "n": "das"},
    "dem": {"m": "dem", "f": "der", "n": "dem"}, "des": {"m": "des", "f": "der", "n": "des"},
    "ein": {"m": "ein", "f": "eine", "n": "ein"}, "einen": {"m": "einen", "f": "eine",
                                                         "n": "ein"},
    "einem": {"m": "einem", "f": "einer", "n": "einem"},
}
PRONOUNS: Final[dict[str, dict[Gender, str]]] = {
    "er": {"m": "er", "f": "sie", "n": "es"}, "ihn": {"m": "ihn", "f": "sie", "n": "es"},
    "ihm": {"m": "ihm", "f": "ihr", "n": "ihm"},
    "rel": {"m": "der", "f": "die", "n": "das"},  # the relative pronoun: "…, die fehlt"
}


class Noun(str):
    """A card as said, with its gender: ``format(noun, "dem")`` is "dem ♣K" or "der ♣D"."""

    gender: Gender

    def __new__(cls, text: str, gender: Gender) -> Noun:
        noun = super().__new__(cls, text)
        noun.gender = gender
        return noun

    def __format__(self, spec: str) -> str:
        if spec in ARTICLES:
            return f"{ARTICLES[spec][self.gender]} {self}"
        if spec in PRONOUNS:
            return PRONOUNS[spec][self.gender]
        if spec.endswith("_") and spec[:-1] in ARTICLES:  # the article alone: "dem ersten ♦A"
            return ARTICLES[spec[:-1]][self.gender]
        return str.__format__(self, spec)


class Name(str):
    """A player as said: ``format(name, "gen")`` is the genitive, "Annas", "Klaus'"."""

    def __format__(self, spec: str) -> str:
        if spec == "gen":
            return f"{self}'" if self[-1:].lower() in ("s", "x", "z", "ß") else f"{self}s"
        return str.__format__(self, spec)


class Number(int):
    """A number as said: a negative one with the typographic minus (−3, not -3)."""

    def __format__(self, spec: str) -> str:
        return format(int(self), spec).replace("-", MINUS)


def language(lang: str | None) -> str:
    """``lang`` if it is one the service speaks, else English."""
    return lang if lang in LANGUAGES else DEFAULT


@cache
def catalogue(lang: str) -> gettext.NullTranslations:
    """The translations of ``lang`` (none for English: the templates are English)."""
    if lang == DEFAULT:
        return gettext.NullTranslations()
    locale = resources.files(__package__ or "service.game").joinpath("locale")
    with resources.as_file(locale) as directory:
        return gettext.translation(DOMAIN, str(directory), languages=[lang])


def translate(text: str, lang: str) -> str:
    """A msgid (a :class:`Word`, a code's meaning) in ``lang``."""
    return catalogue(lang).gettext(text) if lang != DEFAULT else text


def card(code: int, lang: str) -> Noun:
    rank = RANK_OF[code]
    return Noun(SYMBOL[SUITS[code // 6]] + RANK_WORDS[lang][rank], CARD_NOUNS[rank][1])


def seat(number: int, lang: str, names: tuple[str, ...] | None) -> Name:
    """A player by name where the names are known, else by position: seat 0 of the
    transcript is "Position 1" ("seat 1"), as players count (glossary, "Entschieden")."""
    if names is not None and 0 <= number < len(names):
        return Name(names[number])
    return Name(f"seat {number + 1}" if lang == DEFAULT else f"Position {number + 1}")


def ordinal(n: int, lang: str) -> str:
    if lang != DEFAULT:
        return f"{n}."
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def base_preset(ruleset_id: str) -> str:
    """The preset a ruleset follows: its id's first part, a house ruleset's ``extends``."""
    base = ruleset_id.partition("+")[0]
    if book(base) is None:
        from service.game.rulesets import presets  # late: the registry imports the words

        known = presets().get(base)
        if known is not None and known.extends:
            return known.extends
    return base


def in_force(ruleset_id: str, source: str) -> bool:
    """Whether ``source`` ("DDV TSR 9.4.3") is of the rulebook the ruleset follows."""
    followed = book(base_preset(ruleset_id))
    return followed is not None and source.startswith(followed.cite)


def rules_name(ruleset_id: str, lang: str, cite: str = "") -> str:
    base, _, changed = ruleset_id.partition("+")
    names = RULES_NAMES[lang]
    name = names.get(base, f"„{base}“" if lang != DEFAULT else f"'{base}'")
    followed = book(base_preset(ruleset_id))
    if cite and followed is not None and in_force(ruleset_id, cite):
        name += cite[len(followed.cite):].replace(" no. ", " Nr. " if lang != DEFAULT
                                                  else " no. ")
    if changed:
        name += " (abgewandelt)" if lang != DEFAULT else " (with changed options)"
    return name


def citation(ruleset_id: str, source: str, lang: str) -> str:
    if not in_force(ruleset_id, source):
        return ""
    said = cited(source, lang)
    return f" ({said.replace(' no. ', ' Nr. ') if lang != DEFAULT else said})"


def alternatives(said: list[str], lang: str) -> str:
    """Things said as alternatives: "a, b or c", "a, b oder c"."""
    if len(said) < 2:
        return "".join(said)
    return ", ".join(said[:-1]) + (" or " if lang == DEFAULT else " oder ") + said[-1]


def param(value: Param, lang: str, names: tuple[str, ...] | None) -> object:
    """One parameter as it is said."""
    if isinstance(value, Card):
        return card(value.code, lang)
    if isinstance(value, Cards):
        return alternatives([card(c, lang) for c in value.codes], lang)
    if isinstance(value, Seat):
        return seat(value.seat, lang, names)
    if isinstance(value, Call):
        return CALLS[lang].get(value.call, value.call)
    if isinstance(value, Ordinal):
        return ordinal(value.n, lang)
    if isinstance(value, Amount):
        return value.text.replace(".", ",") if lang != DEFAULT else value.text
    if isinstance(value, Word):
        return translate(value.text, lang)
    if isinstance(value, Words):
        return alternatives([translate(t, lang) for t in value.texts], lang)
    if isinstance(value, Rules):
        return rules_name(value.id, lang, value.cite)
    if isinstance(value, Cite):
        return citation(value.ruleset, value.source, lang)
    if isinstance(value, Written):
        return f"„{value.text}“" if lang != DEFAULT else f"'{value.text}'"
    if isinstance(value, Text):
        return _said(value, lang, names)
    if isinstance(value, float):
        return decimal(value, lang)
    if isinstance(value, Sentence):
        said = _said(value.text, lang, names)
        return said[:1].upper() + said[1:]
    if isinstance(value, int) and not isinstance(value, bool):
        return Number(value)
    if isinstance(value, str):
        return Name(value)  # a name given as such: "{name:gen}"
    return value


def decimal(value: float, lang: str) -> str:
    """A number with a fraction as it is written: 1.5 in English, 1,5 in German, the
    minus sign U+2212 in both."""
    written = f"{value:g}".replace("-", "−")
    return written.replace(".", ",") if lang != DEFAULT else written


def say(text: Text, lang: str = DEFAULT, names: tuple[str, ...] | None = None,
        sentence: bool = True) -> str:
    """``text`` in ``lang``, a seat said by its player's name where ``names`` are known;
    as a ``sentence`` its first letter capitalised (not so a part of a line)."""
    said = _said(text, language(lang), names)
    if not sentence:
        return said
    # each sentence starts with a capital: "seat 2" is "Seat 2" after a full stop (not
    # after a German ordinal: "als 1. wird"; a part that may follow a number is a Sentence)
    said = _SENTENCE_START.sub(lambda m: m.group(1) + m.group(2).upper(), said)
    return said[:1].upper() + said[1:]


_SENTENCE_START: Final = re.compile(r"([^\d][.!?] )([a-zäöü])")


def _said(text: Text, lang: str, names: tuple[str, ...] | None) -> str:
    if text.plural is not None:
        template = (catalogue(lang).ngettext(text.template, text.plural, text.number)
                    if lang != DEFAULT else text.template if text.number == 1 else text.plural)
    else:
        template = translate(text.template, lang)
    if not text.params:
        return template
    return template.format(**{k: param(v, lang, names) for k, v in text.params})


def part(text: Text, lang: str = DEFAULT, names: tuple[str, ...] | None = None) -> str:
    """``text`` in ``lang`` as a part of a line (its first letter as it is)."""
    return say(text, lang, names, sentence=False)
