"""The core's :class:`CheckResult` as the JSON answer of the contract.

Plain dict building, as this runs on every check; tuples are left to the JSON encoder.
Fields the contract marks optional are left out when empty rather than sent as null.
Where the request named the players, every object that carries a ``seat`` also
carries that seat's ``name``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from service.game.cards import card_names
from service.game.version import VERSION
from service.game.words import say

if TYPE_CHECKING:  # the result imports this module to print itself
    from service.game.result import CheckResult, GameInfo, LegalActions, Score

Names = tuple[str, ...] | None


def _seated(seat: int | None, names: Names) -> dict[str, Any]:
    if names is not None and seat is not None:
        return {"seat": seat, "name": names[seat]}
    return {"seat": seat}


def _game(game: GameInfo | None) -> dict[str, Any] | None:
    if game is None:
        return None
    out: dict[str, Any] = {"type": game.type}
    if game.declarer is not None:
        out["declarer"] = game.declarer
    if game.solo is not None:
        out["solo"] = game.solo
    if game.partner is not None:
        out["partner"] = game.partner
    if game.deciding_trick is not None:
        out["deciding_trick"] = game.deciding_trick
    out["re"] = game.re
    out["contra"] = game.contra
    return out


def _score(score: Score | None, names: Names) -> dict[str, Any] | None:
    if score is None:
        return None
    items = []
    for code, team, points, trick, seat, factor in score.items:  # a ScoreItem, unpacked
        entry: dict[str, Any] = {"code": code, "team": team, "points": points}
        if trick is not None:
            entry["trick"] = trick
        if seat is not None:
            entry |= _seated(seat, names)
        if factor is not None:
            entry["factor"] = factor
        items.append(entry)
    return {"items": items, "multiplier": score.multiplier, "value": score.value,
            "scores": score.scores}


def _legal_actions(actions: LegalActions, names: Names) -> dict[str, Any]:
    return {
        **_seated(actions.seat, names),
        "cards": actions.cards,
        "announcements": [{**_seated(a.seat, names), "calls": a.calls}
                          for a in actions.announcements],
    }


def render(result: CheckResult, lang: str = "en") -> dict[str, Any]:
    """The answer, its messages said in ``lang`` ("en" or "de")."""
    names = result.players
    out: dict[str, Any] = {}
    if result.id is not None:
        out["id"] = result.id
    out["valid"] = result.valid
    out["complete"] = result.complete
    out["ruleset"] = result.ruleset
    if names is not None:
        out["players"] = names
    out["violations"] = [
        {"code": x.code, "pointer": x.pointer, **_seated(x.seat, names),
         "message": say(x.text, lang, names)}
        for x in result.violations]
    out["notes"] = [{"code": x.code, **_seated(x.seat, names),
                     "message": say(x.text, lang, names)}
                    for x in result.notes]
    out["game"] = _game(result.game)
    # Straight from the replay's tricks (no PlayedTrick), each unpacked at once: cheaper
    # than reading a named tuple's fields one by one.
    unknown = result.unknown_cards
    out["tricks"] = [{"leader": leader, "cards": card_names(number, cards, unknown),
                      "winner": winner, "points": points}
                     for number, (leader, _, cards, winner, _, points, _)
                     in enumerate(result.trick_record)]
    announcements = []
    for a in result.announcements:
        entry = {**_seated(a.seat, names), "team": a.team, "call": a.call, "pointer": a.pointer}
        if a.implied:
            entry["implied"] = a.implied
        announcements.append(entry)
    out["announcements"] = announcements
    out["card_points"] = dict(result.card_points) if result.card_points is not None else None
    out["winner"] = result.winner
    out["score"] = _score(result.score, names)
    if result.claimed is not None:
        out["claimed"] = {
            "agrees": result.claimed.agrees,
            "differences": [{"field": d.field, "claimed": d.claimed, "computed": d.computed}
                            for d in result.claimed.differences]}
    if result.legal_actions is not None:
        out["legal_actions"] = _legal_actions(result.legal_actions, names)
    out["service_version"] = VERSION
    out["ruleset_digest"] = result.ruleset_digest
    return out
