"""Build whole-game transcripts from tricks written by hand.

A game is written the way a referee reads a score sheet: twelve tricks, each with
its leader, its four cards in play order and the seat that won it (written by hand
from TSR 2.3.4 / 5.3.3). The deal is derived from the tricks: a seat's hand is the
cards it plays. Announcements are placed by trick and by how many cards of that
trick were already on the table.

Because derived hands make every card "in hand", the builder checks the design
itself before any request is sent, from the rules alone (never from the service):

* trick 1 is led by the dealer's left neighbour (TSR 5.1.1), every later trick by the
  winner of the one before (TSR 5.1.2);
* the pack: every card exactly twice, twelve per seat (TSR 2.2);
* the hand-written winner is the highest card by TSR 2.3.4 / 5.3.3 (of two equal
  cards the first played wins, the ♥10 too);
* following suit (TSR 5.2.2/5.2.3): a seat that does not follow the led suit holds no
  card of it at that moment (trump counts as one suit).

A design error raises ``FixtureError`` so that a broken fixture is never mistaken for
a broken service.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

# TSR 2.2: card points (Augen).
RANK_POINTS = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0}

# TSR 2.3.4, normal game, high to low.
TRUMPS = ("H10", "CQ", "SQ", "HQ", "DQ", "CJ", "SJ", "HJ", "DJ", "DA", "D10", "DK", "D9")
PLAIN = {
    "C": ("CA", "C10", "CK", "C9"),
    "S": ("SA", "S10", "SK", "S9"),
    "H": ("HA", "HK", "H9"),  # ♥10 is trump
}
PACK = TRUMPS + PLAIN["C"] + PLAIN["S"] + PLAIN["H"]  # 24 distinct cards, each twice

CALLS = ("re", "contra", "no90", "no60", "no30", "black")


class FixtureError(AssertionError):
    """The hand-written game breaks the rules it is meant to obey."""


def card_points(cards: Iterable[str]) -> int:
    """Sum of the card values (A 11, 10 10, K 4, Q 3, J 2, 9 0)."""
    return sum(RANK_POINTS[card[1:]] for card in cards)


def suit(card: str) -> str:
    """'T' for a trump of the normal game, else the plain suit letter."""
    return "T" if card in TRUMPS else card[0]


def strength(card: str, led: str) -> int:
    """Rank of a card in a trick whose led suit is ``led``; 0 = cannot win."""
    if card in TRUMPS:
        return 100 + len(TRUMPS) - TRUMPS.index(card)
    if card[0] == led:
        order = PLAIN[led]
        return 10 + len(order) - order.index(card)
    return 0


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


@dataclass(frozen=True)
class Call:
    """An announcement by ``seat`` in trick ``trick`` (1-based) after ``before`` of its
    cards were played (0 = before the trick's first card)."""

    trick: int
    before: int
    seat: int
    call: str


def call(trick: int, before: int, seat: int, what: str) -> Call:
    return Call(trick, before, seat, what)


class Game:
    """Twelve hand-written tricks, checked against the rules, and their transcript."""

    def __init__(self, dealer: int, tricks: Sequence[Trick], calls: Sequence[Call] = (),
                 *, check_design: bool = True) -> None:
        self.dealer = dealer
        self.tricks = tuple(tricks)
        self.calls = tuple(calls)
        if check_design:
            self._check_design()

    # -- the deal ----------------------------------------------------------------
    @property
    def hands(self) -> list[list[str]]:
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

    def points_won(self, seats: Iterable[int]) -> int:
        """Card points of the tricks won by ``seats``, summed from the cards."""
        seats = set(seats)
        return sum(card_points(t.cards) for t in self.tricks if t.winner in seats)

    # -- the transcript ------------------------------------------------------------
    def _events(self) -> list[tuple[str, Any, dict[str, Any]]]:
        """(kind, key, event): kind 'card' (key (trick, position)) or 'call' (key index)."""
        events: list[tuple[str, Any, dict[str, Any]]] = []
        for number, t in enumerate(self.tricks, start=1):
            for position, card in enumerate(t.cards):
                for index, c in enumerate(self.calls):
                    if c.trick == number and c.before == position:
                        events.append(("call", index, {"seat": c.seat, "announce": c.call}))
                events.append(("card", (number, position), {"seat": t.seat(position),
                                                            "card": card}))
        return events

    def card_pointer(self, trick_no: int, position: int) -> str:
        for index, (kind, key, _) in enumerate(self._events()):
            if kind == "card" and key == (trick_no, position):
                return f"/play/{index}"
        raise KeyError((trick_no, position))

    def call_pointer(self, call_index: int) -> str:
        for index, (kind, key, _) in enumerate(self._events()):
            if kind == "call" and key == call_index:
                return f"/play/{index}"
        raise KeyError(call_index)

    def play(self, cards: int | None = None) -> list[dict[str, Any]]:
        """The play events; with ``cards`` only up to that many cards (a partial game)
        and the announcements made before the next card."""
        out = []
        played = 0
        for kind, _, event in self._events():
            if kind == "card":
                if cards is not None and played >= cards:
                    break
                played += 1
            out.append(dict(event))
        return out

    def transcript(self, cards: int | None = None) -> dict[str, Any]:
        return {
            "ruleset": "ddv",
            "dealer": self.dealer,
            "hands": self.hands,
            "reservations": [{"seat": (self.dealer + 1 + i) % 4, "reservation": "healthy"}
                             for i in range(4)],
            "game": {"type": "normal"},
            "play": self.play(cards),
        }

    # -- checking the design against the rules ---------------------------------------
    def _check_design(self) -> None:
        problems = self.design_problems()
        if problems:
            raise FixtureError("; ".join(problems))

    def design_problems(self) -> list[str]:
        """Where the hand-written game breaks the rules it is meant to obey."""
        problems: list[str] = []
        if len(self.tricks) != 12:
            return [f"{len(self.tricks)} tricks, not 12"]
        hands = self.hands
        for seat, hand in enumerate(hands):
            if len(hand) != 12:
                problems.append(f"seat {seat} holds {len(hand)} cards")
        count = Counter(card for hand in hands for card in hand)
        wrong = {card: n for card, n in count.items() if card not in PACK or n != 2}
        missing = [card for card in PACK if card not in count]
        if wrong or missing:
            problems.append(f"not a pack: wrong counts {wrong}, missing {missing}")
        expected_leader = (self.dealer + 1) % 4  # TSR 5.1.1
        for number, t in enumerate(self.tricks, start=1):
            if len(t.cards) != 4:
                problems.append(f"trick {number} has {len(t.cards)} cards")
                continue
            if t.leader != expected_leader:
                problems.append(f"trick {number} led by {t.leader}, not {expected_leader}")
            led = suit(t.cards[0])
            best = 0
            for position in range(1, 4):  # strictly higher: the first of two equal wins
                if strength(t.cards[position], led) > strength(t.cards[best], led):
                    best = position
            if t.seat(best) != t.winner:
                problems.append(f"trick {number} {t.cards}: won by seat {t.seat(best)}, "
                                f"written {t.winner}")
            for position in range(1, 4):
                seat = t.seat(position)
                card = t.cards[position]
                if suit(card) != led:
                    held = self.held_at(seat, number, position)
                    if any(suit(c) == led for c in held):
                        problems.append(f"trick {number}: seat {seat} plays {card} on "
                                        f"{led} but holds {held}")
            expected_leader = t.winner
        for c in self.calls:
            if c.call not in CALLS or not 1 <= c.trick <= 12 or not 0 <= c.before <= 3:
                problems.append(f"bad call {c}")
        return problems
