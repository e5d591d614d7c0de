"""A fast path in front of the strict JSON reader, and a fast JSON writer for answers.

:mod:`service.checking.jsonbody` is the authority on what a body means. orjson parses a
body several times faster, but reads some texts differently (a key twice: last one
wins; an integer above 2**64: a float), so :func:`loads` keeps orjson's reading only
where it provably agrees with the strict reader, and hands every other body to it:

* bytes only, with no ``\\u`` escape: so no escaped surrogate (a raw one is invalid
  UTF-8, which orjson refuses as the strict decoder does);
* orjson accepts it (it refuses NaN, Infinity, a byte order mark, UTF-16 and UTF-32
  and broken UTF-8 or JSON: the strict reader then decides, accepting or explaining);
* and one of two proofs that nothing was read differently holds. Either orjson writes
  the value back as exactly the body (the compact bodies of up to 8 KiB most clients
  send): no key was dropped, no number changed, and a float in it is orjson's shortest
  form, which Python's float() reads to the same value; orjson writes at most 255
  levels, far below the strict reader's recursion limit. Or the value holds only
  objects, arrays, strings, integers, booleans and null (no float: orjson turns an
  integer above 2**64 into one), nested at most :data:`MAX_DEPTH` deep, and its
  objects hold as many members as the body has colons: every member is written with
  one colon, so no key was dropped as a duplicate (a colon inside a string makes the
  count unequal and the body goes the strict way).

:func:`dumps` writes an answer as ``json.dumps(value, ensure_ascii=False,
separators=(",", ":"))`` does (the app's JSON settings), for the values answers hold.
tests/test_fast_paths.py compares both with the authoritative path byte for byte.
orjson comes with the ``server`` and ``dask`` extras; without it both go the standard
way.
"""

from __future__ import annotations

import json
from types import ModuleType
from typing import Any

from . import jsonbody, nesting

orjson: ModuleType | None
try:
    import orjson
except ImportError:  # the rules library and doko-check need only marshmallow
    orjson = None

# As deep as any body is read (nesting.check refuses deeper first): a body between two
# depths was parsed twice, orjson's reading thrown away (4 MiB of nests 60 deep: 2 s).
MAX_DEPTH = nesting.MAX_NESTING
WRITE_BACK_BYTES = 8 * 1024  # a whole game is 1-2 KB


def loads(body: bytes | str) -> Any:
    """The parsed body, exactly as :func:`jsonbody.loads` reads it (which decides any
    body this path does not take, and raises its 400 Problem)."""
    nesting.check(body)  # before orjson, whose own limit is not the strict reader's
    if orjson is not None and type(body) is bytes and b"\\u" not in body:
        data = _fast(body)
        if data is not _REFUSED:
            return data
    # orjson's value is gone by now: the strict reader's memory is not added to it
    return jsonbody.loads(body)


_REFUSED: Any = object()


def _fast(body: bytes) -> Any:
    """orjson's reading of the body, or _REFUSED where it might differ from the strict
    reader's."""
    assert orjson is not None
    try:
        with jsonbody.collector_paused():  # as the strict reader: see there
            data = orjson.loads(body)
    except orjson.JSONDecodeError:
        return _REFUSED
    # Written back the same, byte for byte: the common compact body. Nothing was dropped
    # or changed (a key twice, an integer made a float) and any float in it is orjson's
    # shortest form, which Python's float() reads to the same value. Only for a small
    # body: orjson's writer reserves up to ~170 bytes per value, memory not by the body.
    if len(body) <= WRITE_BACK_BYTES:
        try:
            if orjson.dumps(data) == body:
                return data
        except orjson.JSONEncodeError:  # nested too deep for orjson to write
            pass
    members = _members(data, 0)
    return data if members >= 0 and members == body.count(b":") else _REFUSED


def _members(value: Any, depth: int) -> int:
    """The members of every object in ``value``; -1 if it holds a float or nests deeper
    than MAX_DEPTH."""
    kind = type(value)
    if kind is dict or kind is list:
        if depth >= MAX_DEPTH:
            return -1
        count = len(value) if kind is dict else 0
        for item in value.values() if kind is dict else value:
            found = _members(item, depth + 1)
            if found < 0:
                return -1
            count += found
        return count
    return -1 if kind is float else 0


def dumps(value: Any) -> bytes:
    """A check's answer as compact UTF-8 JSON, byte for byte as the app's JSON provider
    writes it. orjson writes the same for strings, integers up to 64 bits, booleans,
    null, lists, tuples and string-keyed dicts, which is all an answer holds (every
    number in one is an integer the schema admitted; orjson would write a float
    differently). A subclass of str, int, list or dict, or a bigger integer, goes to
    json.dumps."""
    if orjson is not None:
        try:
            written: bytes = orjson.dumps(value, option=orjson.OPT_PASSTHROUGH_SUBCLASS)
            return written
        except (orjson.JSONEncodeError, TypeError):
            pass
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode()
