"""The README's sample ``doko-check`` report, written from the command itself.

``python -m service.tools.cli_report_doc --write`` runs ``doko-check
examples/evening.jsonl`` from the repository root and rewrites the README between
``<!-- cli-report:start -->`` and ``<!-- cli-report:end -->``;
``tests/test_cli.py`` fails when the two differ.
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
BLOCK = re.compile(r"(<!-- cli-report:start -->\n```text\n).*?(```\n<!-- cli-report:end -->)",
                   re.S)


def report() -> str:
    out = io.StringIO()
    cwd = os.getcwd()
    os.chdir(ROOT)
    try:
        with contextlib.redirect_stdout(out):
            code = cli.main(["examples/evening.jsonl"])
    finally:
        os.chdir(cwd)
    return out.getvalue() + f"exit status {code}\n"


def main(argv: list[str]) -> int:
    readme = ROOT / "README.md"
    text = readme.read_text(encoding="utf-8")
    new = BLOCK.sub(lambda m: m.group(1) + report() + m.group(2), text, count=1)
    if "--write" in argv:
        readme.write_text(new, encoding="utf-8")
        return 0
    return 0 if new == text else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
