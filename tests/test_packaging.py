"""What an installed service needs travels in the wheel: the contract, the presets, the
type marker of the rules library."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_wheel_carries_the_contract_presets_and_type_marker(tmp_path):
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w",
                    str(tmp_path), str(ROOT)], check=True, capture_output=True)
    wheel = next(tmp_path.glob("doko_service-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    assert {"service/openapi.yaml", "service/rules/py.typed",
            "service/rules/presets/ddv.toml"} <= names
    page = {path.relative_to(ROOT).as_posix()
            for path in (ROOT / "service/web/static").rglob("*") if path.is_file()}
    assert page and page <= names, page - names  # the referee's page, every file of it
    with zipfile.ZipFile(wheel) as archive:
        shipped = archive.read("service/openapi.yaml")
    assert shipped == (ROOT / "openapi.yaml").read_bytes()
