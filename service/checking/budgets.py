"""Each route's budget of work, and the wall-clock backstop behind it (no Flask here).

A route declares its budget in one line, under its route decorator::

    @bp.post("/v1/sittings/check")
    @budgeted(SITTING_STEPS)
    def check_sitting() -> Response: ...

The view then runs under a budget of that many steps (service.game.budget: events
played, lines read, running totals written, counted from the request alone): a body
that needs more is answered 400 naming the limit, the same answer every time. Behind
it a backstop of wall-clock time: a request still running after BACKSTOP_SECONDS (the
machine overloaded, a slow client still sending) is answered 503 with Retry-After,
well before gunicorn's timeout would kill the worker and answer its own HTML 500.
tests/test_cost.py holds every POST route to having a budget.
"""

from __future__ import annotations

import functools
import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, Final, TypeVar

from service.game.budget import OverBudget, budget

from .problem import Problem

# A game: at most 200 events (the transcript's bound), played through once.
GAME_STEPS: Final = 1_000
# A sitting: 400 whole games (some 24,000 steps) or lines whose running totals name a
# few hundred players coming and going.
SITTING_STEPS: Final = 100_000
# A tournament day: some 1,600 whole transcripts of 4 MiB take about 90,000 steps.
TOURNAMENT_STEPS: Final = 250_000
# A season (service/lists/season/request.py weighs its steps): the costliest seasons
# within 300,000 steps (bench/season_cost.py's shapes cut to the budget) took 0.6-1.1 s
# of CPU on the pure core, answered in German, well under the 3 s every body is held
# to; a club's 500 days of 60 players ranked in three windows take some 70,000.
SEASON_STEPS: Final = 300_000
# gunicorn's timeout is 30 s (deploy/gunicorn.conf.py); the answer must be out before.
BACKSTOP_SECONDS: Final = 20
RETRY_AFTER_SECONDS: Final = 10

View = TypeVar("View", bound=Callable[..., Any])


class Overtime(BaseException):
    """Raised by the backstop's alarm in the request that ran too long (no Exception, so
    that no ``except Exception`` on the way, a batch's per-game one, takes it for a
    failed game and goes on)."""


def _alarm(signum: int, frame: Any) -> None:
    raise Overtime


@contextmanager
def backstop(seconds: float | None = None) -> Iterator[None]:
    """Stop the work inside after ``seconds`` (BACKSTOP_SECONDS) of wall-clock time: 503
    with Retry-After. Only in the main thread (a sync worker's), where signals arrive;
    elsewhere nothing."""
    seconds = BACKSTOP_SECONDS if seconds is None else seconds
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    if signal.getsignal(signal.SIGALRM) is not _alarm:
        signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        try:
            yield
        finally:  # a one-shot alarm: once this is done, none can come
            signal.setitimer(signal.ITIMER_REAL, 0)
    except Overtime:
        raise Problem(503, f"The request took longer than {seconds:g} seconds, the limit of "
                      "one request; send it again after Retry-After seconds, or in parts.",
                      headers={"Retry-After": str(RETRY_AFTER_SECONDS)}) from None


def budgeted(steps: int) -> Callable[[View], View]:
    """The decorated view runs under a budget of ``steps`` and the backstop."""
    def wrap(view: View) -> View:
        @functools.wraps(view)
        def run(*args: Any, **kwargs: Any) -> Any:
            with backstop(), budget(steps):
                try:
                    return view(*args, **kwargs)
                except OverBudget as over:
                    raise Problem(400, str(over)) from None
        run.budget = steps  # type: ignore[attr-defined]  # read by the fast path and tests
        return run  # type: ignore[return-value]
    return wrap


def budget_of(view: Callable[..., Any]) -> int | None:
    """The budget a view declared (None: none)."""
    steps = getattr(view, "budget", None)
    return steps if isinstance(steps, int) else None
