"""`pip install .` gives doko-check without the server's dependencies: the command runs
with Flask, gunicorn and prometheus-client unimportable (tests/test_packaging.py checks
that the wheel asks for them only with the `server` extra). The Makefile and the image
install the extra."""

from __future__ import annotations

import subprocess
import sys
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


def test_make_and_the_image_install_the_server_extra():
    assert "pip install --quiet -e '.[server,dev]'" in (ROOT / "Makefile").read_text()
    assert "RUN python -m pip install --no-build-isolation --no-deps '.[server]'" in (
        ROOT / "deploy" / "Dockerfile").read_text()
