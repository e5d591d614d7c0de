"""Every code the service reports, with its meaning in English and German and its sources.

Violations (``violations[].code``), notes (``notes[].code``) and score items
(``score.items[].code``) are named by these codes and by no others: ``Violation`` and
``Note`` refuse an unknown code when built, a test holds every score item to the
registry, and ``openapi.yaml`` and the README list the codes from here (a test fails
when they drift). ``GET /v1/codes`` serves the registry. Codes are added, never renamed
or removed, within ``/v1``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from service.game.terms import cited
from service.game.text import N_
from service.game.words import translate

CodeKind = Literal["violation", "note", "score"]
KINDS: Final[tuple[CodeKind, ...]] = ("violation", "note", "score")


@dataclass(frozen=True, slots=True)
class Code:
    code: str
    kind: CodeKind
    en: str  # the meaning in English, a msgid: German is in the catalogue (words.py)
    sources: tuple[str, ...] = ()

    @property
    def de(self) -> str:
        return translate(self.en, "de")

    @property
    def sources_de(self) -> list[str]:
        """The sources as a German reader names the rulebooks."""
        return [_house_rules_de(cited(s, "de")) for s in self.sources]


def _v(code: str, en: str, *sources: str) -> Code:
    return Code(code, "violation", en, sources)


def _n(code: str, en: str, *sources: str) -> Code:
    return Code(code, "note", en, sources)


def _s(code: str, en: str, *sources: str) -> Code:
    return Code(code, "score", en, sources)


_CODES: Final = (
    # ---- violations: the deal ------------------------------------------------------------
    _v("deal_card_count", N_("A hand holds the wrong number of cards."), "DDV TSR 3.3"),
    _v(
        "unknown_card",
        N_(
            "A card that is not in this pack (cards are written suit C/S/H/D and "
            "rank 9/10/J/Q/K/A, e.g. H10)."
        ),
        "DDV TSR 2.2",
    ),
    _v("card_too_often", N_("A card appears more than twice in the deal."), "DDV TSR 2.2"),
    # ---- the reservation round and the game declared ---------------------------------------
    _v(
        "reservation_order",
        N_("Reservations not said in asking order, one per seat from the dealer's left."),
        "DDV TSR 4.1",
    ),
    _v(
        "reservation_entitlement",
        N_("A reservation or game the player was not entitled to."),
        "DDV TSR 4.1",
        "DDV TSR 4.4",
    ),
    _v(
        "reservation_priority",
        N_("The game played is not the one the reservations call for."),
        "DDV TSR 4.1",
    ),
    _v(
        "game_declaration",
        N_(
            "The declared game lacks a field it needs or contradicts the sitting (a"
            " duty solo written as a lust solo)."
        ),
        "DDV TSR 4.2",
        "DDV TSR 4.3",
    ),
    _v(
        "marriage_partner",
        N_(
            "A marriage's partner rule is not allowed, or the partner named is not "
            "the one the tricks found."
        ),
        "DDV TSR 4.4",
    ),
    _v(
        "poverty_exchange",
        N_(
            "The poverty exchange broke a rule (cards passed or returned, offers, "
            "the trumps stated)."
        ),
        "FreeDoko rules 6.4",
    ),
    # ---- the play --------------------------------------------------------------------------
    _v("wrong_leader", N_("The first trick was led by the wrong seat."), "DDV TSR 5.1"),
    _v("turn_order", N_("A card played out of turn."), "DDV TSR 5.3"),
    _v("card_not_in_hand", N_("A card played that the seat does not hold."), "DDV TSR 5.2"),
    _v(
        "follow_suit",
        N_("Failed to follow suit (trump is its own suit) while able to."),
        "DDV TSR 5.2",
        "DDV TSR 9.4.3",
    ),
    _v("overlong_game", N_("Cards played after the last trick, or after a redeal."), "DDV TSR 5.3"),
    # ---- announcements and showings --------------------------------------------------------
    _v(
        "announcement_too_late",
        N_("An announcement after its deadline."),
        "DDV TSR 6.2",
        "DDV TSR 6.3",
    ),
    _v(
        "announcement_too_early",
        N_("An announcement before the marriage's partner is decided."),
        "DDV TSR 4.4.4",
    ),
    _v(
        "announcement_wrong_team",
        N_("A call of the other team (re by contra, contra by re)."),
        "DDV TSR 6.1",
    ),
    _v(
        "announcement_not_raising",
        N_("A call at or below the level the team has already said."),
        "DDV TSR 6.3",
    ),
    _v(
        "announcement_not_allowed",
        N_("A call this ruleset or this moment does not allow."),
        "DDV TSR 6.1",
    ),
    _v(
        "show_not_allowed",
        N_("Swines or hyperswines announced where they do not exist."),
        "FreeDoko rules 8",
    ),
    _v(
        "swines_entitlement",
        N_("Swines or hyperswines announced without holding both cards."),
        "FreeDoko rules 8",
    ),
    _v("swines_timing", N_("Swines or hyperswines announced at the wrong time."),
       "FreeDoko rules 8"),
    # ---- violations: a sitting's list of games ----------------------------------------------
    _v(
        "wrong_dealer",
        N_("The game was dealt by the wrong player (the rotation of the list)."),
        "DDV TSR 3.3.1",
        "DDV TSR 4.2.5",
        "DDV TSR 4.3.2",
    ),
    _v(
        "wrong_players",
        N_("A game's players are not the ones at the table for it (at five the dealer sits out)."),
        "DDV TSR 10.1.1",
    ),
    _v(
        "forced_solo",
        N_(
            "A forced duty solo ('vorgeführt') was due and not played, or a solo is"
            " written as forced where none was due."
        ),
        "DDV TSR 4.2.3",
    ),
    _v("duty_solo_missing", N_("The round finished with a duty solo not played."), "DDV TSR 8.6"),
    _v("round_too_long", N_("More games than the round has."), "DDV TSR 8.5.1", "DDV TSR 10.1.5"),
    _v("game_unfinished", N_("A game of the list stops before its last card.")),
    _v("sheet_zero_sum", N_("A line of the list does not add up to zero."), "DDV TSR 7.3.3"),
    _v(
        "sheet_even_odd",
        N_("The four entries of a line are not all even or all odd."),
        "DDV TSR 7.3.3",
    ),
    _v(
        "sheet_line",
        N_(
            "A line's entries disagree with its own fields (value, winners, bock, "
            "the soloist's factor, who played)."
        ),
        "DDV TSR 7.3.3",
        "DDV TSR 10.1.2",
    ),
    _v(
        "sheet_type",
        N_(
            "A line names a game the ruleset does not have (a poverty or a redeal "
            "where the rules have none)."
        ),
        "DDV TSR 4.1.5",
        "DDV TSR 9.1.3",
    ),
    _v("wrong_total", N_("A claimed total differs from the sum of the list."), "DDV TSR 7.3.3"),
    _v("seating", N_("A participant is missing from a round of a tournament, or plays at two "
                     "tables of one round."), "DOKO 2026 VII"),
    _v("final_seating", N_("A participant sits at a final table the preliminary standing does "
                           "not allow, or the wildcard is not one that can be given."),
       "DOKO 2026 VII"),
    _v("wrong_place", N_("A claimed place of a tournament differs from the final tables' "
                         "result."), "DOKO 2026 VII"),
    # ---- violations: a season's rankings ---------------------------------------------------
    _v("season_points", N_("A player's ranking points in a written ranking differ from the sum "
                           "of his tournament days."), "DOKO 2026 Rangliste"),
    _v("season_missing", N_("A ranked player is missing from a written ranking."),
       "DOKO 2026 Rangliste"),
    _v("season_unknown", N_("A written ranking names a player with no tournament day in it, "
                            "too few days, or a second time."), "DOKO 2026 Rangliste"),
    _v("season_order", N_("A written ranking is not in the order of its ranking points."),
       "DOKO 2026 Rangliste"),
    _v("season_day_unscored", N_("A tournament day given as places only, where the ranking "
                                 "counts each day's own points: it counts nothing."),
       "DOKO 2026 Rangliste"),
    _v("season_day_unplaced", N_("A tournament day that is not finished: it has no places and "
                                 "counts nothing."), "DOKO 2026 Rangliste"),
    _v("season_name_twice", N_("A player placed twice on one tournament day: the later entry "
                               "counts nothing."), "DOKO 2026 Rangliste"),
    # ---- violations: house rules at the list (options off in every preset) -------------------
    _v(
        "solo_round_mark",
        N_(
            "A mandatory solo round is marked where none may start: before the first game,"
            " or while one is under way."
        ),
        "QtDoppelKopf house rules",
    ),
    _v(
        "solo_round_game",
        N_(
            "A game of a mandatory solo round is not a solo of a player who still owes one in it."
        ),
        "QtDoppelKopf house rules",
    ),
    _v(
        "solo_round_unfinished",
        N_("The list finished with a mandatory solo round under way and its solos not all played."),
        "QtDoppelKopf house rules",
    ),
    _v(
        "table_change",
        N_("The table changes while a mandatory solo round is under way."),
        "jsdoppelkopf house rules",
    ),
    # ---- notes -----------------------------------------------------------------------------
    _n(
        "reservations_missing",
        N_("The transcript records no reservation round; it was not checked."),
    ),
    _n(
        "silent_marriage",
        N_("A player held both club queens and said nothing: a silent marriage, scored as a solo."),
        "DDV TSR 4.4.5",
    ),
    _n(
        "round_option",
        N_(
            "An option of the ruleset applies to a sitting (a list of games), not "
            "to one game; it was not used here."
        ),
    ),
    _n(
        "call_not_scored",
        N_("A call was refused (see its violation) and is not scored."),
        "DDV TSR 6.2",
        "DDV TSR 6.3",
    ),
    _n(
        "penalty_scored",
        N_(
            "A penalty was scored instead of the game as played; the note says "
            "which rule and what it replaced."
        ),
        "DDV TSR 9.4.3",
        "DDV TSR 9.4.4",
        "Mittwoch rules",
        "DOKO 2026 II",
    ),
    _n(
        "round_short",
        N_("The round finished with fewer games than its count (the referee struck the rest)."),
        "DDV TSR 8.5.1",
    ),
    _n(
        "tie_at_cut",
        N_("Equal preliminary points straddle the boundary between two final tables: any of "
           "the tied players may sit on either side."),
        "DOKO 2026 VII",
    ),
    _n("season_day_after", N_("A tournament day after the day the rankings are for: it counts "
                              "in no ranking."), "DOKO 2026 Rangliste"),
    _n("season_not_placed", N_("A participant of a tournament day with no place in its final: "
                               "no points and no day for him that day."), "DOKO 2026 Rangliste"),
    _n(
        "missed_duty_solo",
        N_("A duty solo not played: the ruleset's penalty is taken from the player's total."),
        "DOKO 2026 VII",
    ),
    _n(
        "card_points_unknown",
        N_(
            "A card that could not be read took a place in a trick: its card points"
            " are unknown and counted for nobody, so the card points, the winner "
            "and the score are as counted without them."
        ),
        "DDV TSR 2.2",
    ),
    _n(
        "deadlines_moved",
        N_(
            "The ruleset changes its base's pack (with_nines) and states no "
            "announcement deadlines: the base's deadlines, counted in cards in "
            "hand, were moved by the difference in hand size (two cards fewer "
            "without the nines, two more with them), so that each stands for the "
            "same trick."
        ),
        "FreeDoko rules 8.1",
        "DDV TSR 6.2.2",
    ),
    # ---- score items -----------------------------------------------------------------------
    _s("won", N_("Won."), "DDV TSR 7.2.2 a"),
    _s("below_90", N_("The losers got less than 90."), "DDV TSR 7.2.2 b"),
    _s("below_60", N_("The losers got less than 60."), "DDV TSR 7.2.2 b"),
    _s("below_30", N_("The losers got less than 30."), "DDV TSR 7.2.2 b"),
    _s("black", N_("The losers took no trick."), "DDV TSR 7.2.2 b"),
    _s("re_announced", N_("Re was announced."), "DDV TSR 7.2.2 c"),
    _s("contra_announced", N_("Contra was announced."), "DDV TSR 7.2.2 c"),
    _s("no90_announced", N_("No 90 was bid."), "DDV TSR 7.2.2 d"),
    _s("no60_announced", N_("No 60 was bid."), "DDV TSR 7.2.2 d"),
    _s("no30_announced", N_("No 30 was bid."), "DDV TSR 7.2.2 d"),
    _s("black_announced", N_("Black was bid."), "DDV TSR 7.2.2 d"),
    _s("reached_120_against_no90", N_("120 reached against a no-90 bid."), "DDV TSR 7.2.2 e"),
    _s("reached_90_against_no60", N_("90 reached against a no-60 bid."), "DDV TSR 7.2.2 e"),
    _s("reached_60_against_no30", N_("60 reached against a no-30 bid."), "DDV TSR 7.2.2 e"),
    _s("reached_30_against_black", N_("30 reached against a black bid."), "DDV TSR 7.2.2 e"),
    _s(
        "reached_150_against_call",
        N_("150 reached against a re/contra call ('selber doof')."),
        "Mittwoch rules",
    ),
    _s("reached_180_against_call", N_("180 reached against a re/contra call."), "Mittwoch rules"),
    _s("reached_210_against_call", N_("210 reached against a re/contra call."), "Mittwoch rules"),
    _s("broken_below_90", N_("The opponents missed their no-90 bid."), "Mittwoch rules"),
    _s("broken_below_60", N_("The opponents missed their no-60 bid."), "Mittwoch rules"),
    _s("broken_below_30", N_("The opponents missed their no-30 bid."), "Mittwoch rules"),
    _s("broken_black", N_("The opponents missed their black bid."), "Mittwoch rules"),
    _s(
        "announced_before_first_card",
        N_("A call before the first card ('vorab')."),
        "Mittwoch rules",
    ),
    _s("solo", N_("A declared solo won."), "DOKO 2026"),
    _s("against_solo", N_("A lone player beaten."), "FreeDoko rules 10"),
    _s("against_club_queens", N_("Contra won against the club queens."), "DDV TSR 7.2.3"),
    _s("doppelkopf", N_("A trick of 40 points or more."), "DDV TSR 7.2.3"),
    _s("fox_caught", N_("The opponents' diamond ace caught."), "DDV TSR 7.2.3"),
    _s("karlchen_last_trick", N_("The last trick won with the club jack."), "DDV TSR 7.2.3"),
    _s(
        "karlchen_caught",
        N_(
            "The opponents' club jack caught in the last trick (one point, one jack"
            " caught or both)."
        ),
        "FreeDoko rules 10.2",
    ),
    _s(
        "double_karlchen",
        N_("Both club jacks of one team in the last trick, the trick won."),
        "FreeDoko rules 10.2",
    ),
    _s(
        "double_karlchen_caught",
        N_(
            "Both club jacks of the opponents caught in the last trick (where the "
            "ruleset lists it; otherwise that is one karlchen_caught)."
        ),
        "FreeDoko rules 10.2",
    ),
    _s("fox_last_trick", N_("The last trick won with the diamond ace."), "FreeDoko rules 10.2"),
    _s(
        "double_fox_last_trick",
        N_("Both diamond aces of one team in the last trick, the trick won."),
        "DOKO 2026",
    ),
    _s("dollen_beat_dollen", N_("The second heart ten took the first."), "FreeDoko rules 10.2"),
    _s("heart_trick", N_("A trick of four hearts, none of them a trump."), "Mittwoch rules"),
    _s(
        "revoke_penalty",
        N_("Penalty points for failing to follow suit."),
        "DDV TSR 9.4.3",
        "DDV TSR 9.4.4",
        "DOKO 2026 II",
    ),
    _s(
        "revoke_lost_as_black",
        N_("Failing to follow suit: the offender's team loses black with the calls made so far."),
        "Mittwoch rules",
    ),
    _s(
        "bock",
        N_("A bock game: the value is multiplied by the bock factor."),
        "FreeDoko rules 10.3",
    ),
)

CODES: Final[dict[str, Code]] = {c.code: c for c in _CODES}
assert len(CODES) == len(_CODES), "a code is registered twice"

VIOLATIONS: Final = frozenset(c.code for c in _CODES if c.kind == "violation")
NOTES: Final = frozenset(c.code for c in _CODES if c.kind == "note")
SCORE_ITEMS: Final = frozenset(c.code for c in _CODES if c.kind == "score")


def of_kind(kind: CodeKind) -> list[Code]:
    return [c for c in _CODES if c.kind == kind]


def _house_rules_de(source: str) -> str:
    """A program's house rules the term table does not name ("jsdoppelkopf house rules"),
    in German as it names QtDoppelKopf's."""
    program, found, _ = source.partition(" house rules")
    return f"Hausregeln nach {program}" if found else source


def as_dict(code: Code) -> dict[str, object]:
    return {
        "code": code.code,
        "kind": code.kind,
        "en": code.en,
        "de": code.de,
        "sources": list(code.sources),
        "sources_de": code.sources_de,
    }
