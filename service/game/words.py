"""A :class:`~service.game.text.Text` said in English or German, as players say it.

English is the templates themselves; German comes from the gettext catalogue
``locale/de/LC_MESSAGES/doko.mo`` (the ``.po`` beside it is the source; Babel extracts
and compiles it, see ``docs/glossary.md``). Only the standard library's :mod:`gettext`
is used at run time. Cards are written as players write them (``♣Q`` / ``♣D``), seats
as the players' names where the transcript names them, calls as said at the table.
"""

from __future__ import annotations

import gettext
from functools import cache
from importlib import resources
from typing import Final

from service.game.cards import RANK_OF, SUITS
from service.game.text import (
    Amount,
    Call,
    Card,
    Cards,
    Ordinal,
    Param,
    Rules,
    Seat,
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
RULES_NAMES: Final = {
    "en": {"ddv": "the DDV tournament rules", "freedoko": "the FreeDoko rules",
           "mittwoch": "the Mittwoch rules", "doko2026": "the DOKO 2026 rules"},
    "de": {"ddv": "den DDV-Turnierspielregeln", "freedoko": "den FreeDoko-Regeln",
           "mittwoch": "den Mittwochsregeln", "doko2026": "den Regeln DOKO 2026"},
}


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


def card(code: int, lang: str) -> str:
    return SYMBOL[SUITS[code // 6]] + RANK_WORDS[lang][RANK_OF[code]]


def seat(number: int, lang: str, names: tuple[str, ...] | None) -> str:
    if names is not None and 0 <= number < len(names):
        return names[number]
    return f"seat {number}" if lang == DEFAULT else f"Platz {number}"


def ordinal(n: int, lang: str) -> str:
    if lang != DEFAULT:
        return f"{n}."
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def rules_name(ruleset_id: str, lang: str) -> str:
    base, _, changed = ruleset_id.partition("+")
    names = RULES_NAMES[lang]
    name = names.get(base, f"„{base}“" if lang != DEFAULT else f"'{base}'")
    if changed:
        name += " (abgewandelt)" if lang != DEFAULT else " (with changed options)"
    return name


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
        return rules_name(value.id, lang)
    if isinstance(value, Written):
        return f"„{value.text}“" if lang != DEFAULT else f"'{value.text}'"
    if isinstance(value, Text):
        return _said(value, lang, names)
    return value


def say(text: Text, lang: str = DEFAULT, names: tuple[str, ...] | None = None,
        sentence: bool = True) -> str:
    """``text`` in ``lang``, a seat said by its player's name where ``names`` are known;
    as a ``sentence`` its first letter capitalised (not so a part of a line)."""
    said = _said(text, language(lang), names)
    return said[:1].upper() + said[1:] if sentence else said


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
