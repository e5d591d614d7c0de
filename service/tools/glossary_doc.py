"""The term table (service/game/terms.py) where people read it: the handbook and the page.

``python -m service.tools.glossary_doc --write`` rewrites docs/glossary.md between
``<!-- terms:start -->`` and ``<!-- terms:end -->`` (the table, one row a concept) and
service/web/static/js/terms.js between ``// terms:start`` and ``// terms:end`` (the words
the page says: rulebooks by preset and how the codes cite them, seats, cards);
``tests/test_terms.py`` fails when either differs from the table.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from service.game.terms import CARD_NOUNS, RULEBOOKS, TERMS

from .codes_doc import replace_between

ROOT = Path(__file__).resolve().parents[2]
GLOSSARY = ROOT / "docs" / "glossary.md"
I18N = ROOT / "service" / "web" / "static" / "js" / "terms.js"
MD_MARKERS = ("<!-- terms:start -->\n", "<!-- terms:end -->")
JS_MARKERS = ("// terms:start (python -m service.tools.glossary_doc --write)\n",
              "// terms:end")


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def glossary_table() -> str:
    rows = ["| German | English | not said in German | source |", "|---|---|---|---|"]
    for term in TERMS:
        avoid = term.not_so or "–"
        rows.append(f"| {_cell(term.de)} | {_cell(term.en)} | {_cell(avoid)} | "
                    f"{_cell(term.source)} |")
    rows += [f"| {b.de} | {b.en} | – | cited in the codes as „{b.cite}“ |" for b in RULEBOOKS]
    cards = ", ".join(f"{'der' if g == 'm' else 'die' if g == 'f' else 'das'} {de}"
                      for de, g, _ in CARD_NOUNS)
    rows.append(f"| {cards} | {', '.join(en for _, _, en in CARD_NOUNS)} | – | "
                "the cards with their genders |")
    return "\n".join(rows) + "\n"


def page_terms() -> str:
    words = {lang: {"rulebooks": {b.preset: {"cite": b.cite, "name": b.de if lang == "de"
                                             else b.en} for b in RULEBOOKS},
                    "position": "Position {n}" if lang == "de" else "seat {n}"}
             for lang in ("en", "de")}
    return f"const TERMS = {json.dumps(words, ensure_ascii=False)};\n"


def main(argv: list[str]) -> int:
    changed = False
    for path, markers, body in ((GLOSSARY, MD_MARKERS, glossary_table()),
                                (I18N, JS_MARKERS, page_terms())):
        text = path.read_text(encoding="utf-8")
        new = replace_between(text, markers, body)
        changed |= new != text
        if "--write" in argv:
            path.write_text(new, encoding="utf-8")
    return 0 if "--write" in argv or not changed else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
