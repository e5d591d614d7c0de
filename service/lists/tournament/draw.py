"""The draw of a tournament's tables: a pure function of the participants, the number of
rounds and a published seed (``tournament.md``, "Draw").

Algorithm 1: the random stream is SplitMix64 (:class:`PortableRandom`) seeded with the
first 8 bytes, big-endian, of the SHA-256 of the seed's UTF-8 bytes. Sixteen
participants over at most five rounds are seated by the affine plane of order 4 (its
five parallel classes: no pair meets twice), the names and the classes shuffled; every
other count starts from a greedy seating, round by round, and a seeded local search
swaps two players of one round between tables while that takes repeat meetings away,
until none are left, a lower bound is reached, or its step budget is spent. Integers
only, no hashing of names, no floats: the same tables on every machine and Python.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from service.generating.portable_random import PortableRandom

ALGORITHMS = (1,)
STEPS = 4000  # swaps tried at most; each one's delta costs a table's length
NOISE = 16  # one step in NOISE takes a random swap where no improving one is found


def seed_number(seed: str) -> int:
    """The stream's seed: the first 8 bytes (big-endian) of SHA-256 of the seed text."""
    return int.from_bytes(hashlib.sha256(seed.encode("utf-8")).digest()[:8], "big")


def table_sizes(count: int) -> list[int]:
    """Tables of four where the count allows, else as few fives as possible."""
    fives = next(f for f in range(count // 5 + 1) if (count - 5 * f) % 4 == 0)
    return [4] * ((count - 5 * fives) // 4) + [5] * fives


@dataclass(frozen=True, slots=True)
class Draw:
    seed: str
    algorithm: int
    rounds: list[list[list[str]]]
    repeats: int

    def to_dict(self) -> dict[str, object]:
        return {"seed": self.seed, "algorithm": self.algorithm,
                "rounds": [{"tables": tables} for tables in self.rounds],
                "repeats": self.repeats}


def draw(participants: list[str], rounds: int, seed: str, algorithm: int = 1) -> Draw:
    """The tables of each round: lists of names, clockwise from the first dealer."""
    if algorithm not in ALGORITHMS:
        raise ValueError(f"no draw algorithm {algorithm}")
    rng = PortableRandom(seed_number(seed))
    count = len(participants)
    sizes = table_sizes(count)
    order = list(range(count))
    rng.shuffle(order)  # who takes which number of the construction
    if count == 16 and rounds <= 5:
        seating = _affine_plane(rng, rounds)
    else:
        seating = _Search(count, sizes, rounds, rng).run()
    tables = []
    for one in seating:
        out = []
        for table in one:
            names = [participants[order[i]] for i in table]
            rng.shuffle(names)  # the seating clockwise from the first dealer
            out.append(names)
        tables.append(out)
    return Draw(seed, algorithm, tables, repeats(seating))


def repeats(seating: list[list[list[int]]]) -> int:
    """Each meeting of a pair beyond its first."""
    met: dict[tuple[int, int], int] = {}
    extra = 0
    for one in seating:
        for table in one:
            for i, a in enumerate(table):
                for b in table[i + 1:]:
                    key = (a, b) if a < b else (b, a)
                    extra += 1 if met.get(key, 0) else 0
                    met[key] = met.get(key, 0) + 1
    return extra


def lower_bound(count: int, sizes: list[int], rounds: int) -> int:
    """Repeats no draw can avoid: more meetings than pairs, or each later round's tables
    filled from the first round's tables (at least the pairs the pigeonhole gives)."""
    per_round = sum(s * (s - 1) // 2 for s in sizes)
    by_pairs = rounds * per_round - count * (count - 1) // 2
    k = len(sizes)
    by_tables = 0
    for s in sizes:
        q, rest = divmod(s, k)
        by_tables += rest * (q + 1) * q // 2 + (k - rest) * q * (q - 1) // 2
    return max(0, by_pairs, (rounds - 1) * by_tables)


# The affine plane of order 4 over GF(4) = {0, 1, a, a+1} (as 0..3; a*a = a+1): point
# (x, y) is 4x + y; the lines of slope m are y = m*x + c, the fifth class x = c.
_MUL = [[0, 0, 0, 0], [0, 1, 2, 3], [0, 2, 3, 1], [0, 3, 1, 2]]


def _affine_plane(rng: PortableRandom, rounds: int) -> list[list[list[int]]]:
    classes = [[[4 * x + (_MUL[m][x] ^ c) for x in range(4)] for c in range(4)]
               for m in range(4)]
    classes.append([[4 * c + y for y in range(4)] for c in range(4)])
    rng.shuffle(classes)
    return classes[:rounds]


class _Search:
    """Greedy rounds, then swaps within a round that take repeat meetings away."""

    def __init__(self, count: int, sizes: list[int], rounds: int, rng: PortableRandom):
        self.n, self.sizes, self.rounds, self.rng = count, sizes, rounds, rng
        self.met = [[0] * count for _ in range(count)]
        self.seating: list[list[list[int]]] = []
        self.where: list[list[int]] = []  # round -> player -> table
        self.bound = lower_bound(count, sizes, rounds)

    def meet(self, table: list[int], by: int) -> None:
        met = self.met
        for i, a in enumerate(table):
            for b in table[i + 1:]:
                met[a][b] += by
                met[b][a] += by

    def cost(self) -> int:
        n, met = self.n, self.met
        return sum(max(0, met[a][b] - 1) for a in range(n) for b in range(a + 1, n))

    def greedy_round(self) -> None:
        rng, met = self.rng, self.met
        players = list(range(self.n))
        rng.shuffle(players)
        tables: list[list[int]] = [[] for _ in self.sizes]
        for p in players:
            best, best_cost = -1, 0
            for t, table in enumerate(tables):
                if len(table) == self.sizes[t]:
                    continue
                c = sum(1 for q in table if met[p][q])
                if best < 0 or c < best_cost:
                    best, best_cost = t, c
            tables[best].append(p)
        for table in tables:
            self.meet(table, 1)
        where = [0] * self.n
        for t, table in enumerate(tables):
            for p in table:
                where[p] = t
        self.seating.append(tables)
        self.where.append(where)

    def delta(self, r: int, p: int, q: int) -> int:
        """The change in repeats if ``p`` and ``q`` swap tables in round ``r``."""
        met = self.met
        a, b = self.seating[r][self.where[r][p]], self.seating[r][self.where[r][q]]
        d = 0
        for x in b:
            if x != q:
                d += (met[p][x] >= 1) - (met[q][x] >= 2)
        for y in a:
            if y != p:
                d += (met[q][y] >= 1) - (met[p][y] >= 2)
        return d

    def swap(self, r: int, p: int, q: int) -> None:
        tables, where = self.seating[r], self.where[r]
        tp, tq = where[p], where[q]
        a, b = tables[tp], tables[tq]
        self.meet(a, -1)
        self.meet(b, -1)
        a[a.index(p)], b[b.index(q)] = q, p
        where[p], where[q] = tq, tp
        self.meet(a, 1)
        self.meet(b, 1)

    def conflicted(self) -> list[tuple[int, int]]:
        """(round, player) of every player who meets someone again at his table."""
        met = self.met
        return [(r, p) for r, tables in enumerate(self.seating) for table in tables
                for p in table if any(met[p][q] > 1 for q in table if q != p)]

    def run(self) -> list[list[list[int]]]:
        for _ in range(self.rounds):
            self.greedy_round()
        if len(self.sizes) < 2:
            return self.seating
        rng = self.rng
        cost = self.cost()
        best = cost, [[list(t) for t in one] for one in self.seating]
        for _ in range(STEPS):
            if cost <= self.bound:
                break
            hot = self.conflicted()
            r, p = hot[rng._below(len(hot))]
            others = [q for q in range(self.n) if self.where[r][q] != self.where[r][p]]
            deltas = [(self.delta(r, p, q), q) for q in others]
            low = min(d for d, _ in deltas)
            if low > 0 and rng._below(NOISE):
                continue
            pick = [q for d, q in deltas if d == low] if low <= 0 else others
            q = pick[rng._below(len(pick))]
            self.swap(r, p, q)
            cost = cost + low if low <= 0 else self.cost()
            if cost < best[0]:
                best = cost, [[list(t) for t in one] for one in self.seating]
        return best[1]
