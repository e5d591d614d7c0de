"""The compiled rules core (setup.py, DOKO_COMPILE=1) answers as the pure one, byte for byte.

This checkout's editable install runs the pure core, and no compiled module may sit in
the source tree (it would shadow edits to the .py files). The comparison itself needs a
compiled build: `make test-compiled` builds .venv-compiled as the container image does
and runs it; `make test` runs it too where .venv-compiled exists and is newer than the
sources, and skips it otherwise. Samples: the generated corpus and mutated bodies as in
tests/test_fast_paths.py, each answered by the check path (read, validate, check,
render, write) in a process of each venv.
"""

from __future__ import annotations

import ast
import base64
import json
import os
import random
import subprocess
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest
from test_fast_paths import mutate, mutate_bytes

import service.rules
from service.tools.corpus import bodies, games

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_VENV = ROOT / ".venv-compiled"

# Run by each venv's python in isolated mode (-I: neither this checkout nor PYTHONPATH on
# sys.path, so the venv's installed core is what runs): reads base64 bodies, one a line;
# writes whether the core is compiled, then each answer's bytes or problem document.
ANSWERS = """
import base64, sys
import service.rules
from service.checking import check_data, parse_json
from service.checking.fastjson import dumps
from service.checking.problem import Problem, problem_body
print(service.rules.COMPILED)
for line in sys.stdin:
    try:
        answer = dumps(check_data(parse_json(base64.b64decode(line))).answer)
    except Problem as problem:
        answer = repr(problem_body(problem.status, problem.detail, problem.errors)).encode()
    print(base64.b64encode(answer).decode())
"""


def compiled_modules() -> list[str]:
    """setup.py's COMPILED_MODULES, read without running setup()."""
    tree = ast.parse((ROOT / "setup.py").read_text())
    for node in tree.body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == \
                "COMPILED_MODULES":
            return list(ast.literal_eval(node.value))
    raise AssertionError("setup.py has no COMPILED_MODULES")


def compiled_venv() -> Path | None:
    """The venv to compare: DOKO_COMPILED_VENV, else .venv-compiled if up to date."""
    if given := os.environ.get("DOKO_COMPILED_VENV"):
        return Path(given).resolve()
    stamp = DEFAULT_VENV / ".installed"
    if not stamp.exists():
        return None
    # Every file the build copies (presets, web files too), as the Makefile's rule has it.
    sources = [ROOT / "setup.py", ROOT / "pyproject.toml",
               *(p for p in (ROOT / "service").rglob("*")
                 if p.is_file() and "__pycache__" not in p.parts)]
    if max(path.stat().st_mtime for path in sources) > stamp.stat().st_mtime:
        return None
    return DEFAULT_VENV


def test_no_compiled_module_in_the_source_tree() -> None:
    stale = [path for suffix in EXTENSION_SUFFIXES for path in (ROOT / "service").rglob(
        f"*{suffix}")]
    assert not stale, f"compiled modules in the tree shadow their sources: {stale}"


def test_this_checkout_runs_the_pure_core() -> None:
    assert service.rules.COMPILED is False
    assert Path(service.game.gamestate.__file__ or "") == ROOT / "service/game/gamestate.py"


def test_every_module_to_compile_exists_and_is_in_the_rules_core() -> None:
    modules = compiled_modules()
    assert modules and len(set(modules)) == len(modules)
    for module in modules:
        assert (ROOT / module).is_file(), module
        assert module.startswith(("service/game/", "service/reading/")), module
    assert "service/game/gamestate.py" in modules  # COMPILED is read off game's module


def samples() -> list[bytes]:
    rng = random.Random(16)
    corpus = games(400, seed=16)
    found = bodies(400, seed=16)
    found += [json.dumps(mutate(rng.choice(corpus), rng), ensure_ascii=False,
                         separators=(",", ":")).encode() for _ in range(3000)]
    found += [mutate_bytes(rng.choice(found[:400]), rng) for _ in range(1000)]
    return found


def answers(python: Path, lines: bytes, cwd: Path) -> tuple[str, list[str]]:
    out = subprocess.run([str(python), "-I", "-c", ANSWERS], input=lines, cwd=cwd,
                         capture_output=True, check=True).stdout.decode().splitlines()
    return out[0], out[1:]


def test_compiled_core_answers_as_the_pure_core(tmp_path: Path) -> None:
    venv = compiled_venv()
    if venv is None:
        pytest.skip("no compiled build, or one older than the sources: make test-compiled")
    sent = samples()
    lines = b"".join(base64.b64encode(body) + b"\n" for body in sent)
    pure_flag, pure = answers(Path(sys.executable), lines, tmp_path)
    compiled_flag, compiled = answers(venv / "bin" / "python", lines, tmp_path)
    assert (pure_flag, compiled_flag) == ("False", "True")
    assert len(pure) == len(compiled) == len(sent)
    for body, mine, theirs in zip(sent, pure, compiled, strict=True):
        assert base64.b64decode(theirs) == base64.b64decode(mine), body
