"""The CI example of the handbook (docs/engine-authors.md), run end to end: it takes
doko-check from the release tag of this version (which the Kubernetes manifests deploy
too), runs the conformance suite against the engine's verdicts with `compare --github`
and the self-play check. A stand-in engine plays the engine's part: a perfect one passes
both steps; the imperfect one of the handbook fails the suite with an annotation per
differing field; a log with one revoke fails the self-play check at the revoke's line."""

from __future__ import annotations

import json
import os
import re
import stat
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import yaml
from games import junit
from lxml import etree

from service.checking import check_data
from service.game.rulesets import resolve
from service.generating import cases as conformance
from service.generating.mutations import mutate
from service.generating.portable_random import PortableRandom

ROOT = Path(__file__).resolve().parents[1]
XSD = junit.schema()
VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]

# The engine's command, stood in for: `verdicts CASES` answers every case (ENGINE=perfect:
# the reference's answers; else the handbook's imperfect engine), `selfplay --out FILE`
# copies the log the test prepared (LOG).
ENGINE = f"""#!{sys.executable}
import os, shutil, sys
from pathlib import Path
from service.tools import compare_doc
if sys.argv[1] == "verdicts":
    text = Path(sys.argv[2]).read_text(encoding="utf-8")
    if os.environ.get("ENGINE") == "perfect":
        import json
        sys.stdout.writelines(json.dumps(json.loads(line)["expected"]) + "\\n"
                              for line in text.splitlines())
    else:
        sys.stdout.write(compare_doc.verdicts(text))
elif sys.argv[1] == "selfplay":
    shutil.copyfile(os.environ["LOG"], sys.argv[sys.argv.index("--out") + 1])
"""


def workflow() -> dict[str, Any]:
    page = (ROOT / "docs" / "engine-authors.md").read_text(encoding="utf-8")
    block = re.search(r"<!-- ci-example:start -->\n```yaml\n(.*?)```", page, re.S)
    assert block, "docs/engine-authors.md lost its CI example"
    (job,) = yaml.safe_load(block.group(1))["jobs"].values()
    return job


def steps() -> dict[str | None, dict[str, Any]]:
    return {step.get("name"): step for step in workflow()["steps"]}


def engine_log(path: Path, games: int = 20, revoke: bool = True) -> int:
    """Legal games, one of them (where ``revoke``) with a revoke and nothing else wrong;
    its line."""
    ddv = resolve("ddv")
    rng = PortableRandom(2026)
    log = [conformance.legal_game(("normal", ""), ddv, rng) for _ in range(games)]
    at = games // 2
    if revoke:
        revoked = None
        while revoked is None:
            revoked = mutate("revoke", conformance.legal_game(("normal", ""), ddv, rng), rng)
        assert [v["code"] for v in check_data(revoked).answer["violations"]] == ["follow_suit"]
        log.insert(at, revoked | {"id": "selfplay-revoke"})
    path.write_text("".join(json.dumps(g) + "\n" for g in log), encoding="utf-8")
    return at + 1


def run_step(name: str, folder: Path, **env: str) -> subprocess.CompletedProcess[str]:
    """A step of the job, in the engine's checkout: doko-service checked out beside it
    (here: this repository) and doko-check installed (here: this virtual environment)."""
    if not (folder / "doko-service").exists():
        (folder / "doko-service").symlink_to(ROOT, target_is_directory=True)
        (folder / "engine").write_text(ENGINE, encoding="utf-8")
        (folder / "engine").chmod(stat.S_IRWXU)
    path = f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"
    return subprocess.run(["bash", "-eo", "pipefail", "-c", steps()[name]["run"]], cwd=folder,
                          env={**os.environ, "PATH": path, "PYTHONPATH": str(ROOT), **env},
                          capture_output=True, text=True, timeout=300)


def annotations(stdout: str) -> list[str]:
    return [line for line in stdout.splitlines() if line.startswith("::")]


def test_the_job_takes_doko_check_from_this_release():
    """Pinned to the tag of the version in pyproject.toml, the one the Kubernetes
    manifests deploy: the suite the engine must match is the one of that release."""
    checkout = [s for s in workflow()["steps"]
                if s.get("with", {}).get("repository", "").endswith("/doko-service")]
    assert [s["with"]["ref"] for s in checkout] == [f"v{VERSION}"]
    assert steps()["Install doko-check"]["run"] == "pip install ./doko-service"
    manifest = (ROOT / "deploy" / "k8s" / "deployment.yaml").read_text(encoding="utf-8")
    assert re.findall(r"image: doko-service:(\S+)", manifest) == [VERSION]
    assert set(re.findall(r'app.kubernetes.io/version: "(.*)"', manifest)) == {VERSION}
    assert f"-t doko-service:{VERSION} " in (ROOT / "deploy" / "Dockerfile").read_text()
    job = workflow()["steps"]
    after = job[job.index(steps()["Self-play"]):]
    assert all(s.get("if") == "${{ !cancelled() }}" for s in after), \
        "the self-play check and the upload run when the suite failed too"


def test_a_perfect_engine_passes_both_steps(tmp_path):
    engine_log(tmp_path / "log.jsonl", revoke=False)
    done = run_step("Conformance suite", tmp_path, ENGINE="perfect")
    assert done.returncode == 0, done.stdout + done.stderr
    assert annotations(done.stdout) == []
    cases = len((ROOT / "examples" / "conformance" / "ddv.jsonl").read_text().splitlines())
    assert done.stdout.splitlines()[-1] == (
        f"summary: {cases} cases, {cases} answered, {cases} agree, 0 differ, "
        "0 compare nothing, 0 unanswered")
    done = run_step("Self-play", tmp_path, LOG=str(tmp_path / "log.jsonl"))
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.splitlines()[-1] == "summary: 20 games: 20 valid, 0 invalid"
    for report in ("conformance.xml", "selfplay.xml"):
        XSD.assertValid(etree.parse(str(tmp_path / report)))


def test_an_imperfect_engine_fails_the_suite_with_an_annotation_per_field(tmp_path):
    done = run_step("Conformance suite", tmp_path)
    assert done.returncode == 1, done.stderr  # a non-zero step fails the job
    found = annotations(done.stdout)
    titles = {re.search(r",title=(.*?)::", a).group(1) for a in found}
    assert titles == {"doko-check%3A compare score.items", "doko-check%3A compare score.value",
                      "doko-check%3A compare legal_actions.cards"}
    assert all(a.startswith("::error file=doko-service/examples/conformance/ddv.jsonl,line=")
               for a in found)
    assert "  score.items against_club_queens: missing in " in done.stdout
    report = etree.parse(str(tmp_path / "conformance.xml"))
    XSD.assertValid(report)
    failed = {t.get("name") for t in report.iter("testcase") if t.find("failure") is not None}
    assert len(failed) == len({re.search(r"::(ddv-\S+):", a).group(1) for a in found})


def test_a_revoke_in_self_play_fails_at_its_line(tmp_path):
    line = engine_log(tmp_path / "log.jsonl")
    done = run_step("Self-play", tmp_path, LOG=str(tmp_path / "log.jsonl"))
    assert done.returncode == 1, done.stderr
    found = annotations(done.stdout)
    assert len(found) == 1
    assert found[0].startswith(
        f"::error file=games.jsonl,line={line},title=doko-check%3A follow_suit::follow_suit at")
    assert done.stdout.splitlines()[-1] == "summary: 21 games: 20 valid, 1 invalid"
    artifact = next(s for s in workflow()["steps"]
                    if s.get("uses", "").startswith("actions/upload-artifact"))
    assert artifact["with"]["path"] == "*.xml"
    report = etree.parse(str(tmp_path / "selfplay.xml"))
    XSD.assertValid(report)
    assert [(f.getparent().get("name"), f.get("type")) for f in report.iter("failure")] == [
        ("selfplay-revoke", "follow_suit")]
