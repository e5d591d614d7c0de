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
    assert "service/rules/game.py" in names


def test_the_wheel_carries_the_contract_presets_and_type_marker(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    assert {"service/openapi.yaml", "service/rules/py.typed",
            "service/rules/presets/ddv.toml"} <= names
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
def build_setup(monkeypatch) -> dict:
    """setup.py's names, without running setup() (its build_ext is tested below)."""
    import runpy

    import setuptools
    monkeypatch.setattr(setuptools, "setup", lambda **kwargs: None)
    monkeypatch.chdir(ROOT)
    return runpy.run_path(str(ROOT / "setup.py"))


def _build_ext(names: dict, monkeypatch, gcc: bool) -> tuple[object, list]:
    from setuptools import Distribution, Extension
    from setuptools.command.build_ext import build_ext

    passes: list = []

    def run(self) -> None:
        passes.append((self.compiler, self.force, list(self.extensions[0].extra_compile_args),
                       list(self.extensions[0].extra_link_args)))
        self.compiler = object()  # as build_ext.run leaves it: the compiler object

    monkeypatch.setattr(build_ext, "run", run)
    names["ProfileGuidedBuildExt"].run.__globals__["_gcc"] = lambda: gcc
    ext = Extension("core", ["core.c"], extra_compile_args=["-O3"])
    command = names["ProfileGuidedBuildExt"](Distribution({"ext_modules": [ext]}))
    command.initialize_options()
    command.finalize_options()
    return command, passes


def test_the_compiled_core_is_built_profile_guided_with_gcc(build_setup, monkeypatch):
    trained: list = []
    monkeypatch.setattr(subprocess, "run", lambda args, **kw: trained.append((args, kw)))
    command, passes = _build_ext(build_setup, monkeypatch, gcc=True)
    command.run()
    (c1, force1, compile1, link1), (c2, force2, compile2, link2) = passes
    assert compile1[0] == "-O3" and compile1[1].startswith("-fprofile-generate=")
    assert link1 == compile1[1:]  # the instrumented objects link with gcov
    profile = compile1[1].partition("=")[2]
    assert compile2[:2] == ["-O3", f"-fprofile-use={profile}"] and link2 == compile2[1:]
    # the second pass compiles every object again, with a fresh compiler
    assert c1 is None and not force1 and c2 is None and force2 is True
    # trained in between, on the build's lib and not on the sources
    (args, kw), = trained
    assert args[-1] == os.path.abspath(command.build_lib) and kw["check"] is True
    assert "games(600, seed=2)" in args[-2] and kw["cwd"] != str(ROOT)


def test_another_compiler_builds_the_core_once(build_setup, monkeypatch):
    command, passes = _build_ext(build_setup, monkeypatch, gcc=False)
    command.run()
    assert [p[2] for p in passes] == [["-O3"]]
