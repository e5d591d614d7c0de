"""A seeded random generator that draws the same numbers on every machine and Python.

``random.Random`` keeps its Mersenne Twister stream, but how ``choice``, ``shuffle``,
``sample`` and ``randrange`` turn it into picks is CPython's to change between versions.
The conformance cases promise the same bytes for the same seed everywhere, so every
method the game generator uses is defined here over SplitMix64 (Steele, Lea, Flood 2014:
a 64-bit counter through a fixed mixing function), with integer arithmetic only.
"""

from __future__ import annotations

import random
from collections.abc import MutableSequence, Sequence
from typing import Any, TypeVar

T = TypeVar("T")
MASK = (1 << 64) - 1
GAMMA = 0x9E3779B97F4A7C15


class PortableRandom(random.Random):
    """``random.Random``'s interface, as far as :mod:`service.generating.random_game` uses it."""

    def __init__(self, seed: int = 0) -> None:
        self._state = 0
        super().__init__(seed)

    def seed(self, a: Any = None, version: int = 2) -> None:
        if type(a) is not int:
            raise TypeError("PortableRandom takes an integer seed")
        self._state = a & MASK

    def _next64(self) -> int:
        self._state = (self._state + GAMMA) & MASK
        z = self._state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def getrandbits(self, k: int) -> int:
        bits, have = 0, 0
        while have < k:
            bits = (bits << 64) | self._next64()
            have += 64
        return bits >> (have - k)

    def random(self) -> float:
        return (self._next64() >> 11) / (1 << 53)

    def _below(self, n: int) -> int:
        """Uniform in [0, n) by rejection, so no value is favoured."""
        if n <= 0:
            raise ValueError("empty range")
        width = n.bit_length()
        while True:
            value = self.getrandbits(width)
            if value < n:
                return value

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        if stop is None:
            start, stop = 0, start
        if step != 1:
            raise ValueError("PortableRandom.randrange takes no step")
        return start + self._below(stop - start)

    def randint(self, a: int, b: int) -> int:
        return a + self._below(b - a + 1)

    def choice(self, seq: Sequence[T]) -> T:  # type: ignore[override]
        return seq[self._below(len(seq))]

    def shuffle(self, x: MutableSequence[Any]) -> None:
        for i in range(len(x) - 1, 0, -1):  # Fisher-Yates
            j = self._below(i + 1)
            x[i], x[j] = x[j], x[i]

    def sample(self, population: Sequence[T], k: int, *,
               counts: Any = None) -> list[T]:
        if counts is not None:
            raise ValueError("PortableRandom.sample takes no counts")
        pool = list(population)
        for i in range(k):
            j = i + self._below(len(pool) - i)
            pool[i], pool[j] = pool[j], pool[i]
        return pool[:k]
