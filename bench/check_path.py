"""The check path in-process: body bytes to answer bytes, against json.loads of the same bytes.

    .venv/bin/python bench/check_path.py [--games 600] [--rounds 5] [--base DIR]

Generates a corpus of realistic transcripts (service/tools/corpus.py: every game type
under every preset, names, ids, claims, partial and broken games), then times, on one
core, what the check route does with a body (read the JSON, validate, check, render,
write the answer) and ``json.loads`` of the same bodies. Prints µs per game, min /
median / max over the rounds, and the ratio of the check path to ``json.loads``.

``--base DIR``: another checkout with its own .venv (an older commit in a git
worktree) timed in the same run, rounds alternating between the two, on the same
corpus; prints both and the speed-up, and whether the answers are byte-identical.
Each round is a fresh process per checkout (best of three passes in it).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def measure(corpus: Path, passes: int) -> None:
    """Run inside a checkout: print one JSON line of timings for its check path."""
    from service.checking import check_data, parse_json

    try:  # this checkout's writer of answers, as its check route uses it
        from service.checking.fastjson import dumps
    except ImportError:  # before the fast paths: the app's json provider settings
        def dumps(value: object) -> bytes:
            return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode()

    bodies = corpus.read_bytes().splitlines()

    def path(body: bytes) -> bytes:
        return dumps(check_data(parse_json(body)).answer)

    answers = [path(body) for body in bodies]  # warm-up, and what the answers are
    timings = {}
    for name, run in (("check", path), ("loads", json.loads)):
        best = float("inf")
        for _ in range(passes):
            started = time.perf_counter()
            for body in bodies:
                run(body)
            best = min(best, time.perf_counter() - started)
        timings[name] = best * 1e6 / len(bodies)
    digest = hashlib.sha256(b"\n".join(answers)).hexdigest()[:16]
    print(json.dumps({**timings, "answers": digest}))


def run_round(checkout: Path, corpus: Path, passes: int) -> dict[str, float | str]:
    python = checkout / ".venv" / "bin" / "python"
    env = dict(os.environ, PYTHONPATH=str(checkout))
    out = subprocess.run(
        [str(python), str(Path(__file__).resolve()), "--measure", str(corpus),
         "--passes", str(passes)],
        cwd=checkout, env=env, check=True, capture_output=True, text=True).stdout
    return json.loads(out.strip().splitlines()[-1])  # type: ignore[no-any-return]


def spread(values: list[float], fmt: str = "{:.1f}") -> str:
    return " / ".join(fmt.format(v) for v in (min(values), statistics.median(values),
                                              max(values)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--passes", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--base", type=Path, help="an older checkout to time alongside")
    parser.add_argument("--measure", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure:
        measure(args.measure, args.passes)
        return

    sys.path.insert(0, str(ROOT))
    from service.tools.corpus import bodies

    checkouts = {"this": ROOT}
    if args.base:
        checkouts = {"base": args.base.resolve(), "this": ROOT}
    with tempfile.TemporaryDirectory() as tmp:
        corpus = Path(tmp) / "corpus.jsonl"
        corpus.write_bytes(b"\n".join(bodies(args.games, args.seed)) + b"\n")
        size = corpus.stat().st_size / args.games
        print(f"check path in-process: {args.games} transcripts ({size:,.0f} bytes on "
              f"average), {args.rounds} rounds, one process per checkout and round")
        rounds: dict[str, list[dict[str, float | str]]] = {name: [] for name in checkouts}
        for _ in range(args.rounds):
            for name, checkout in checkouts.items():
                rounds[name].append(run_round(checkout, corpus, args.passes))
    for name, results in rounds.items():
        check = [float(r["check"]) for r in results]
        loads = [float(r["loads"]) for r in results]
        ratio = [c / j for c, j in zip(check, loads, strict=True)]
        print(f"  {name:4} ({checkouts[name]}): check path {spread(check)} µs/game "
              f"(min/median/max), json.loads {spread(loads)} µs; "
              f"check / json.loads {spread(ratio)}x")
    if args.base:
        speedup = [float(b["check"]) / float(t["check"])
                   for b, t in zip(rounds["base"], rounds["this"], strict=True)]
        same = {r["answers"] for r in rounds["base"] + rounds["this"]}
        print(f"  speed-up this vs base, round by round: {spread(speedup, '{:.2f}')}x; "
              f"answers byte-identical: {'yes' if len(same) == 1 else 'no'}")


if __name__ == "__main__":
    main()
