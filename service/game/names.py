"""Names of people (players, participants): printable, and told apart as people would.

A name must be printable: no control characters (NUL, CR, LF …), no format characters
(zero-width spaces and joiners, direction overrides …), no line or paragraph
separators, no filler that shows as blank (the Hangul fillers U+115F, U+1160, U+3164,
U+FFA0 and the blank Braille pattern U+2800), no letter carrying more than
:data:`MAX_MARKS` combining marks (accents stacked into a smear), and not blank: something
must be left once spaces and combining marks are taken away. Two names are one
person's when they are equal after NFKC normalisation and case folding ("Anna",
"ANNA", "Ａｎｎａ"); the service refuses them as two people. Names are kept, echoed and
pointed at as sent; only the comparison is normalised. (Letters of different scripts
that merely look alike, a Cyrillic "А" for a Latin "A", stay different names: NFKC
does not fold them.)
"""

from __future__ import annotations

import unicodedata
from typing import Final

# Cc control, Cf format, Cs surrogate, Zl line and Zp paragraph separator.
REFUSED_CATEGORIES: Final = frozenset(("Cc", "Cf", "Cs", "Zl", "Zp"))
# Letters and symbols that render as nothing: alone they make a blank name, inside one
# an invisible gap.
FILLERS: Final = frozenset("\u115f\u1160\u3164\uffa0\u2800")
MAX_MARKS: Final = 4  # combining marks on one letter (Vietnamese needs 2, Hebrew 3)

NOT_PRINTABLE: Final = ("Must be a printable name: no control or format characters, not "
                        "blank.")
FILLER: Final = ("Must be a printable name: no filler characters that show as blank "
                 "(Hangul fillers, the blank Braille pattern).")
TOO_MANY_MARKS: Final = (f"Must be a printable name: at most {MAX_MARKS} accents or other "
                         "combining marks on one letter.")


def name_problem(name: str) -> str | None:
    """What makes ``name`` no name of a person (its field error), or None."""
    if name.isprintable() and (not name or max(name) <= "\xff"):
        # Latin-1 without controls, format characters or a no-break space has no marks
        # and no fillers, and only the space is blank: the loop below, some 20 times faster
        return None if name.strip(" ") else NOT_PRINTABLE
    category = unicodedata.category
    shown = False
    marks = 0
    for c in name:
        kind = category(c)
        if kind in REFUSED_CATEGORIES:
            return NOT_PRINTABLE
        if c in FILLERS:
            return FILLER
        if kind[0] == "M":  # Mn, Mc, Me: combining marks
            marks += 1
            if marks > MAX_MARKS:
                return TOO_MANY_MARKS
            continue
        marks = 0
        if kind != "Zs" and not c.isspace():
            shown = True
    return None if shown else NOT_PRINTABLE


def printable(name: str) -> bool:
    """Whether ``name`` may name a person (see the module)."""
    return name_problem(name) is None


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
