"""JSON as the service reads it: strict where Python's json module is lenient.

``json.loads`` accepts texts that RFC 8259 leaves undefined, and the service would then
answer something the client did not mean, or fail. Each is refused with a 400 problem
that points at the place:

* a key twice in one object: ``json.loads`` would keep the last one silently;
* a lone surrogate (``"\\ud800"``, or its bytes in the body): no Unicode character, and
  a string holding one cannot be written back as UTF-8 (an answer that echoes it, such
  as a player's name or an unknown card, would fail);
* ``NaN``, ``Infinity``, ``-Infinity``: no JSON values;
* nesting deeper than :data:`nesting.MAX_NESTING` levels (counted before parsing, so
  that every reader answers alike) and integers of more than 4300 digits.

A body is UTF-8 (UTF-16 and UTF-32 are recognised as ``json.loads`` does), decoded
strictly. On the happy path the checks cost about a microsecond per object (some 40 µs
for a full game, next to about a millisecond for checking it); the document is walked
only to locate a defect, or where the text has a surrogate escape (``\\ud83c\\udca1``).
The walk keeps only the path to the value it stands on and writes a pointer only for
the defect it finds, so locating costs memory by the depth, not by the body.

:func:`loads` reads one value; :func:`split_array` splits a JSON array into the texts
of its elements, counting them as it goes, so that a batch over its count is refused
before the rest of it is parsed, and each element is then read (and held to the
limits and the strictness) on its own.
"""

from __future__ import annotations

import gc
import json
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from decimal import Decimal
from typing import Any

from service.game.errors import pointer_token

from . import nesting
from .problem import Problem
from .syntax import broken

SURROGATE = re.compile("[\ud800-\udfff]")  # after parsing, a proper pair is one code point
SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")  # "\ud800" … "\udfff" in the text


class _Duplicated(dict[str, Any]):
    """An object that had a key more than once (the parser kept the last value)."""

    __slots__ = ("duplicate",)
    duplicate: str


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON value")


def not_json(error: object) -> Problem:
    if isinstance(error, json.JSONDecodeError):  # located: said with its line and a hint
        return Problem.syntax(broken(error))
    if isinstance(error, UnicodeDecodeError):  # the codec's words name no fix
        return Problem(400, f"The request body is not valid UTF-8 (byte {error.start + 1}).")
    text = str(error)
    if "integer string conversion" in text:  # Python's words name a setting, not the fix
        return Problem(400, "The request body holds a number of more than 4300 digits; "
                       "a number may have at most 4300.")
    return Problem(400, f"The request body is not valid JSON: {text}")


def _text(body: bytes | str) -> tuple[str, bool]:
    """The body as text, and whether it may hold raw surrogates (a str may; bytes are
    decoded strictly, which refuses them)."""
    if isinstance(body, str):
        return body, SURROGATE.search(body) is not None
    try:
        return body.decode(json.detect_encoding(body)), False
    except UnicodeDecodeError as error:
        raise not_json(error) from None


class _Decoder:
    """One strict parse: ``json``'s decoder with hooks that note what it must refuse."""

    def __init__(self, exact: bool = False) -> None:
        self.duplicated = False
        self.decoder = json.JSONDecoder(object_pairs_hook=self._pairs,
                                        parse_constant=_reject_constant,
                                        parse_float=Decimal if exact else None)

    def _pairs(self, pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        obj = dict(pairs)
        if len(obj) != len(pairs):
            obj = _Duplicated(obj)
            obj.duplicate = _first_duplicate(pairs)
            self.duplicated = True
        return obj

    def value(self, text: str, start: int | None, raw_surrogates: bool) -> tuple[Any, int]:
        """The value starting at ``start`` and where it ends (``start`` None: the whole
        text is one value); a located 400 Problem for a value that parses but is
        refused, one without ``errors`` for text that does not parse."""
        self.duplicated = False
        try:
            if start is None:
                data, start, end = self.decoder.decode(text), 0, len(text)
            else:
                data, end = self.decoder.raw_decode(text, start)
        except (ValueError, RecursionError) as error:
            # RecursionError: nesting too deep for the parser; no transcript is that deep
            raise not_json(error) from None
        # A surrogate comes from an escape (a pair such as "\ud83d\ude00" is one
        # character, a lone "\ud800" none), or raw from a str: strict decoding refuses
        # it in bytes.
        escaped = (text.find("\\u", start, end) >= 0
                   and SURROGATE_ESCAPE.search(text, start, end) is not None)
        if (raw_surrogates or escaped) and (found := _find(data, _surrogate_in)):
            pointer, message = found
            raise Problem(400, "The request body holds a lone surrogate, which is no "
                          "Unicode character.", [{"pointer": pointer, "message": message}])
        if self.duplicated:  # the first met walking from the top: outer objects first
            found_key = _find(data, _duplicate_in)
            assert found_key is not None
            pointer, key = found_key
            at = f"{pointer}/{pointer_token(key)}"
            raise Problem(400, f"The request body has the key {key!r} more than once in "
                          "one object; each key may appear once.",
                          [{"pointer": at, "message": f"Duplicate key: {key!r} appears "
                            "more than once in this object."}])
        return data, end


WHITESPACE = re.compile(r"[ \t\n\r]*")


def _skip(text: str, at: int) -> int:
    """Where the JSON whitespace from ``at`` on ends."""
    return WHITESPACE.match(text, at).end()  # type: ignore[union-attr]  # matches always


def loads(body: bytes | str, exact: bool = False) -> Any:
    """The parsed body; a 400 :class:`Problem` for anything refused (see the module).
    ``exact``: numbers with a fraction or exponent read as :class:`~decimal.Decimal`, as
    written, not as binary floats."""
    nesting.check(body)
    text, raw_surrogates = _text(body)
    with collector_paused():
        return _Decoder(exact).value(text, None, raw_surrogates)[0]


@contextmanager
def collector_paused() -> Iterator[None]:
    """The garbage collector paused while a body is read: a parsed body holds no
    reference cycle, and a body of millions of arrays would otherwise set off a
    collection every few hundred of them, the older generations' each walking the
    worker's whole heap (a 4 MiB body of nested arrays: 1.9 s of CPU, 1.2 s paused)."""
    paused = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if paused:
            gc.enable()


class TooMany(Exception):
    """More elements (or lines) than were allowed, raised at the first one over."""


def split_array(body: bytes | str, max_items: int, max_item_bytes: int
                ) -> list[bytes | Problem]:
    """The elements of a JSON array, each as its own JSON text (UTF-8), to be read by
    :func:`loads` one at a time: a batch never holds all its transcripts parsed.

    Counted as they are found: more than ``max_items`` elements raise :class:`TooMany`
    at the first one over, before the rest is parsed. An element over
    ``max_item_bytes`` is kept as its 413 problem. Text that is not a JSON array is a
    400 :class:`Problem`.
    """
    nesting.check(body)
    text, _ = _text(body)
    find_end = json.JSONDecoder().raw_decode  # each element is parsed, then let go
    elements: list[bytes | Problem] = []
    at = _skip(text, 0)
    if not text.startswith("[", at):
        loads(text)  # not JSON: its parse error; else: JSON but no array
        raise Problem(400, "The request body must be a JSON array of transcripts.",
                      [{"pointer": "", "message": "Must be an array."}])
    at = _skip(text, at + 1)
    closed = text.startswith("]", at)
    while not closed:
        if len(elements) == max_items:
            raise TooMany()
        start = at
        try:
            at = find_end(text, start)[1]
        except (ValueError, RecursionError) as error:
            raise not_json(error) from None
        elements.append(_too_large(text, start, at, max_item_bytes)
                        or text[start:at].encode("utf-8", "surrogatepass"))
        at = _skip(text, at)
        if text.startswith("]", at):
            closed = True
        elif text.startswith(",", at):
            at = _skip(text, at + 1)
        else:
            raise not_json(json.JSONDecodeError("Expecting ',' delimiter", text, at))
    if (end := _skip(text, at + 1)) != len(text):
        raise not_json(json.JSONDecodeError("Extra data", text, end))
    return elements


def _too_large(text: str, start: int, end: int, limit: int) -> Problem | None:
    # characters first: a character is 1 to 4 bytes of UTF-8
    if end - start <= limit // 4 or len(text[start:end].encode("utf-8", "replace")) <= limit:
        return None
    return too_large(limit)


def too_large(limit: int) -> Problem:
    """The 413 problem of one transcript of a batch over the single check's limit."""
    return Problem(413, f"The transcript is over {limit} bytes, the limit for one game.")


def _first_duplicate(pairs: list[tuple[str, Any]]) -> str:
    seen: set[str] = set()
    for key, _ in pairs:
        if key in seen:
            return key
        seen.add(key)
    raise AssertionError("no duplicate key")  # pragma: no cover


def _find(data: Any, test: Callable[[Any], str | None]) -> tuple[str, str] | None:
    """The JSON pointer of the first value, in document order (a parent before its
    children), for which ``test`` says something, and what it says.

    Iterative, since the parser allows nesting deeper than Python's recursion limit
    leaves room for; only the path to the current value is kept, and only the pointer
    of the value found is written.
    """
    if (said := test(data)) is not None:
        return "", said
    path: list[object] = []
    stack = [_children(data)]
    while stack:
        for key, value in stack[-1]:
            if (said := test(value)) is not None:
                return "".join(f"/{pointer_token(k)}" for k in (*path, key)), said
            if isinstance(value, dict | list) and value:
                path.append(key)
                stack.append(_children(value))
                break
        else:
            stack.pop()
            if stack:
                path.pop()
    return None


def _children(value: Any) -> Iterator[tuple[object, Any]]:
    if isinstance(value, dict):
        return iter(value.items())
    if isinstance(value, list):
        return enumerate(value)
    return iter(())


def _duplicate_in(value: Any) -> str | None:
    return value.duplicate if type(value) is _Duplicated else None


def _surrogate_in(value: Any) -> str | None:
    """What is wrong with a string (or a key of an object) that holds a lone surrogate.

    A key holding one cannot be named in a pointer that is itself written back, so the
    pointer is then the object's.
    """
    if isinstance(value, str) and (match := SURROGATE.search(value)):
        return f"The string holds the lone surrogate {_escaped(match)}."
    if isinstance(value, dict):
        for key in value:
            if match := SURROGATE.search(key):
                return f"A key of this object holds the lone surrogate {_escaped(match)}."
    return None


def _escaped(match: re.Match[str]) -> str:
    return f"\\u{ord(match.group()):04x}"
