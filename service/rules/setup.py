"""From the reservations and the declared game to the game actually played.

Who plays with whom, which card order applies and who leads the first trick,
with every defect of the reservation round reported.
"""

from __future__ import annotations

from .announcements import CONTRA, RE
from .cards import CQ
from .deal import Deal
from .game import Setup
from .result import Note, Violation
from .transcript import Transcript

SUPPORTED_GAMES = ("normal", "solo")


class UnsupportedGame(ValueError):
    """The transcript declares a game type this service cannot check yet."""


def _asking_order(dealer: int) -> list[int]:
    return [(dealer + i) % 4 for i in range(1, 5)]


def _check_reservations(transcript: Transcript, deal: Deal) -> list[Violation]:
    """Asking order and each player's entitlement to what he said."""
    violations = []
    expected = _asking_order(transcript.dealer)
    ruleset = transcript.ruleset
    if transcript.reservations and len(transcript.reservations) != 4:
        violations.append(Violation(
            "reservation_order", "/reservations", None,
            f"{len(transcript.reservations)} reservations; each of the four seats says one"))
    for i, res in enumerate(transcript.reservations):
        pointer = f"/reservations/{i}"
        if i < 4 and res.seat != expected[i]:
            violations.append(Violation(
                "reservation_order", f"{pointer}/seat", res.seat,
                f"reservation {i + 1} is by seat {res.seat}; seat {expected[i]} is asked "
                f"{_ordinal(i + 1)}"))
        if res.reservation == "marriage" and deal.double_club_queen() != res.seat:
            violations.append(Violation(
                "reservation_entitlement", pointer, res.seat,
                f"seat {res.seat} announced a marriage without holding both CQ"))
        if res.reservation == "solo" and res.solo not in ruleset.solos:
            violations.append(Violation(
                "reservation_entitlement", pointer, res.seat,
                f"a {res.solo} solo is not allowed under this ruleset"))
        if res.reservation in ("poverty", "throw") and (
                (res.reservation == "poverty" and ruleset.poverty == "none")
                or (res.reservation == "throw" and res.reason not in ruleset.throw)):
            violations.append(Violation(
                "reservation_entitlement", pointer, res.seat,
                f"a {res.reservation} is not allowed under this ruleset"))
    return violations


def _ordinal(n: int) -> str:
    return ("first", "second", "third", "fourth")[n - 1] if 1 <= n <= 4 else f"{n}th"


def _normal_setup(transcript: Transcript, deal: Deal
                  ) -> tuple[Setup, list[Violation], list[Note]]:
    violations, notes = [], []
    leader = (transcript.dealer + 1) % 4
    reserved = [(i, r) for i, r in enumerate(transcript.reservations)
                if r.reservation != "healthy"]
    for i, res in reserved:
        violations.append(Violation(
            "reservation_priority", "/game", res.seat,
            f"seat {res.seat} announced {res.reservation} (/reservations/{i}), "
            "yet a normal game was played"))
    bride = deal.double_club_queen()
    if bride is not None:
        team_of = tuple(RE if seat == bride else CONTRA for seat in range(4))
        notes.append(Note("silent_marriage", bride,
                          f"seat {bride} holds both CQ and said nothing: a silent marriage, "
                          "scored as a solo"))
        setup = Setup("silent_marriage", "normal", team_of, leader, declarer=bride,
                      solo="diamonds")
    else:
        holders = deal.holders(CQ)
        team_of = tuple(RE if seat in holders else CONTRA for seat in range(4))
        setup = Setup("normal", "normal", team_of, leader)
    return setup, violations, notes


def _solo_setup(transcript: Transcript) -> tuple[Setup, list[Violation], list[Note]]:
    game, ruleset = transcript.game, transcript.ruleset
    violations = []
    declarer = game.declarer if game.declarer is not None else 0
    if game.declarer is None:
        violations.append(Violation("game_declaration", "/game/declarer", None,
                                    "a solo needs its declarer"))
    kind = game.solo or "diamonds"
    if game.solo not in ruleset.solos:
        violations.append(Violation("reservation_entitlement", "/game/solo", declarer,
                                    f"a {game.solo} solo is not allowed under this ruleset"))
    said = [r for r in transcript.reservations if r.seat == declarer]
    if transcript.reservations and not any(r.reservation == "solo" and r.solo == game.solo
                                           for r in said):
        violations.append(Violation("reservation_priority", "/game", declarer,
                                    f"seat {declarer} did not announce a {kind} solo"))
    leads = ruleset.soloist_leads
    duty = game.duty
    leader = declarer if leads == "always" or (leads == "duty_only" and duty) else (
        (transcript.dealer + 1) % 4)
    team_of = tuple(RE if seat == declarer else CONTRA for seat in range(4))
    return Setup("solo", kind, team_of, leader, declarer=declarer, solo=kind), violations, []


def game_setup(transcript: Transcript, deal: Deal
               ) -> tuple[Setup, list[Violation], list[Note]]:
    """The game played, the defects of the reservation round, and notes for a referee."""
    kind = transcript.game.type
    if kind not in SUPPORTED_GAMES:
        raise UnsupportedGame(f"game type {kind!r} cannot be checked yet")
    violations = _check_reservations(transcript, deal)
    notes = []
    if not transcript.reservations:
        notes.append(Note("reservations_missing", None,
                          "the transcript records no reservations; the reservation round "
                          "was not checked"))
    if kind == "solo":
        setup, more, more_notes = _solo_setup(transcript)
    else:
        setup, more, more_notes = _normal_setup(transcript, deal)
    return setup, violations + more, notes + more_notes

