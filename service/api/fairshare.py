"""Batches take turns: at most a few batch requests at a time in one server.

A sync worker answers one request at a time, and a maximal batch keeps it busy for
seconds. Were every worker of a pod on a batch, single checks would wait behind them;
so a batch first takes one of ``DOKO_BATCH_CONCURRENCY`` slots (default 1) shared by
the server's workers, and with none free it is answered 503 with ``Retry-After`` at
once: its body is read (and dropped, not parsed), so that the client reads the answer
rather than a reset connection, and gunicorn does not linger on the socket. The other
workers keep answering single checks.

A slot is an exclusive ``flock`` on a file of its own (a lock belongs to the open
file, so each request opens the files anew; the kernel drops a lock whose worker
died). The files lie in the metrics directory of the gunicorn server (removed at exit)
or else in the temp dir, named by the process that created the app: with
``preload_app`` the master, whose workers then share them.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import tempfile
from collections.abc import Iterator

from service.checking.problem import Problem

ENV = "DOKO_BATCH_CONCURRENCY"
BATCH_SLOTS = "doko.batch_slots"  # the app's BatchSlots, in app.extensions
DEFAULT_SLOTS = 1
RETRY_AFTER_SECONDS = 2  # a maximal batch takes about a second (README, Limits)


def slots_from_environment() -> int:
    raw = os.environ.get(ENV, "").strip()
    if not raw:
        return DEFAULT_SLOTS
    value = int(raw)  # a malformed value stops the start, not guessed around
    if value < 0:
        raise ValueError(f"{ENV} must be 0 (no limit) or more, got {raw!r}")
    return value


class BatchSlots:
    """``count`` slots for batch requests across the processes forked from this one;
    ``count`` 0: no limit."""

    def __init__(self, count: int, directory: str | None = None) -> None:
        self.count = count
        directory = directory or os.environ.get("PROMETHEUS_MULTIPROC_DIR") or \
            tempfile.gettempdir()
        self.paths = [os.path.join(directory, f"doko-batch-{os.getpid()}-{i}.lock")
                      for i in range(count)]

    def take(self) -> contextlib.AbstractContextManager[None] | None:
        """A free slot, held until the returned context exits; None if none is free."""
        if not self.count:
            return contextlib.nullcontext()
        for path in self.paths:
            fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                os.close(fd)
                continue
            return _Slot(fd)
        return None

    def busy(self) -> Problem:
        """The 503 problem of a batch that found no free slot."""
        return Problem(503, f"All of the server's batch slots ({self.count}) are taken; send "
                       "this one again after Retry-After seconds. Single checks are "
                       "answered meanwhile.",
                       headers={"Retry-After": str(RETRY_AFTER_SECONDS)})

    @contextlib.contextmanager
    def held(self) -> Iterator[None]:
        """Hold a free slot for the block; a 503 :class:`Problem` if none is free."""
        slot = self.take()
        if slot is None:
            raise self.busy()
        with slot:
            yield


class _Slot(contextlib.AbstractContextManager[None]):
    """A slot taken: its locked file, closed (the lock released) on exit."""

    def __init__(self, fd: int) -> None:
        self.fd = fd

    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> None:
        os.close(self.fd)
