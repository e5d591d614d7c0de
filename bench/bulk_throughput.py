"""Games/s checking a JSON Lines archive: doko-check's worker processes against Dask.

    .venv/bin/python bench/bulk_throughput.py [--games 100000] [--shards 20] [--rounds 2]

Writes ``--games`` random legal games of every type under every preset (the corpus of
service/tools/corpus.py) into ``--shards`` JSON Lines files, then, in alternating
rounds, checks them with ``doko-check --json`` (its default 2 worker processes, every
answer written, to /dev/null) and with ``doko-check --dask local:N`` for N = 1 and 2
(a LocalCluster of N single-threaded worker processes, one report). Each figure is
wall time of the whole command, start-up included; min / median / max over rounds.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--shards", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()

    sys.path.insert(0, str(ROOT))
    from service.tools.corpus import bodies

    with tempfile.TemporaryDirectory() as tmp:
        started = time.perf_counter()
        sample = bodies(args.games, seed=11)
        for shard in range(args.shards):
            Path(tmp, f"games-{shard:03}.jsonl").write_bytes(
                b"\n".join(sample[shard::args.shards]) + b"\n")
        size = sum(map(len, sample)) / 2**20
        print(f"{args.games:,} games in {args.shards} shards ({size:,.0f} MiB), written in "
              f"{time.perf_counter() - started:.0f} s; {args.rounds} rounds")
        pattern = str(Path(tmp, "games-*.jsonl"))
        shards = sorted(str(p) for p in Path(tmp).glob("games-*.jsonl"))
        commands = {
            "doko-check --json (2 processes)": [str(BIN / "doko-check"), "--json", *shards],
            "doko-check --dask local:1": [str(BIN / "doko-check"), "--dask", "local:1",
                                          pattern],
            "doko-check --dask local:2": [str(BIN / "doko-check"), "--dask", "local:2",
                                          pattern],
        }
        rates: dict[str, list[float]] = {name: [] for name in commands}
        for _ in range(args.rounds):
            for name, command in commands.items():
                started = time.perf_counter()
                done = subprocess.run(command, stdout=subprocess.DEVNULL,
                                      stderr=subprocess.PIPE, text=True)
                elapsed = time.perf_counter() - started
                if done.returncode not in (0, 1):
                    raise SystemExit(f"{name} failed ({done.returncode}): {done.stderr}")
                rates[name].append(args.games / elapsed)
    for name, values in rates.items():
        print(f"  {name:32} {min(values):7,.0f} / {statistics.median(values):7,.0f} / "
              f"{max(values):7,.0f} games/s (min / median / max)")


if __name__ == "__main__":
    main()
