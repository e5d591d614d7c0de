"""The reservation round: asking order, who is entitled to what, and the game it calls for.

Each reservation is checked against the hand and the ruleset (a throw's reason, a
solo's kind, a marriage's two club queens, a poverty's trumps); the game the round
calls for is derived from the ruleset's priorities and compared with the declared one.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from service.game.announcements import LEVEL_OF
from service.game.cards import CQ, DA, KING, NINE, POINTS, RANK_OF
from service.game.deal import Deal
from service.game.options import Ruleset
from service.game.ranking import order_for
from service.game.result import Violation
from service.game.text import (
    GAMES,
    RESERVATIONS,
    THROW_REASONS,
    Card,
    Ordinal,
    Rules,
    Seat,
    Text,
    Word,
    game_word,
    msg,
    msgn,
)
from service.game.transcript import GameDeclaration, Reservation, Transcript
from service.game.vocabulary import GameType, ReservationKind, SoloKind


@dataclass(frozen=True, slots=True)
class Expected:
    """The game the reservation round calls for."""

    type: GameType | ReservationKind  # a game, or the reservation that calls for it
    seat: int | None = None
    solo: SoloKind | None = None
    reason: Text | None = None


ALL_HEALTHY: Final = Expected("normal", reason=msg("everyone said healthy"))


def trump_count(cards: Iterable[int]) -> int:
    """How many of ``cards`` are trumps of the normal game (poverty counts these)."""
    is_trump = order_for("normal").is_trump
    return sum(1 for c in cards if is_trump(c))


def throw_entitled(reason: str | None, hand: tuple[int, ...], ruleset: Ruleset) -> bool:
    """Whether ``hand`` gives the reason to throw (the ruleset's minimums)."""
    nines = sum(1 for c in hand if RANK_OF[c] == NINE)
    kings = sum(1 for c in hand if RANK_OF[c] == KING)
    min_nines, min_kings, min_both, min_points = ruleset.throw_minimums
    if reason == "nines":
        return nines >= min_nines
    if reason == "kings":
        return kings >= min_kings
    if reason == "nines_kings":
        return nines + kings >= min_both
    if reason == "fox_highest":  # FreeDoko 6.5.3: the ♦A is the highest trump held
        order = order_for("normal")
        trumps = [c for c in hand if order.is_trump(c)]
        return bool(trumps) and max(trumps, key=order.power.__getitem__) == DA
    if reason == "richness":  # FreeDoko: a hand worth at least so many card points
        return sum(POINTS[c] for c in hand) >= min_points
    return False


def entitlement(res: Reservation, hand: tuple[int, ...], deal: Deal, ruleset: Ruleset
                ) -> Text | None:
    """Why ``res`` was not allowed to say what it said, or None."""
    kind, player, rules = res.reservation, Seat(res.seat), Rules(ruleset.id)
    if kind == "marriage" and (bride := deal.double_club_queen()) != res.seat:
        if bride is None:
            return msg("{player} announced a marriage without holding both {queen}, and "
                       "nobody holds both: {player} is healthy.", player=player,
                       queen=Card(CQ))
        return msg("{player} announced a marriage without holding both {queen}; {bride} "
                   "holds both and may announce it: {player} is healthy.", player=player,
                   queen=Card(CQ), bride=Seat(bride))
    if kind == "solo" and ruleset.solo_rank(res.solo) is None:
        return msg("{player} announced {game}, which {rules} do not allow.", player=player,
                   game=game_word("solo", res.solo), rules=rules)
    if kind == "poverty":
        if ruleset.poverty == "none":
            return msg("{player} announced a poverty, which {rules} do not have.",
                       player=player, rules=rules)
        trumps = trump_count(hand)
        if trumps > ruleset.poverty_max_trumps:
            return msg("{player} announced a poverty holding {trumps} trumps; a poverty "
                       "allows at most {most}.", player=player, trumps=trumps,
                       most=ruleset.poverty_max_trumps)
    if kind == "throw":
        reason = Word(THROW_REASONS.get(res.reason or "", res.reason or ""))
        if res.reason not in ruleset.throw:
            return msg("{player} threw the cards for {reason}, which {rules} do not allow.",
                       player=player, reason=reason, rules=rules)
        if not throw_entitled(res.reason, hand, ruleset):
            return msg("{player} threw the cards for {reason}, but the hand does not hold "
                       "that under {rules}: {player} is healthy, or the hand is written "
                       "wrongly.", player=player, reason=reason, rules=rules)
    return None


def _priority_kind(res: Reservation, ruleset: Ruleset) -> str:
    if res.reservation == "solo":
        wanted = "duty_solo" if res.duty else "lust_solo"
        return wanted if wanted in ruleset.reservation_priority else "solo"
    if res.reservation == "throw":
        return "poverty"  # FreeDoko 6.5: throwing is a form of poverty
    return res.reservation


def expected_game(entitled: list[Reservation], ruleset: Ruleset) -> Expected:
    """The game the entitled reservations call for (in asking order)."""
    if not entitled:
        return ALL_HEALTHY
    priority = ruleset.reservation_priority

    def rank(item: tuple[int, Reservation]) -> tuple[int, ...]:
        position, res = item
        kind = _priority_kind(res, ruleset)
        kind_rank = priority.index(kind) if kind in priority else len(priority)
        solo_rank = bid_rank = 0
        if res.reservation == "solo" and ruleset.solo_precedence != "seat":
            rank = ruleset.solo_rank(res.solo)
            solo_rank = 99 if rank is None else rank
        if res.reservation == "solo" and ruleset.solo_precedence == "bid_then_rank_then_seat":
            bid_rank = -LEVEL_OF.get(res.bid or "", 0)  # Mittwoch: the higher call first
        return (kind_rank, bid_rank, solo_rank, position)

    _, best = min(enumerate(entitled), key=rank)
    player = Seat(best.seat)
    if best.reservation == "throw":
        return Expected("redeal", best.seat, reason=msg(
            "{player} threw the cards for {reason}", player=player,
            reason=Word(THROW_REASONS.get(best.reason or "", best.reason or ""))))
    if best.reservation == "poverty" and ruleset.poverty == "redeal":
        return Expected("redeal", best.seat, reason=msg("{player} has a poverty",
                                                        player=player))
    said = (game_word("solo", best.solo) if best.reservation == "solo"
            else Word(RESERVATIONS[best.reservation]))
    return Expected(best.reservation, best.seat, best.solo,
                    reason=msg("{player} announced {said}", player=player, said=said))


def reservations_game(transcript: Transcript, deal: Deal) -> GameDeclaration | None:
    """The game the reservation round calls for, where the reservations alone say all
    it needs (a normal game, or a solo with its declarer and kind); else None."""
    _, entitled = check_reservations(transcript, deal)
    expected = expected_game(entitled, transcript.ruleset)
    if expected.type == "normal":
        return GameDeclaration("normal")
    if expected.type == "solo" and expected.seat is not None:
        duty = any(r.duty for r in entitled if r.seat == expected.seat)
        return GameDeclaration("solo", declarer=expected.seat, solo=expected.solo, duty=duty)
    return None


def _asking_order(dealer: int) -> list[int]:
    return [(dealer + i) % 4 for i in range(1, 5)]


def check_reservations(transcript: Transcript, deal: Deal
                       ) -> tuple[list[Violation], list[Reservation]]:
    """Asking order and entitlement; returns the defects and the entitled reservations."""
    violations, entitled = [], []
    expected = _asking_order(transcript.dealer)
    ruleset = transcript.ruleset
    reservations = transcript.reservations
    if reservations and len(reservations) != 4:
        violations.append(Violation(
            "reservation_order", "/reservations", None,
            msgn("{count} reservation is recorded; each of the four players says one.",
                 "{count} reservations are recorded; each of the four players says one.",
                 len(reservations))))
    seats = [res.seat for res in reservations[:4]]
    rotated = len(seats) == 4 and seats != expected and seats == _asking_order(seats[3])
    if rotated:  # one mistake: the round started at the wrong seat, and went on clockwise
        violations.append(Violation(
            "reservation_order", "/reservations/0/seat", seats[0],
            msg("The reservations start with {first}, as if {wrong} had dealt; {dealer} "
                "dealt, so {due} is asked first and the others clockwise from there.",
                first=Seat(seats[0]), wrong=Seat(seats[3]), dealer=Seat(transcript.dealer),
                due=Seat(expected[0]))))
    for i, res in enumerate(reservations):
        if i < 4 and res.seat != expected[i] and not rotated:
            violations.append(Violation(
                "reservation_order", f"/reservations/{i}/seat", res.seat,
                msg("The {nth} reservation is by {player}, but {due} is asked {nth}.",
                    nth=Ordinal(i + 1), player=Seat(res.seat), due=Seat(expected[i]))))
        if res.reservation == "healthy":
            continue
        problem = entitlement(res, deal.hands[res.seat], deal, ruleset)
        if problem:
            violations.append(Violation("reservation_entitlement", f"/reservations/{i}",
                                        res.seat, problem))
        else:
            entitled.append(res)
    return violations, entitled


def compare_declared(expected: Expected, transcript: Transcript) -> list[Violation]:
    game = transcript.game
    declared = game.type
    same = expected.type == declared and (
        declared in ("normal", "redeal")
        or (expected.seat == game.declarer and (declared != "solo" or expected.solo == game.solo)))
    if same:
        return []
    if declared == "redeal" and expected.type == "poverty":
        return []  # a poverty nobody took: checked with the offers, if given
    want = (game_word("solo", expected.solo) if expected.type == "solo"
            else game_word(expected.type if expected.type in GAMES else "normal"))
    return [Violation("reservation_priority", "/game", game.declarer,
                      msg("The reservations call for {want} ({reason}), but {played} was "
                          "played.", want=want, reason=expected.reason or msg("nobody said "
                                                                              "anything"),
                          played=game_word(declared, game.solo)))]
