"""The rulesets the game-type fixtures are played under: the shipped presets ``ddv``,
``freedoko`` (seed 002), ``mittwoch`` (seed 003) and ``doko2026`` (seed 004), optionally
with single options overridden (a custom ruleset over the preset)."""

from __future__ import annotations

from typing import Any


def ruleset(name: str, **options: Any) -> Any:
    """The ruleset spec for a request: the preset id, or the preset with ``options``."""
    return {"preset": name, "options": options} if options else name
