"""CPU time per request over HTTP: the server's (gunicorn master and workers) and wrk's.

    .venv/bin/python bench/http_cpu.py [--rounds 3] [--seconds 6] [--base DIR]
                                       [--compiled VENV]

Serves each variant as bench/http_check.py does (the same options: this checkout's pure
core, ``--compiled VENV``, ``--base DIR``), one at a time, and loads the check route and
the echo route with wrk in alternating runs. Counts CPU time rather than requests per
second, so that a machine shared with other work distorts it less: the server's from
/proc (the workers alive, and through the master's children times those that
max_requests recycled meanwhile), wrk's from its resource usage. Prints, per variant and
route, µs of CPU per request (min / median / max over the rounds) and the check / echo
ratio that the CPU costs allow on a saturated machine: (echo server + echo wrk) ÷
(check server + check wrk).
"""

from __future__ import annotations

import argparse
import os
import resource
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

from http_check import ROUTES, free_port, parse_variant_args, spread, start_server, variants
from http_check import wrk as wrk_run

ROOT = Path(__file__).resolve().parent.parent
TICKS = os.sysconf("SC_CLK_TCK")


def cpu_ticks(pid: int, reaped: bool = False) -> int:
    """Clock ticks of CPU of a process (utime + stime), with ``reaped`` also those of its
    children it has waited for (cutime + cstime); 0 for one that has exited."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except FileNotFoundError:  # a worker that exited meanwhile
        return 0
    ticks = int(fields[11]) + int(fields[12])
    return ticks + int(fields[13]) + int(fields[14]) if reaped else ticks


def server_cpu(master: int) -> float:
    """Seconds of CPU of the master, its workers alive and its children already reaped."""
    children = subprocess.run(["pgrep", "-P", str(master)], capture_output=True,
                              text=True).stdout.split()
    return (cpu_ticks(master, reaped=True) + sum(cpu_ticks(int(pid)) for pid in children)
            ) / TICKS


def load(master: int, port: int, path: str, corpus: Path, seconds: float) -> tuple[float, float]:
    """µs of server CPU and of wrk CPU per request over one wrk run."""
    before, wrk_before = server_cpu(master), resource.getrusage(resource.RUSAGE_CHILDREN)
    result = wrk_run(port, path, corpus, seconds, 8)
    wrk_after, after = resource.getrusage(resource.RUSAGE_CHILDREN), server_cpu(master)
    wrk = (wrk_after.ru_utime + wrk_after.ru_stime) - (wrk_before.ru_utime + wrk_before.ru_stime)
    return (after - before) / result["requests"] * 1e6, wrk / result["requests"] * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=600, help="distinct bodies cycled")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=6, help="per route and round")
    args = parse_variant_args(parser)

    sys.path.insert(0, str(ROOT))
    from service.tools.corpus import bodies

    with tempfile.TemporaryDirectory() as tmp:
        corpus = Path(tmp) / "corpus.jsonl"
        corpus.write_bytes(b"\n".join(bodies(args.games)) + b"\n")
        print(f"HTTP CPU per request: {args.games} distinct games, gunicorn {args.workers} "
              f"sync workers, wrk -t1 -c8, {args.seconds:g} s per run, {args.rounds} rounds")
        for name, (venv, checkout) in variants(args).items():
            port = free_port()
            server, core = start_server(venv, checkout, port, args.workers, Path(tmp))
            costs: dict[str, list[tuple[float, float]]] = {route: [] for route in ROUTES}
            try:
                for path in ROUTES.values():  # warm-up
                    load(server.pid, port, path, corpus, 2)
                for _ in range(args.rounds):
                    for route, path in ROUTES.items():
                        costs[route].append(load(server.pid, port, path, corpus,
                                                 args.seconds))
            finally:
                server.send_signal(signal.SIGTERM)
                server.wait(timeout=30)
            for route, rows in costs.items():
                print(f"  {name:8} ({core} core) {ROUTES[route]:17} server "
                      f"{spread([s for s, _ in rows], '{:.0f}')} µs/request, wrk "
                      f"{spread([w for _, w in rows], '{:.0f}')} µs/request")
            allowed = [(es + ew) / (cs + cw) for (cs, cw), (es, ew)
                       in zip(costs["check"], costs["echo"], strict=True)]
            print(f"  {name:8} check / echo the CPU costs allow: {spread(allowed, '{:.2f}')}")


if __name__ == "__main__":
    main()
