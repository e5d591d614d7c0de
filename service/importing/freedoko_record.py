"""The text of a FreeDoko 0.7.13 game record, read into its parts (no rules here).

FreeDoko writes the record (its bug report, ``src/os/bug_report.cpp``) as a banner, then
``seed:`` and ``startplayer:``, a ``party`` block (its ``rules`` block, the players, the
summaries of earlier games), ``gametype:`` with ``soloplayer:`` or ``selector:`` and
``bride:``, the ``hands`` block (``player N (name)``, one ``i  color value`` line a card,
the index in hex), the ``gameplay actions`` block (``type = player, …``) and, for a game
that ended, the ``game summary`` block and a table of the special points. A block is a
name on a line of its own, then ``{`` and ``}`` on lines of their own.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from service.game.text import msg
from service.importing.common import ImportRefused, Problem, refuse

COLORS = {"club": "C", "spade": "S", "heart": "H", "diamond": "D"}
VALUES = {"nine": "9", "jack": "J", "queen": "Q", "king": "K", "ten": "10", "ace": "A"}
MAX_LINES = 20_000  # a record with a long party: its earlier summaries are ~25 lines a game


@dataclass(slots=True)
class Block:
    name: str
    line: int  # where its name stands
    lines: list[tuple[int, str]] = field(default_factory=list)  # its inner lines, stripped
    blocks: list[Block] = field(default_factory=list)
    closed: int = 0  # where its last inner block closed

    def block(self, name: str) -> Block | None:
        return next((b for b in self.blocks if b.name == name), None)


@dataclass(slots=True)
class Record:
    version: str = ""
    values: dict[str, tuple[int, str]] = field(default_factory=dict)  # seed:, gametype: …
    top: Block = field(default_factory=lambda: Block("", 0))


def parse(text: str) -> Record:
    """The record's top-level values and blocks; refused where braces do not match or the
    text is no FreeDoko record."""
    lines = text.splitlines()
    if len(lines) > MAX_LINES:
        raise refuse(msg("the record has more than {count} lines", count=MAX_LINES))
    record = Record()
    stack = [record.top]
    started = False
    for number, raw in enumerate(lines, 1):
        line = raw.strip()
        if not started:
            if line.startswith("version:"):
                record.version = line[len("version:"):].strip()
            started = line.startswith("seed:")
            if not started:
                continue
        here = stack[-1]
        if line == "{":
            # a block's name stands on the line before; the players' and the earlier
            # games' blocks inside a block have none
            named = bool(here.lines) and here.lines[-1][0] > max(here.line, here.closed)
            name_line, name = here.lines.pop() if named else (number, "")
            child = Block(name.strip(), name_line)
            here.blocks.append(child)
            stack.append(child)
        elif line == "}":
            if len(stack) == 1:
                raise refuse(msg("a block closes that was not opened"), line=number)
            stack.pop()
            stack[-1].closed = number
        elif len(stack) == 1 and ":" in line and not line.startswith("#"):
            key, _, value = line.partition(":")
            record.values.setdefault(key.strip(), (number, value.strip()))
            here.lines.append((number, line))
        elif line and not line.startswith("#"):
            here.lines.append((number, line))
    if not started:
        raise refuse(msg("this is no FreeDoko game record: it has no line seed:"))
    if len(stack) > 1:
        raise refuse(msg("the block {name} is not closed", name=stack[-1].name),
                     line=stack[-1].line)
    return record


def card(text: str, line: int) -> str:
    """A card as FreeDoko names it (``heart ten``), as a card code (``H10``)."""
    words = text.split()
    if len(words) == 2 and words[0] in COLORS and words[1] in VALUES:
        return COLORS[words[0]] + VALUES[words[1]]
    raise refuse(msg("{text} is not a card as FreeDoko names one (as heart ten)", text=text),
                 line=line)


def hands(block: Block) -> tuple[list[str], list[list[str]]]:
    """The names and hands of the ``hands`` block, in FreeDoko's player order."""
    names: list[str] = []
    cards: list[list[str]] = []
    problems: list[Problem] = []
    for number, line in block.lines:
        low = line.lower()
        if low.startswith("player "):
            no, _, rest = line[len("player "):].partition(" ")
            if not no.isdigit() or int(no) != len(names) or not (
                    rest.startswith("(") and rest.endswith(")")):
                problems.append(Problem(msg("expected player {number} (name)",
                                            number=len(names)), number))
                continue
            names.append(rest[1:-1])
            cards.append([])
        elif not cards:
            problems.append(Problem(msg("a card before the first player"), number))
        else:
            index, _, rest = line.partition("  ")
            try:
                cards[-1].append(card(rest.split("\t")[0].split("(")[0].strip(), number))
            except ImportRefused as refused:
                problems += refused.problems
            if not index.strip() or any(c not in "0123456789abcdef" for c in index.strip()):
                problems.append(Problem(msg("a card line starts with its number"), number))
    if problems:
        raise ImportRefused(problems)
    return names, cards


def pairs(block: Block) -> dict[str, tuple[int, str]]:
    """A block of ``key = value`` lines (rules, a game summary)."""
    out: dict[str, tuple[int, str]] = {}
    for number, line in block.lines:
        key, sep, value = line.partition("=")
        if sep:
            out.setdefault(key.strip(), (number, value.strip()))
    return out
