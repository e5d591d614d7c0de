"""The one nesting limit of every JSON body, checked before any parser reads it.

The parsers disagree on depth (orjson reads 1,024 levels, Python's json as deep as the
stack leaves room for, which depends on where it is called), so that one body got two
answers. Here the depth is counted on the text itself, the same way for every reader
and every route: a body nested deeper than :data:`MAX_NESTING` levels of arrays and
objects is a 400 naming the limit. No real body comes near it (a transcript is 5
levels deep, a tournament day about 12).

Linear in the body, in a few passes of bytes methods (no Python step per character or
per string): a body with no more openings than the limit passes at once. Else escaped
backslashes and quotes go, then everything but brackets and quotes; two quotes side by
side go too (an empty string, or one string's end and the next one's start with no
bracket between: either way every bracket keeps its place inside or outside a string),
so that quotes are left only around strings that hold a bracket, and those strings go.
Of the brackets left, the innermost pairs (``[]``, ``{}`` alike) go in each pass, which
takes one level off every nest; what is left is walked run by run (``[[[``, ``]]``).
Invalid JSON (brackets unmatched) is counted the same way: an opening never closed
counts as deep as it is.
"""

from __future__ import annotations

import json
import re

from .problem import Problem

MAX_NESTING = 64
_STRING = re.compile(rb'"[^"]*"')  # among brackets and quotes only
_RUN = re.compile(rb"\[+|\]+")
_MARKS = bytes.maketrans(b"{}", b"[]")
_NOT_A_MARK = bytes(b for b in range(256) if b not in b'"[]{}')


def _utf8(body: bytes | str) -> bytes | None:
    """The body as UTF-8 bytes (in UTF-8 an ASCII byte is always that character), or
    None where it cannot be decoded (the parser then says why)."""
    if isinstance(body, str):
        return body.encode("utf-8", "surrogatepass")
    encoding = json.detect_encoding(body)
    if encoding == "utf-8":
        return body
    try:
        return body.decode(encoding).encode("utf-8", "surrogatepass")
    except UnicodeDecodeError:
        return None


def too_deep(body: bytes | str) -> bool:
    """Whether the body nests arrays and objects deeper than the limit."""
    data = _utf8(body)
    if data is None or data.count(b"[") + data.count(b"{") <= MAX_NESTING:
        return False
    if b"\\" in data:  # an escaped backslash first: in \\" the quote ends the string
        data = data.replace(b"\\\\", b"").replace(b'\\"', b"")
    marks = data.translate(_MARKS, _NOT_A_MARK).replace(b'""', b"")
    del data
    if b'"' in marks:
        marks = _STRING.sub(b"", marks)
    # Each pass takes one level off every nest of matched pairs (its innermost pairs go),
    # while it pays (takes a quarter off); the depth is the passes' plus that of what is
    # left, walked run by run.
    passes = 0
    while passes < MAX_NESTING:
        inner = marks.replace(b"[]", b"")
        if len(inner) == len(marks):
            break
        passes += 1
        paid, marks = (len(marks) - len(inner)) * 4 >= len(marks), inner
        if not paid:
            break
    level = passes
    for run in _RUN.finditer(marks):
        if run.group()[0] == 0x5B:  # [
            level += len(run.group())
            if level > MAX_NESTING:
                return True
        else:
            level -= len(run.group())
    return False


def check(body: bytes | str) -> None:
    """Raise the 400 :class:`Problem` of a body nested deeper than the limit."""
    if too_deep(body):
        raise Problem(400, f"The request body nests arrays and objects more than "
                      f"{MAX_NESTING} levels deep; at most that many are read.")
