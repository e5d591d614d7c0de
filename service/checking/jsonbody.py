"""JSON as the service reads it: strict where Python's json module is lenient.

``json.loads`` accepts texts that RFC 8259 leaves undefined, and the service would then
answer something the client did not mean, or fail. Each is refused with a 400 problem
that points at the place:

* a key twice in one object: ``json.loads`` would keep the last one silently;
* a lone surrogate (``"\\ud800"``, or its bytes in the body): no Unicode character, and
  a string holding one cannot be written back as UTF-8 (an answer that echoes it, such
  as a player's name or an unknown card, would fail);
* ``NaN``, ``Infinity``, ``-Infinity``: no JSON values;
* nesting deeper than the parser's recursion limit (about 900 levels) and integers of
  more than 4300 digits: what the parser refuses.

A body is UTF-8 (UTF-16 and UTF-32 are recognised as ``json.loads`` does), decoded
strictly. On the happy path the checks cost about a microsecond per object (some 40 µs
for a full game, next to about a millisecond for checking it); the document is walked
only to locate a defect, or where the text has a surrogate escape (``\\ud83c\\udca1``).
"""

from __future__ import annotations

import json
import re
from typing import Any

from service.rules.errors import pointer_token

from .problem import Problem

SURROGATE = re.compile("[\ud800-\udfff]")  # after parsing, a proper pair is one code point
SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")  # "\ud800" … "\udfff" in the text


class _Duplicated(dict[str, Any]):
    """An object that had a key more than once (the parser kept the last value)."""

    __slots__ = ("duplicate",)
    duplicate: str


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON value")


def not_json(error: object) -> Problem:
    return Problem(400, f"The request body is not valid JSON: {error}")


def loads(body: bytes | str) -> Any:
    """The parsed body; a 400 :class:`Problem` for anything refused (see the module)."""
    if isinstance(body, bytes):
        try:
            text = body.decode(json.detect_encoding(body))  # strict: no surrogates
        except UnicodeDecodeError as error:
            raise not_json(error) from None
        raw_surrogates = False
    else:
        text = body
        raw_surrogates = SURROGATE.search(text) is not None
    duplicated: list[_Duplicated] = []

    def pairs_hook(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        obj = dict(pairs)
        if len(obj) != len(pairs):
            obj = _Duplicated(obj)
            obj.duplicate = _first_duplicate(pairs)
            duplicated.append(obj)
        return obj

    try:
        data = json.loads(text, object_pairs_hook=pairs_hook, parse_constant=_reject_constant)
    except (ValueError, RecursionError) as error:
        # RecursionError: nesting too deep for the parser; no transcript is that deep
        raise not_json(error) from None
    # A surrogate comes from an escape (a pair such as "\ud83d\ude00" is one character,
    # a lone "\ud800" none), or raw from a str: strict decoding refuses it in bytes.
    escaped = "\\u" in text and SURROGATE_ESCAPE.search(text) is not None
    if (escaped or raw_surrogates) and (found := _find_surrogate(data)):
        pointer, message = found
        raise Problem(400, "The request body holds a lone surrogate, which is no Unicode "
                      "character.",
                      [{"pointer": pointer, "message": message}])
    if duplicated:  # the first met walking from the top: outer objects before inner ones
        pointer, obj = next((p, v) for p, v in _walk(data) if type(v) is _Duplicated)
        key = obj.duplicate
        at = f"{pointer}/{pointer_token(key)}"
        raise Problem(400, f"The request body has the key {key!r} more than once in one "
                      f"object (at {at}); each key may appear once.",
                      [{"pointer": at, "message": f"Duplicate key: {key!r} appears more than "
                        "once in this object."}])
    return data


def _first_duplicate(pairs: list[tuple[str, Any]]) -> str:
    seen: set[str] = set()
    for key, _ in pairs:
        if key in seen:
            return key
        seen.add(key)
    raise AssertionError("no duplicate key")  # pragma: no cover


def _walk(data: Any) -> Any:
    """Every value with its JSON pointer, in document order (iterative: the parser
    allows nesting deeper than Python's recursion limit leaves room for)."""
    stack = [("", data)]
    while stack:
        pointer, value = stack.pop()
        yield pointer, value
        if isinstance(value, dict):
            stack.extend(reversed([(f"{pointer}/{pointer_token(k)}", v)
                                   for k, v in value.items()]))
        elif isinstance(value, list):
            stack.extend(reversed([(f"{pointer}/{i}", v) for i, v in enumerate(value)]))


def _find_surrogate(data: Any) -> tuple[str, str] | None:
    """The first string (or key) holding a lone surrogate: its pointer and a message.

    A key holding one cannot be named in a pointer that is itself written back, so the
    pointer is then the object's.
    """
    for pointer, value in _walk(data):
        if isinstance(value, str) and (match := SURROGATE.search(value)):
            return pointer, f"The string holds the lone surrogate {_escaped(match)}."
        if isinstance(value, dict):
            for key in value:
                if match := SURROGATE.search(key):
                    return pointer, (f"A key of this object holds the lone surrogate "
                                     f"{_escaped(match)}.")
    return None


def _escaped(match: re.Match[str]) -> str:
    return f"\\u{ord(match.group()):04x}"
