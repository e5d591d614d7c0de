"""Where the check route's CPU goes over HTTP, next to the echo route's: perf's samples
of the gunicorn workers, split into the compiled core, orjson, the kernel and the rest of
the server.

    .venv/bin/python bench/http_split.py --compiled .venv-compiled [--rounds 3] [--seconds 8]

Serves the compiled core as bench/http_check.py does (2 sync workers, from a working
directory without sources), but with max_requests off, so that perf follows the same
workers throughout; loads the check route and the echo route in alternating wrk runs
cycling through the generated corpus, for several rounds; samples the workers over each
run with ``perf record --call-graph dwarf`` (perf: ``apt-get install linux-perf``; root,
or kernel.perf_event_paranoid at most 1, so that the kernel's share is sampled too).
The compiled core only: its functions are native code that perf names (mypyc's
``CPyDef_…``), where the pure core's Python functions are all the interpreter's frames.

Each sample counts for one kind: ``core`` where a core function is on its stack
(with what the interpreter and the kernel do for it), else ``orjson`` where orjson is,
else ``kernel`` where it was taken in the kernel, else ``server``: gunicorn, Flask, the
hooks and the route's own Python code (for the check, its glue around the core and the
metrics of the game), and any stack perf could not unwind as far as a core frame. The
workers' CPU time over the run (from /proc) is split by the kinds' shares of the
samples. Prints µs of CPU per request of each kind per route (the median over the
rounds, not the other benchmarks' min / median / max) and the difference. perf's own
stack copies run in the workers, so every figure comes out some 10 % above
bench/http_cpu.py's; the differences between the routes less so.
"""

from __future__ import annotations

import argparse
import collections
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from http_check import ROUTES, free_port, start_server, wrk
from http_cpu import TICKS, cpu_ticks

ROOT = Path(__file__).resolve().parent.parent
FREQUENCY = 999  # samples per second of CPU
FRAME = re.compile(r"^\s*[0-9a-f]+ (.+?)(?:\+0x[0-9a-f]+)? \((.*)\)$")
KINDS = ("core", "orjson", "kernel", "server")


def kind(frames: list[tuple[str, str]]) -> str:
    """What one sample's stack (leaf first, as (symbol, object)) counts for."""
    if any(symbol.startswith(("CPyDef_", "CPyPy_")) for symbol, _ in frames):
        return "core"
    if any("orjson" in where for _, where in frames):
        return "orjson"
    return "kernel" if frames and "kernel" in frames[0][1] else "server"


def samples(data: Path) -> collections.Counter[str]:
    """Samples by kind, from perf's record (deleted once read: some 100 MB a run)."""
    read = subprocess.run(["perf", "script", "--no-inline", "-i", str(data)],
                          capture_output=True, text=True)
    data.unlink()
    if read.returncode != 0:
        raise SystemExit(f"perf script failed: {read.stderr.strip()}")
    counted: collections.Counter[str] = collections.Counter()
    for block in read.stdout.split("\n\n"):
        frames = [(m.group(1), m.group(2)) for line in block.splitlines()[1:]
                  if (m := FRAME.match(line))]
        if frames:
            counted[kind(frames)] += 1
    return counted


def cpu_seconds(pids: list[int]) -> float:
    return sum(map(cpu_ticks, pids)) / TICKS


def profile(workers: list[int], port: int, path: str, corpus: Path, seconds: float,
            out: Path) -> dict[str, float]:
    """µs of the workers' CPU per request by kind, over one wrk run."""
    recorder = subprocess.Popen(
        ["perf", "record", "-F", str(FREQUENCY), "--call-graph", "dwarf,16384", "-p",
         ",".join(map(str, workers)), "-o", str(out), "--", "sleep", f"{seconds + 3:g}"],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        time.sleep(1)  # perf attached; the workers idle meanwhile, which makes no samples
        if recorder.poll() is not None:
            raise SystemExit(f"perf record failed: {recorder.communicate()[1].strip()}")
        before = cpu_seconds(workers)
        result = wrk(port, path, corpus, seconds, 8)
        used = cpu_seconds(workers) - before
        _, errors = recorder.communicate()
    finally:
        if recorder.poll() is None:
            recorder.terminate()
            recorder.wait()
    if recorder.returncode != 0:
        raise SystemExit(f"perf record failed: {errors.strip()}")
    if "excluding kernel" in errors:  # no right to sample the kernel: its share would be 0
        raise SystemExit(f"perf could not sample the kernel: {errors.strip()}")
    if "lost" in errors.lower():
        print(f"  perf: {errors.strip()}", file=sys.stderr)
    counted = samples(out)
    total = sum(counted.values())
    if not total or not result["requests"]:
        raise SystemExit(f"{path}: {total} samples read for {result['requests']:.0f} "
                         "requests; nothing to split")
    return {k: used * counted[k] / total / result["requests"] * 1e6 for k in KINDS}


def worker_pids(master: int, count: int) -> list[int]:
    """The master's workers, once all ``count`` have started."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        found = subprocess.run(["pgrep", "-P", str(master)], capture_output=True,
                               text=True).stdout.split()
        if len(found) == count:
            return [int(pid) for pid in found]
        time.sleep(0.2)
    raise SystemExit(f"gunicorn did not start {count} workers")


def check_perf() -> None:
    for tool, package in (("perf", "linux-perf"), ("wrk", "wrk")):
        if shutil.which(tool) is None:
            raise SystemExit(f"{tool} is not installed (apt-get install {package})")
    paranoid = int(Path("/proc/sys/kernel/perf_event_paranoid").read_text())
    if os.geteuid() != 0 and paranoid > 1:
        raise SystemExit(f"kernel.perf_event_paranoid is {paranoid}: perf would not sample "
                         "the kernel's share; run as root (with CAP_PERFMON in a "
                         "container) or `sysctl kernel.perf_event_paranoid=1`")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--compiled", type=Path, metavar="VENV", required=True,
                        help="a venv with this checkout's compiled core (.venv-compiled)")
    parser.add_argument("--games", type=int, default=600, help="distinct bodies cycled")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=8, help="per route and round")
    args = parser.parse_args()
    if args.rounds < 1 or args.seconds <= 0:
        parser.error("--rounds must be at least 1 and --seconds above 0")
    check_perf()

    sys.path.insert(0, str(ROOT))
    from service.tools.corpus import bodies

    os.environ["GUNICORN_CMD_ARGS"] = "--max-requests 0"  # the same workers throughout
    runs: dict[str, list[dict[str, float]]] = {route: [] for route in ROUTES}
    with tempfile.TemporaryDirectory() as tmp:
        corpus = Path(tmp) / "corpus.jsonl"
        corpus.write_bytes(b"\n".join(bodies(args.games)) + b"\n")
        port = free_port()
        server, core = start_server(args.compiled.resolve(), None, port, 2, Path(tmp))
        try:
            if core != "compiled":
                raise SystemExit(f"{args.compiled} serves the {core} core (make compiled?)")
            workers = worker_pids(server.pid, 2)
            for path in ROUTES.values():  # warm-up
                wrk(port, path, corpus, 2, 8)
            for _ in range(args.rounds):
                for route, path in ROUTES.items():
                    runs[route].append(profile(workers, port, path, corpus, args.seconds,
                                               Path(tmp) / "perf.data"))
        finally:
            server.send_signal(signal.SIGTERM)
            server.wait(timeout=30)
    print(f"CPU per request by where perf found it (µs, median of {args.rounds} rounds; "
          f"gunicorn 2 sync workers, wrk -t1 -c8, {args.seconds:g} s per route and round, "
          f"{args.games} games)")
    cost = {route: {k: statistics.median(run[k] for run in rows) for k in KINDS}
            for route, rows in runs.items()}
    print(f"  {'':12}" + "".join(f"{k:>9}" for k in (*KINDS, "all")))
    for route, row in cost.items():
        print(f"  {route:12}" + "".join(f"{row[k]:9.1f}" for k in KINDS)
              + f"{sum(row.values()):9.1f}")
    print(f"  {'check - echo':12}" + "".join(
        f"{cost['check'][k] - cost['echo'][k]:+9.1f}" for k in KINDS)
        + f"{sum(cost['check'].values()) - sum(cost['echo'].values()):+9.1f}")


if __name__ == "__main__":
    main()
