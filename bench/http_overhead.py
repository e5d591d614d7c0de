"""The service's own per-request work: its check and echo routes next to a bare Flask
app and a bare WSGI callable, all on the same gunicorn, loaded by wrk in the same rounds.

    .venv/bin/python bench/http_overhead.py --compiled .venv-compiled [--rounds 5]
        [--seconds 10] [--before VENV] [--proxy]

Every server is gunicorn with deploy/gunicorn.conf.py (2 sync workers, access log and
metrics on, as deployed) on a loopback port: the service (``--compiled VENV``: its
compiled core, installed in VENV, as the image serves it; else this checkout's pure
core), and bench/bare_apps.py's ``flask_app`` (reads the body, answers its length) and
``wsgi_app`` (the same without Flask), both run by the service's venv. ``--before
VENV``: another venv with the service installed (an older build of it) served
alongside, to compare before and after in one run. wrk -t1 -c8 cycles through the
same generated corpus of real games (service/tools/corpus.py) for every server; each
round runs every server once, in turn, so that all see the same machine.

Prints min / median / max over the rounds of requests/s, p99 and CPU per request (the
server's: master and workers, from /proc; and wrk's) per server, and of the ratios taken
round by round: echo ÷ bare Flask (what the service adds to a request),
check ÷ bare Flask, check ÷ echo (the rules), bare Flask ÷ bare WSGI (what Flask adds).
``--proxy``: every server behind its own nginx with deploy/nginx.conf, as in the pod
(needs nginx); the same figures and ratios through it.
"""

from __future__ import annotations

import argparse
import contextlib
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

from http_check import free_port, spread, start_gunicorn, wrk
from http_cpu import TICKS, cpu_ticks

ROOT = Path(__file__).resolve().parent.parent
BENCH = Path(__file__).resolve().parent
CHECK, ECHO = "/v1/games/check", "/v1/echo"
# the ratios printed: (numerator, denominator, what it says)
RATIOS = (("echo", "bare Flask", "the service's own work per request against Flask's"),
          ("check", "bare Flask", "the service with its rules"),
          ("check", "echo", "the rules alone"),
          ("bare Flask", "bare WSGI", "what Flask adds"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--compiled", type=Path, metavar="VENV",
                        help="a venv with this checkout's compiled core (.venv-compiled)")
    parser.add_argument("--before", type=Path, metavar="VENV",
                        help="a venv with an older build of the service installed")
    parser.add_argument("--games", type=int, default=600, help="distinct bodies cycled")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=10, help="per server and round")
    parser.add_argument("--connections", type=int, default=8)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--proxy", action="store_true", help="each server behind nginx")
    args = parser.parse_args()
    if args.rounds < 1 or args.seconds <= 0:
        parser.error("--rounds must be at least 1 and --seconds above 0")

    sys.path.insert(0, str(ROOT))
    from service.tools.corpus import bodies

    venv = (args.compiled or ROOT / ".venv").resolve()
    runs: dict[str, tuple[Path, str, Path | None, list[str]]] = {
        # name: (venv, app, working directory (None: a directory without sources), routes)
        "service": (venv, "service:create_app()", None if args.compiled else ROOT,
                    [CHECK, ECHO]),
    }
    if args.before:
        runs["before"] = (args.before.resolve(), "service:create_app()", None, [CHECK, ECHO])
    runs["bare Flask"] = (venv, "bare_apps:flask_app", BENCH, [ECHO])
    runs["bare WSGI"] = (venv, "bare_apps:wsgi_app", BENCH, [ECHO])

    rps: dict[str, list[float]] = {}
    p99: dict[str, list[float]] = {}
    cpu: dict[str, list[float]] = {}
    wrk_us: dict[str, list[float]] = {}
    with tempfile.TemporaryDirectory() as tmp, contextlib.ExitStack() as stack:
        corpus = Path(tmp) / "corpus.jsonl"
        sample = bodies(args.games)
        corpus.write_bytes(b"\n".join(sample) + b"\n")
        ports: dict[str, int] = {}
        masters: dict[str, int] = {}
        for name, (server_venv, app, cwd, _) in runs.items():
            port = free_port()
            masters[name] = stack.enter_context(start_gunicorn(
                server_venv, app, cwd or Path(tmp), port, args.workers,
                BENCH if cwd == BENCH else None)).pid
            if args.proxy:
                from slow_clients import nginx

                home = Path(tmp) / name.replace(" ", "-")
                home.mkdir()
                port = stack.enter_context(nginx(home, port))[0]
            ports[name] = port
        print(f"{args.games} distinct games ({sum(map(len, sample)) / len(sample):,.0f} bytes "
              f"on average), gunicorn {args.workers} sync workers as deployed, "
              f"{'behind nginx, ' if args.proxy else ''}wrk -t1 -c{args.connections}, "
              f"{args.seconds:g} s per run, {args.rounds} rounds; "
              f"service: {'compiled core, ' + str(args.compiled) if args.compiled else 'pure core'}"
              + (f"; before: {args.before}" if args.before else ""))
        for name, (_, _, _, paths) in runs.items():  # warm-up: imports, caches, first forks
            for path in paths:
                wrk(ports[name], path, corpus, 2, args.connections)
        for _ in range(args.rounds):
            for name, (_, _, _, paths) in runs.items():
                for path in paths:
                    key = label(name, path)
                    server, client = server_cpu(masters[name]), wrk_cpu()
                    result = wrk(ports[name], path, corpus, args.seconds, args.connections)
                    rps.setdefault(key, []).append(result["rps"])
                    p99.setdefault(key, []).append(result["p99_ms"])
                    per = 1e6 / result["requests"]
                    cpu.setdefault(key, []).append((server_cpu(masters[name]) - server) * per)
                    wrk_us.setdefault(key, []).append((wrk_cpu() - client) * per)
    print(f"{'server':12} {'requests/s':>22} {'p99 ms':>17} {'server CPU µs/req':>20} "
          f"{'wrk CPU µs/req':>17}   (each min / median / max)")
    for key, values in rps.items():
        print(f"{key:12} {spread(values, '{:,.0f}'):>22} {spread(p99[key], '{:.1f}'):>17} "
              f"{spread(cpu[key], '{:.0f}'):>20} {spread(wrk_us[key], '{:.0f}'):>17}")
    print("ratios, round by round (min / median / max):")
    for prefix in ("", "before ") if args.before else ("",):
        for top, bottom, says in RATIOS:
            if prefix and top not in ("check", "echo"):
                continue  # the bare apps have no before
            a = rps.get(prefix + top if top in ("check", "echo") else top)
            b = rps.get(prefix + bottom if bottom in ("check", "echo") else bottom)
            if a and b:
                ratio = [x / y for x, y in zip(a, b, strict=True)]
                print(f"  {prefix + top} ÷ {bottom}: {spread(ratio, '{:.2f}')}  ({says})")
    if args.before:
        for route in ("check", "echo"):
            ratio = [x / y for x, y in zip(rps[route], rps["before " + route], strict=True)]
            print(f"  {route} ÷ before {route}: {spread(ratio, '{:.2f}')}")


def server_cpu(master: int) -> float:
    """Seconds of CPU of a gunicorn: the master, the workers it has reaped (recycled by
    max_requests) and those alive."""
    children = subprocess.run(["pgrep", "-P", str(master)], capture_output=True,
                              text=True).stdout.split()
    return (cpu_ticks(master, reaped=True) + sum(cpu_ticks(int(c)) for c in children)) / TICKS


def wrk_cpu() -> float:
    """Seconds of CPU of the finished child processes (each wrk run) so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def label(name: str, path: str) -> str:
    """The row of a server's route: "check", "echo", "before check", "bare Flask" …"""
    if name in ("service", "before"):
        route = "check" if path == CHECK else "echo"
        return route if name == "service" else f"before {route}"
    return name


if __name__ == "__main__":
    main()
