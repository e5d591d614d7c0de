"""The sample ``doko-check`` reports of the handbook and the README, written from the
command itself.

``python -m service.tools.cli_report_doc --write`` runs ``doko-check
examples/evening.jsonl`` from the repository root and rewrites docs/engine-authors.md
between ``<!-- cli-report:start -->`` and ``<!-- cli-report:end -->``, and runs
``doko-check examples/normal-game.json`` for the README's ``<!-- cli-check:start -->``
block; ``tests/test_cli.py`` fails when a block and the command differ.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import sys
from pathlib import Path

from service import cli

ROOT = Path(__file__).resolve().parents[2]
# (the file, the block's marker, the file the command checks)
BLOCKS = ((ROOT / "docs" / "engine-authors.md", "cli-report", "examples/evening.jsonl"),
          (ROOT / "README.md", "cli-check", "examples/normal-game.json"))


def block(marker: str) -> re.Pattern[str]:
    return re.compile(rf"(<!-- {marker}:start -->\n```text\n).*?(```\n<!-- {marker}:end -->)",
                      re.S)


def report(example: str = "examples/evening.jsonl") -> str:
    out = io.StringIO()
    cwd = os.getcwd()
    os.chdir(ROOT)
    try:
        with contextlib.redirect_stdout(out):
            code = cli.main([example])
    finally:
        os.chdir(cwd)
    return out.getvalue() + f"exit status {code}\n"


def main(argv: list[str]) -> int:
    stale = 0
    for path, marker, example in BLOCKS:
        text = path.read_text(encoding="utf-8")
        found = block(marker).search(text)
        if found is None:
            raise ValueError(f"{path.name} has no {marker} block")
        new = text[:found.start()] + found.group(1) + report(example) + found.group(2) + \
            text[found.end():]
        if "--write" in argv:
            path.write_text(new, encoding="utf-8")
        elif new != text:
            stale = 1
    return stale


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
