"""The CI example of the handbook (docs/engine-authors.md), run end to end: an engine log
with one revoke makes the `doko-check` step fail, with a follow_suit annotation at the
revoke's line and a JUnit failure of that type."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import yaml
from games import junit
from lxml import etree

from service.checking import check_data
from service.game.rulesets import resolve
from service.generating import cases as conformance
from service.generating.portable_random import PortableRandom

ROOT = Path(__file__).resolve().parents[1]
XSD = junit.schema()


def ci_steps() -> list[dict[str, Any]]:
    page = (ROOT / "docs" / "engine-authors.md").read_text(encoding="utf-8")
    block = re.search(r"<!-- ci-example:start -->\n```yaml\n(.*?)```", page, re.S)
    assert block, "docs/engine-authors.md lost its CI example"
    (job,) = yaml.safe_load(block.group(1))["jobs"].values()
    return job["steps"]


def engine_log(path: Path, games: int = 20) -> int:
    """Legal games, one of them with a revoke (and nothing else wrong); its line."""
    ddv = resolve("ddv")
    rng = PortableRandom(2026)
    log = [conformance.legal_game(("normal", ""), ddv, rng) for _ in range(games)]
    revoked = None
    while revoked is None:
        game = conformance.legal_game(("normal", ""), ddv, rng)
        if conformance.revoke(game, rng):
            codes = [v["code"] for v in check_data(game).answer["violations"]]
            revoked = game if codes == ["follow_suit"] else None
    at = games // 2
    log.insert(at, revoked | {"id": "selfplay-revoke"})
    path.write_text("".join(json.dumps(g) + "\n" for g in log), encoding="utf-8")
    return at + 1


def test_the_documented_ci_job_fails_on_a_revoke(tmp_path):
    steps = {step.get("name"): step for step in ci_steps()}
    assert steps["Install doko-check"]["run"] == "pip install ./doko-service"
    # "Play games" is the engine's: here a generated log stands in for it
    assert "games.jsonl" in steps["Play games"]["run"]
    line = engine_log(tmp_path / "games.jsonl")
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    done = subprocess.run(["bash", "-eo", "pipefail", "-c", steps["Check them"]["run"]],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 1, done.stderr  # a non-zero step fails the job
    annotations = [x for x in done.stdout.splitlines() if x.startswith("::")]
    assert len(annotations) == 1
    assert annotations[0].startswith(
        f"::error file=games.jsonl,line={line},title=doko-check%3A follow_suit::follow_suit at")
    assert done.stdout.splitlines()[-1] == "summary: 21 games: 20 valid, 1 invalid"
    upload = next(s for s in ci_steps() if s.get("uses", "").startswith("actions/upload-artifact"))
    report = tmp_path / upload["with"]["path"]
    XSD.assertValid(etree.parse(str(report)))
    failures = etree.parse(str(report)).findall(".//failure")
    assert [(f.getparent().get("name"), f.get("type")) for f in failures] == [
        ("selfplay-revoke", "follow_suit")]
