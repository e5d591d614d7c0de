"""docs/tournament.md's generated blocks and the example days of examples/ are what the
code gives (service/tools/tournament_doc.py, service/tools/tournament_days.py)."""

from __future__ import annotations

from service.tools import tournament_days, tournament_doc
from service.tools.codes_doc import replace_between


def test_the_page_is_generated():
    text = tournament_doc.PAGE.read_text(encoding="utf-8")
    fresh = text
    for pair, body in tournament_doc.blocks():
        fresh = replace_between(fresh, pair, body)
    assert fresh == text, "run python -m service.tools.tournament_doc --write"


def test_the_example_days_are_generated():
    assert tournament_days.main([]) == 0, "run python -m service.tools.tournament_days --write"
