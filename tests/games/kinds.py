"""Whole games of every game type, written by hand trick by trick.

A game is written the way a referee reads a score sheet: the tricks, each with its
leader, its four cards in play order and the seat that won it. The deal is derived from
the tricks: a seat's hand is the cards it plays. Announcements and showings are placed
by trick and by how many cards of that trick were already on the table. This module
holds, from the rules and never from the service:

* the card points (TSR 2.2: A 11, 10 10, K 4, Q 3, J 2, 9 0);
* the card order of each game kind: the normal game (TSR 2.3.4), the colour solos
  (TSR 2.3.5; FreeDoko 6.1.1 "Color-Solo"), the queens and jacks solos (TSR 2.3.6), the
  meatless solo (TSR 2.3.7) and FreeDoko's picture solos (kings, queens-jacks,
  kings-jacks, kings-queens, koehler; FreeDoko 6.1.1), with the options that change it:
  the second ♥10 wins (FreeDoko 2.1, Mittwoch "Zweite Herz-Zehn ist hoch", DOKO 2026
  II.a), swines and hyperswines (FreeDoko 2.2, Mittwoch, DOKO 2026 I.2 / II.a), and
  the 40-card pack without nines (Mittwoch "Ohne Neunen");
* :class:`Deal`: twelve (ten) hand-written tricks with their winners, checked against
  that order before anything is sent - the pack, who leads each trick, the written
  winner, and that a seat that does not follow suit holds none of the led suit;
* the transcript of such a game with its reservations, game object and the play events
  (cards, announcements, showings of swines), and for a poverty the deal *before* the
  exchange (the hands as played with the exchange undone);
* the game object and the reservation of a solo.

``builder.py`` is the special case of the DDV normal game (``builder.Game``).

A design error raises ``FixtureError`` so that a broken fixture is never mistaken for a
broken service.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

# TSR 2.2: card points (Augen).
RANK_POINTS = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0}

SUITS = ("C", "S", "H", "D")  # also the order among trump queens, jacks, kings
RANKS = ("A", "10", "K", "Q", "J", "9")  # the plain order of the meatless solo (TSR 2.3.7)
COLOUR_SOLO = {"normal": "D", "diamonds": "D", "hearts": "H", "spades": "S", "clubs": "C"}
PICTURE_RANKS = {  # trump ranks of the picture solos, highest group first
    "queens": ("Q",), "jacks": ("J",), "kings": ("K",),
    "queens_jacks": ("Q", "J"), "kings_jacks": ("K", "J"), "kings_queens": ("K", "Q"),
    "koehler": ("K", "Q", "J"), "meatless": (),
}
SOLO_KINDS = ("diamonds", "hearts", "spades", "clubs", "queens", "jacks", "kings",
              "queens_jacks", "kings_jacks", "kings_queens", "koehler", "meatless")


class FixtureError(AssertionError):
    """The hand-written game breaks the rules it is meant to obey."""


def card_points(cards: Iterable[str]) -> int:
    """Sum of the card values (A 11, 10 10, K 4, Q 3, J 2, 9 0)."""
    return sum(RANK_POINTS[card[1:]] for card in cards)


@dataclass(frozen=True)
class Trick:
    leader: int
    cards: tuple[str, ...]
    winner: int

    def seat(self, position: int) -> int:
        return (self.leader + position) % 4

    def card_of(self, seat: int) -> str:
        return self.cards[(seat - self.leader) % 4]

    @property
    def points(self) -> int:
        return card_points(self.cards)

    def as_json(self) -> dict[str, Any]:
        return {"leader": self.leader, "cards": list(self.cards), "winner": self.winner,
                "points": self.points}


def trick(leader: int, cards: str, winner: int) -> Trick:
    """``trick(0, "CA C9 CK C10", winner=0)``: cards in play order from the leader."""
    return Trick(leader, tuple(cards.split()), winner)


def pack(with_nines: bool = True) -> list[str]:
    """The 24 (20) distinct cards, each of which is in the pack twice (TSR 2.2)."""
    return [s + r for s in SUITS for r in RANKS if with_nines or r != "9"]


@dataclass(frozen=True)
class Order:
    """A card order: the trumps high to low and each plain suit high to low."""

    trumps: tuple[str, ...]
    plain: dict[str, tuple[str, ...]]
    second_h10_wins: bool = False

    def suit(self, card: str) -> str:
        """'T' for a trump, else the plain suit letter: the suit one must follow."""
        return "T" if card in self.trumps else card[0]

    def beats(self, card: str, best: str) -> bool:
        """Whether ``card``, played after ``best``, takes the trick from it."""
        if card in self.trumps:
            if best not in self.trumps:
                return True
            if card == best:  # TSR 5.3.3: of two equal cards the first wins ...
                return card == "H10" and self.second_h10_wins  # ... unless the 2nd ♥10 wins
            return self.trumps.index(card) < self.trumps.index(best)
        if best in self.trumps or card[0] != best[0]:
            return False
        order = self.plain[card[0]]
        return order.index(card) < order.index(best)

    def winner(self, cards: Sequence[str]) -> int:
        """The position (0-3) of the card that wins the trick."""
        best = 0
        for position in range(1, len(cards)):
            if self.beats(cards[position], cards[best]):
                best = position
        return best


def order(kind: str = "normal", *, with_nines: bool = True, second_h10_wins: bool = False,
          swines: bool = False, hyperswines: bool = False, dollen: bool = True) -> Order:
    """The card order of a game kind, written from the rules.

    Normal game and colour solos (TSR 2.3.4, 2.3.5): ♥10, the queens ♣ ♠ ♥ ♦, the jacks
    ♣ ♠ ♥ ♦, then the trump suit's A, 10 (not the ♥10, which is on top), K, 9. Swines:
    both aces of the trump suit above everything (FreeDoko 2.2: "the highest trumps in
    the game, till the announcement of Hyperswines"); hyperswines: both 9s (without
    nines: both kings) of the trump suit above the swines. Picture solos: the named
    ranks are trump, in groups as listed, ♣ ♠ ♥ ♦ inside each group (TSR 2.3.6; FreeDoko
    6.1.1); meatless: no trump (TSR 2.3.7). Every other card is plain in its suit: A, 10,
    K, Q, J, 9 without the trumps.
    """
    ranks = [r for r in RANKS if with_nines or r != "9"]
    if kind in COLOUR_SOLO:
        s = COLOUR_SOLO[kind]
        top = ["H10"] if dollen else []
        pictures = [x + "Q" for x in SUITS] + [x + "J" for x in SUITS]
        low = [s + r for r in ("A", "10", "K", "9") if r in ranks and s + r not in top]
        high: list[str] = []
        if swines:
            low.remove(s + "A")
            high.append(s + "A")
        if hyperswines:
            hyper = s + ("9" if with_nines else "K")
            low.remove(hyper)
            high.insert(0, hyper)
        trumps = tuple(high + top + pictures + low)
    else:
        trumps = tuple(x + r for r in PICTURE_RANKS[kind] for x in SUITS)
    plain = {s: tuple(s + r for r in ranks if s + r not in trumps) for s in SUITS}
    return Order(trumps, plain, second_h10_wins and dollen)


@dataclass(frozen=True)
class At:
    """A non-card event (announcement or showing) by ``seat`` in trick ``trick``
    (1-based) after ``before`` of its cards were played (0: before its first card)."""

    trick: int
    before: int
    seat: int
    event: dict[str, Any]


def call(trick_no: int, before: int, seat: int, what: str) -> At:
    return At(trick_no, before, seat, {"seat": seat, "announce": what})


def show(trick_no: int, before: int, seat: int, what: str = "swines") -> At:
    return At(trick_no, before, seat, {"seat": seat, "show": what})


@dataclass
class Deal:
    """Hand-written tricks of one game kind, checked against the rules on creation.

    ``first_leader``: who leads trick 1 (the dealer's left neighbour, TSR 5.1.1, or the
    soloist, TSR 4.2.2). ``order``: the card order, or a function of the trick number
    (1-based) for games whose order changes, e.g. once swines are shown. ``events``:
    the announcements and showings, placed with :func:`call` and :func:`show`.

    The design is checked from the rules alone: every trick is led by the winner of the
    one before (TSR 5.1.2); the pack (every card exactly twice, TSR 2.2); the written
    winner is the highest card of the order (of two equal cards the first played wins,
    TSR 5.3.3, unless the order lets the second ♥10 win); a seat that does not follow
    the led suit holds none of it at that moment (TSR 5.2.2/5.2.3; trump is one suit).
    """

    first_leader: int
    tricks: Sequence[Trick]
    order: Order | Any
    events: Sequence[At] = ()
    with_nines: bool = True
    check_design: bool = True

    def __post_init__(self) -> None:
        self.tricks = tuple(self.tricks)
        self.events = tuple(self.events)
        if self.check_design:
            problems = self.design_problems()
            if problems:
                raise FixtureError("; ".join(problems))

    def order_of(self, trick_no: int) -> Order:
        return self.order(trick_no) if callable(self.order) else self.order

    @property
    def hand_size(self) -> int:
        return 12 if self.with_nines else 10

    # -- the deal as played --------------------------------------------------------
    @property
    def hands(self) -> list[list[str]]:
        """Each seat's cards as played (for a poverty: after the exchange)."""
        return [[t.card_of(seat) for t in self.tricks] for seat in range(4)]

    def held_at(self, seat: int, trick_no: int, before: int) -> list[str]:
        """The cards ``seat`` still holds in trick ``trick_no`` after ``before`` cards."""
        held = []
        for number, t in enumerate(self.tricks, start=1):
            position = (seat - t.leader) % 4
            if number > trick_no or (number == trick_no and position >= before):
                held.append(t.cards[position])
        return held

    def in_hand(self, seat: int, trick_no: int, before: int) -> int:
        """How many cards ``seat`` holds at that moment (the DDV announcement clock)."""
        return len(self.held_at(seat, trick_no, before))

    def seats_with(self, card: str) -> list[int]:
        return [seat for seat, hand in enumerate(self.hands) for c in hand if c == card]

    def points_of(self, seats: Iterable[int]) -> int:
        """Card points of the tricks won by ``seats``, summed from the cards."""
        seats = set(seats)
        return sum(t.points for t in self.tricks if t.winner in seats)

    def tricks_json(self) -> list[dict[str, Any]]:
        return [t.as_json() for t in self.tricks]

    # -- events --------------------------------------------------------------------
    def _all_events(self) -> list[tuple[str, Any, dict[str, Any]]]:
        """(kind, key, event): kind 'card' (key (trick, position)) or 'event' (key: the
        index in ``events``), in play order."""
        out: list[tuple[str, Any, dict[str, Any]]] = []
        for number, t in enumerate(self.tricks, start=1):
            for position, card in enumerate(t.cards):
                for index, e in enumerate(self.events):
                    if e.trick == number and e.before == position:
                        out.append(("event", index, dict(e.event)))
                out.append(("card", (number, position), {"seat": t.seat(position),
                                                         "card": card}))
        return out

    def play(self, cards: int | None = None) -> list[dict[str, Any]]:
        """The play events; with ``cards``: only that many cards (a partial game) and
        the events placed before the next card."""
        out = []
        played = 0
        for kind, _, event in self._all_events():
            if kind == "card":
                if cards is not None and played >= cards:
                    break
                played += 1
            out.append(event)
        return out

    def card_pointer(self, trick_no: int, position: int) -> str:
        for index, (kind, key, _) in enumerate(self._all_events()):
            if kind == "card" and key == (trick_no, position):
                return f"/play/{index}"
        raise KeyError((trick_no, position))

    def event_pointer(self, event_index: int) -> str:
        for index, (kind, key, _) in enumerate(self._all_events()):
            if kind == "event" and key == event_index:
                return f"/play/{index}"
        raise KeyError(event_index)

    def transcript(self, ruleset: Any, dealer: int, game: dict[str, Any] | None = None,
                   said: dict[int, dict[str, Any]] | None = None, *,
                   cards: int | None = None) -> dict[str, Any]:
        """The transcript of this deal as played (a normal game unless ``game`` says
        otherwise; with ``cards``: a partial game, see :meth:`play`)."""
        return transcript(ruleset, dealer, self.hands, game or {"type": "normal"},
                          self.play(cards), said)

    # -- checking the design -------------------------------------------------------
    def design_problems(self) -> list[str]:
        problems: list[str] = []
        n = self.hand_size
        if len(self.tricks) != n:
            return [f"{len(self.tricks)} tricks, not {n}"]
        for seat, hand in enumerate(self.hands):
            if len(hand) != n:
                problems.append(f"seat {seat} holds {len(hand)} cards")
        problems += pack_problems(self.hands, self.with_nines)
        expected_leader = self.first_leader
        for number, t in enumerate(self.tricks, start=1):
            if len(t.cards) != 4:
                problems.append(f"trick {number} has {len(t.cards)} cards")
                continue
            if t.leader != expected_leader:
                problems.append(f"trick {number} led by {t.leader}, not {expected_leader}")
            o = self.order_of(number)
            won_by = t.seat(o.winner(t.cards))
            if won_by != t.winner:
                problems.append(f"trick {number} {t.cards}: won by seat {won_by}, "
                                f"written {t.winner}")
            led = o.suit(t.cards[0])
            for position in range(1, 4):
                seat, card = t.seat(position), t.cards[position]
                if o.suit(card) != led:
                    held = self.held_at(seat, number, position)
                    if any(o.suit(c) == led for c in held):
                        problems.append(f"trick {number}: seat {seat} plays {card} on {led} "
                                        f"but holds {held}")
            expected_leader = t.winner
        for e in self.events:
            if not 1 <= e.trick <= n or not 0 <= e.before <= 3:
                problems.append(f"bad event {e}")
        return problems


def pack_problems(hands: Sequence[Sequence[str]], with_nines: bool = True) -> list[str]:
    count = Counter(card for hand in hands for card in hand)
    cards = pack(with_nines)
    wrong = {card: k for card, k in count.items() if card not in cards or k != 2}
    missing = [card for card in cards if card not in count]
    if wrong or missing:
        return [f"not a pack: wrong counts {wrong}, missing {missing}"]
    return []


def complete_deal(fixed: dict[int, Sequence[str]], with_nines: bool = True
                  ) -> list[list[str]]:
    """A full deal in which each seat in ``fixed`` holds exactly those cards (a full
    hand) or at least them (fewer); the rest of the pack is dealt in pack order."""
    size = 12 if with_nines else 10
    rest = Counter({card: 2 for card in pack(with_nines)})
    hands = [list(fixed.get(seat, ())) for seat in range(4)]
    for hand in hands:
        rest.subtract(hand)
    if any(k < 0 for k in rest.values()):
        raise FixtureError(f"a card more than twice: {-rest}")
    remaining = [card for card in pack(with_nines) for _ in range(rest[card])]
    for hand in hands:
        while len(hand) < size:
            hand.append(remaining.pop(0))
    problems = pack_problems(hands, with_nines)
    if problems:
        raise FixtureError("; ".join(problems))
    return hands


def reservations(dealer: int, said: dict[int, dict[str, Any]] | None = None
                 ) -> list[dict[str, Any]]:
    """The reservation round in asking order from the dealer's left (TSR 4.1.2); seats
    not in ``said`` say healthy. ``said[seat]``: e.g. {"reservation": "solo", ...}."""
    said = said or {}
    out = []
    for i in range(1, 5):
        seat = (dealer + i) % 4
        out.append({"seat": seat, **said.get(seat, {"reservation": "healthy"})})
    return out


def transcript(ruleset: Any, dealer: int, hands: Sequence[Sequence[str]],
               game: dict[str, Any], play: list[dict[str, Any]],
               said: dict[int, dict[str, Any]] | None = None) -> dict[str, Any]:
    return {
        "ruleset": ruleset,
        "dealer": dealer,
        "hands": [list(h) for h in hands],
        "reservations": reservations(dealer, said),
        "game": game,
        "play": play,
    }


def undo_exchange(hands: Sequence[Sequence[str]], declarer: int, partner: int,
                  passed: Sequence[str], returned: Sequence[str]) -> list[list[str]]:
    """The deal before a poverty exchange, from the hands as played after it: the poor
    player gave ``passed`` and got ``returned``; the taker the other way round."""
    dealt = [list(h) for h in hands]
    for card in returned:
        dealt[declarer].remove(card)
    dealt[declarer] += list(passed)
    for card in passed:
        dealt[partner].remove(card)
    dealt[partner] += list(returned)
    return dealt


def team_points(deal: Deal, re: Iterable[int]) -> tuple[int, int]:
    """(re, contra) card points of a deal for the given re seats."""
    re = set(re)
    re_points = deal.points_of(re)
    return re_points, sum(t.points for t in deal.tricks) - re_points


def solo(kind: str, declarer: int, duty: bool = False) -> dict[str, Any]:
    """The game object of a solo of ``kind`` played by ``declarer``."""
    return {"type": "solo", "solo": kind, "declarer": declarer, "duty": duty}


def said_solo(kind: str, duty: bool = False, **more: Any) -> dict[str, Any]:
    """A solo reservation (``more``: e.g. ``bid="re"``); ``duty`` only when true."""
    out = {"reservation": "solo", "solo": kind, **more}
    if duty:
        out["duty"] = True
    return out
