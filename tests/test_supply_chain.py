"""Supply chain: the image installs its Python packages from hashed lock files only.

deploy/requirements.lock (pip-tools, from pyproject.toml: the server extra and the build
requirements of DOKO_COMPILE=1) and deploy/pip.lock (the installer) pin every package
the image installs, each with its sha256 hashes; the Dockerfile installs them with
--require-hashes, and the project itself with --no-deps and --no-build-isolation, so that
nothing unhashed is fetched (neither a dependency nor a build requirement).
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version
from test_deploy import dockerfile_run_commands, normalize_command

ROOT = Path(__file__).resolve().parents[1]
LOCK = ROOT / "deploy" / "requirements.lock"
PIP_LOCK = ROOT / "deploy" / "pip.lock"
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())


def locked(path: Path) -> dict[str, tuple[Version, list[str]]]:
    """name -> (version, hashes) of a pip-compile --generate-hashes file."""
    found: dict[str, tuple[Version, list[str]]] = {}
    text = re.sub(r"\\\n", " ", path.read_text())
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        spec, *options = line.split(" --hash=")
        name, sep, version = spec.strip().partition("==")
        assert sep, f"{path.name}: {spec!r} is not pinned with =="
        assert options, f"{path.name}: {name} has no hash"
        hashes = [o.strip() for o in options]
        assert all(re.fullmatch(r"sha256:[0-9a-f]{64}", h) for h in hashes), hashes
        found[canonicalize_name(name)] = (Version(version.strip()), hashes)
    return found


def needed() -> list[Requirement]:
    """What the image needs: the core's and the server extra's dependencies, the build
    system's requirements, and what setup.py asks for to compile the core (mypy)."""
    project = PYPROJECT["project"]
    mypy = next(r for r in project["optional-dependencies"]["dev"] if r.startswith("mypy"))
    return [Requirement(r) for r in (*project["dependencies"],
                                     *project["optional-dependencies"]["server"],
                                     *PYPROJECT["build-system"]["requires"], mypy)]


@pytest.mark.parametrize("requirement", needed(), ids=str)
def test_the_lock_satisfies_pyproject(requirement):
    lock = locked(LOCK)
    name = canonicalize_name(requirement.name)
    assert name in lock, f"{requirement} is not in {LOCK.name}: run the command in its header"
    version, _ = lock[name]
    assert requirement.specifier.contains(version, prereleases=True), (
        f"{LOCK.name} pins {name}=={version}, pyproject.toml asks for {requirement}")


def test_every_locked_package_is_pinned_and_hashed():
    lock = locked(LOCK)
    assert len(lock) >= 15  # the server's dependencies, transitively
    for name in ("setuptools", "wheel", "mypy", "flask", "gunicorn", "werkzeug"):
        assert name in lock, name


def test_the_lock_is_for_the_images_python():
    header = LOCK.read_text().splitlines()[1]
    image = re.search(r"ARG PYTHON_IMAGE=python:(\d+\.\d+)",
                      (ROOT / "deploy" / "Dockerfile").read_text())
    assert image is not None
    assert f"Python {image.group(1)}" in header, header


def test_the_installer_is_locked_too():
    lock = locked(PIP_LOCK)
    assert list(lock) == ["pip"]


def test_the_image_installs_from_the_locks_with_hashes_only():
    installs = [argv for argv in map(normalize_command, dockerfile_run_commands())
                if argv[:2] == ["pip", "install"]]
    from_locks = [argv for argv in installs if "-r" in argv]
    assert sorted(Path(argv[argv.index("-r") + 1]).name for argv in from_locks) == [
        "pip.lock", "requirements.lock"]
    for argv in from_locks:
        assert "--require-hashes" in argv and "--no-deps" in argv, argv
    (project,) = [argv for argv in installs if "-r" not in argv]
    assert project[-1].startswith(".[") or project[-1].startswith(".")
    assert "--no-deps" in project and "--no-build-isolation" in project, project
    # the locks are installed first
    assert installs.index(project) == len(installs) - 1
