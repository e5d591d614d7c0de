"""The CI example of the handbook (docs/engine-authors.md), run end to end as written: it
takes doko-check from the commit the reader fills in (here: this repository's last
commit, checked out offline with `git archive` and installed by the step's own `pip
install`, without the network), runs the conformance suite against the engine's
verdicts with `compare --github` and the self-play check. A stand-in engine plays the
engine's part: a perfect one passes both steps; the imperfect one of the handbook fails
the suite with an annotation per differing field; a log with one revoke fails the
self-play check at the revoke's line."""

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

import pytest
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
PLACEHOLDER = "COMMIT"  # the commit the reader fills in

# `pip` as the job's install step calls it: the project alone (its dependencies are this
# environment's; only the build's own requirements are fetched, as `make test`'s wheel
# test does), into the folder the test puts on PYTHONPATH.
PIP = f"""#!/bin/sh
[ "$1" = install ] || exit 2
shift
exec {sys.executable} -m pip install --quiet --no-deps --target "$DOKO_TARGET" "$@"
"""

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


def checkout(step: dict[str, Any]) -> str:
    """The commit a checkout step names, the placeholder replaced by this repository's
    last commit (what the reader would write)."""
    ref = step["with"]["ref"]
    assert ref == PLACEHOLDER, "the example names a commit for the reader to fill in"
    return subprocess.run(["git", "-C", str(ROOT), "rev-parse", "HEAD"], check=True,
                          capture_output=True, text=True).stdout.strip()


@pytest.fixture(scope="module")
def job(tmp_path_factory) -> Path:
    """The engine's checkout after the job's first steps: doko-service checked out at the
    commit (git archive of it) and installed by the install step, run as written."""
    folder = tmp_path_factory.mktemp("engine")
    (step,) = [s for s in workflow()["steps"]
               if s.get("with", {}).get("repository", "").endswith("/doko-service")]
    commit = checkout(step)
    into = folder / step["with"]["path"]
    into.mkdir()
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", commit],
                             check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    tools = folder / ".tools"
    tools.mkdir()
    (tools / "pip").write_text(PIP, encoding="utf-8")
    (tools / "pip").chmod(stat.S_IRWXU)
    (folder / "engine").write_text(ENGINE, encoding="utf-8")
    (folder / "engine").chmod(stat.S_IRWXU)
    done = run_step("Install doko-check", folder)
    assert done.returncode == 0, done.stdout + done.stderr
    where = subprocess.run([str(folder / ".target" / "bin" / "doko-check"), "--help"],
                           env=environment(folder), capture_output=True, text=True)
    assert where.returncode == 0, where.stderr
    probe = subprocess.run([sys.executable, "-c", "import service; print(service.__file__)"],
                           cwd=folder, env=environment(folder), capture_output=True, text=True)
    assert probe.stdout.startswith(str(folder / ".target")), probe.stdout + probe.stderr
    return folder


def environment(folder: Path, **env: str) -> dict[str, str]:
    """The job's environment: the installed doko-check first on the PATH, the package
    imported from where the install step put it (not from this repository)."""
    target = folder / ".target"
    path = os.pathsep.join([str(target / "bin"), str(folder / ".tools"),
                            str(Path(sys.executable).parent), os.environ["PATH"]])
    return {**os.environ, "PATH": path, "PYTHONPATH": str(target),
            "DOKO_TARGET": str(target), **env}


def run_step(name: str, folder: Path, **env: str) -> subprocess.CompletedProcess[str]:
    """A step of the job, as written, in the engine's checkout."""
    return subprocess.run(["bash", "-eo", "pipefail", "-c", steps()[name]["run"]], cwd=folder,
                          env=environment(folder, **env), capture_output=True, text=True,
                          timeout=300)


def annotations(stdout: str) -> list[str]:
    return [line for line in stdout.splitlines() if line.startswith("::")]


def test_the_job_takes_doko_check_from_a_commit_the_reader_fills_in():
    """No tag it cannot have: the job checks out doko-service at a commit the reader
    writes in, which the handbook tells where to find, and installs it from there."""
    checkout = [s for s in workflow()["steps"]
                if s.get("with", {}).get("repository", "").endswith("/doko-service")]
    assert [s["with"]["ref"] for s in checkout] == [PLACEHOLDER]
    assert steps()["Install doko-check"]["run"] == "pip install ./doko-service"
    page = (ROOT / "docs" / "engine-authors.md").read_text(encoding="utf-8")
    assert "replace\n`COMMIT` with that commit's full id" in page
    job = workflow()["steps"]
    after = job[job.index(steps()["Self-play"]):]
    assert all(s.get("if") == "${{ !cancelled() }}" for s in after), \
        "the self-play check and the upload run when the suite failed too"


def test_the_version_is_one_everywhere():
    """pyproject.toml's version is the contract's `info.version`, the image's tag and the
    version the Kubernetes manifests deploy (the path's /v1 is the compatibility
    promise, not the version)."""
    contract = yaml.safe_load((ROOT / "openapi.yaml").read_text(encoding="utf-8"))
    assert contract["info"]["version"] == VERSION
    manifest = (ROOT / "deploy" / "k8s" / "deployment.yaml").read_text(encoding="utf-8")
    assert re.findall(r"image: doko-service:(\S+)", manifest) == [VERSION]
    assert set(re.findall(r'app.kubernetes.io/version: "(.*)"', manifest)) == {VERSION}
    assert f"-t doko-service:{VERSION} " in (ROOT / "deploy" / "Dockerfile").read_text()


def test_a_perfect_engine_passes_both_steps(job, tmp_path):
    engine_log(tmp_path / "log.jsonl", revoke=False)
    done = run_step("Conformance suite", job, ENGINE="perfect")
    assert done.returncode == 0, done.stdout + done.stderr
    assert annotations(done.stdout) == []
    cases = len((ROOT / "examples" / "conformance" / "ddv.jsonl").read_text().splitlines())
    assert done.stdout.splitlines()[-1] == (
        f"summary: {cases} cases, {cases} answered, {cases} agree, 0 differ, "
        "0 compare nothing, 0 unanswered")
    done = run_step("Self-play", job, LOG=str(tmp_path / "log.jsonl"))
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.splitlines()[-1] == "summary: 20 games: 20 valid, 0 invalid"
    for report in ("conformance.xml", "selfplay.xml"):
        XSD.assertValid(etree.parse(str(job / report)))


def test_an_imperfect_engine_fails_the_suite_with_an_annotation_per_field(job):
    done = run_step("Conformance suite", job)
    assert done.returncode == 1, done.stderr  # a non-zero step fails the job
    found = annotations(done.stdout)
    titles = {re.search(r",title=(.*?)::", a).group(1) for a in found}
    assert titles == {"doko-check%3A compare score.items", "doko-check%3A compare score.value",
                      "doko-check%3A compare legal_actions.cards"}
    assert all(a.startswith("::error file=doko-service/examples/conformance/ddv.jsonl,line=")
               for a in found)
    assert "  score.items against_club_queens: missing in " in done.stdout
    report = etree.parse(str(job / "conformance.xml"))
    XSD.assertValid(report)
    failed = {t.get("name") for t in report.iter("testcase") if t.find("failure") is not None}
    assert len(failed) == len({re.search(r"::(ddv-\S+):", a).group(1) for a in found})


def test_a_revoke_in_self_play_fails_at_its_line(job, tmp_path):
    line = engine_log(tmp_path / "log.jsonl")
    done = run_step("Self-play", job, LOG=str(tmp_path / "log.jsonl"))
    assert done.returncode == 1, done.stderr
    found = annotations(done.stdout)
    assert len(found) == 1
    assert found[0].startswith(
        f"::error file=games.jsonl,line={line},title=doko-check%3A follow_suit::follow_suit at")
    assert done.stdout.splitlines()[-1] == "summary: 21 games: 20 valid, 1 invalid"
    artifact = next(s for s in workflow()["steps"]
                    if s.get("uses", "").startswith("actions/upload-artifact"))
    assert artifact["with"]["path"] == "*.xml"
    report = etree.parse(str(job / "selfplay.xml"))
    XSD.assertValid(report)
    assert [(f.getparent().get("name"), f.get("type")) for f in report.iter("failure")] == [
        ("selfplay-revoke", "follow_suit")]
