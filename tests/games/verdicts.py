"""Assertions shared by the game-type tests (no rule logic: the expected values are
worked out in each test from the rules and passed in)."""

from __future__ import annotations

from typing import Any

from .expect import expected_items, item_totals, tricks_of
from .kinds import Deal


def assert_valid_complete(result: dict[str, Any]) -> None:
    assert result["violations"] == [], result["violations"]
    assert result["valid"] is True
    assert result["complete"] is True


def assert_game(result: dict[str, Any], **expected: Any) -> None:
    """The reported game object: every given field; re and contra compared as sets."""
    game = result["game"]
    for key, value in expected.items():
        if key in ("re", "contra"):
            assert sorted(game[key]) == sorted(value), (key, game)
        else:
            assert game.get(key) == value, (key, game)


def assert_tricks(result: dict[str, Any], deal: Deal) -> None:
    assert tricks_of(result) == deal.tricks_json()


def assert_played_as_written(result: dict[str, Any], deal: Deal, **game: Any) -> None:
    """A valid complete game, the reported game object as ``assert_game`` reads
    ``game``, and every trick as written in ``deal``."""
    assert_valid_complete(result)
    assert_game(result, **game)
    assert_tricks(result, deal)


def assert_score(result: dict[str, Any], *, card_points: tuple[int, int], winner: str | None,
                 items: list[tuple[Any, ...]], value: int, scores: list[int],
                 multiplier: int | None = None) -> None:
    """Card points (re, contra), winner, the itemized score, value and the four scores."""
    assert result["card_points"] == {"re": card_points[0], "contra": card_points[1]}
    assert result["winner"] == winner
    score = result["score"]
    assert item_totals(score) == expected_items(*items), score["items"]
    assert score["value"] == value, score
    assert list(score["scores"]) == scores, score
    if multiplier is not None:
        assert score["multiplier"] == multiplier, score


def find_violation(result: dict[str, Any], code: str | set[str], pointer: str,
                   seat: int | None = None) -> dict[str, Any]:
    """The violation with this code at this pointer (and seat, if given)."""
    codes = {code} if isinstance(code, str) else set(code)
    for v in result["violations"]:
        if v["code"] in codes and v["pointer"] == pointer and (seat is None
                                                                or v.get("seat") == seat):
            return v
    raise AssertionError(f"no {codes} at {pointer} (seat {seat}): {result['violations']}")


def assert_violation(result: dict[str, Any], code: str | set[str], pointer: str,
                     seat: int | None = None) -> None:
    find_violation(result, code, pointer, seat)
    assert result["valid"] is False


def codes_at(result: dict[str, Any]) -> set[tuple[str, str]]:
    return {(v["code"], v["pointer"]) for v in result["violations"]}
