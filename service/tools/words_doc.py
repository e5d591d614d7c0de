"""The handbook's example answer in German and English, written from the service itself.

``python -m service.tools.words_doc --write`` checks the page's revoke example with
``Accept-Language: de`` and ``en`` and rewrites docs/referees.md between
``<!-- example-answer-de:start -->`` and ``<!-- example-answer-de:end -->`` (and the same
for ``en``) with the answer's violations and notes; ``tests/test_words.py`` fails when a
block and the service differ.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from .codes_doc import fenced, replace_between

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "referees.md"
EXAMPLE = ROOT / "service" / "web" / "static" / "examples" / "revoke.json"


def answer(lang: str) -> dict[str, Any]:
    """The parts of the example's answer that speak: its violations and notes."""
    from service import create_app

    client = create_app().test_client()
    response = client.post("/v1/games/check", json=json.loads(EXAMPLE.read_text()),
                           headers={"Accept-Language": lang})
    body = response.get_json()
    return {"violations": body["violations"], "notes": body["notes"]}


def block_text(lang: str) -> str:
    return json.dumps(answer(lang), ensure_ascii=False, indent=2) + "\n"


def main(argv: list[str]) -> int:
    text = PAGE.read_text(encoding="utf-8")
    new = text
    for lang in ("de", "en"):
        new = replace_between(new, fenced(f"example-answer-{lang}", "json"), block_text(lang))
    if "--write" in argv:
        PAGE.write_text(new, encoding="utf-8")
        return 0
    return int(new != text)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
