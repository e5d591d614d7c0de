"""The sample ``doko-check`` reports of the handbook and the README, written from the
command itself.

``python -m service.tools.cli_report_doc --write`` runs ``doko-check
examples/evening.jsonl`` from the repository root and rewrites docs/engine-authors.md
between ``<!-- cli-report:start -->`` and ``<!-- cli-report:end -->``, and runs
``doko-check examples/normal-game.json`` for the README's ``<!-- cli-check:start -->``
block, and ``doko-check --lang de examples/evening.jsonl`` for the German report of
docs/referees.md (``cli-report-de``); ``tests/test_cli.py`` and ``tests/test_words.py``
fail when a block and the command differ.
"""

from __future__ import annotations

import contextlib
import io
import os
import sys
from pathlib import Path

from service import cli

from .codes_doc import fenced, replace_between

ROOT = Path(__file__).resolve().parents[2]
# (the file, the block's marker, the command's arguments)
BLOCKS = ((ROOT / "docs" / "engine-authors.md", "cli-report", ("examples/evening.jsonl",)),
          (ROOT / "README.md", "cli-check", ("examples/normal-game.json",)),
          (ROOT / "docs" / "referees.md", "cli-report-de",
           ("--lang", "de", "examples/evening.jsonl")))


def report(*args: str) -> str:
    """What ``doko-check ARGS`` prints from the repository root, and its exit status."""
    out = io.StringIO()
    cwd = os.getcwd()
    os.chdir(ROOT)
    try:
        with contextlib.redirect_stdout(out):
            code = cli.main(list(args or ("examples/evening.jsonl",)))
    finally:
        os.chdir(cwd)
    return out.getvalue() + f"exit status {code}\n"


def main(argv: list[str]) -> int:
    stale = 0
    for path, marker, args in BLOCKS:
        text = path.read_text(encoding="utf-8")
        new = replace_between(text, fenced(marker, "text"), report(*args))
        if "--write" in argv:
            path.write_text(new, encoding="utf-8")
        elif new != text:
            stale = 1
    return stale


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
