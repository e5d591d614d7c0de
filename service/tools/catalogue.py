"""The German catalogue of every text the service says, kept with Babel.

``python -m service.tools.catalogue --write`` extracts the English templates from the
sources (the calls of ``msg``, ``msgn`` and ``N_``, and each option's meaning), merges them into
``service/game/locale/de/LC_MESSAGES/doko.po`` (translations kept, templates no longer
said dropped, new ones added untranslated) and compiles ``doko.mo`` beside it.
``tests/test_words.py`` fails when a template has no German, when the ``.po`` holds one
the sources no longer say, or when the committed ``.mo`` is not the ``.po`` compiled.
Babel is a development tool only: at run time the standard library reads the ``.mo``.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ROOT / "service"
PO = SOURCES / "game" / "locale" / "de" / "LC_MESSAGES" / "doko.po"
MO = PO.with_suffix(".mo")
KEYWORDS = {"msg": None, "msgn": (1, 2), "N_": None, "_opt": (2,)}  # _opt: a meaning


def extracted() -> Catalog:
    """Every template the sources say, with where."""
    catalog = Catalog(locale="de", domain="doko", project="doko-service")
    for path, line, message, comments, context in extract_from_dir(
            str(SOURCES), method_map=[("**.py", "python")], keywords=KEYWORDS,
            comment_tags=(), strip_comment_tags=True):
        catalog.add(message, None, [(f"service/{path}", line)], auto_comments=comments,
                    context=context)
    return catalog


def current() -> Catalog:
    with PO.open("rb") as file:
        return read_po(file, locale="de", domain="doko")


def merged() -> Catalog:
    """The ``.po`` brought up to the sources: translations kept, the rest dropped."""
    catalog = current()
    created = catalog.creation_date  # kept: writing again changes nothing where nothing did
    catalog.update(extracted(), no_fuzzy_matching=True, update_creation_date=False)
    catalog.creation_date = created
    catalog.obsolete.clear()
    return catalog


def po_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, catalog, width=88, sort_output=True, omit_header=False,
             include_lineno=False)
    return out.getvalue()


def mo_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def untranslated(catalog: Catalog) -> list[str]:
    return [str(m.id) for m in catalog if m.id and (
        not m.string or (isinstance(m.string, tuple) and not all(m.string)))]


def main(argv: list[str]) -> int:
    if argv[1:] != ["--write"]:
        print(__doc__)
        return 2
    catalog = merged()
    PO.parent.mkdir(parents=True, exist_ok=True)
    PO.write_bytes(po_bytes(catalog))
    MO.write_bytes(mo_bytes(read_po(io.BytesIO(PO.read_bytes()), locale="de")))
    missing = untranslated(catalog)
    for text in missing:
        print(f"no German yet: {text}")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
