"""The README's example answer is what the service answers for examples/normal-game.json."""

from __future__ import annotations

import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_readme_example_answer_matches_the_service(check):
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = re.search(r"<!-- example-answer:start -->\n```json\n(.*?)```", readme, re.S)
    assert block, "README lost its example answer"
    documented = json.loads(block.group(1))
    answer = check(json.loads((ROOT / "examples" / "normal-game.json").read_text()))
    assert len(answer.pop("tricks")) == 12
    assert answer == documented
