"""Swines and hyperswines: who holds them, showing them, and the card order they change."""

from __future__ import annotations

from service.game.cards import ACE, KING, NINE, code
from service.game.ranking import COLOUR_SOLO_SUIT, order_for
from service.game.state.base import StateBase
from service.game.text import Call, Card, Rules, Text, game_word, msg
from service.game.transcript import Event


class Swines(StateBase):
    __slots__ = ()

    hyperswines_shown: bool
    hyper_card: int  # the trump suit's nine (king without nines)
    swine_holder: int | None
    hyper_holder: int | None
    pending_show: tuple[int, int, int] | None  # (index, seat, card expected next)

    def _set_order(self) -> None:
        """The card order of this game, as the shown swines and the ruleset make it."""
        ruleset, kind = self.ruleset, self.setup.order_kind
        second = ruleset.dollen_order == "second_wins"
        if self.swines_shown and ruleset.dollen_first_wins_with_swines:
            second = False
        hyper = self.hyper_card if self.hyperswines_shown else None
        self.order = order_for(kind, dollen=ruleset.dollen, dollen_second_wins=second,
                                swines=self.swines_shown, hyperswine=hyper)
        self.cls = self.order.cls  # the classes to follow; swines do not change them
        self.last_order = self.order
        if ruleset.dollen_last_trick_reversed:
            self.last_order = order_for(kind, dollen=ruleset.dollen,
                                        dollen_second_wins=not second,
                                        swines=self.swines_shown, hyperswine=hyper)

    def _find_swine_holders(self) -> None:
        """Who holds both aces (and both hyperswine cards) of the trump suit, if anyone."""
        self.swine_holder = self.hyper_holder = None
        self.pending_show = None
        suit = COLOUR_SOLO_SUIT.get(self.setup.order_kind, COLOUR_SOLO_SUIT["diamonds"])
        self.ace = code(suit, ACE)
        self.hyper_card = code(suit, NINE if self.ruleset.with_nines else KING)
        if not self.setup.swines_possible:
            return
        for seat in range(4):
            if self.held[seat][self.ace] == 2:
                self.swine_holder = seat
            if self.held[seat][self.hyper_card] == 2:
                self.hyper_holder = seat

    def _push_show(self, index: int, event: Event) -> None:
        seat, what = event.seat, event.text
        ruleset = self.ruleset
        hyper = what == "hyperswines"
        timing = ruleset.hyperswines if hyper else ruleset.swines
        if not self.setup.swines_possible or timing == "none":
            game = game_word(self.setup.type, self.setup.solo)
            self._violation("show_not_allowed", index, seat,
                            msg("announced {what}, which {rules} do not have",
                                what=Call(what), rules=Rules(ruleset.id))
                            if timing == "none" else
                            msg("announced {what}, which {rules} do not have in {game}",
                                what=Call(what), rules=Rules(ruleset.id), game=game),
                            card=False)
            return
        holder = self.hyper_holder if hyper else self.swine_holder
        card = self.hyper_card if hyper else self.ace
        if holder != seat:
            self._violation("swines_entitlement", index, seat,
                            msg("announced {what} without holding both {card}", what=Call(what),
                                card=Card(card)), card=False)
            return
        if hyper and not self.swines_shown:
            self._violation("swines_timing", index, seat,
                            msg("announced {what} before anyone announced {swines}",
                                what=Call(what), swines=Call("swines")), card=False)
            return
        if (self.hyperswines_shown if hyper else self.swines_shown):
            self._violation("swines_timing", index, seat,
                            msg("announced {what} a second time", what=Call(what)), card=False)
            return
        late = self._show_too_late(seat, card, timing)
        if late is not None:
            self._violation("swines_timing", index, seat,
                            msg("announced {what} {when}", what=Call(what), when=late),
                            card=False)
            return
        if timing in ("at_first_swine", "at_first_hyperswine"):
            self.pending_show = (index, seat, card)
        self._activate(hyper)

    def _show_too_late(self, seat: int, card: int, timing: str) -> Text | None:
        played = 2 - self.held[seat][card]
        if timing == "before_play":
            return msg("after the first card of the game") if self.on_table else None
        if timing == "second_after_fox_won":
            if played != 1:
                return (msg("before playing the first {card}", card=Card(card)) if played == 0
                        else msg("after playing both {card}", card=Card(card)))
            fox_trick = next((t for t in self.tricks if card in t.cards and seat in t.seats), None)
            if fox_trick is None or self.team_of[fox_trick.winner] != self.team_of[seat]:
                return msg("although the own team did not win the first {card}",
                           card=Card(card))
            return None
        return msg("after playing one {card}", card=Card(card)) if played else None

    def _settle_show(self, seat: int, card: int | None) -> None:
        """At-the-first-swine: the card after the showing must be the shown card."""
        index, holder, expected = self.pending_show  # type: ignore[misc]
        self.pending_show = None
        if card is not None and (seat != holder or card != expected):  # unknown: unchecked
            self._violation("swines_timing", index, holder,
                            msg("announced {what} before another card than {card}: they are "
                                "announced with the first {card} played",
                                what=Call("swines" if expected == self.ace else "hyperswines"),
                                card=Card(expected)), card=False)

    def rank_swines(self) -> None:
        """Rank the swines highest from the first card, as if shown in time (a show
        recorded too late that the play bears out; see readings.py)."""
        if self.swine_holder is not None:
            self._activate(False)

    def _activate(self, hyper: bool) -> None:
        if hyper:
            self.hyperswines_shown = True
        else:
            self.swines_shown = True
        self._set_order()
