"""What an installed service needs travels in the wheel: the contract, the presets, the
type marker of the rules library; and `pip install .` gives doko-check without the
server's dependencies (Flask, gunicorn, prometheus-client come with the `server` extra)."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    where = tmp_path_factory.mktemp("wheel")
    env = {k: v for k, v in os.environ.items() if k != "DOKO_COMPILE"}  # a plain build
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w",
                    str(where), str(ROOT)], check=True, capture_output=True, env=env)
    return next(where.glob("doko_service-*.whl"))


def test_a_plain_build_is_pure_python(wheel):
    # No compiler needed: the compiled core is opt-in (DOKO_COMPILE=1, setup.py).
    assert wheel.name.endswith("-py3-none-any.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert not [n for n in names if n.endswith((".so", ".pyd", ".c"))]
    assert "service/game/gamestate.py" in names


def test_the_wheel_carries_the_contract_presets_and_type_marker(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    assert {"service/openapi.yaml", "service/rules/py.typed",
            "service/game/presets/ddv.toml"} <= names
    page = {path.relative_to(ROOT).as_posix()
            for path in (ROOT / "service/web/static").rglob("*") if path.is_file()}
    assert page and page <= names, page - names  # the referee's page, every file of it
    with zipfile.ZipFile(wheel) as archive:
        shipped = archive.read("service/openapi.yaml")
    assert shipped == (ROOT / "openapi.yaml").read_bytes()


def test_the_wheel_needs_the_server_packages_only_with_the_extra(wheel):
    with zipfile.ZipFile(wheel) as archive:
        info = next(n for n in archive.namelist() if n.endswith(".dist-info/METADATA"))
        metadata = archive.read(info).decode()
        entry_points = archive.read(info.replace("METADATA", "entry_points.txt")).decode()
    requires = [line.removeprefix("Requires-Dist: ") for line in metadata.splitlines()
                if line.startswith("Requires-Dist: ")]
    plain = [r for r in requires if "extra ==" not in r]
    assert [r.split(">")[0].split("<")[0].strip() for r in plain] == ["marshmallow"]
    for package in ("flask", "gunicorn", "prometheus-client"):
        assert any(r.startswith(package) and 'extra == "server"' in r for r in requires)
    assert "doko-check = service.cli:main" in entry_points


@pytest.fixture
def build_setup(monkeypatch, tmp_path) -> dict:
    """setup.py's names, without running setup() (its build_ext is tested below), in a
    working directory of the test's own (the build command writes nothing there)."""
    import runpy

    import setuptools
    monkeypatch.setattr(setuptools, "setup", lambda **kwargs: None)
    monkeypatch.chdir(tmp_path)
    return runpy.run_path(str(ROOT / "setup.py"))


def _build_ext(names: dict, monkeypatch, gcc: bool, pgo: bool = True) -> tuple[object, list]:
    """setup.py's build command over one extension, with build_ext's own run stubbed: each
    pass is recorded as (compiler, force, compile args, link args)."""
    from setuptools import Distribution, Extension
    from setuptools.command.build_ext import build_ext

    passes: list = []

    def run(self) -> None:
        passes.append((self.compiler, self.force, list(self.extensions[0].extra_compile_args),
                       list(self.extensions[0].extra_link_args)))
        self.compiler = object()  # as build_ext.run leaves it: the compiler object

    monkeypatch.setattr(build_ext, "run", run)
    scope = names["ProfileGuidedBuildExt"].run.__globals__
    monkeypatch.setitem(scope, "_gcc", lambda: gcc)
    monkeypatch.setitem(scope, "PGO", pgo)
    ext = Extension("core", ["core.c"], extra_compile_args=["-O3"])
    command = names["ProfileGuidedBuildExt"](Distribution({"ext_modules": [ext]}))
    command.initialize_options()
    command.finalize_options()
    monkeypatch.setattr(command, "run_command", lambda name: passes.append(name))
    return command, passes


def test_the_compiled_core_is_built_profile_guided_with_gcc(build_setup, monkeypatch):
    command, passes = _build_ext(build_setup, monkeypatch, gcc=True)
    trained: list = []

    def train(args, **kw) -> None:  # the instrumented core writes its profile
        trained.append((args, kw))
        profile = passes[-1][2][1].partition("=")[2]
        (Path(profile) / "sub").mkdir()
        (Path(profile) / "sub" / "core.gcda").write_bytes(b"")

    monkeypatch.setattr(subprocess, "run", train)
    command.run()
    build_py, (c1, force1, compile1, link1), (c2, force2, compile2, link2) = passes
    assert build_py == "build_py"  # the pure modules in build_lib before the training
    assert compile1[0] == "-O3" and compile1[1].startswith("-fprofile-generate=")
    assert link1 == compile1[1:]  # the instrumented objects link with gcov
    profile = compile1[1].partition("=")[2]
    assert compile2[:3] == ["-O3", f"-fprofile-use={profile}", "-fprofile-partial-training"]
    assert link2 == compile2[1:]
    # both passes compile every object, the second with a fresh compiler
    assert c1 is None and force1 is True and c2 is None and force2 is True
    # trained in between, on the build's lib, with a fixed hash seed
    (args, kw), = trained
    assert args[-1] == os.path.abspath(command.build_lib) and kw["check"] is True
    assert "games(600, seed=2)" in args[-2] and kw["env"]["PYTHONHASHSEED"] == "0"
    assert not Path(kw["cwd"]).exists()  # its own working directory, removed after


def test_a_training_that_writes_no_profile_fails_the_build(build_setup, monkeypatch):
    command, passes = _build_ext(build_setup, monkeypatch, gcc=True)
    monkeypatch.setattr(subprocess, "run", lambda args, **kw: None)
    built = Path(command.get_outputs()[0])
    built.parent.mkdir(parents=True)
    built.write_bytes(b"instrumented")
    with pytest.raises(SystemExit, match="wrote no profile"):
        command.run()
    assert len(passes) == 2  # build_py and the instrumented pass, no second one
    assert not built.exists()  # no instrumented core left for a later build to install


@pytest.mark.parametrize(("gcc", "pgo"), [(False, True), (True, False)])
def test_another_compiler_or_doko_pgo_0_builds_the_core_once(build_setup, monkeypatch,
                                                              gcc, pgo):
    command, passes = _build_ext(build_setup, monkeypatch, gcc=gcc, pgo=pgo)
    command.run()
    assert [p[2] for p in passes] == [["-O3"]]
