"""The check path in-process: body bytes to answer bytes, against json.loads of the same bytes.

    .venv/bin/python bench/check_path.py [--games 600] [--rounds 5] [--base DIR]
                                         [--compiled VENV]

Generates a corpus of realistic transcripts (service/tools/corpus.py: every game type
under every preset, names, ids, claims, partial and broken games), then times, on one
core, what the check route does with a body (read the JSON, validate, check, render,
write the answer) and ``json.loads`` of the same bodies. Prints µs per game, min /
median / max over the rounds, and the ratio of the check path to ``json.loads``.

``--base DIR``: another checkout with its own .venv (an older commit in a git
worktree) timed in the same run, rounds alternating between the two, on the same
corpus; prints both and the speed-up, and whether the answers are byte-identical.
Each round is a fresh process per checkout (best of three passes in it).

``--compiled VENV``: also time this checkout's compiled core, as installed non-editable
in VENV (``make compiled`` builds .venv-compiled), in the same rounds; it runs isolated
(``python -I``), so that the venv's installed core runs, not this tree's sources.
Prints the speed-up of compiled over pure (this checkout's .venv) too.
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
    import service.rules
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
    compiled = getattr(service.rules, "COMPILED", False)
    print(json.dumps({**timings, "answers": digest, "core": "compiled" if compiled else "pure"}))


def run_round(python: Path, checkout: Path | None, corpus: Path, passes: int
              ) -> dict[str, float | str]:
    """One process: a checkout's sources (PYTHONPATH) or, checkout None, what the venv of
    ``python`` has installed (isolated mode: neither this tree nor PYTHONPATH)."""
    env = dict(os.environ, PYTHONPATH=str(checkout)) if checkout else None
    flags = [] if checkout else ["-I"]
    out = subprocess.run(
        [str(python), *flags, str(Path(__file__).resolve()), "--measure", str(corpus),
         "--passes", str(passes)],
        cwd=checkout or Path(python).parent, env=env, check=True, capture_output=True,
        text=True).stdout
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
    parser.add_argument("--compiled", type=Path, metavar="VENV",
                        help="a venv with this checkout's compiled core (.venv-compiled)")
    parser.add_argument("--measure", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure:
        measure(args.measure, args.passes)
        return

    sys.path.insert(0, str(ROOT))
    from service.tools.corpus import bodies

    # name: (python, checkout whose sources run, or None for the venv's installed core)
    runs: dict[str, tuple[Path, Path | None]] = {}
    if args.base:
        runs["base"] = (args.base.resolve() / ".venv" / "bin" / "python", args.base.resolve())
    runs["pure"] = (ROOT / ".venv" / "bin" / "python", ROOT)
    if args.compiled:
        runs["compiled"] = (args.compiled.resolve() / "bin" / "python", None)
    with tempfile.TemporaryDirectory() as tmp:
        corpus = Path(tmp) / "corpus.jsonl"
        corpus.write_bytes(b"\n".join(bodies(args.games, args.seed)) + b"\n")
        size = corpus.stat().st_size / args.games
        print(f"check path in-process: {args.games} transcripts ({size:,.0f} bytes on "
              f"average), {args.rounds} rounds, one process per checkout and round")
        rounds: dict[str, list[dict[str, float | str]]] = {name: [] for name in runs}
        for _ in range(args.rounds):
            for name, (python, checkout) in runs.items():
                rounds[name].append(run_round(python, checkout, corpus, args.passes))
    for name, results in rounds.items():
        check = [float(r["check"]) for r in results]
        loads = [float(r["loads"]) for r in results]
        ratio = [c / j for c, j in zip(check, loads, strict=True)]
        core = results[0].get("core", "pure")
        if name == "compiled" and core != "compiled":
            raise SystemExit(f"{runs[name][0]} runs the pure core: make compiled")
        print(f"  {name:8} ({runs[name][1] or runs[name][0].parent.parent}, {core} core): "
              f"check path {spread(check)} µs/game (min/median/max), json.loads "
              f"{spread(loads)} µs; check / json.loads {spread(ratio)}x")
    for new, old in (("pure", "base"), ("compiled", "base"), ("compiled", "pure")):
        if new in rounds and old in rounds:
            speedup = [float(b["check"]) / float(t["check"])
                       for b, t in zip(rounds[old], rounds[new], strict=True)]
            same = len({r["answers"] for r in rounds[new] + rounds[old]}) == 1
            print(f"  speed-up {new} vs {old}, round by round: {spread(speedup, '{:.2f}')}x; "
                  f"answers byte-identical: {'yes' if same else 'no'}")


if __name__ == "__main__":
    main()
