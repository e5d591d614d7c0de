"""The adversarial cost search: per route, the body that costs most per byte within the
route's limit, in CPU time and memory.

    .venv/bin/python bench/cost_search.py [--compiled .venv-compiled] [--base DIR]
                                          [--only ROUTE] [--cap SECONDS] [--json FILE]

The shapes (tests/cost_shapes.py) grow one list against another: a roster against keys,
names against names, tables against lines, participants against claimed places, many
small errors, nesting. Each is built at its route's limit, with its first list taking
each of several shares of the body, and sent in German (the answer's every message
said in the other language too) to a worker forked afresh from a warmed app, as
gunicorn forks its workers: the child's CPU time for the request (process time, not
wall time: the machine is shared) and its peak resident set above what it held
before (VmHWM; Linux only). A request over ``--cap`` CPU seconds is stopped there
(RLIMIT_CPU) and shown as at least the cap.

Prints per shape the worst share's figures, then per route the worst ms/KiB and
MiB/KiB found. ``--compiled VENV`` runs the same in the compiled core's venv beside
the pure one; ``--base DIR`` runs it on an older checkout's code (DIR's ``service``
put first on the path), for a table of before and after. Exits 1 where a body over 3
CPU seconds (a batch: per game) or answered 5xx was found in the current code.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

import cost_shapes  # noqa: E402  (tests/ on the path above)

SECONDS_PER_BODY = 3.0  # the promise: no body under its route's limit costs more


def vm(field: str) -> int:
    """A /proc/self/status figure in bytes (VmRSS, VmHWM)."""
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith(field + ":"):
                return int(line.split()[1]) * 1024
    raise KeyError(field)


def measure(client: Any, route: str, body: bytes, cap: float) -> dict[str, Any]:
    """The request answered in a child forked from this process: its CPU time and peak."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the fresh worker
        os.close(read)
        resource.setrlimit(resource.RLIMIT_CPU, (int(cap) + 1, int(cap) + 2))
        before = vm("VmRSS")
        start = time.process_time()
        response = client.post(route, data=body,
                               content_type=cost_shapes.MEDIA.get(route, "application/json"),
                               headers={"Accept-Language": "de"})
        answer = response.get_data()
        cpu = time.process_time() - start
        out = {"status": response.status_code, "cpu": cpu, "answer": len(answer),
               "peak": vm("VmHWM") - before}
        os.write(write, json.dumps(out).encode())
        os._exit(0)
    os.close(write)
    deadline = time.monotonic() + cap * 6 + 30  # the CPU is shared: wall time runs longer
    chunks = []
    while True:
        done, _ = os.waitpid(pid, os.WNOHANG)
        if done:
            break
        if time.monotonic() > deadline:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            break
        time.sleep(0.02)
    while chunk := os.read(read, 65536):
        chunks.append(chunk)
    os.close(read)
    if not chunks:
        return {"status": None, "cpu": cap, "answer": 0, "peak": 0, "stopped": True}
    return json.loads(b"".join(chunks))


def worker(only: str | None, cap: float, lists_only: bool = False) -> None:
    """Measure every shape here (this interpreter's ``service``); JSON lines on stdout."""
    from service import create_app
    from service.game.compiled import COMPILED

    try:  # the wall-clock backstop is no cost: not on a machine shared while measuring
        from service.checking import budgets
        budgets.BACKSTOP_SECONDS = 3600  # type: ignore[misc]
    except ImportError:  # an older checkout (--base) has none
        pass
    app = create_app()
    client = app.test_client()
    for route in cost_shapes.ROUTES:
        client.post(route, data=b"{}", content_type=cost_shapes.MEDIA.get(
            route, "application/json"))  # warm up
    for title, (route, build) in cost_shapes.SLOW_LISTS.items():
        if only and route != only:
            continue
        body = build()
        found = measure(client, route, body, cap)
        found.update(route=route, shape=title, share="as sent", size=len(body),
                     compiled=COMPILED, known=True)
        print(json.dumps(found), flush=True)
    for route, limit, shape in cost_shapes.shapes():
        if (only and route != only) or lists_only:
            continue
        shares = cost_shapes.SHARES if shape in cost_shapes.GROWN else (0.5,)
        for share in shares:
            body = shape(limit - 64, share)
            found = measure(client, route, body, cap)
            found.update(route=route, shape=shape.__name__, share=share, size=len(body),
                         compiled=COMPILED)
            if route.endswith("check-batch"):
                found["games"] = len(json.loads(body))
            print(json.dumps(found), flush=True)
            if found.get("stopped"):
                break  # the cap is reached: no share can show more


def run(python: str, only: str | None, cap: float, path: str | None = None,
        lists_only: bool = False) -> list[dict[str, Any]]:
    env = dict(os.environ, DOKO_ACCESS_LOG="off")
    if path:
        env["PYTHONPATH"] = path
    args = [python, str(Path(__file__).resolve()), "--worker", "--cap", str(cap)]
    if only:
        args += ["--only", only]
    if lists_only:
        args.append("--lists-only")
    done = subprocess.run(args, env=env, cwd=path or ROOT, stdout=subprocess.PIPE,
                          check=True, text=True)
    rows = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
    return [row for row in rows if "shape" in row]


def per_kib(found: dict[str, Any]) -> tuple[float, float]:
    kib = found["size"] / 1024
    return found["cpu"] * 1000 / kib, found["peak"] / 2**20 / kib


def worst(rows: list[dict[str, Any]]) -> dict[tuple[str, str], dict[str, Any]]:
    """Per route and shape, the share that cost most time per byte."""
    found: dict[tuple[str, str], dict[str, Any]] = {}
    for row in rows:
        key = (row["route"], row["shape"])
        if key not in found or row["cpu"] > found[key]["cpu"]:
            found[key] = row
    return found


def cell(row: dict[str, Any] | None) -> str:
    if row is None:
        return "–"
    ms, mib = per_kib(row)
    more = "≥ " if row.get("stopped") else ""
    return (f"{more}{row['cpu']:.2f} s, {row['peak'] / 2**20:.0f} MiB "
            f"({more}{ms:.3f} ms/KiB, {mib:.3f} MiB/KiB; {row['status']})")


def known_cell(row: dict[str, Any] | None) -> str:
    if row is None:
        return "–"
    more = "≥ " if row.get("stopped") else ""
    return (f"{more}{row['cpu']:.2f} s, {row['peak'] / 2**20:.0f} MiB, "
            f"{row['answer'] / 1024:.0f} KiB ({row['status']})")


def report(runs: dict[str, list[dict[str, Any]]]) -> None:
    names = list(runs)
    tables = {n: worst(rows) for n, rows in runs.items()}
    keys = list(dict.fromkeys(k for t in tables.values() for k in t))
    print("The lists found slow, as sent (CPU, peak above the fresh worker's resident set, "
          "answer):")
    print()
    print("| Route | List | Body | " + " | ".join(names) + " |")
    print("|---|---|---|" + "---|" * len(names))
    for key in keys:
        row = next(t[key] for t in tables.values() if key in t)
        if row.get("known"):
            print(f"| `{key[0]}` | {key[1]} | {row['size'] / 1024:.0f} KiB | " + " | ".join(
                known_cell(tables[n].get(key)) for n in names) + " |")
    keys = [k for k in keys if not next(t[k] for t in tables.values() if k in t).get("known")]
    print()
    print("| Route | Shape | Body | " + " | ".join(names) + " |")
    print("|---|---|---|" + "---|" * len(names))
    for key in keys:
        any_row = next(t[key] for t in tables.values() if key in t)
        print(f"| `{key[0]}` | {key[1]} (share {any_row['share']}) | "
              f"{any_row['size'] / 1024:.0f} KiB | "
              + " | ".join(cell(tables[n].get(key)) for n in names) + " |")
    print()
    print("Worst per route, ms/KiB and MiB/KiB:")
    print()
    print("| Route | " + " | ".join(names) + " |")
    print("|---|" + "---|" * len(names))
    for route in dict.fromkeys(k[0] for k in keys):
        cells = []
        for n in names:
            rows = [r for r in runs[n] if r["route"] == route]
            if not rows:
                cells.append("–")
                continue
            ms = max(per_kib(r)[0] for r in rows)
            mib = max(per_kib(r)[1] for r in rows)
            more = "≥ " if any(r.get("stopped") for r in rows) else ""
            cells.append(f"{more}{ms:.3f} ms/KiB, {mib:.3f} MiB/KiB")
        print(f"| `{route}` | " + " | ".join(cells) + " |")


def failures(rows: list[dict[str, Any]]) -> list[str]:
    out = []
    for row in rows:
        per_game = row["cpu"] / row.get("games", 1)
        if row.get("stopped") or per_game > SECONDS_PER_BODY or (row["status"] or 500) >= 500:
            out.append(f"{row['route']} {row['shape']} share {row['share']}: "
                       f"{row['cpu']:.2f} s, status {row['status']}")
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--compiled", help="the compiled core's venv, measured beside")
    parser.add_argument("--base", help="an older checkout, measured beside")
    parser.add_argument("--only", help="one route")
    parser.add_argument("--cap", type=float, default=30.0, help="CPU seconds a request")
    parser.add_argument("--json", help="write every measurement here")
    parser.add_argument("--before", help="the measurements of an earlier run (its --json) "
                        "shown first, instead of measuring --base again")
    parser.add_argument("--lists-only", action="store_true",
                        help="only the lists found slow, not the search")
    args = parser.parse_args()
    if args.worker:
        worker(args.only, args.cap, args.lists_only)
        return 0
    runs: dict[str, list[dict[str, Any]]] = {}
    if args.before:
        runs.update({f"{name} (earlier run)": rows for name, rows in
                     json.loads(Path(args.before).read_text()).items() if name != "pure"})
    if args.base:
        runs["before (pure)"] = run(sys.executable, args.only, args.cap,
                                    str(Path(args.base).resolve()), args.lists_only)
    runs["pure"] = run(sys.executable, args.only, args.cap, lists_only=args.lists_only)
    if args.compiled:
        runs["compiled"] = run(str(Path(args.compiled).resolve() / "bin" / "python"),
                               args.only, args.cap, path=None, lists_only=args.lists_only)
    report(runs)
    if args.json:
        Path(args.json).write_text(json.dumps(runs, indent=1))
    bad = failures(runs["pure"]) + failures(runs.get("compiled", []))
    for line in bad:
        print("OVER:", line)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
