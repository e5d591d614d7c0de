"""What the command writes: the readable report or one JSON document, a progress bar, and
the status it exits with."""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Mapping
from pathlib import Path
from typing import TextIO

from service.checking import (
    Summary,
)
from service.cli.games import Source
from service.cli.problems import os_reason
from service.cli.report import plain
from service.game.text import N_, msg, msgn
from service.game.words import DEFAULT, part, translate

# exit statuses: all good, a game invalid or disagreeing, an error, no game at all
OK, FAILED, ERROR, NO_GAME = 0, 1, 2, 5
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
            self.out.write("\n".join((f"{source.label}: {source.error}", *source.shown)) + "\n")
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

    def __init__(self, total: int, stream: TextIO, lang: str = "en"):
        self.total, self.stream, self.done, self.drawn = total, stream, 0, 0.0
        self.lang = lang
        self.on = total >= PROGRESS_FROM and _isatty(stream)

    def update(self) -> None:
        self.done += 1
        if self.on and (time.monotonic() - self.drawn > 0.1 or self.done == self.total):
            self.drawn = time.monotonic()
            filled = self.WIDTH * self.done // self.total
            self.stream.write(f"\r[{'#' * filled}{'.' * (self.WIDTH - filled)}] " + part(msg(
                "{done}/{total} games", done=self.done, total=self.total), self.lang))
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


def locale_language(environ: Mapping[str, str] | None = None) -> str:
    """German where the locale asks for it (de_DE.UTF-8, de_AT ...), else English: the
    first of LC_ALL, LC_MESSAGES and LANG that is set decides, as gettext reads them."""
    environ = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name, "")
        if value:
            return "de" if value.lower().startswith("de") else DEFAULT
    return DEFAULT


def writable(command: argparse.ArgumentParser, path: str, lang: str = "en",
             option: str = "--junit") -> None:
    """A usage error before any work where ``path`` cannot be written: a folder that is
    missing, or a folder in its place (said in ``lang``)."""
    target = Path(path)
    folder = target.parent
    reason = None
    if target.is_dir():
        reason = msg("it is a directory")
    elif not folder.is_dir():
        reason = msg("no directory {folder}", folder=str(folder))
    elif not os.access(folder, os.W_OK) or (target.exists() and not os.access(target, os.W_OK)):
        reason = msg("permission denied")
    if reason:
        text = part(msg("cannot write {path}: {error}", path=path, error=reason), lang)
        command.error(translate(N_("argument %(argument_name)s: %(message)s"), lang) % {
            "argument_name": option, "message": text})


def cannot_write(path: str, error: OSError, lang: str) -> str:
    """The one line of a file that could not be written after all."""
    return "doko-check: " + part(msg("cannot write {path}: {error}", path=path,
                                     error=os_reason(error, lang)), lang)


def no_game(lang: str) -> str:
    """The one line of an input without a game (exit status 5)."""
    return "doko-check: " + part(msg("no game in the input (--allow-empty lets that pass)"),
                                 lang)


def settled(total: Summary, args: argparse.Namespace, err: TextIO) -> int:
    """The exit status of a run whose files were all read and whose transcripts were
    all well formed: 5 where there was no game (unless ``--allow-empty``)."""
    if not total.total and not args.allow_empty:
        err.write(no_game(args.lang) + "\n")
        return NO_GAME
    return OK if total.all_good else FAILED
