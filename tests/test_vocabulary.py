"""One vocabulary: a misspelt game type, solo kind or call in the core fails a test."""

from __future__ import annotations

import ast
from pathlib import Path

from service.game import vocabulary as v
from service.game.options import CATALOGUE

# The core: the game, reading a transcript, lists and generating games.
CORE = [Path(__file__).resolve().parents[1] / "service" / part
        for part in ("game", "reading", "lists", "generating")]
# Attribute names whose values come from one vocabulary.
VOCABULARY = {
    "type": set(v.PLAYED_TYPES) | set(v.GAME_TYPES),
    "solo": set(v.SOLO_KINDS),
    "order_kind": {"normal", *v.SOLO_KINDS},
    "reservation": set(v.RESERVATIONS),
    "reason": set(v.THROW_REASONS),
    "trick": set(v.MARRIAGE_TRICKS),
}


def _compared_literals() -> list[tuple[str, int, str, str]]:
    """(file, line, attribute, literal) for `x.attr == "…"` and `x.attr in ("…", …)`."""
    found = []
    for path in sorted(p for part in CORE for p in part.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Compare) or not isinstance(node.left, ast.Attribute):
                continue
            attr = node.left.attr
            if attr not in VOCABULARY:
                continue
            for comparator in node.comparators:
                values = comparator.elts if isinstance(comparator, ast.Tuple) else [comparator]
                found += [(path.name, node.lineno, attr, value.value) for value in values
                          if isinstance(value, ast.Constant) and isinstance(value.value, str)]
    return found


def test_every_compared_name_is_in_its_vocabulary():
    literals = _compared_literals()
    assert len(literals) > 20  # the scan sees the core's comparisons
    wrong = [item for item in literals if item[3] not in VOCABULARY[item[2]]]
    assert not wrong


def test_the_catalogue_takes_its_choices_from_the_vocabulary():
    assert CATALOGUE["solos"]["choices"] == v.SOLO_KINDS
    assert CATALOGUE["marriage_partner_rules"]["choices"] == v.MARRIAGE_TRICKS
    assert CATALOGUE["throw"]["choices"] == v.THROW_REASONS


def test_the_schemas_take_their_choices_from_the_vocabulary():
    from service.reading import schemas, shapes

    assert set(schemas.GAME_FIELDS) == set(v.GAME_TYPES)
    assert shapes.ANNOUNCEMENTS == v.ANNOUNCEMENTS and shapes.SHOWINGS == v.SHOWINGS
