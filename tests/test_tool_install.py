"""`pip install .` gives doko-check without the server's dependencies: the wheel asks
for Flask, gunicorn and prometheus-client only with the `server` extra, and the command
runs with them unimportable. The Makefile and the image install the extra."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SERVER_ONLY = ("flask", "werkzeug", "gunicorn", "prometheus_client")

# Runs doko-check in a fresh interpreter in which the server's packages cannot be imported.
BLOCKED = f"""
import sys
class Block:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {SERVER_ONLY!r}:
            raise ImportError(f"{{name}} is not installed")
sys.meta_path.insert(0, Block())
from service import cli
sys.exit(cli.main(sys.argv[1:]))
"""


def doko_check(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", BLOCKED, *args], capture_output=True,
                          text=True, cwd=ROOT, timeout=120)


def test_doko_check_runs_without_the_server_packages():
    done = doko_check("examples/evening.jsonl", "--summary")
    assert done.returncode == 1, done.stderr
    assert '"invalid": 1' in done.stdout
    done = doko_check("cases", "--ruleset", "ddv", "--count", "3")
    assert done.returncode == 0, done.stderr
    assert len(done.stdout.splitlines()) == 3


def test_the_wheel_needs_the_server_packages_only_with_the_extra(tmp_path):
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w",
                    str(tmp_path), str(ROOT)], check=True, capture_output=True)
    wheel = next(tmp_path.glob("doko_service-*.whl"))
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


def test_make_and_the_image_install_the_server_extra():
    assert "pip install --quiet -e '.[server,dev]'" in (ROOT / "Makefile").read_text()
    assert "RUN python -m pip install '.[server]'" in (ROOT / "deploy" / "Dockerfile").read_text()
