"""A request's budget of work, counted in steps that depend on the request alone (a
game's events played through, a list's lines and the running totals they write), so
that one body always gets the same answer, whatever the machine or its load.

The core spends steps where work grows with more than the body's size could show
(:func:`spend`); a caller that runs it under :func:`budget` has it stopped with
:class:`OverBudget` once the steps pass the limit. Without a budget (the library, the
command line) nothing is counted.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from service.game.errors import DokoError


class OverBudget(DokoError):
    """The request needs more steps of work than its budget."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        super().__init__(f"Checking this request takes more than {limit} steps (events "
                         "played, lines read, running totals written), the limit of "
                         "this route; send it in parts.")


class Budget:
    __slots__ = ("left", "limit")

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.left = limit


_current: ContextVar[Budget | None] = ContextVar("doko_budget", default=None)


def spend(steps: int) -> None:
    """Count ``steps`` of work against the budget in force, if any."""
    current = _current.get()
    if current is not None:
        current.left -= steps
        if current.left < 0:
            raise OverBudget(current.limit)


@contextmanager
def budget(limit: int) -> Iterator[Budget]:
    """Work under a budget of ``limit`` steps (nested: the inner one counts)."""
    current = Budget(limit)
    token = _current.set(current)
    try:
        yield current
    finally:
        _current.reset(token)
