"""Bulk checking on Dask (service/checking/bulk.py): shards of JSON Lines reduced to one report.

The partition step is plain Python and tested here directly; the Dask run starts a
LocalCluster of two worker processes, in a subprocess of its own so that the cluster
does not share a test process with pytest-xdist's workers.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from service.checking.bulk import Report, check_lines
from service.game.rulesets import resolve
from service.generating.random_game import random_game

ROOT = Path(__file__).resolve().parent.parent


def games(count: int, seed: int) -> list[dict]:
    import random

    rng = random.Random(seed)
    ddv = resolve("ddv")
    return [random_game(ddv, rng) for _ in range(count)]


def shard_lines(path: str, lines: list[str]) -> list[tuple[str, str]]:
    return [(line + "\n", path) for line in lines]


def archive(tmp_path: Path) -> tuple[list[Path], list[str]]:
    """Three shards: valid games, one with a card out of turn (id "g-7"), one with a
    wrong claim, a malformed transcript and a broken line."""
    good = games(9, seed=3)
    out_of_turn = dict(good[7], id="g-7", play=list(good[7]["play"]))
    play = out_of_turn["play"]
    play[10], play[11] = play[11], play[10]
    claimed = dict(good[8], claimed={"winner": "re", "value": 99})
    shards = [
        [json.dumps(g) for g in good[:4]],
        [json.dumps(g) for g in good[4:7]] + [json.dumps(out_of_turn), ""],
        [json.dumps(claimed), '{"dealer": 0}', "{not json"],
    ]
    paths = []
    for number, lines in enumerate(shards):
        path = tmp_path / f"shard-{number}.jsonl"
        path.write_text("\n".join(lines) + "\n")
        paths.append(path)
    return paths, [line for lines in shards for line in lines]


def expected(paths: list[Path]) -> dict:
    report = Report()
    for path in paths:
        report.merge(check_lines(shard_lines(str(path), path.read_text().splitlines())))
    return report.as_dict()


def test_partition_report_counts_and_lists_what_needs_a_look(tmp_path: Path) -> None:
    paths, _ = archive(tmp_path)
    found = expected(paths)
    summary = found["summary"]
    assert (summary["total"], summary["valid"], summary["invalid"], summary["malformed"],
            summary["disagreeing"]) == (11, 8, 1, 2, 1)
    assert list(summary["violations"]) == ["turn_order"]
    out_of_turn, wrong_claim = found["invalid"]
    assert out_of_turn["source"] == f"{paths[1]}:4" and out_of_turn["id"] == "g-7"
    assert out_of_turn["violations"][0]["pointer"] == "/play/10"
    assert summary["violations"]["turn_order"] == len(out_of_turn["violations"])
    assert wrong_claim == {"source": f"{paths[2]}:1", "id": None, "violations": [],
                           "claim_disagrees": True}
    assert [m["source"] for m in found["malformed"]] == [f"{paths[2]}:2", f"{paths[2]}:3"]
    # the field errors of '{"dealer": 0}', sorted by pointer
    assert found["malformed"][0]["errors"] == [
        {"pointer": p, "message": "Missing data for required field."}
        for p in ("/hands", "/play", "/ruleset")]


def test_dask_local_cluster_of_two_workers(tmp_path: Path) -> None:
    pytest.importorskip("dask.bag", reason="Dask is not installed: pip install '.[dask]'")
    pytest.importorskip("distributed", reason="dask.distributed is not installed")
    paths, _ = archive(tmp_path)
    # one pattern as a plain glob, the same shards as a file:// URL through fsspec
    for pattern in (str(tmp_path / "shard-*.jsonl"), f"file://{tmp_path}/shard-*.jsonl"):
        done = subprocess.run(
            [sys.executable, "-m", "service.cli", "--dask", "local:2", "--json", pattern],
            cwd=ROOT, capture_output=True, text=True, timeout=120)
        assert done.returncode == 2, done.stderr  # a malformed transcript
        assert json.loads(done.stdout) == expected(paths)  # fsspec names files by path


def test_without_dask_the_command_says_what_to_install(tmp_path: Path) -> None:
    script = ("import sys; sys.modules['dask'] = None; sys.modules['dask.bag'] = None\n"
              "from service.cli import main; sys.exit(main(sys.argv[1:]))")
    done = subprocess.run([sys.executable, "-c", script, "--dask", "local:2",
                           str(tmp_path / "x.jsonl")], cwd=ROOT, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 2
    assert "pip install 'doko-service[dask]'" in done.stderr
