"""What the command writes: the readable report or one JSON document, a progress bar, and
the status it exits with."""

from __future__ import annotations

import time
from typing import TextIO

from service.checking import (
    Summary,
)
from service.cli.games import Source
from service.cli.report import plain
from service.game.text import msg, msgn
from service.game.words import part

OK, FAILED, ERROR = 0, 1, 2  # exit statuses: all good, a game invalid or disagreeing, an error
PROGRESS_FROM = 200  # games; fewer finish before a bar would be worth drawing


class ReportOut:
    """The readable report on stdout."""

    def __init__(self, out: TextIO, lang: str = "en"):
        self.out = out
        self.lang = lang

    def begin(self) -> None:
        pass

    def begin_file(self, source: Source) -> None:
        if source.error:
            self.out.write(f"{source.label}: {source.error}\n")
        else:
            count = len(source.items)
            self.out.write(f"{source.label}: "
                           + part(msgn("{count} game", "{count} games", count), self.lang)
                           + "\n")

    def entry(self, text: str) -> None:
        self.out.write(text + "\n")

    def end_file(self, source: Source, summary: Summary) -> None:
        pass

    def end(self, summary: Summary, unreadable: int) -> None:
        s, lang = summary, self.lang
        parts = [part(msg("{count} valid", count=s.valid), lang),
                 part(msg("{count} invalid", count=s.invalid), lang)]
        if s.malformed:
            parts.append(part(msg("{count} malformed", count=s.malformed), lang))
        if s.incomplete:
            parts.append(part(msg("{count} incomplete", count=s.incomplete), lang))
        line = part(msgn("summary: {count} game: {parts}", "summary: {count} games: {parts}",
                        s.total, parts=", ".join(parts)), lang)
        if s.disagreeing:
            line += part(msgn("; {count} disagrees with the claimed result",
                             "; {count} disagree with the claimed result", s.disagreeing),
                        lang)
        if unreadable:
            line += part(msgn("; {count} file unreadable", "; {count} files unreadable",
                             unreadable), lang)
        self.out.write(line + "\n")


class JsonOut:
    """One JSON document, written as the games come (one result per line)."""

    def __init__(self, out: TextIO):
        self.out = out
        self.files = self.entries = 0

    def begin(self) -> None:
        self.out.write('{"files": [')

    def begin_file(self, source: Source) -> None:
        self.out.write(("," if self.files else "") + f'\n{{"path": {plain(source.label)}')
        self.files += 1
        self.entries = 0
        if source.error:
            self.out.write(f', "error": {plain(source.error)}}}')
        else:
            self.out.write(', "results": [')

    def entry(self, text: str) -> None:
        self.out.write(("," if self.entries else "") + "\n" + text)
        self.entries += 1

    def end_file(self, source: Source, summary: Summary) -> None:
        if not source.error:
            self.out.write(f'\n], "summary": {plain(summary.as_dict())}}}')

    def end(self, summary: Summary, unreadable: int) -> None:
        self.out.write(f'\n], "summary": {plain(summary.as_dict())}}}\n')


class Progress:
    """A one-line bar on stderr, drawn only on a terminal and for many games."""

    WIDTH = 30

    def __init__(self, total: int, stream: TextIO):
        self.total, self.stream, self.done, self.drawn = total, stream, 0, 0.0
        self.on = total >= PROGRESS_FROM and _isatty(stream)

    def update(self) -> None:
        self.done += 1
        if self.on and (time.monotonic() - self.drawn > 0.1 or self.done == self.total):
            self.drawn = time.monotonic()
            filled = self.WIDTH * self.done // self.total
            self.stream.write(f"\r[{'#' * filled}{'.' * (self.WIDTH - filled)}] "
                              f"{self.done}/{self.total} games")
            self.stream.flush()

    def close(self) -> None:
        if self.on:
            self.stream.write("\r" + " " * (self.WIDTH + 30) + "\r")
            self.stream.flush()


def _isatty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False
