"""An English-word detector for German output.

Its words: every word of the service's own English templates (the catalogue's msgids and
the option catalogue's meanings) that no German text of the catalogue uses, and the
common English words a stray English sentence is made of (a parser's, the standard
library's, argparse's). A word of the contract stays allowed where it stands: codes,
field and option names and values, ruleset ids, flags, card codes and the names a
request gives (``allowed``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from functools import cache
from pathlib import Path
from typing import Any

import yaml
from babel.messages.pofile import read_po

from service.game import codes
from service.game.options import CATALOGUE
from service.game.rulesets import presets

ROOT = Path(__file__).resolve().parents[2]
PO = ROOT / "service" / "game" / "locale" / "de" / "LC_MESSAGES" / "doko.po"

HERE = Path(__file__).parent


def _listed(name: str) -> frozenset[str]:
    lines = (HERE / name).read_text(encoding="utf-8").splitlines()
    return frozenset(w for line in lines if not line.startswith("#") for w in line.split())


COMMON = _listed("english_words.txt")
NOT_ENGLISH = _listed("german_too.txt")  # German words that are English words too


@cache
def _catalogue() -> tuple[frozenset[str], frozenset[str]]:
    english: set[str] = set()
    german: set[str] = set()
    with PO.open("rb") as file:
        catalog = read_po(file, locale="de")
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for text in ids:
            english.update(words(text))
        for text in strings:
            german.update(words(text or ""))
    for name in CATALOGUE:
        english.update(words(str(CATALOGUE[name]["meaning"])))
    return frozenset(english), frozenset(german)


def words(text: str) -> Iterator[str]:
    """The words of ``text``, lower case, placeholders and identifiers left out."""
    text = re.sub(r"\{\w+\}", " ", text)
    for token in re.findall(r"[A-Za-zÄÖÜäöüß][A-Za-zÄÖÜäöüß'_\-]*", text):
        if "_" in token or token.startswith("-") or token[:2].isupper():
            continue  # an identifier, a flag, a metavariable (FILE) or an abbreviation
        yield token.lower().strip("'-")


@cache
def english_words() -> frozenset[str]:
    """The words that mark a text as English where German is asked for."""
    ours, german = _catalogue()
    return frozenset((ours - german) | COMMON) - NOT_ENGLISH


@cache
def contract_identifiers() -> frozenset[str]:
    """Codes, option names and values, ruleset ids, and the field names that are no
    common English word: said as they are. A field named by a common word (winner,
    value, source) is said in words in a German sentence."""
    found: set[str] = {c.code for kind in codes.KINDS for c in codes.of_kind(kind)}
    for name, meta in CATALOGUE.items():
        found.add(name)
        found.update(str(c) for c in meta["choices"])
    found |= set(presets())
    spec = yaml.safe_load((ROOT / "openapi.yaml").read_text())
    found |= {f.lower() for f in _property_names(spec)} - COMMON
    return frozenset(f.lower() for f in found)


def _property_names(node: Any) -> Iterator[str]:
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "properties" and isinstance(value, dict):
                yield from value
            if key == "enum" and isinstance(value, list):
                yield from (str(v) for v in value)
            yield from _property_names(value)
    elif isinstance(node, list):
        for item in node:
            yield from _property_names(item)


def english_in(text: str, allowed: Iterable[str] = ()) -> list[str]:
    """The English words of ``text`` (outside the contract's identifiers, flags, card
    codes, quoted names and ``allowed`` names)."""
    text = re.sub(r"„[^“]*“|“[^”]*”|'[^']*'|\"[^\"]*\"", " ", text)  # quoted: as written
    text = re.sub(r"JSON Lines|GitHub Actions", " ", text)  # the names of formats and tools
    text = re.sub(r"\b[a-z_]+(?:\.[a-z_]+)+\b", " ", text)  # dotted field names: score.value
    text = re.sub(r"(?<![\w-])--?[a-z][\w-]*", " ", text)  # flags
    text = re.sub(r"[♣♠♥♦]\w+|\b[CSHD](?:A|10|K|Q|J|9)\b", " ", text)  # cards
    text = re.sub(r"(?<!\w)(?:https?://|/)[\w/.{}~-]*", " ", text)  # routes and pointers
    text = re.sub(r"\b[\w.-]+/[\w/.:-]+", " ", text)  # files of other programs: src/x.cpp
    known = english_words()
    skip = contract_identifiers() | {a.lower() for a in allowed}
    return [w for w in words(text) if len(w) > 1 and w in known and w not in skip]
