"""Names of people (players, participants): printable, and told apart as people would.

A name must be printable: no control characters (NUL, CR, LF …), no format characters
(zero-width spaces and joiners, direction overrides …), no line or paragraph
separators, and not blank once trimmed. Two names are one person's when they are equal
after NFKC normalisation and case folding ("Anna", "ANNA", "Ａｎｎａ"); the service
refuses them as two people. Names are kept, echoed and pointed at as sent; only the
comparison is normalised. (Letters of different scripts that merely look alike, a
Cyrillic "А" for a Latin "A", stay different names: NFKC does not fold them.)
"""

from __future__ import annotations

import unicodedata
from typing import Final

# Cc control, Cf format, Cs surrogate, Zl line and Zp paragraph separator.
REFUSED_CATEGORIES: Final = frozenset(("Cc", "Cf", "Cs", "Zl", "Zp"))

NOT_PRINTABLE: Final = ("Must be a printable name: no control or format characters, not "
                        "blank.")


def printable(name: str) -> bool:
    """Whether ``name`` may name a person: no control or format character, not blank."""
    if not name.strip():
        return False
    category = unicodedata.category
    return not any(category(c) in REFUSED_CATEGORIES for c in name)


def name_key(name: str) -> str:
    """What two names are compared by: NFKC, case folded (and NFKC again, as folding
    may leave a decomposed form)."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())


def same_name(name: str, other: str) -> str:
    """The field error of ``name`` when it is ``other`` written differently."""
    return (f"{name!r} and {other!r} are one name (compared without case and width); "
            "names must differ.")


def clashes(names: list[str]) -> dict[int, str]:
    """The field error by index of each name equal to an earlier one once normalised
    (exact repeats included)."""
    seen: dict[str, str] = {}
    found: dict[int, str] = {}
    for i, name in enumerate(names):
        key = name_key(name)
        if key in seen:
            found[i] = same_name(name, seen[key])
        else:
            seen[key] = name
    return found
