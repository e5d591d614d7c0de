"""The known word a slip is nearest to ("did you mean …?"), at a cost bounded by
construction: a request may hold thousands of unknown names and a roster of thousands,
so a suggestion is looked for only for the first few errors shown (:class:`Suggester`),
and each against its candidates by cheap bounds first, difflib's full comparison
(quadratic in the word) only for the few that pass them best.
"""

from __future__ import annotations

import difflib
import heapq
from collections.abc import Iterable
from typing import Final

SUGGESTED: Final = 10  # errors of one answer given a suggestion; the others go without
COMPARED: Final = 4  # candidates compared in full, the best by the cheap bounds
CUTOFF: Final = 0.65  # difflib's similarity a suggestion needs (1: the same word)


def nearest(word: str, candidates: Iterable[str], n: int = 1,
            cutoff: float = CUTOFF) -> list[str]:
    """Up to ``n`` of ``candidates`` most like ``word`` (difflib's ratio at least
    ``cutoff``), best first. Linear in the candidates' length: each is measured by
    its length and its characters in common with ``word`` (upper bounds of the
    ratio, difflib's ``real_quick_ratio`` and ``quick_ratio``), and only the
    :data:`COMPARED` best by them are compared in full."""
    size = len(word)
    if not size:
        return []
    matcher: difflib.SequenceMatcher[str] | None = None
    scored: list[tuple[float, int, str]] = []
    for order, candidate in enumerate(dict.fromkeys(candidates)):
        other = len(candidate)
        if 2.0 * min(size, other) / (size + other) < cutoff:
            continue  # the lengths alone rule it out
        if matcher is None:  # a long word is indexed only where a candidate is as long
            matcher = difflib.SequenceMatcher()
            matcher.set_seq2(word)
        matcher.set_seq1(candidate)
        bound = matcher.quick_ratio()
        if bound >= cutoff:
            scored.append((-bound, order, candidate))
    found: list[tuple[float, str]] = []
    for _, _, candidate in sorted(scored)[:COMPARED]:
        assert matcher is not None
        matcher.set_seq1(candidate)
        ratio = matcher.ratio()
        if ratio >= cutoff:
            found.append((ratio, candidate))
    return [candidate for _, candidate in heapq.nlargest(n, found)]  # as difflib orders

class Suggester:
    """Suggestions for the errors of one answer, written in the order they are shown:
    the first :data:`SUGGESTED` that ask are looked for, the others get none."""

    __slots__ = ("left",)

    def __init__(self, limit: int = SUGGESTED) -> None:
        self.left = limit

    def nearest(self, word: str, candidates: Iterable[str], n: int = 1,
                cutoff: float = CUTOFF) -> list[str]:
        if self.left <= 0:
            return []
        self.left -= 1
        return nearest(word, candidates, n, cutoff)
