"""Where the check route's CPU goes over HTTP, next to the echo route's: perf's samples
of the gunicorn workers, split into the compiled core, orjson, the kernel and the rest of
the server.

    .venv/bin/python bench/http_split.py --compiled .venv-compiled [--seconds 10]

Serves the compiled core as bench/http_check.py does (2 sync workers, from a working
directory without sources), but with max_requests off, so that perf follows the same
workers throughout; loads the check route and then the echo route with wrk cycling
through the generated corpus; samples the workers with ``perf record --call-graph dwarf``
(perf: ``apt-get install linux-perf``; root, or kernel.perf_event_paranoid at most 1).
The compiled core only: its functions are native code that perf names (mypyc's
``CPyDef_…``), where the pure core's Python functions are all the interpreter's frames.

A sample counts for ``core`` where a core function is on its stack (with what the
interpreter does for it), ``orjson`` where orjson is, ``kernel`` where it was taken in
the kernel, and ``server`` otherwise: gunicorn, Flask, the hooks, the route, in the
interpreter. Prints µs of CPU per request for each, per route, and the difference.
"""

from __future__ import annotations

import argparse
import collections
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from http_check import ROUTES, free_port, start_server, wrk

ROOT = Path(__file__).resolve().parent.parent
FREQUENCY = 999  # samples per second of CPU
FRAME = re.compile(r"^\s*[0-9a-f]+ (\S+?)(?:\+0x[0-9a-f]+)? \((.*)\)$")
KINDS = ("core", "orjson", "kernel", "server")


def kind(frames: list[tuple[str, str]]) -> str:
    """What one sample's stack (leaf first, as (symbol, object)) counts for."""
    if any(symbol.startswith(("CPyDef_", "CPyPy_")) for symbol, _ in frames):
        return "core"
    if any("orjson" in where for _, where in frames):
        return "orjson"
    return "kernel" if frames and "kernel" in frames[0][1] else "server"


def samples(data: Path) -> collections.Counter[str]:
    """Samples by kind, from perf's record."""
    text = subprocess.run(["perf", "script", "-i", str(data)], capture_output=True,
                          text=True, check=True).stdout
    counted: collections.Counter[str] = collections.Counter()
    for block in text.split("\n\n"):
        frames = [(m.group(1), m.group(2)) for line in block.splitlines()[1:]
                  if (m := FRAME.match(line))]
        if frames:
            counted[kind(frames)] += 1
    return counted


def profile(workers: list[int], port: int, path: str, corpus: Path, seconds: float,
            out: Path) -> tuple[collections.Counter[str], float]:
    """Samples by kind over ``seconds`` in the middle of a longer wrk run, and the requests
    served meanwhile (at the run's rate)."""
    wrk(port, path, corpus, 2, 8)  # warm-up
    load = ThreadPoolExecutor(1).submit(wrk, port, path, corpus, seconds + 2, 8)
    time.sleep(1)
    recorded = subprocess.run(
        ["perf", "record", "-F", str(FREQUENCY), "--call-graph", "dwarf,32768", "-p",
         ",".join(map(str, workers)), "-o", str(out), "--", "sleep", f"{seconds:g}"],
        capture_output=True, text=True)
    result = load.result()
    if recorded.returncode != 0:
        raise SystemExit("perf record failed (run as root, or lower "
                         f"kernel.perf_event_paranoid to 1): {recorded.stderr.strip()}")
    return samples(out), result["requests"] / result["seconds"] * seconds


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--compiled", type=Path, metavar="VENV", required=True,
                        help="a venv with this checkout's compiled core (.venv-compiled)")
    parser.add_argument("--games", type=int, default=600, help="distinct bodies cycled")
    parser.add_argument("--seconds", type=float, default=10, help="per route")
    args = parser.parse_args()
    for tool in ("perf", "wrk"):
        if shutil.which(tool) is None:
            raise SystemExit(f"{tool} is not installed (apt-get install "
                             f"{'linux-perf' if tool == 'perf' else 'wrk'})")

    sys.path.insert(0, str(ROOT))
    from service.tools.corpus import bodies

    os.environ["GUNICORN_CMD_ARGS"] = "--max-requests 0"  # the same workers throughout
    with tempfile.TemporaryDirectory() as tmp:
        corpus = Path(tmp) / "corpus.jsonl"
        corpus.write_bytes(b"\n".join(bodies(args.games)) + b"\n")
        port = free_port()
        server, core = start_server(args.compiled.resolve(), None, port, 2, Path(tmp))
        try:
            if core != "compiled":
                raise SystemExit(f"{args.compiled} serves the {core} core (make compiled?)")
            workers = worker_pids(server.pid, 2)
            per_route = {route: profile(workers, port, path, corpus, args.seconds,
                                        Path(tmp) / f"{route}.data")
                         for route, path in ROUTES.items()}
        finally:
            server.send_signal(signal.SIGTERM)
            server.wait(timeout=30)
    print(f"CPU per request by where perf found it (µs; {FREQUENCY} samples/s, gunicorn 2 "
          f"sync workers, wrk -t1 -c8, {args.seconds:g} s per route, {args.games} games)")
    cost = {route: {k: counted[k] / FREQUENCY / requests * 1e6 for k in KINDS}
            for route, (counted, requests) in per_route.items()}
    print(f"  {'':8}" + "".join(f"{k:>9}" for k in (*KINDS, "all")))
    for route, row in cost.items():
        print(f"  {route:8}" + "".join(f"{row[k]:9.1f}" for k in KINDS)
              + f"{sum(row.values()):9.1f}")
    print(f"  {'check - echo':8}" + "".join(
        f"{cost['check'][k] - cost['echo'][k]:+9.1f}" for k in KINDS)
        + f"{sum(cost['check'].values()) - sum(cost['echo'].values()):+9.1f}")


if __name__ == "__main__":
    main()
