"""From the reservation round and the declared game to the game actually played.

The reservations are checked (asking order, entitlement), the game they call for
is derived from the ruleset's priorities and compared with the declared one, and
the declared game is set up: teams, card order, who leads, and for a poverty the
hands after the exchange.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any, Final

from service.game.announcements import CONTRA, RE
from service.game.cards import CQ, parse_card
from service.game.deal import Deal, one_holder
from service.game.exchange import POVERTY_CARDS, Report, played_by, read_transfer
from service.game.options import Ruleset
from service.game.ranking import COLOUR_SOLO_SUIT, order_for
from service.game.reservations import (
    check_reservations,
    compare_declared,
    expected_game,
    trump_count,
)
from service.game.result import Note, Violation
from service.game.text import (
    PARTNER_TRICKS,
    RETURN_FIELDS,
    Card,
    Ordinal,
    Rules,
    Seat,
    Text,
    Word,
    Words,
    game_word,
    msg,
    msgn,
)
from service.game.transcript import CARD, GameDeclaration, PartnerRule, Transcript
from service.game.vocabulary import OrderKind, PlayedType, SoloKind

UNDECIDED: Final = -1  # team of a seat while a marriage is undecided


@dataclass(slots=True, unsafe_hash=True)
class Setup:
    """What game is played: its card order, the teams and who leads."""

    type: PlayedType
    order_kind: OrderKind  # "normal" or a solo kind: selects the card order
    team_of: tuple[int, ...]  # per seat: RE, CONTRA, or UNDECIDED (marriage)
    leader: int
    hands: tuple[tuple[int, ...], ...] | None = None  # after a poverty exchange; None: as dealt
    declarer: int | None = None
    solo: SoloKind | None = None
    partner: int | None = None
    partner_rule: PartnerRule | None = None
    swines_possible: bool = False  # swines may be shown in this game
    # after a poverty exchange read with unknown cards (see exchange.py), per seat: the
    # unknown places in the hand (None: the deal's), and cards that may have been passed
    unknown_places: tuple[int, ...] | None = None
    unsure: tuple[int, ...] = (0, 0, 0, 0)

    def __init__(self, type: PlayedType, order_kind: OrderKind, team_of: tuple[int, ...],
                 leader: int, hands: tuple[tuple[int, ...], ...] | None = None,
                 declarer: int | None = None, solo: SoloKind | None = None,
                 partner: int | None = None, partner_rule: PartnerRule | None = None,
                 swines_possible: bool = False,
                 unknown_places: tuple[int, ...] | None = None,
                 unsure: tuple[int, ...] = (0, 0, 0, 0)) -> None:
        self.type = type
        self.order_kind = order_kind
        self.team_of = team_of
        self.leader = leader
        self.hands = hands
        self.declarer = declarer
        self.solo = solo
        self.partner = partner
        self.partner_rule = partner_rule
        self.swines_possible = swines_possible
        self.unknown_places = unknown_places
        self.unsure = unsure


def _solo_leader(transcript: Transcript, declarer: int, duty: bool) -> int:
    leads = transcript.ruleset.soloist_leads
    if leads == "always" or (leads == "duty_only" and duty):
        return declarer
    return (transcript.dealer + 1) % 4


def _swines_possible(ruleset: Ruleset, order_kind: str, poverty: bool) -> bool:
    if ruleset.swines == "none":
        return False
    if order_kind == "normal":
        return not poverty or ruleset.swines_in_poverty
    return order_kind in COLOUR_SOLO_SUIT and ruleset.swines_in_color_solo


def _seat_or(value: int | None, fallback: int) -> int:
    return fallback if value is None else value


def game_setup(transcript: Transcript, deal: Deal
               ) -> tuple[Setup, list[Violation], list[Note]]:
    """The game played, the defects of the reservation round, and notes for a referee."""
    ruleset, game = transcript.ruleset, transcript.game
    violations, entitled = check_reservations(transcript, deal)
    notes = []
    if transcript.reservations:
        violations += compare_declared(expected_game(entitled, ruleset), transcript)
    else:
        notes.append(Note("reservations_missing", None,
                          msg("The game records no reservations; the reservation round was "
                              "not checked.")))
    first = (transcript.dealer + 1) % 4
    kind = game.type
    if kind == "solo":
        declarer = _seat_or(game.declarer, first)
        if game.declarer is None:
            violations.append(Violation("game_declaration", "/game/declarer", None,
                                        msg("The solo names no soloist: give who played "
                                            "it.")))
        solo: SoloKind = game.solo or "diamonds"
        if ruleset.solo_rank(solo) is None:
            violations.append(Violation("reservation_entitlement", "/game/solo", declarer,
                                        msg("{player} played {game}, which {rules} do not "
                                            "allow.", player=Seat(declarer),
                                            game=game_word("solo", solo),
                                            rules=Rules(ruleset.id))))
        team_of = tuple([RE if s == declarer else CONTRA for s in range(4)])
        setup = Setup("solo", solo, team_of, _solo_leader(transcript, declarer, game.duty),
                      deal.hands, declarer=declarer, solo=solo,
                      swines_possible=_swines_possible(ruleset, solo, False))
    elif kind == "marriage":
        setup, more = _marriage_setup(transcript, deal, first)
        violations += more
    elif kind == "poverty":
        setup, more = poverty_setup(transcript, deal, first)
        violations += more
    elif kind == "redeal":
        setup = Setup("redeal", "normal", (RE, RE, CONTRA, CONTRA), first, deal.hands)
    else:
        holders = deal.holders(CQ)
        bride = one_holder(holders)
        swines = _swines_possible(ruleset, "normal", False)
        if bride is not None:
            team_of = tuple([RE if s == bride else CONTRA for s in range(4)])
            notes.append(Note("silent_marriage", bride,
                              msg("{player} held both {queen} and said nothing: a silent "
                                  "marriage, scored as a solo.", player=Seat(bride),
                                  queen=Card(CQ))))
            setup = Setup("silent_marriage", "normal", team_of, first, deal.hands,
                          declarer=bride, solo="diamonds", swines_possible=swines)
        else:
            team_of = tuple([RE if s in holders else CONTRA for s in range(4)])
            setup = Setup("normal", "normal", team_of, first, deal.hands,
                          swines_possible=swines)
    return setup, violations, notes


def _marriage_setup(transcript: Transcript, deal: Deal, first: int
                    ) -> tuple[Setup, list[Violation]]:
    ruleset, game = transcript.ruleset, transcript.game
    violations = []
    bride = deal.double_club_queen()
    declarer = _seat_or(game.declarer, first)
    if bride != declarer:
        violations.append(Violation(
            "reservation_entitlement", "/game/declarer", declarer,
            msg("{player} plays a marriage without both {queen}: {bride} holds both, so "
                "{bride} is the bride.", player=Seat(declarer), queen=Card(CQ),
                bride=Seat(bride)) if bride is not None else
            msg("{player} plays a marriage without both {queen}: nobody holds both, so no "
                "marriage is played.", player=Seat(declarer), queen=Card(CQ))))
    rule = game.partner_rule or PartnerRule()
    if rule.trick not in ruleset.marriage_partner_rules:
        allowed = Words(tuple(PARTNER_TRICKS[t] for t in ruleset.marriage_partner_rules))
        violations.append(Violation(
            "marriage_partner", "/game/partner_rule/trick", declarer,
            msg("The marriage is decided by {rule}, which {rules} do not allow; they allow "
                "{allowed}.", rule=Word(PARTNER_TRICKS[rule.trick]), rules=Rules(ruleset.id),
                allowed=allowed)) if game.partner_rule else Violation(
            "marriage_partner", "/game", declarer,
            msg("The marriage names no deciding trick, which means the first trick won by "
                "another player; {rules} allow only {allowed}: give the bride's choice.",
                rules=Rules(ruleset.id), allowed=allowed)))
    if rule.nth != 1 and not ruleset.marriage_nth_allowed:
        violations.append(Violation("marriage_partner", "/game/partner_rule/nth", declarer,
                                    msg("Only the first such trick may decide the "
                                        "marriage.")))
    team_of = tuple(RE if s == declarer else UNDECIDED for s in range(4))
    return Setup("marriage", "normal", team_of, first, deal.hands, declarer=declarer,
                 partner_rule=rule,
                 swines_possible=_swines_possible(ruleset, "normal", False)), violations


def poverty_setup(transcript: Transcript, deal: Deal, first: int
                  ) -> tuple[Setup, list[Violation]]:
    """The poverty exchange checked card by card, and the hands it leaves: where the
    exchange is written wrongly, the transfer the play shows (see exchange.py)."""
    ruleset, game = transcript.ruleset, transcript.game
    exchange: list[Violation] = []
    offered: list[Violation] = []

    def reporter(into: list[Violation]) -> Report:
        return lambda pointer, seat, message: into.append(
            Violation("poverty_exchange", pointer, seat, message))

    declarer = _seat_or(game.declarer, first)
    hands = [list(h) for h in deal.hands]
    partner = _poverty_partner(game, declarer, reporter(offered))
    taker = partner if partner is not None and partner != declarer else None
    returned_written = Counter(c for c in map(parse_card, game.returned) if c is not None)

    def needed_by_taker(kept: Counter[int]) -> Counter[int]:
        """What the taker plays or returns without having it (the card passed to it)."""
        if taker is None:
            return Counter()
        moved = Counter(hands[declarer]) - kept
        return (played_by(transcript.play, taker, CARD) + returned_written
                - Counter(hands[taker]) - moved)

    def kept_by_declarer(kept: Counter[int]) -> Counter[int]:
        """What the declarer plays without having it: a card written as passed, kept."""
        return played_by(transcript.play, declarer, CARD) - kept - returned_written

    passed = read_transfer("passed", game.passed, hands[declarer], declarer, taker,
                           POVERTY_CARDS, needed_by_taker, kept_by_declarer, reporter(exchange))
    trumps_held, trumps_passed = trump_count(hands[declarer]), trump_count(passed.cards)
    if trumps_passed + passed.unknown < min(POVERTY_CARDS, trumps_held):
        is_trump = order_for("normal").is_trump
        plain = [(i, c) for i, c in enumerate(map(parse_card, game.passed))
                 if c is not None and c in passed.cards and not is_trump(c)]
        passes = msg("{player} passed {passed} of {held} trumps; a poverty passes its "
                     "trumps first", player=Seat(declarer), passed=trumps_passed,
                     held=trumps_held)
        where, what = (f"/game/passed/{plain[0][0]}", msg(
            "{passes}, not {card}, which is no trump", passes=passes,
            card=Card(plain[0][1]))) if plain else ("/game/passed", passes)
        exchange.append(Violation("poverty_exchange", where, declarer, what))
    violations = exchange + offered
    if taker is None:  # nothing comes back from a poverty nobody took: said, not ignored
        for field in ("returned", "trumps_returned"):
            if getattr(game, field) not in ((), None):
                violations.append(Violation(
                    "poverty_exchange", f"/game/{field}", None,
                    msg("Nobody took the poverty, so nothing was returned: leave out {what}.",
                        what=Word(RETURN_FIELDS[field]))))
    team_of: tuple[int, ...] = (CONTRA, CONTRA, CONTRA, CONTRA)
    places, unsure = list(deal.unknown_places), [0, 0, 0, 0]
    if taker is not None:
        for card in passed.cards:
            hands[declarer].remove(card)
        taken = hands[taker] + passed.cards
        after_pass = Counter(hands[declarer])

        def needed_by_declarer(kept: Counter[int]) -> Counter[int]:
            """What the declarer plays without having it (the card returned to it)."""
            return (played_by(transcript.play, declarer, CARD) - after_pass
                    - (Counter(taken) - kept))

        def kept_by_taker(kept: Counter[int]) -> Counter[int]:
            """What the taker plays without having it: a card written as returned, kept."""
            return played_by(transcript.play, taker, CARD) - kept

        returned = read_transfer("returned", game.returned, taken, taker, declarer,
                                 len(passed.cards) + passed.unknown, needed_by_declarer,
                                 kept_by_taker, reporter(violations))
        _check_trumps_statement(game.trumps_returned, trump_count(returned.cards),
                                returned.unknown, ruleset, taker, reporter(violations))
        hands[taker] = taken
        for card in returned.cards:
            hands[taker].remove(card)
        hands[declarer] += returned.cards
        places[taker] += passed.unknown
        unsure[declarer] += passed.unknown
        places[declarer] += returned.unknown
        unsure[taker] += returned.unknown
        team_of = tuple(RE if s in (declarer, taker) else CONTRA for s in range(4))
    # Nobody took the poverty: the cards are dealt again.
    setup = Setup("poverty" if partner is not None else "redeal", "normal", team_of, first,
                  tuple(tuple(h) for h in hands),
                  declarer=declarer, partner=partner,
                  swines_possible=_swines_possible(ruleset, "normal", True),
                  unknown_places=tuple(places), unsure=tuple(unsure))
    return setup, violations


def _poverty_partner(game: GameDeclaration, declarer: int, report: Report) -> int | None:
    """The seat that took the poverty: offers go clockwise from the declarer's left, the
    first to accept is the partner."""
    partner, misplaced = None, False
    for i, offer in enumerate(game.offers):
        seat_due = (declarer + 1 + i) % 4
        if i >= 3 or offer.seat != seat_due:
            misplaced = True
            report(f"/game/offers/{i}", offer.seat,
                   msg("The {nth} offer went to {player}, but {due} is asked next.",
                       nth=Ordinal(i + 1), player=Seat(offer.seat), due=Seat(seat_due))
                   if i < 3 else msg("Only the three other players are asked."))
            continue
        if partner is not None:
            report(f"/game/offers/{i}", offer.seat,
                   msg("{partner} had already taken the poverty.", partner=Seat(partner)))
        elif offer.accept:
            partner = offer.seat
    if game.partner != partner and not misplaced:  # a misplaced offer is reported already
        report("/game/partner", game.partner,
               _partner_mismatch(partner, game.partner, bool(game.offers), declarer))
    return partner if partner is not None else game.partner


def _partner_mismatch(accepted: int | None, named: int | None, offered: bool,
                      declarer: int) -> Text:
    """What to change where the partner named is not the first seat the offers say took."""
    if accepted is not None:
        return (msg("{taker} was the first to take the poverty, so {taker} is the partner, "
                    "not {named}.", taker=Seat(accepted), named=Seat(named))
                if named is not None else
                msg("{taker} was the first to take the poverty, so {taker} is the partner.",
                    taker=Seat(accepted)))
    if not offered or named is None:
        return msg("{named} is given as the partner, but no offer is recorded: list the "
                   "offers clockwise from {first} up to the player who took it.",
                   named=Seat(named if named is not None else declarer),
                   first=Seat((declarer + 1) % 4))
    return msg("No offer was taken, so nobody took the poverty and the cards are dealt "
               "again; {named} is given as the partner.", named=Seat(named))


# stated: Any, not int | bool | None: compiled, True would arrive as the int 1.
def _check_trumps_statement(stated: Any, actual: int, unknown: int,
                            ruleset: Ruleset, partner: int, report: Report) -> None:
    """What the taker says about the trumps returned, as ``poverty_returned_trumps`` asks:
    a count, whether, or nothing (then a statement given is reported, not ignored);
    ``unknown``: returned cards that could not be read, which may be trumps."""
    mode, where = ruleset.poverty_returned_trumps, "/game/trumps_returned"
    if mode == "nothing":
        if stated is not None:
            report(where, partner,
                   msg("Under {rules} the taker says nothing about the trumps returned: "
                       "leave that statement out.", rules=Rules(ruleset.id)))
        return
    if stated is None:
        report(where, partner,
               msg("The taker must say how many trumps were returned.") if mode == "count"
               else msg("The taker must say whether trumps were returned."))
        return
    if isinstance(stated, bool) != (mode == "whether"):
        report(where, partner,
               msg("Under {rules} the taker says how many trumps were returned, not "
                   "whether: {were}.", rules=Rules(ruleset.id), were=_were(actual))
               if mode == "count" else
               msg("Under {rules} the taker says whether trumps were returned, not how "
                   "many.", rules=Rules(ruleset.id)))
        return
    # An unreadable returned card may be a trump: the statement is wrong only where every
    # reading of it makes it wrong (its violation says so).
    if mode == "count" and not actual <= stated <= actual + unknown:
        report(where, partner,
               msg("The taker said {stated}; {actual}.", stated=_were(stated),
                   actual=_were(actual)) if not unknown else
               msgn("The taker said {stated}; {actual}, and {count} card could not be read.",
                    "The taker said {stated}; {actual}, and {count} cards could not be read.",
                    unknown, stated=_were(stated), actual=_were(actual)))
    if mode == "whether" and (actual > 0 if not stated else actual + unknown == 0):
        report(where, partner,
               msg("The taker said trumps were returned; {actual}.", actual=_were(actual))
               if stated else
               msg("The taker said no trumps were returned; {actual}.", actual=_were(actual)))


def _were(count: int) -> Text:
    return msgn("{count} trump was returned", "{count} trumps were returned", count)

