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

Plain prometheus-client and the standard library: imported by the gunicorn master.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import re
import shutil
from collections.abc import Iterable, Iterator

from prometheus_client import CollectorRegistry
from prometheus_client.metrics_core import Metric
from prometheus_client.mmap_dict import MmapedDict, mmap_key
from prometheus_client.multiprocess import MultiProcessCollector, mark_process_dead

ENV = "PROMETHEUS_MULTIPROC_DIR"
LOCK_FILE = ".lock"
ARCHIVE = "archive"  # counter_archive.db: the collector reads the type from the prefix
# Metric types whose per-process files are summed; their dead workers' counts must stay.
# (Gauges are not used here; a live gauge's files go with mark_process_dead.)
SUMMED_TYPES = ("counter", "histogram", "summary")
# counter_123.db, gauge_livesum_123.db, histogram_archive.db, and a fold's partial file
METRICS_FILE = re.compile(r"(counter|histogram|summary|gauge_[a-z]+)_(\d+|archive)\.db(\.tmp)?")


@contextlib.contextmanager
def locked(path: str, *, exclusive: bool) -> Iterator[None]:
    fd = os.open(os.path.join(path, LOCK_FILE), os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH)
        yield
    finally:
        os.close(fd)  # closing releases the lock


class LockedCollector(MultiProcessCollector):
    """The multiprocess collector, reading while no worker's files are being folded."""

    def collect(self) -> Iterable[Metric]:
        with locked(self._path, exclusive=False):
            return list(super().collect())


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


def process_exited(pid: int, path: str) -> None:
    """Fold an exited worker's files into the archives (gunicorn's child_exit)."""
    mark_process_dead(pid, path)
    with locked(path, exclusive=True):
        for kind in SUMMED_TYPES:
            dead = os.path.join(path, f"{kind}_{pid}.db")
            if os.path.exists(dead):
                _fold(dead, os.path.join(path, f"{kind}_{ARCHIVE}.db"))


def _fold(dead: str, archive: str) -> None:
    sources = [name for name in (archive, dead) if os.path.exists(name)]
    # accumulate=False: buckets stay per bucket, as the collector expects them in a file
    merged = MultiProcessCollector.merge(sources, accumulate=False)
    partial = archive + ".tmp"  # not *.db, so a scrape never reads it
    with contextlib.suppress(FileNotFoundError):
        os.remove(partial)
    out = MmapedDict(partial)
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
