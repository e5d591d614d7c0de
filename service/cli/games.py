"""The command's games: FILE arguments read into transcripts, each checked as the check
route checks it, in this process or, for many, in a pool of worker processes."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Generator
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from pathlib import Path
from typing import Any, NamedTuple

from service.checking import (
    Item,
    Outcome,
    array_items,
    check_item,
    is_json,
    ndjson_items,
    outcome,
    parse_json,
)
from service.checking.problem import Problem
from service.cli.problems import caret, of_file, os_reason, wrong_flag
from service.cli.report import report
from service.game.text import msg
from service.game.words import part

LINE_SUFFIXES = (".jsonl", ".ndjson")
PARALLEL_FROM = 200  # games; fewer are checked in this process (a pool costs ~50 ms)
JOBS = 2
CHUNK = 64  # games sent to a worker at a time


class Source(NamedTuple):
    """One FILE argument: its transcripts, or why it could not be read (in the
    language asked for; a syntax error's line with a caret in ``shown``)."""

    label: str
    items: list[Item]
    error: str | None = None
    shown: tuple[str, ...] = ()


def load(path: str, stdin: Any = None, lang: str = "en") -> Source:
    label = "<stdin>" if path == "-" else path
    try:
        raw = (stdin or sys.stdin.buffer).read() if path == "-" else Path(path).read_bytes()
    except OSError as error:
        return Source(label, [], part(msg("cannot read: {error}",
                                          error=os_reason(error, lang)), lang))
    if Path(path).suffix.lower() in LINE_SUFFIXES:
        return Source(label, ndjson_items(raw))
    try:
        data = parse_json(raw)
        wrong = wrong_flag(data, "transcript")
        if wrong is not None:
            raise wrong
    except Problem as problem:
        lines = ndjson_items(raw)
        if problem.broken is not None and len(lines) > 1 and is_json(lines[0].value):
            return Source(label, lines)
        # one broken document: the file is reported with the parse error
        return Source(label, [], of_file(problem.body(lang)["detail"], lang),
                      tuple(caret(problem)))
    if isinstance(data, list):
        return Source(label, array_items(data))
    return Source(label, [Item(0, None, data)])


# ---- one game: checked in whichever process ---------------------------------------------

def check_one(item: Item, ruleset: Any, as_json: bool, lang: str = "en"
              ) -> tuple[str, Outcome]:
    """The entry as JSON text (``--json``) or as report lines, and what the summary counts,
    its texts in ``lang``."""
    entry, _ = check_item(item, ruleset, lang)
    if as_json:
        text = json.dumps(entry, ensure_ascii=False, separators=(",", ":"))
    else:
        text = report(item, entry, lang)
    return text, outcome(entry)


def _check_chunk(items: list[Item], ruleset: Any, as_json: bool, lang: str
                 ) -> list[tuple[str, Outcome]]:
    return [check_one(item, ruleset, as_json, lang) for item in items]


def checked(items: list[Item], ruleset: Any, as_json: bool, jobs: int,
            parallel_from: int, lang: str = "en"
            ) -> Generator[tuple[str, Outcome], None, None]:
    """Every item's text and outcome, in order; by worker processes for many items (the
    language passed to them: a worker does not read the command's options)."""
    if jobs < 2 or len(items) < parallel_from:
        yield from (check_one(item, ruleset, as_json, lang) for item in items)
        return
    work: Callable[[list[Item]], list[tuple[str, Outcome]]] = partial(
        _check_chunk, ruleset=ruleset, as_json=as_json, lang=lang)
    chunks = [items[i:i + CHUNK] for i in range(0, len(items), CHUNK)]
    with ProcessPoolExecutor(jobs) as pool:
        for done in pool.map(work, chunks):  # map keeps the order
            yield from done
