"""The option catalogue: every rule difference between rulebooks, typed and documented once.

Each field of :class:`Ruleset` is one option. Its metadata carries the meaning and
the allowed values; the presets (``presets/*.toml``) give each option a value, the
source it comes from and, where a source is unclear, the judgement taken.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from functools import cache
from typing import Any, Final

from service.game.text import Cite, Rules, Text, msg
from service.game.vocabulary import MARRIAGE_TRICKS, SOLO_KINDS, THROW_REASONS

SPECIAL_POINTS: Final = (
    "against_club_queens", "doppelkopf", "fox_caught", "karlchen_last_trick",
    "karlchen_caught", "double_karlchen", "double_karlchen_caught", "fox_last_trick",
    "double_fox_last_trick", "dollen_beat_dollen", "heart_trick",
)
# karlchen_caught is one point for the last trick in which the opponents catch a ♣J, one
# or both; double_karlchen_caught makes catching both worth 2 instead (seed 002 10.2 lists
# "catching Charly" and "catching both Charlies" as two options). Listed without
# karlchen_caught, it scores only the catch of both, as double_karlchen does for its own.
SWINES_TIMINGS: Final = ("none", "before_play", "at_first_swine", "before_first_swine",
                         "second_after_fox_won")
HYPERSWINES_TIMINGS: Final = ("none", "before_play", "at_first_hyperswine")
RESERVATION_KINDS: Final = ("duty_solo", "lust_solo", "solo", "poverty", "marriage")
GAME_KINDS_FOR_SPECIALS: Final = ("normal", "diamonds_solo")


def _opt(kind: str, meaning: str, *, choices: tuple[str, ...] = (), length: int = 0,
         level: str = "game") -> Any:
    """An option's metadata; ``level`` "sitting" marks an option that only a list of
    games can apply (rotation, duty solos, bock rounds), never a single check."""
    return field(metadata={"kind": kind, "meaning": meaning, "choices": choices,
                           "length": length, "level": level})


@dataclass(frozen=True, slots=True)
class Ruleset:
    """A complete set of option values. Build one with :func:`service.game.rulesets.resolve`."""

    id: str = field(metadata={"kind": "id"})

    # The pack and the card order
    with_nines: bool = _opt("bool", "Play with 48 cards (true) or 40 without the nines (false).")
    dollen: bool = _opt("bool", "The two ♥10 are the highest plain trumps of a normal game.")
    dollen_order: str = _opt(
        "enum", "Which of two ♥10 in one trick wins.", choices=("first_wins", "second_wins"))
    dollen_last_trick_reversed: bool = _opt(
        "bool", "The ♥10 order flips in the last trick.")
    dollen_first_wins_with_swines: bool = _opt(
        "bool", "With swines shown, the first ♥10 wins whatever dollen_order says.")
    swines: str = _opt(
        "enum", "Both ♦A in one hand rank above everything, shown at this time.",
        choices=SWINES_TIMINGS)
    swines_in_color_solo: bool = _opt("bool", "Swines exist in colour solos.")
    swines_in_poverty: bool = _opt("bool", "Swines exist in a poverty.")
    hyperswines: str = _opt(
        "enum", "Both ♦9 (♦K without nines) rank above the swines, shown at this time.",
        choices=HYPERSWINES_TIMINGS)

    # Reservations and game types
    solos: tuple[str | tuple[str, ...], ...] = _opt(
        "ranked", "The solo kinds allowed, highest rank first; a list inside the list holds "
        "kinds of equal rank.", choices=SOLO_KINDS)
    solo_precedence: str = _opt(
        "enum", "Which of several solos is played.",
        choices=("seat", "rank_then_seat", "bid_then_rank_then_seat"))
    soloist_leads: str = _opt(
        "enum", "When the soloist leads the first trick.",
        choices=("always", "duty_only", "never"))
    reservation_priority: tuple[str, ...] = _opt(
        "list", "Reservation kinds from the highest to the lowest.", choices=RESERVATION_KINDS)
    marriage_partner_rules: tuple[str, ...] = _opt(
        "list", "Partner rules a bride may choose (the kind of trick that decides).",
        choices=MARRIAGE_TRICKS)
    marriage_nth_allowed: bool = _opt(
        "bool", "The bride may name the 2nd, 3rd … such trick instead of the first.")
    marriage_deciding_tricks: int = _opt(
        "int", "Tricks after which a bride without a partner plays a ♦ solo.")
    poverty: str = _opt(
        "enum", "What a player with few trumps may do.", choices=("none", "redeal", "pass"))
    poverty_max_trumps: int = _opt("int", "A poverty is allowed with at most this many trumps.")
    poverty_returned_trumps: str = _opt(
        "enum", "What the taker says about the trumps returned.",
        choices=("count", "whether", "nothing"))
    throw: tuple[str, ...] = _opt(
        "list", "Reasons for which a hand may be thrown in (redeal).", choices=THROW_REASONS)
    throw_minimums: tuple[int, ...] = _opt(
        "ints", "Minimums for the throw reasons: nines, kings, nines and kings together "
        "(cards held), richness (card points held).", length=4)

    # Announcements
    announcement_clock: str = _opt(
        "enum", "Deadlines are counted in cards the announcer still holds (hand) "
        "or in cards on the table (table).", choices=("hand", "table"))
    # Deadlines are stated for the ruleset's own pack. A ruleset that changes its base's
    # with_nines and states no deadlines of its own (request options, a house ruleset file)
    # gets the base's deadlines counted in the hand moved by the difference in hand size
    # (12 and 10 cards: two fewer without the nines, two more with them), so that each
    # still stands for the same trick (seed 002 8.1: re/contra "till the player has played
    # his card of the second trick", 11 of 12 cards and 9 of 10; DDV TSR 6.2.2 calls the
    # first trick the "Freistich"); a note says so (rulesets.moved_deadlines). Deadlines
    # counted on the table are kept: the n-th card on the table falls in the same trick in
    # either pack (seed 003: re/contra "spätestens nach dem Fall der 5. Karte", the first
    # card of the second trick, "die weiteren Ansagen jeweils eine Runde später").
    announcement_deadlines: tuple[int, ...] = _opt(
        "ints", "Deadlines of re/contra, no90, no60, no30, black: hand = at least this many "
        "cards in the announcer's hand; table = at most this many cards played.", length=5)
    announcement_reply: str = _opt(
        "enum", "How much later a reply (re to contra, contra to re) may come than the "
        "deadline it is counted from (announcement_reply_from).",
        choices=("one_card", "one_round", "none"))
    announcement_reply_from: str = _opt(
        "enum", "The deadline a reply is counted from: the opponents' latest call "
        "(opponents_call) or the replying team's own re/contra (own_call).",
        choices=("opponents_call", "own_call"))
    announcement_skip: str = _opt(
        "enum", "Skipping levels: in_time_levels (each skipped level must still be in time), "
        "free (up to the called level's deadline), none (re/contra first).",
        choices=("in_time_levels", "free", "none"))
    marriage_shifts_deadlines: bool = _opt(
        "bool", "Deadlines move later by the tricks a marriage needed to decide.")
    re_or_contra_before_partner: bool = _opt(
        "bool", "The 're_or_contra' call is allowed while a marriage is undecided.")

    # Scoring
    re_contra_scoring: str = _opt(
        "enum", "Re and contra are worth +2 each (add_2) or double the value each (double).",
        choices=("add_2", "double"))
    re_needs_121_against_lone_contra: bool = _opt(
        "bool", "Re needs 121 even where only contra was announced.")
    broken_bid_scoring: str = _opt(
        "enum", "How a bid the bidding team missed is scored.", choices=("ddv", "stakes"))
    reached_against_bid_points: str = _opt(
        "enum", "The '120 against no 90' items (ddv), extended to '150 against re' "
        "(selber_doof).", choices=("ddv", "selber_doof"))
    early_announcement_bonus: bool = _opt(
        "bool", "An announcement made before its minimum card count is worth 2.")
    before_first_card_bonus: bool = _opt(
        "bool", "+1 for an announcement before the very first card ('vorab').")
    solo_bonus: bool = _opt("bool", "A declared solo is worth +1 for its winner.")
    against_solo_bonus: bool = _opt(
        "bool", "Beating a lone player (a solo, a silent or lone marriage) is worth +1.")
    special_points: tuple[str, ...] = _opt(
        "list", "Special points that count.", choices=SPECIAL_POINTS)
    special_points_in: tuple[str, ...] = _opt(
        "list", "Game kinds in which special points count.", choices=GAME_KINDS_FOR_SPECIALS)
    counting: str = _opt(
        "enum", "How the game value becomes the four seats' scores.",
        choices=("plus_minus", "winners_only", "losers_only"))
    solo_multiplier: int = _opt("int", "The soloist's factor on the game value.")
    revoke_penalty: str = _opt(
        "enum", "What failing to follow suit costs.",
        choices=("ddv", "lost_as_black", "offender_loses_others_plus_5", "none"))

    # A sitting (several games); kept here so that one catalogue serves both
    duty_solos_per_player: int = _opt(
        "int", "Duty solos each player owes per duty_solo_period.", level="sitting")
    duty_solo_period: str = _opt(
        "enum", "Duty solos are owed per round (each list starts afresh) or over the whole "
        "sitting (a list may continue an earlier one: owed_at_start).",
        choices=("round", "sitting"), level="sitting")
    games_per_round: int = _opt(
        "int", "Games in a round at a table of four, redeals not counted (0: no count, an "
        "evening goes on as long as the table plays).", level="sitting")
    games_per_round_at_five: int = _opt(
        "int", "Games in a round at a table of five (0: no count).", level="sitting")
    dealer_repeats_after_duty_solo: bool = _opt(
        "bool", "After a duty solo (not a forced one) the same dealer deals again.",
        level="sitting")
    dealer_repeats_after_lust_solo: bool = _opt(
        "bool", "After a lust solo the same dealer deals again.", level="sitting")
    lust_solo_before_duty_solo: bool = _opt(
        "bool", "A player who still owes a duty solo may play a lust solo (false: any solo "
        "of his is his duty solo).", level="sitting")
    forced_duty_solo: bool = _opt(
        "bool", "When the duty solos still owed are at least the games left (the game being "
        "dealt counted), the first player owing one from the dealer's left must play it "
        "('vorgeführt').", level="sitting")
    missed_duty_solo_penalty: int = _opt(
        "int", "Points taken from a player's total for each duty solo not played in a "
        "finished round (0: a duty solo not played is a violation instead).", level="sitting")
    even_odd_rule: bool = _opt(
        "bool", "Under plus-minus counting at a table of four, the four entries of a line "
        "are all even or all odd (a solo's penalty of ±3, ±15, ±21 excepted).",
        level="sitting")
    bock_rounds: bool = _opt("bool", "Bock rounds (doubled games) are played: after a game "
                             "with one of the bock_after_* events, as many bock games as "
                             "there are players at the table.", level="sitting")
    bock_factor: int = _opt("int", "The multiplier of a bock game.", level="sitting")
    bock_overlap: str = _opt(
        "enum", "A bock round started during another: its games multiply the factor again "
        "(multiply) or follow the games already owed (queue).",
        choices=("multiply", "queue"), level="sitting")
    bock_after_tie: bool = _opt(
        "bool", "A game that ends 120:120 in card points starts a bock round.", level="sitting")
    bock_after_lost_solo: bool = _opt(
        "bool", "A declared solo the soloist loses starts a bock round.", level="sitting")
    bock_after_lost_re: bool = _opt(
        "bool", "A game in which re was announced and the re team lost starts a bock round.",
        level="sitting")
    bock_after_lost_contra: bool = _opt(
        "bool", "A game in which contra was announced and the contra team lost starts a bock "
        "round.", level="sitting")
    bock_after_heart_trick: bool = _opt(
        "bool", "A game that is no solo with a heart trick (four hearts, none of them a trump "
        "of the game) starts a bock round.", level="sitting")
    bock_after_black: bool = _opt(
        "bool", "A game in which one team took no trick starts a bock round.", level="sitting")

    # House rules of score-keeping programs (QtDoppelKopf); off in every preset
    bock_rounds_per_event: bool = _opt(
        "bool", "Each bock event of a game opens a bock round of its own: a lost solo that "
        "ends 120:120 opens two (false: a game opens at most one round, however many "
        "events it has).", level="sitting")
    bock_cap: int = _opt(
        "int", "At most this many bock rounds stack on one game under bock_overlap "
        "multiply (0: no cap); a round beyond the cap is deferred, its games being the "
        "next ones with fewer rounds stacked.", level="sitting")
    bock_round_length: str = _opt(
        "enum", "A bock round lasts one game per player at the table (games: every game "
        "but a redeal uses one up) or one deal per player (deals: a game after which the "
        "same player deals again uses none up).", choices=("games", "deals"),
        level="sitting")
    bock_lone_bride_is_soloist: bool = _opt(
        "bool", "A bride who plays alone (no partner found, or a silent marriage) is a "
        "soloist for the bock rounds: her lost game opens one as a lost solo, and a heart "
        "trick in it opens none.", level="sitting")
    sit_out_at_six: int = _opt(
        "int", "At a table of six, the player who sits out besides the dealer, counted "
        "clockwise from the dealer (the dealer 0, his left neighbour 1 ... 5).",
        level="sitting")
    sit_out_at_seven: tuple[int, ...] = _opt(
        "ints", "At a table of seven, the two players who sit out besides the dealer, "
        "counted clockwise from the dealer (1 to 6).", length=2, level="sitting")
    mandatory_solo_rounds: bool = _opt(
        "bool", "A list may mark the start of a mandatory solo round ('Pflichtsolorunde'): "
        "one game per player at the table, each a solo of a player who has not yet played "
        "his in it, in any order; its games are no bock games and no duty solos, the deal "
        "moves on after each, and the bock games still owed follow it.", level="sitting")
    table_changes: bool = _opt(
        "bool", "Players may come and go: a game of the list may say who sits at the table "
        "from it on (four to seven) and be dealt by any of them; the rotation, the players "
        "sitting out, the duty solos owed and the length of each bock round follow the "
        "table.", level="sitting")

    # Derived, not an option: set once by rulesets._build (see service.game.digest).
    digest: str = field(default="", compare=False, repr=False, metadata={"kind": "id"})
    # Derived, not an option: where the deadlines were moved with the pack, what the note
    # of each checked game says (see rulesets.moved_deadlines); empty otherwise.
    deadlines_note: str = field(default="", compare=False, repr=False,
                                metadata={"kind": "id"})

    def solo_rank(self, kind: str | None) -> int | None:
        """The rank of a solo kind in ``solos`` (0 is the highest), None if not allowed."""
        return _solo_ranks(self.solos).get(kind)  # type: ignore[arg-type]

    def solo_kinds(self) -> tuple[str, ...]:
        """The allowed solo kinds, highest rank first."""
        return tuple(_solo_ranks(self.solos))


@cache
def _solo_ranks(solos: tuple[str | tuple[str, ...], ...]) -> dict[str, int]:
    return {kind: rank for rank, entry in enumerate(solos)
            for kind in ((entry,) if isinstance(entry, str) else entry)}


CATALOGUE: Final[dict[str, dict[str, Any]]] = {
    f.name: dict(f.metadata) for f in fields(Ruleset) if f.metadata.get("kind") != "id"
}


def moved_deadlines_text(ruleset: Ruleset) -> Text:
    """Seed 002 8.1: a deadline counted in cards in hand stands for a trick; the base's
    deadlines moved with the pack (service.game.rulesets.moved_deadlines)."""
    size = 12 if ruleset.with_nines else 10
    step = 2 if ruleset.with_nines else -2
    new = ruleset.announcement_deadlines
    listed = "/".join(map(str, new))
    old = "/".join(str(limit - step) for limit in new)
    said = {"rules": Rules(ruleset.id), "old": old, "base": size - step, "size": size,
            "new": listed, "cite": Cite(ruleset.id, "FreeDoko rules 8.1")}
    return (msg("The announcement deadlines of {rules} ({old} cards in hand) are meant for "
                "{base} cards a hand. These rules play with the nines, {size} cards a hand, "
                "so they are {new}, each for the same trick{cite}. Deadlines given with the "
                "options are taken as written.", **said) if ruleset.with_nines else
            msg("The announcement deadlines of {rules} ({old} cards in hand) are meant for "
                "{base} cards a hand. These rules play without the nines, {size} cards a "
                "hand, so they are {new}, each for the same trick{cite}. Deadlines given "
                "with the options are taken as written.", **said))
