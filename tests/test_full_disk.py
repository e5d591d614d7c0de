"""A full metrics directory costs at most metrics, never a request and never the master.

prometheus-client keeps each worker's metrics in memory-mapped files that it grows by
truncating them larger: on a full tmpfs the grown pages have no memory behind them, and
the first write to one is a SIGBUS. It killed the worker that wrote, and then the
gunicorn master itself as it folded the dead worker's files (exit 135): the whole server
gone after one request. The files are now reserved before they are mapped
(service/api/multiproc.py), so a full directory is an OSError, which the app and the
master's hooks catch and log.
"""

from __future__ import annotations

import errno
import os
import shutil
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from service.api import multiproc

ROOT = Path(__file__).resolve().parents[1]
VENV_BIN = Path(sys.executable).parent


def status_of(url: str, data: bytes | None = None) -> int:
    request = urllib.request.Request(url, data=data, headers={
        "Content-Type": "application/json"} if data is not None else {})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            response.read()
            return response.status
    except urllib.error.HTTPError as error:
        error.read()
        return error.code


def _get(url: str) -> str:
    with urllib.request.urlopen(url, timeout=10) as response:
        return response.read().decode()


def test_a_full_directory_is_an_oserror_not_a_sigbus(tmp_path, monkeypatch):
    """The simulation: the file system refuses to reserve blocks (ENOSPC)."""
    def full(fd: int, offset: int, length: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "posix_fallocate", full)
    with pytest.raises(OSError) as refused:
        multiproc.SafeMmapedDict(str(tmp_path / "counter_1.db"))
    assert refused.value.errno == errno.ENOSPC


def test_a_safe_file_grows_and_reads_back(tmp_path):
    path = str(tmp_path / "counter_1.db")
    data = multiproc.SafeMmapedDict(path)
    for i in range(3000):  # some 300 KB of keys: grown several times
        data.write_value(f"key-{i:05d}-" + "x" * 80, float(i), 0.0)
    data.close()
    values = {k: v for k, v, _, _ in multiproc.SafeMmapedDict.read_all_values_from_file(path)}
    assert len(values) == 3000 and values["key-02999-" + "x" * 80] == 2999.0
    assert os.stat(path).st_blocks * 512 >= os.stat(path).st_size  # reserved, not sparse


def test_the_multiprocess_values_use_the_safe_files():
    from prometheus_client import values

    import service.api.observability  # noqa: F401  # installs them

    assert values.MmapedDict is multiproc.SafeMmapedDict


def _tmpfs_wrapper() -> list[str] | None:
    """A command prefix that runs a shell in a mount namespace of its own (as root, or
    as a mapped root in a user namespace), where a small tmpfs can be mounted."""
    unshare = shutil.which("unshare")
    if unshare is None or sys.platform != "linux":
        return None
    for prefix in ([unshare, "-m"], [unshare, "-Urm"]):
        probe = subprocess.run([*prefix, "sh", "-c", "d=$(mktemp -d) && mount -t tmpfs -o "
                                "size=64k tmpfs $d"], capture_output=True, timeout=30)
        if probe.returncode == 0:
            return prefix
    return None


def test_the_master_survives_a_full_metrics_tmpfs(tmp_path):
    """gunicorn as deployed, its metrics directory a tmpfs filled to the last block:
    requests keep being answered, workers that exit are folded
    and replaced, and the master lives on; only metrics are lost, and only while the
    directory is full: scrapes are answered throughout and count again once the
    space is freed."""
    prefix = _tmpfs_wrapper()
    if prefix is None:
        pytest.skip("cannot mount a tmpfs here (needs unshare and root or user namespaces)")
    metrics = tmp_path / "metrics"
    metrics.mkdir()
    port = _free_port()
    env = {k: v for k, v in os.environ.items() if k not in ("GUNICORN_CMD_ARGS",)}
    env |= {"GUNICORN_BIND": f"127.0.0.1:{port}", "WEB_CONCURRENCY": "2",
            "PROMETHEUS_MULTIPROC_DIR": str(metrics), "TMPDIR": str(tmp_path),
            "HOME": str(tmp_path), "DOKO_ACCESS_LOG": "off"}
    gunicorn = VENV_BIN / "gunicorn"
    # mounted and filled to the last block: a metrics file's first page has no room
    script = (f"mount -t tmpfs -o size=256k tmpfs {metrics} && (dd if=/dev/zero "
              f"of={metrics}/filler bs=4k 2>/dev/null; true) && exec {gunicorn} --config "
              "deploy/gunicorn.conf.py 'service:create_app()'")
    log = (tmp_path / "gunicorn.log").open("w")
    server = subprocess.Popen([*prefix, "sh", "-c", script], cwd=ROOT, env=env,
                              stdout=log, stderr=log)
    base = f"http://127.0.0.1:{port}"
    game = (ROOT / "examples" / "normal-game.json").read_bytes()
    try:
        deadline = time.monotonic() + 30
        while True:
            assert server.poll() is None, (tmp_path / "gunicorn.log").read_text()
            try:
                if status_of(f"{base}/readyz") == 200:
                    break
            except OSError:
                pass
            assert time.monotonic() < deadline, "gunicorn did not start"
            time.sleep(0.2)
        for round_ in range(3):
            for i in range(40):  # many label sets: the files want to grow
                assert status_of(f"{base}/v1/games/check", game) == 200
                assert status_of(f"{base}/nowhere-{i}") == 404
                assert status_of(f"{base}/v1/rulesets/nope") == 404
                assert status_of(f"{base}/v1/games/check", b"{") == 400
                assert status_of(f"{base}/healthz") == 200
            # workers exit (as after max_requests): the master folds their files
            for pid in _children(server.pid):
                os.kill(pid, signal.SIGTERM)
            time.sleep(1.5)
            assert server.poll() is None, (round_, (tmp_path / "gunicorn.log").read_text())
        # a worker's file it could not reserve costs its counts only, not the scrape
        assert status_of(f"{base}/metrics") == 200
        assert status_of(f"{base}/healthz") == 200
        # the space freed (the tmpfs is seen through the master's mount namespace) and
        # the workers replaced: the metrics count again, and every scrape is answered
        (Path(f"/proc/{server.pid}/root") / str(metrics).lstrip("/") / "filler").unlink()
        for pid in _children(server.pid):
            os.kill(pid, signal.SIGTERM)
        time.sleep(1.5)
        for _ in range(10):
            assert status_of(f"{base}/v1/games/check", game) == 200
        for _ in range(3):
            assert status_of(f"{base}/metrics") == 200
        scraped = _get(f"{base}/metrics")
        assert 'route="/v1/games/check"' in scraped, scraped
        left = Path(f"/proc/{server.pid}/root") / str(metrics).lstrip("/")
        assert not [p.name for p in left.glob("*.db") if p.stat().st_size == 0]
        assert server.poll() is None
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=30)
        finally:
            if server.poll() is None:
                server.kill()
            log.close()
    text = (tmp_path / "gunicorn.log").read_text()
    assert server.returncode == 0, text
    assert "SIGBUS" not in text and "signal 7" not in text, text


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _children(pid: int) -> list[int]:
    """The gunicorn master's workers (the master is the shell's exec, same pid; under
    unshare the master is the child of unshare)."""
    found = []
    for task in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = task.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) in (pid, *_direct(pid)):
            found.append(int(task.parent.name))
    return [p for p in found if p not in _direct(pid)]


def _direct(pid: int) -> list[int]:
    try:
        return [int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


def test_without_fallocate_the_zeros_are_written(tmp_path, monkeypatch):
    def unsupported(fd: int, offset: int, length: int) -> None:
        raise OSError(errno.EOPNOTSUPP, "Operation not supported")

    monkeypatch.setattr(os, "posix_fallocate", unsupported)
    data = multiproc.SafeMmapedDict(str(tmp_path / "counter_1.db"))
    data.write_value("k", 1.0, 0.0)
    data.close()
    assert os.stat(tmp_path / "counter_1.db").st_size >= 65536


def _counter_file(path: Path, value: float) -> None:
    from prometheus_client.mmap_dict import mmap_key

    data = multiproc.SafeMmapedDict(str(path))
    data.write_value(mmap_key("doko_x_total", "doko_x_total", [], [], "x"), value, 0.0)
    data.close()


def _scrape(directory: Path) -> str:
    from prometheus_client import generate_latest

    return generate_latest(multiproc.registry(str(directory))).decode()


def test_an_empty_or_cut_file_is_skipped_by_a_scrape_and_logged(tmp_path, caplog):
    """A worker that could not reserve its first page left a 0-byte counter file; every
    scrape was a 500 (struct.error) from then on, for good."""
    _counter_file(tmp_path / "counter_1.db", 3.0)
    _counter_file(tmp_path / "counter_2.db", 4.0)
    (tmp_path / "counter_3.db").write_bytes(b"")
    cut = (tmp_path / "counter_2.db").read_bytes()
    (tmp_path / "counter_4.db").write_bytes(cut[:20])  # the header says more than is left
    caplog.set_level("WARNING", logger="doko.metrics")
    text = _scrape(tmp_path)
    assert "doko_x_total 7.0" in text
    assert {"counter_3.db", "counter_4.db"} <= {
        Path(r.args[0]).name for r in caplog.records if r.args}  # type: ignore[index]
    caplog.clear()
    assert "doko_x_total 7.0" in _scrape(tmp_path)
    assert not caplog.records  # once per file and process, not at every scrape


def test_the_master_deletes_a_dead_workers_unreadable_file(tmp_path):
    _counter_file(tmp_path / "counter_1.db", 3.0)
    (tmp_path / "counter_2.db").write_bytes(b"")
    assert multiproc.process_exited(2, str(tmp_path)) == [str(tmp_path / "counter_2.db")]
    assert not (tmp_path / "counter_2.db").exists()
    assert multiproc.process_exited(1, str(tmp_path)) == []
    assert sorted(p.name for p in tmp_path.glob("*.db")) == ["counter_archive.db"]
    assert "doko_x_total 3.0" in _scrape(tmp_path)


def test_a_file_that_could_not_be_reserved_is_not_left_empty(tmp_path, monkeypatch):
    def full(fd: int, offset: int, length: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "posix_fallocate", full)
    with pytest.raises(OSError):
        multiproc.SafeMmapedDict(str(tmp_path / "counter_1.db"))
    assert not (tmp_path / "counter_1.db").exists()
