"""What an installed service needs travels in the wheel: the contract, the presets, the
type marker of the rules library; and `pip install .` gives doko-check without the
server's dependencies (Flask, gunicorn, prometheus-client come with the `server` extra)."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    where = tmp_path_factory.mktemp("wheel")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w",
                    str(where), str(ROOT)], check=True, capture_output=True)
    return next(where.glob("doko_service-*.whl"))


def test_the_wheel_carries_the_contract_presets_and_type_marker(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    assert {"service/openapi.yaml", "service/rules/py.typed",
            "service/rules/presets/ddv.toml"} <= names
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
