"""Properties of random legal games under every preset and game type, and of mutations
that break exactly one rule (hypothesis, derandomized: every run draws the same games).

The games come from :func:`random_game` (legal cards, legal calls at random moments);
a game of a wanted type (normal, silent marriage, marriage, poverty, solo) is the first
of the seeds from a drawn one on that gives it. Every preset and type is also an
explicit example, so each is checked in every run whatever hypothesis draws.

Where the generator and the checker share code (the card order, the announcement
clock), a shared bug would make both agree: the properties then compare with a
reference written here from the rules (the trick winner, the re/contra deadline), or
mutate a game with a known answer.
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

from service.game.cards import BY_NAME, CQ, NAMES, POINTS, SUIT_OF
from service.game.deal import read_deal
from service.game.gamestate import GameState
from service.game.result import CheckResult
from service.game.rulesets import resolve
from service.game.setup import game_setup
from service.game.transcript import CARD, from_dict
from service.generating.random_game import random_game
from service.reading.load import check

PRESETS = ("ddv", "freedoko", "mittwoch", "doko2026")
KINDS = ("normal", "silent_marriage", "marriage", "poverty", "solo")
PRESET_KINDS = [(p, k) for p in PRESETS for k in KINDS
                if not (k == "poverty" and resolve(p).poverty == "none")]
CALL_CHANCES = (0.0, 0.05, 0.15, 0.3)
PLAIN_RANKS = ("A", "10", "K", "Q", "J", "9")  # high to low in a plain suit

SETTINGS = settings(max_examples=40, derandomize=True, database=None, deadline=None,
                    suppress_health_check=list(HealthCheck))


# ---- games ---------------------------------------------------------------------------

class Game:
    """A random legal game (``data``: the transcript) and where it came from."""

    __slots__ = ("data", "kind", "preset", "seed")

    def __init__(self, preset: str, kind: str, seed: int, data: dict[str, Any]):
        self.preset, self.kind, self.seed, self.data = preset, kind, seed, data

    @property
    def ruleset(self):
        return resolve(self.preset)

    def __repr__(self) -> str:  # how hypothesis names a failing example
        return f"Game({self.preset!r}, {self.kind!r}, seed={self.seed})"


def kind_of(data: dict[str, Any]) -> str:
    kind = data["game"]["type"]
    if kind == "normal" and any(hand.count("CQ") == 2 for hand in data["hands"]):
        return "silent_marriage"
    return kind


@cache
def make_game(preset: str, kind: str, seed: int, call_chance: float) -> Game:
    """The first game of ``kind`` from ``seed`` on (random_game picks the type itself)."""
    ruleset = resolve(preset)
    for tried in range(seed, seed + 5000):
        data = random_game(ruleset, random.Random(tried), game_types=True,
                           call_chance=call_chance)
        if kind_of(data) == kind:
            return Game(preset, kind, tried, data)
    raise AssertionError(f"no {kind} game under {preset} from seed {seed}")


@st.composite
def games(draw: Any, call_chances: tuple[float, ...] = CALL_CHANCES) -> Game:
    preset, kind = draw(st.sampled_from(PRESET_KINDS))
    return make_game(preset, kind, draw(st.integers(0, 10**6)),
                     draw(st.sampled_from(call_chances)))


def every_kind(call_chance: float = 0.15, **others: Any):
    """Explicit examples: one game of every preset and type (``others``: the test's other
    arguments)."""
    def decorate(test):
        for preset, kind in PRESET_KINDS:
            test = example(game=make_game(preset, kind, 0, call_chance), **others)(test)
        return test
    return decorate


PICK = st.integers(0, 2**16)  # which of the possible mutations (modulo their number)


def choose(options: list[Any], pick: int) -> Any:
    assume(options)
    return options[pick % len(options)]


def run(data: dict[str, Any], ruleset=None, preset: str | None = None) -> CheckResult:
    ruleset = ruleset or resolve(preset or data["ruleset"])
    return check(from_dict(data, ruleset))


def with_play(data: dict[str, Any], play: list[dict[str, Any]], **changes: Any
              ) -> dict[str, Any]:
    return {**data, "play": play, **changes}


def index_of(pointer: str) -> int:
    assert pointer.startswith("/play/"), pointer
    return int(pointer.rsplit("/", 1)[1])


def first_violations(result: CheckResult) -> tuple[int, set[str]]:
    """The earliest play index with a violation and the codes found there; every
    violation must be in the play (a mutation of the play touches nothing else)."""
    indexes = [index_of(v.pointer) for v in result.violations]
    first = min(indexes)
    return first, {v.code for v in result.violations if index_of(v.pointer) == first}


def state_before(game: Game, stop: int, data: dict[str, Any] | None = None) -> GameState:
    """The game state after the events before index ``stop``."""
    ruleset = game.ruleset
    transcript = from_dict(data or game.data, ruleset)
    deal, _ = read_deal(transcript.dealer, transcript.hands, ruleset.with_nines)
    setup, _, _ = game_setup(transcript, deal)
    state = GameState(ruleset, deal, setup)
    state.play(transcript.play[:stop])
    return state


def is_card(event: dict[str, Any]) -> bool:
    return "card" in event


# ---- legal games -----------------------------------------------------------------------

@SETTINGS
@every_kind()
@given(game=games())
def test_random_legal_games_are_valid_and_complete(game):
    result = run(game.data)
    assert result.violations == (), result.violations
    assert result.valid and result.complete
    assert result.game.type == game.kind
    assert len(result.tricks) == (12 if game.ruleset.with_nines else 10)


@SETTINGS
@every_kind()
@given(game=games())
def test_card_points_add_to_240(game):
    result = run(game.data)
    for trick in result.tricks:
        assert trick.points == sum(POINTS[BY_NAME[c]] for c in trick.cards)
    assert sum(t.points for t in result.tricks) == 240
    assert result.card_points["re"] + result.card_points["contra"] == 240
    re = set(result.game.re)
    assert result.card_points["re"] == sum(t.points for t in result.tricks if t.winner in re)


def reference_winner(trumps: tuple[int, ...], second_beats_first: frozenset[int],
                     cards: tuple[int, ...]) -> int:
    """The position that takes the trick, from the rules: a trump beats a plain card, a
    higher trump a lower, in the led plain suit the higher rank; of two equal cards the
    first, unless the ruleset lets the second win (the ♥10)."""
    led_suit = None if cards[0] in trumps else SUIT_OF[cards[0]]

    def strength(card: int) -> tuple[int, int]:
        if card in trumps:
            return 2, -trumps.index(card)
        if SUIT_OF[card] == led_suit:
            return 1, -PLAIN_RANKS.index(NAMES[card][1:])
        return 0, 0

    best = 0
    for i in range(1, len(cards)):
        here, there = strength(cards[i]), strength(cards[best])
        if here > there or (cards[i] == cards[best] and here[0] and
                            cards[i] in second_beats_first):
            best = i
    return best


def follows(trumps: tuple[int, ...], led: int, card: int) -> bool:
    """Whether ``card`` follows the lead ``led``: trump is a suit of its own."""
    if led in trumps:
        return card in trumps
    return card not in trumps and SUIT_OF[card] == SUIT_OF[led]


@SETTINGS
@every_kind()
@given(game=games())
def test_every_card_follows_suit_and_every_trick_goes_to_the_card_the_rules_say(game):
    """Against references written here, from the card order's trump list (as the ruleset
    and any swines shown make it): each card follows the led suit, trump counting as one,
    where its seat can; the trick goes to the highest card."""
    ruleset = game.ruleset
    transcript = from_dict(game.data, ruleset)
    deal, _ = read_deal(transcript.dealer, transcript.hands, ruleset.with_nines)
    setup, _, _ = game_setup(transcript, deal)
    state = GameState(ruleset, deal, setup)
    hands = [list(seat) for seat in state.held]  # card counts, after a poverty's exchange
    for index, event in enumerate(transcript.play):
        order = None
        if event.kind == CARD:
            trumps, seat = state.order.trumps_high_to_low, event.seat
            if state.trick_cards:
                led = state.trick_cards[0]
                could = [c for c, n in enumerate(hands[seat]) if n and follows(trumps, led, c)]
                assert follows(trumps, led, event.card) or not could, (index, NAMES[led], could)
            hands[seat][event.card] -= 1
            if len(state.trick_cards) == 3:
                last = len(state.tricks) == state.n_tricks - 1
                order = state.last_order if last else state.order
        state.push(index, event)
        if order is not None:
            trick = state.tricks[-1]
            best = reference_winner(order.trumps_high_to_low, order.second_beats_first,
                                    trick.cards)
            assert trick.winner == trick.seats[best], (len(state.tricks), trick)


def plus_minus(preset: str, multiplier: int | None = None):
    options: dict[str, Any] = {"counting": "plus_minus"}
    if multiplier is not None:
        options["solo_multiplier"] = multiplier
    return resolve({"preset": preset, "options": options})


@SETTINGS
@every_kind(multiplier=None)
@given(game=games(), multiplier=st.sampled_from([None, 1, 2, 5]))
def test_scores_sum_to_zero_and_the_lone_player_gets_the_multiple(game, multiplier):
    """Under plus-minus counting the four entries sum to zero (with a lone player, where
    solo_multiplier is 3); two against two, partners get the same; one against three (a
    solo, a silent marriage, a lone bride), the lone player gets solo_multiplier times an
    opponent's entry, negated. The preset's own
    counting (winners_only) gives each seat its plus-minus entry where it is positive."""
    ruleset = plus_minus(game.preset, multiplier)
    result = run(game.data, ruleset)
    scores = result.score.scores
    re, contra = result.game.re, result.game.contra
    if len(re) == 2 or ruleset.solo_multiplier == 3:  # three opponents balance a ×3
        assert sum(scores) == 0, result.score
    assert len({scores[s] for s in contra}) == 1, result.score
    if len(re) == 1:
        factor = ruleset.solo_multiplier
        assert scores[re[0]] == -factor * scores[contra[0]], (factor, result.score)
    else:
        assert scores[re[0]] == scores[re[1]] == -scores[contra[0]], result.score
    items = sum(i.points if i.team == "re" else -i.points for i in result.score.items)
    assert scores[re[0]] == items * result.score.multiplier * (
        ruleset.solo_multiplier if len(re) == 1 else 1)
    if multiplier is None:  # the preset as it is
        own = run(game.data, preset=game.preset).score.scores
        if game.ruleset.counting == "winners_only":
            assert list(own) == [max(0, s) for s in scores], (own, scores)
        else:
            assert own == scores


# ---- mutations: one broken rule, reported where it is broken ---------------------------
# Each finder lists the mutations a game offers; the tests pick one (``pick`` modulo
# their number) and test_mutations_have_sites guards against finders that find nothing.

def revoke_sites(game: Game) -> list[tuple[int, list[int]]]:
    """(card event, the seat's cards not of the led class) where the seat could follow."""
    play = game.data["play"]
    sites = []
    for i, event in enumerate(play):
        if not is_card(event) or (i and "show" in play[i - 1]):
            continue  # a card right after a showing settles it (swines at the first swine)
        state = state_before(game, i)
        if not state.trick_cards:
            continue
        seat, led = event["seat"], state.cls[state.trick_cards[0]]
        others = [c for c in range(len(NAMES)) if state.held[seat][c] and state.cls[c] != led]
        if state.class_held[seat][led] and others:
            sites.append((i, others))
    return sites


@SETTINGS
@every_kind(pick=0, other=0)
@given(game=games(), pick=PICK, other=PICK)
def test_a_revoke_is_reported_at_its_card(game, pick, other):
    """Swap a card that follows suit for one of the same seat's cards that does not,
    while the seat could follow: follow_suit at that card, nothing before it."""
    play = game.data["play"]
    i, others = choose(revoke_sites(game), pick)
    instead = NAMES[choose(others, other)]
    seat, card = play[i]["seat"], play[i]["card"]
    j = next(k for k in range(i + 1, len(play))
             if play[k].get("card") == instead and play[k]["seat"] == seat)
    mutated = [dict(e) for e in play]
    mutated[i]["card"], mutated[j]["card"] = instead, card
    result = run(with_play(game.data, mutated))
    assert ("follow_suit", f"/play/{i}") in {(v.code, v.pointer) for v in result.violations}
    assert first_violations(result)[0] == i, result.violations


def turn_moves(game: Game) -> list[tuple[int, int]]:
    """(i, j): card events of one trick, j later than i."""
    play = game.data["play"]
    cards = [i for i, e in enumerate(play) if is_card(e)]
    return [(cards[a], cards[b]) for trick in range(len(cards) // 4)
            for a in range(4 * trick, 4 * trick + 4) for b in range(a + 1, 4 * trick + 4)
            if not (cards[a] and "show" in play[cards[a] - 1])]


@SETTINGS
@every_kind(pick=0)
@given(game=games(), pick=PICK)
def test_a_card_out_of_turn_is_reported_at_its_card(game, pick):
    """Move a card before an earlier card of its trick: turn_order there (wrong_leader
    for the first card of the game), nothing before it."""
    play = game.data["play"]
    i, j = choose(turn_moves(game), pick)
    mutated = [*play[:i], play[j], *play[i:j], *play[j + 1:]]
    result = run(with_play(game.data, mutated))
    first, codes = first_violations(result)
    assert first == i, result.violations
    first_card = next(k for k, e in enumerate(play) if is_card(e))
    expected = "wrong_leader" if i == first_card else "turn_order"
    assert expected in codes, result.violations


def in_time(game: Game, play: list[dict[str, Any]], position: int, seat: int) -> bool:
    """The reference re/contra deadline: whether a re/contra of ``seat`` inserted at
    ``position`` of ``play`` is in time by the ruleset's first deadline (a reply aside).
    With a hand clock while the seat still holds at least that many cards, with a table
    clock while at most that many cards are on the table (DDV TSR 6.1: re/contra until
    the announcer's second card; Mittwoch: until the sixth card on the table)."""
    ruleset = game.ruleset
    limit = ruleset.announcement_deadlines[0]
    before = play[:position]
    if ruleset.announcement_clock == "hand":
        hand = 12 if ruleset.with_nines else 10
        return hand - sum(1 for e in before if is_card(e) and e["seat"] == seat) >= limit
    return sum(1 for e in before if is_card(e)) <= limit


def call_sites(game: Game) -> list[tuple[list[dict[str, Any]], int]]:
    """(play, a): the game's play with its calls taken out (still a legal game) and one
    re or contra of any seat put in at a, a place in time by the reference deadline:
    a legal game with one call, which can move without crossing another call or
    becoming a reply. Not in a marriage, whose deadlines move with the deciding trick."""
    if game.data["game"]["type"] == "marriage":
        return []
    bare = [e for e in game.data["play"] if "announce" not in e]
    re = run(with_play(game.data, bare)).game.re
    return [([*bare[:a], {"seat": seat, "announce": "re" if seat in re else "contra"},
              *bare[a:]], a)
            for seat in range(4) for a in range(len(bare) + 1)
            if in_time(game, bare, a, seat)]


def moved(play: list[dict[str, Any]], a: int, q: int) -> list[dict[str, Any]]:
    """The play with the event at a moved to q (an index of the play without it)."""
    rest = play[:a] + play[a + 1:]
    return [*rest[:q], play[a], *rest[q:]]


def late_moves(game: Game) -> list[tuple[list[dict[str, Any]], int, int]]:
    """(play, a, q): move the call at a to q, the first place where it is too late."""
    moves = []
    for play, a in call_sites(game):
        rest = play[:a] + play[a + 1:]
        seat = play[a]["seat"]
        moves.append((play, a, next(q for q in range(len(rest) + 1)
                                    if not in_time(game, rest, q, seat))))
    return moves


@SETTINGS
@every_kind(pick=0)
@given(game=games(), pick=PICK)
def test_re_or_contra_after_the_deadline_is_reported_where_it_stands(game, pick):
    """Move a re/contra to the first place where the ruleset's deadline has passed (by the
    reference above): announcement_too_late there, nothing before it."""
    play, a, late = choose(late_moves(game), pick)
    assert run(with_play(game.data, play)).valid
    result = run(with_play(game.data, moved(play, a, late)))
    first, codes = first_violations(result)
    assert (first, codes) == (late, {"announcement_too_late"}), result.violations


def window_moves(game: Game) -> list[tuple[list[dict[str, Any]], int, int]]:
    """(play, a, q): move the call at a to q, still in time, both after the first card
    (a call before any card may earn a bonus)."""
    moves = []
    for play, a in call_sites(game):
        if not any(is_card(e) for e in play[:a]):
            continue
        rest = play[:a] + play[a + 1:]
        seat = play[a]["seat"]
        moves += [(play, a, q) for q in range(len(rest) + 1) if q != a
                  and any(is_card(e) for e in rest[:q]) and in_time(game, rest, q, seat)]
    return moves


@SETTINGS
@every_kind(pick=0)
@given(game=games(), pick=PICK)
def test_re_or_contra_moved_within_its_window_keeps_the_score(game, pick):
    """Move a re/contra to another place still in time: still valid, the same winner and
    score."""
    play, a, q = choose(window_moves(game), pick)
    result = run(with_play(game.data, play))
    after = run(with_play(game.data, moved(play, a, q)))
    assert result.violations == after.violations == (), after.violations
    assert (after.winner, after.card_points, after.score) == (
        result.winner, result.card_points, result.score)


def deal_swaps(game: Game) -> list[tuple[int, str, int, str]]:
    """(a, x, b, y): seat a's only x for seat b's only y, of the same class (both trump,
    or both of one plain suit), neither held by the other seat. Not ♣Q (it makes the
    teams), not a swine, not in a poverty (its exchange names cards)."""
    if game.data["game"]["type"] == "poverty":
        return []
    state = state_before(game, 0)
    hands = game.data["hands"]
    excluded = {CQ, state.ace, state.hyper_card} if state.swine_holder is not None else {CQ}
    swaps = []
    for a, b in ((a, b) for a in range(4) for b in range(4) if a != b):
        for x in sorted({BY_NAME[c] for c in hands[a]} - excluded):
            for y in sorted({BY_NAME[c] for c in hands[b]} - excluded):
                if (x != y and state.cls[x] == state.cls[y]
                        and hands[a].count(NAMES[x]) == 1 and NAMES[x] not in hands[b]
                        and hands[b].count(NAMES[y]) == 1 and NAMES[y] not in hands[a]):
                    swaps.append((a, NAMES[x], b, NAMES[y]))
    return swaps


@SETTINGS
@every_kind(pick=0)
@given(game=games(), pick=PICK)
def test_a_card_swapped_in_the_deal_is_reported_where_it_is_played(game, pick):
    """Swap two cards between two hands of the deal: card_not_in_hand where each original
    holder plays it, and nothing before."""
    a, x, b, y = choose(deal_swaps(game), pick)
    hands = [list(hand) for hand in game.data["hands"]]
    hands[a][hands[a].index(x)] = y
    hands[b][hands[b].index(y)] = x
    result = run({**game.data, "hands": hands})
    play = game.data["play"]
    where = [next(i for i, e in enumerate(play) if e.get("card") == card and e["seat"] == seat)
             for seat, card in ((a, x), (b, y))]
    found = {(v.code, v.pointer) for v in result.violations}
    assert {("card_not_in_hand", f"/play/{i}") for i in where} <= found, found
    first, codes = first_violations(result)
    assert (first, codes) == (min(where), {"card_not_in_hand"}), result.violations


def test_mutations_have_sites():
    """Guards the mutation properties against vacuity (hypothesis skips a game without a
    site): the explicit examples offer sites for every mutation in most games."""
    examples = [make_game(p, k, 0, 0.15) for p, k in PRESET_KINDS]
    found = {finder.__name__: sum(1 for game in examples if finder(game))
             for finder in (revoke_sites, turn_moves, late_moves, window_moves, deal_swaps)}
    marriages = sum(1 for _, kind in PRESET_KINDS if kind == "marriage")
    poverties = sum(1 for _, kind in PRESET_KINDS if kind == "poverty")
    assert found == {"revoke_sites": len(examples), "turn_moves": len(examples),
                     "late_moves": len(examples) - marriages,
                     "window_moves": len(examples) - marriages,
                     "deal_swaps": len(examples) - poverties}, found
