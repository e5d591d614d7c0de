"""prometheus-client's multiprocess mode under gunicorn: the metrics directory's upkeep.

With ``PROMETHEUS_MULTIPROC_DIR`` set (deploy/gunicorn.conf.py sets it), every worker
writes its counters and histograms to its own memory-mapped files in that directory
(``counter_<pid>.db``, ``histogram_<pid>.db``) and ``GET /metrics`` sums the files of
all workers, live and dead. Left alone, every recycled worker (``max_requests``) would
leave its files behind for good: the directory (a memory-backed emptyDir of 16 MiB in
Kubernetes) would fill and every scrape would read more files. So when a worker exits,
the master folds its files into one archive file per metric type and deletes them:
the totals stay the same and the directory holds one file per type and live worker.

A file lock keeps a scrape from reading while files are folded, so a scrape never
sees a dead worker's counts twice (archive and file) or not at all, which Prometheus
would take for a counter reset. Only the gunicorn master (on_starting, child_exit,
on_exit) and ``/metrics`` take the lock; the request path never does.

A full directory (the emptyDir's 16 MiB used up) costs metrics only. prometheus-client
grows a file by truncating it larger and maps it: on a full tmpfs the new pages have no
memory behind them and the first write to one is a SIGBUS, which killed the worker and
then the master folding its files. :class:`SafeMmapedDict` reserves the blocks first
(``posix_fallocate``), so a full or read-only directory is an OSError instead: the app
counts it as a metrics failure (logged once per process, the request answered), the
master's hooks log it. Importing this module puts it in prometheus-client's place.

A file that cannot be read (empty, as a worker leaves it whose first reservation
failed, or cut short) costs its own counts only: a scrape skips it and logs it once,
the master deletes it when its worker is gone, and the worker deletes an empty file it
could not reserve at once.

Plain prometheus-client and the standard library: imported by the gunicorn master.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import glob
import json
import logging
import os
import re
import shutil
import struct
from collections.abc import Iterable, Iterator

from prometheus_client import CollectorRegistry, values
from prometheus_client.metrics_core import Metric
from prometheus_client.mmap_dict import _INITIAL_MMAP_SIZE, MmapedDict, mmap_key
from prometheus_client.multiprocess import MultiProcessCollector, mark_process_dead

ENV = "PROMETHEUS_MULTIPROC_DIR"
LOCK_FILE = ".lock"
ARCHIVE = "archive"  # counter_archive.db: the collector reads the type from the prefix
# Metric types whose per-process files are summed; their dead workers' counts must stay.
# (Gauges are not used here; a live gauge's files go with mark_process_dead.)
SUMMED_TYPES = ("counter", "histogram", "summary")
# counter_123.db, gauge_livesum_123.db, histogram_archive.db, and a fold's partial file
METRICS_FILE = re.compile(r"(counter|histogram|summary|gauge_[a-z]+)_(\d+|archive)\.db(\.tmp)?")


def _reserve(fd: int, size: int) -> None:
    """Give the file ``size`` bytes of real blocks, or raise OSError (ENOSPC, EROFS ...)."""
    fallocate = getattr(os, "posix_fallocate", None)
    if fallocate is not None:
        try:
            fallocate(fd, 0, size)
            return
        except OSError as error:
            if error.errno not in (errno.EOPNOTSUPP, errno.EINVAL, errno.ENOSYS):
                raise
    # no fallocate here (another OS, a file system without it): write the zeros
    end = os.fstat(fd).st_size
    if end < size:
        os.pwrite(fd, bytes(size - end), end)


class SafeMmapedDict(MmapedDict):
    """prometheus-client's file of values, its blocks reserved before they are mapped."""

    def __init__(self, filename: str, read_mode: bool = False):
        if not read_mode:
            fd = os.open(filename, os.O_RDWR | os.O_CREAT, 0o600)
            try:
                _reserve(fd, max(os.fstat(fd).st_size, _INITIAL_MMAP_SIZE))
            except OSError:
                if os.fstat(fd).st_size == 0:  # this process's own file, never written
                    with contextlib.suppress(OSError):
                        os.remove(filename)
                raise
            finally:
                os.close(fd)
        super().__init__(filename, read_mode)

    def _init_value(self, key: str) -> None:
        encoded = key.encode("utf-8")
        size = 4 + len(encoded) + (8 - (len(encoded) + 4) % 8) + 16  # as the parent packs it
        capacity = self._capacity
        while self._used + size > capacity:
            capacity *= 2
        if capacity != self._capacity:
            _reserve(self._f.fileno(), capacity)  # the parent then truncates to the same
        super()._init_value(key)


# The values of every metric of this process (workers; the master folds with it too).
values.MmapedDict = SafeMmapedDict  # type: ignore[misc]

# Each value asks for the process id on every change, to notice a fork (and start files
# of its own): os.getpid() is a system call, three per request. Kept here instead, and
# renewed in every forked child.
_pid = os.getpid()


def _forked() -> None:
    global _pid
    _pid = os.getpid()


def process_id() -> int:
    """This process's id, as os.getpid() says it, without the system call."""
    return _pid


os.register_at_fork(after_in_child=_forked)
if getattr(values.ValueClass, "_multiprocess", False):
    values.ValueClass = values.MultiProcessValue(process_identifier=process_id)


@contextlib.contextmanager
def locked(path: str, *, exclusive: bool) -> Iterator[None]:
    fd = os.open(os.path.join(path, LOCK_FILE), os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH)
        yield
    finally:
        os.close(fd)  # closing releases the lock


# What reading a damaged file raises: a short read (struct), a length past its end
# (RuntimeError), a key that is no UTF-8 or no JSON key of prometheus-client's.
UNREADABLE = (OSError, struct.error, RuntimeError, UnicodeDecodeError, ValueError)
_log = logging.getLogger("doko.metrics")
_skipped: set[str] = set()  # the damaged files this process has logged


def readable(name: str) -> bool:
    """Whether prometheus-client can read the file ``name`` whole (an empty file, say,
    cannot: it has no header)."""
    try:
        for key, _, _, _ in MmapedDict.read_all_values_from_file(name):
            if len(json.loads(key)) != 4:
                return False
    except UNREADABLE:
        return False
    return True


def _readable_files(path: str) -> list[str]:
    found = []
    for name in sorted(glob.glob(os.path.join(path, "*.db"))):
        if readable(name):
            found.append(name)
        elif name not in _skipped and os.path.exists(name):  # not one just folded
            _skipped.add(name)
            _log.warning("metrics file %s cannot be read (empty or cut short): its "
                         "counts are left out until its worker is gone", name)
    return found


class LockedCollector(MultiProcessCollector):
    """The multiprocess collector, reading while no worker's files are being folded,
    and only the files that can be read."""

    def collect(self) -> Iterable[Metric]:
        with locked(self._path, exclusive=False):
            return list(self.merge(_readable_files(self._path), accumulate=True))


def registry(path: str) -> CollectorRegistry:
    """A registry that sums the files of every process in ``path`` (one per scrape)."""
    found = CollectorRegistry()
    LockedCollector(found, path)
    return found


def prepare(path: str) -> None:
    """Create the directory and drop files of an earlier run (gunicorn's on_starting).

    Only prometheus-client's files go, should the directory hold anything else.
    """
    os.makedirs(path, mode=0o700, exist_ok=True)
    with locked(path, exclusive=True):
        for name in os.listdir(path):
            if METRICS_FILE.fullmatch(name):
                os.remove(os.path.join(path, name))


def process_exited(pid: int, path: str) -> list[str]:
    """Fold an exited worker's files into the archives (gunicorn's child_exit); its
    files that cannot be read are deleted instead: their names, for the master's log."""
    mark_process_dead(pid, path)
    dropped = []
    with locked(path, exclusive=True):
        for kind in SUMMED_TYPES:
            dead = os.path.join(path, f"{kind}_{pid}.db")
            if not os.path.exists(dead):
                continue
            if readable(dead):
                _fold(dead, os.path.join(path, f"{kind}_{ARCHIVE}.db"))
            else:
                os.remove(dead)
                dropped.append(dead)
    return dropped


def _fold(dead: str, archive: str) -> None:
    # an archive that cannot be read (it never should: it is replaced whole) is replaced
    sources = [name for name in (archive, dead) if os.path.exists(name) and readable(name)]
    # accumulate=False: buckets stay per bucket, as the collector expects them in a file
    merged = MultiProcessCollector.merge(sources, accumulate=False)
    partial = archive + ".tmp"  # not *.db, so a scrape never reads it
    with contextlib.suppress(FileNotFoundError):
        os.remove(partial)
    out = SafeMmapedDict(partial)
    try:
        for metric in merged:
            for sample in metric.samples:
                key = mmap_key(metric.name, sample.name, list(sample.labels),
                               list(sample.labels.values()), metric.documentation)
                out.write_value(key, sample.value, 0.0)
    finally:
        out.close()
    os.replace(partial, archive)
    os.remove(dead)


def remove(path: str) -> None:
    """Delete the directory (gunicorn's on_exit, for the directory it chose itself)."""
    shutil.rmtree(path, ignore_errors=True)
