"""Where a worker's time goes per request: py-spy's samples of gunicorn's workers while
wrk loads one route, summed by function.

    .venv/bin/python bench/http_profile.py --compiled .venv-compiled [--route echo]
        [--seconds 20] [--rate 200]

Serves the service as bench/http_overhead.py does (gunicorn as deployed, 2 sync
workers; ``--compiled VENV`` its compiled core, else the pure one), with worker recycling
off so that the same workers are sampled throughout, loads ``--route`` (``check`` or
``echo``) with wrk -t1 -c8 over the generated corpus, and samples every worker with
py-spy (``pip install py-spy``; root or ptrace rights) in non-blocking mode. Samples
where a worker waits for a connection are idle and not counted.

Prints the functions holding most samples, by own time (the frame that was running)
and by time including what they call, as shares of all samples; the compiled core's
functions are native code that py-spy does not see, so its time counts for the Python
function that called it (in the service: ``check_data``).
"""

from __future__ import annotations

import argparse
import collections
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from http_check import free_port, start_gunicorn, wrk

ROOT = Path(__file__).resolve().parent.parent
BENCH = Path(__file__).resolve().parent
ROUTES = {"check": "/v1/games/check", "echo": "/v1/echo"}
FRAME = re.compile(r"^(?P<function>.*) \((?P<file>[^()]*)\)$")


def read_samples(raw: Path) -> list[tuple[list[str], int]]:
    """py-spy's raw (collapsed) stacks as (frames root first, count), the process's own
    frame left out."""
    stacks = []
    for line in raw.read_text().splitlines():
        stack, _, count = line.rpartition(" ")
        frames = stack.split(";")[1:]  # [0] names the process
        if frames and count.isdigit():
            stacks.append(([name(f) for f in frames], int(count)))
    return stacks


def name(frame: str) -> str:
    """``function (path/to/module.py)`` as ``module.function`` (site-packages dropped)."""
    found = FRAME.match(frame)
    if not found:
        return frame
    where = found["file"].split("site-packages/")[-1].removesuffix(".py")
    return f"{where.replace('/', '.')}.{found['function']}"


def top(stacks: list[tuple[list[str], int]], count: int, requests: float, rate: int) -> None:
    """The functions with most samples, as shares and as µs of a worker's time per
    request (samples ÷ rate ÷ requests: wall time while busy, CPU or waiting)."""
    total = sum(n for _, n in stacks)
    own: collections.Counter[str] = collections.Counter()
    inclusive: collections.Counter[str] = collections.Counter()
    for frames, n in stacks:
        own[frames[-1]] += n
        for frame in set(frames):
            inclusive[frame] += n
    per = 1e6 / rate / requests
    print(f"{total:,} samples, {total * per:.0f} µs of busy worker time per request")
    for title, counter in (("own time", own), ("including what it calls", inclusive)):
        print(f"  by {title}:")
        for function, n in counter.most_common(count):
            print(f"    {100 * n / total:5.1f} %  {n * per:6.1f} µs  {function}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--compiled", type=Path, metavar="VENV")
    parser.add_argument("--route", choices=sorted(ROUTES), default="echo")
    parser.add_argument("--bare", action="store_true",
                        help="profile bench/bare_apps.py's Flask app instead (its /v1/echo)")
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--rate", type=int, default=200, help="samples per second")
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--py-spy", default=shutil.which("py-spy"), help="the py-spy binary")
    args = parser.parse_args()
    if not args.py_spy:
        raise SystemExit("py-spy is not installed (pip install py-spy)")
    sys.path.insert(0, str(ROOT))
    from service.tools.corpus import bodies

    os.environ["GUNICORN_CMD_ARGS"] = "--max-requests 0"  # the same workers throughout
    venv = (args.compiled or ROOT / ".venv").resolve()
    with tempfile.TemporaryDirectory() as tmp:
        corpus = Path(tmp) / "corpus.jsonl"
        corpus.write_bytes(b"\n".join(bodies(args.games)) + b"\n")
        port = free_port()
        cwd = BENCH if args.bare else Path(tmp) if args.compiled else ROOT
        app = "bare_apps:flask_app" if args.bare else "service:create_app()"
        if args.bare:
            args.route = "echo"
        with start_gunicorn(venv, app, cwd, port, 2, BENCH if args.bare else None) as server:
            wrk(port, ROUTES[args.route], corpus, 2, 8)  # warm-up
            raw = Path(tmp) / "samples.txt"
            spy = subprocess.Popen(
                [args.py_spy, "record", "--pid", str(server.pid), "--subprocesses",
                 "--nonblocking", "--function", "--format", "raw", "--rate", str(args.rate),
                 "--duration", f"{args.seconds + 2:.0f}", "--output", str(raw)],
                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
            time.sleep(1)
            result = wrk(port, ROUTES[args.route], corpus, args.seconds, 8)
            _, errors = spy.communicate()
            if spy.returncode != 0 or not raw.exists():
                raise SystemExit(f"py-spy failed: {errors.strip()}")
        print(f"{'bare Flask ' if args.bare else ''}{ROUTES[args.route]}: {result['rps']:,.0f} "
              f"requests/s under py-spy "
              f"({'compiled' if args.compiled else 'pure'} core, 2 workers, wrk -t1 -c8, "
              f"{args.seconds:g} s, {args.rate} samples/s per worker)")
        top(read_samples(raw), args.top, result["requests"], args.rate)


if __name__ == "__main__":
    main()
