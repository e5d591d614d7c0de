"""Where a JSON text breaks, said for the person who typed it.

Python's parser says "Expecting value: line 14 column 3 (char 1149)": English, and
about the parser rather than the slip. A :class:`Broken` says the place (line and
column from 1, as an editor counts them), what is wrong there in words, the line
itself (cut to a window around the place, so that a one-line body of a megabyte is not
repeated) and, for the slips people make writing a list by hand, what to change: a
comma after the last entry, typographic or single quotes, a comma missing between two
entries.
"""

from __future__ import annotations

import json
from typing import Final, NamedTuple

from service.game.text import N_, Text, Word, msg

WHAT: Final = {
    "Expecting value": N_("a value is missing here"),
    "Expecting property name enclosed in double quotes":
        N_("a name in double quotes belongs here"),
    "Expecting ',' delimiter": N_("a comma is missing here"),
    "Expecting ':' delimiter": N_("a colon is missing here"),
    "Unterminated string starting at": N_("a text in quotes starts here and is not closed"),
    "Invalid control character at": N_("a line break or tab stands inside a text in quotes"),
    "Invalid \\escape": N_("a backslash starts no valid escape"),
    "Invalid \\uXXXX escape": N_("a backslash starts no valid escape"),
    "Extra data": N_("more text follows the end of the JSON value"),
    "Unexpected UTF-8 BOM (decode using utf-8-sig)":
        N_("the text starts with a byte order mark"),
}
SOMETHING: Final = N_("the text cannot be read here")
TYPOGRAPHIC: Final = "„“”‚‘’«»‹›"
WINDOW: Final = 60  # characters of the line shown either side of the place


class Broken(NamedTuple):
    """A syntax error: where, the line's text around it, what is wrong, what to do."""

    line: int  # from 1
    column: int  # from 1, in characters of the line
    excerpt: str  # the line's text, cut to a window around the place
    caret: int  # the place's offset in ``excerpt`` (0-based)
    what: str  # a msgid (WHAT)
    hint: Text | None  # what to change, for a common slip

    def said(self) -> tuple[Text, ...]:
        """The sentences that say it: where and what, then the hint."""
        where = msg("Not valid JSON at line {line}, column {column}: {what}.",
                    line=self.line, column=self.column, what=Word(self.what))
        return (where,) if self.hint is None else (where, self.hint)


def broken(error: json.JSONDecodeError) -> Broken:
    """``error`` said as :class:`Broken`: the place, the words, the hint."""
    doc, pos = error.doc, error.pos
    start = doc.rfind("\n", 0, pos) + 1
    end = doc.find("\n", pos)
    text = doc[start:len(doc) if end < 0 else end].rstrip("\r")
    column = pos - start
    cut = max(0, column - WINDOW)
    excerpt = text[cut:column + WINDOW]
    return Broken(error.lineno, error.colno, excerpt, column - cut,
                  WHAT.get(error.msg, SOMETHING), _hint(error.msg, doc, pos, text))


def _hint(reason: str, doc: str, pos: int, line: str) -> Text | None:
    """What to change, for the common slips of a text typed by hand."""
    here = doc[pos:pos + 1]
    before = doc[:pos].rstrip()
    if reason.startswith("Expecting") and before.endswith(",") and here in ("]", "}"):
        return msg("Delete the comma after the last entry, before “{bracket}”.",
                   bracket=here)
    if here and here in TYPOGRAPHIC:
        return TYPOGRAPHIC_HINT
    if here == "'":
        return msg("Write names and texts in double quotes (\"…\"), not in single quotes.")
    if reason == "Expecting ',' delimiter":
        previous = before.count("\n") + 1
        if previous < doc.count("\n", 0, pos) + 1:
            return msg("Put a comma at the end of line {line}, between the two entries.",
                       line=previous)
        return msg("Put a comma between the two entries.")
    if any(q in line for q in TYPOGRAPHIC):  # a closing „“ taken into a text in quotes
        return TYPOGRAPHIC_HINT
    return None


TYPOGRAPHIC_HINT: Final = msg("Write names and texts in straight double quotes (\"…\"), "
                              "not in typographic quotes („…“).")
