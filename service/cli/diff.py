"""Where an engine's verdict differs from the reference answer of a conformance case.

Only the fields the engine wrote are compared, and inside an object only the keys it
wrote. Lists of things without an order are compared as multisets: their entries are
paired by a key (violations by code, pointer and seat; score items by code, team and
trick; announcements by seat and call; the legal calls by seat; a card, a seat or a call
by itself), an entry left without a partner is missing (the reference's) or extra (the
engine's), and a pair is compared field by field. Tricks, the cards of a trick and the
seats' scores are compared in order.
"""

from __future__ import annotations

import json
from typing import Any, NamedTuple

ORDERED = frozenset({"tricks", "tricks.cards", "score.scores"})  # lists compared in order
KEYS = {  # the fields that pair the entries of a list (those the engine wrote)
    "violations": ("code", "pointer", "seat"),
    "notes": ("code", "pointer", "seat"),
    "score.items": ("code", "team", "trick"),
    "announcements": ("seat", "call"),
    "legal_actions.announcements": ("seat",),
}


class Difference(NamedTuple):
    """One thing a verdict gets wrong."""

    where: str  # as printed: "tricks[3].winner", "score.items[fox_caught, team re].points"
    field: str  # without places: "tricks.winner", "score.items.points"
    # "differs", "missing", "extra", "count" (of entries), "unknown" (a field the reference
    # does not have) or "absent" (a required field the verdict does not have)
    what: str
    engine: Any
    reference: Any
    code: str | None = None  # the code, card, call or seat of the list entry it is about
    base: str = ""  # the compared field it belongs to: "tricks" for "tricks.winner"


class Compared(NamedTuple):
    """What comparing one verdict found: the fields compared (a list counts as one field,
    not its entries' fields) and the differences."""

    fields: set[str]
    found: list[Difference]


def compare(verdict: dict[str, Any], reference: dict[str, Any]) -> Compared:
    """The verdict's written fields (its ``id`` aside) against the reference answer."""
    seen = Compared(set(), [])
    _compare({k: v for k, v in verdict.items() if k != "id"}, reference, "", "", None,
             seen, None)
    return seen


def canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def plain(value: Any) -> str:
    """A value as the report prints it: JSON, its keys in their own order."""
    return json.dumps(value, ensure_ascii=False)


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def _compare(written: Any, reference: Any, where: str, field: str, code: str | None,
             seen: Compared, base: str | None) -> None:
    """``base``: the list field an entry belongs to, None outside lists (where each
    field reached is one compared)."""
    if isinstance(written, dict) and isinstance(reference, dict):
        for key, value in written.items():
            at, name = _join(where, key), _join(field, key)
            if key not in reference:
                if base is None:
                    seen.fields.add(name)
                seen.found.append(Difference(at, name, "unknown", value, None, code,
                                             name if base is None else base))
            else:
                _compare(value, reference[key], at, name, code, seen, base)
        return
    if base is None:
        seen.fields.add(field)
        base = field
    if isinstance(written, list) and isinstance(reference, list):
        if field in ORDERED:
            _in_order(written, reference, where, field, code, seen, base)
        else:
            _as_multiset(written, reference, where, field, seen, base)
        return
    if written != reference or type(written) is not type(reference):
        seen.found.append(Difference(where, field, "differs", written, reference, code, base))


def _in_order(written: list[Any], reference: list[Any], where: str, field: str,
              code: str | None, seen: Compared, base: str) -> None:
    if not any(isinstance(item, dict) for item in (*written, *reference)):
        if written != reference:
            seen.found.append(Difference(where, field, "differs", written, reference, code,
                                         base))
        return
    for i, (w, r) in enumerate(zip(written, reference, strict=False)):
        _compare(w, r, f"{where}[{i}]", field, code, seen, base)
    if len(written) != len(reference):
        seen.found.append(Difference(where, field, "count", len(written), len(reference),
                                     code, base))


def _entry_code(item: Any) -> str | None:
    if isinstance(item, dict):
        value = item.get("code")
        return None if value is None else str(value)
    return item if isinstance(item, str) else canonical(item)


def _as_multiset(written: list[Any], reference: list[Any], where: str, field: str,
                 seen: Compared, base: str) -> None:
    wrote = [k for item in written if isinstance(item, dict) for k in item]
    keys = dict.fromkeys(wrote)  # the keys the engine wrote, in its order
    projected = [{k: v for k, v in item.items() if k in keys} if isinstance(item, dict)
                 else item for item in reference]
    pairing = [k for k in KEYS.get(field, ()) if k in keys]

    def key(item: Any) -> str:
        if isinstance(item, dict) and pairing:
            return canonical([item.get(k) for k in pairing])
        return canonical(item)

    waiting: dict[str, list[int]] = {}
    for i, item in enumerate(projected):
        waiting.setdefault(key(item), []).append(i)
    matched: set[int] = set()
    for item in written:
        partners = waiting.get(key(item))
        if not partners:
            seen.found.append(Difference(where, field, "extra", item, None, _entry_code(item),
                                         base))
            continue
        i = partners.pop(0)
        matched.add(i)
        other = projected[i]
        if isinstance(item, dict) and isinstance(other, dict):
            label = _label(other, pairing)
            _compare(item, other, f"{where}[{label}]", field, _entry_code(other), seen, base)
    for i, item in enumerate(reference):  # the code from the whole entry, not its projection
        if i not in matched:
            seen.found.append(Difference(where, field, "missing", None, item,
                                         _entry_code(item), base))


def _label(item: dict[str, Any], pairing: list[str]) -> str:
    """An entry as its key names it: ``fox_caught, team re, trick 3``."""
    return ", ".join(str(item.get(k)) if k == "code" else f"{k} {plain(item.get(k))}"
                     for k in pairing if item.get(k) is not None)
