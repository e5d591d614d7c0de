"""A generated corpus of realistic request bodies for POST /v1/games/check.

The benchmarks send it and the fast-path tests compare every answer on it with the
authoritative path. Deterministic for a seed. Random legal games of every type under
every preset, dressed as clients send them: some with player names (a few not ASCII),
an id, a claimed result (right or wrong), a ruleset with options; some stopped early,
some with a card out of turn or an unknown card.
"""

from __future__ import annotations

import json
import random
from typing import Any

from service.game.rulesets import presets
from service.generating.random_game import random_game

NAMES = ("Anna", "Ben", "Carla", "Dieter", "Jürgen", "Zoë", "Émile", "Ole", "Kai", "Sam")
OPTION_OVERRIDES: tuple[dict[str, Any], ...] = (
    {"solo_multiplier": 2}, {"announcement_skip": "free"}, {"counting": "winners_only"},
)


def games(count: int, seed: int = 1) -> list[dict[str, Any]]:
    """``count`` transcripts as JSON-ready data."""
    rng = random.Random(seed)
    rulesets = [p.ruleset for p in presets().values()]
    out = []
    for index in range(count):
        ruleset = rulesets[index % len(rulesets)]
        data = random_game(ruleset, rng, call_chance=0.06, game_types=True)
        roll = rng.random()
        if roll < 0.3:
            data["players"] = rng.sample(NAMES, 4)
        if rng.random() < 0.3:
            data["id"] = f"table-7/{index}" if rng.random() < 0.5 else index
        if rng.random() < 0.1 and data["ruleset"] == "ddv":
            data["ruleset"] = {"preset": "ddv", "options": rng.choice(OPTION_OVERRIDES)}
        _vary(data, rng)
        out.append(data)
    return out


def _vary(data: dict[str, Any], rng: random.Random) -> None:
    roll = rng.random()
    play = data["play"]
    if roll < 0.1:  # stopped early: the answer lists what may happen next
        del play[rng.randrange(1, len(play)):]
    elif roll < 0.15:  # a card out of turn
        i = rng.randrange(8, len(play) - 1)
        play[i], play[i + 1] = play[i + 1], play[i]
    elif roll < 0.17:  # an unknown card, written as a client might
        cards = [e for e in play if "card" in e]
        rng.choice(cards)["card"] = "X7"
    elif roll < 0.35:  # a claimed result, right or not
        data["claimed"] = {"winner": rng.choice(("re", "contra")), "value": rng.randrange(1, 6)}


def bodies(count: int, seed: int = 1) -> list[bytes]:
    """The transcripts as compact JSON bodies (UTF-8), as a client sends them."""
    return [json.dumps(game, ensure_ascii=False, separators=(",", ":")).encode()
            for game in games(count, seed)]
