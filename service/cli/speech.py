"""The command's help and usage errors in the user's language: ``--lang``, else the locale.

argparse words its own messages ("usage:", "unrecognized arguments: %s" …) through
the module's ``_`` and ``ngettext``; while the command builds its parser and reads its
arguments (:func:`spoken`) those say the catalogue's German. The options' help texts
are msgids too, said by :class:`Formatter` when the help is printed.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any, Final

from service.cli.output import locale_language
from service.game.text import N_
from service.game.words import LANGUAGES, catalogue, translate

ARGPARSE: Final = (  # what argparse says to a user, marked for the catalogue
    N_("usage: "), N_("positional arguments"), N_("options"),
    N_("show this help message and exit"), N_("show program's version number and exit"),
    N_("argument %(argument_name)s: %(message)s"), N_("unrecognized arguments: %s"),
    N_("not allowed with argument %s"), N_("ignored explicit argument %r"),
    N_("the following arguments are required: %s"), N_("one of the arguments %s is required"),
    N_("expected one argument"), N_("expected at most one argument"),
    N_("expected at least one argument"), N_("ambiguous option: %(option)s could match "
                                             "%(matches)s"),
    N_("unexpected option string: %s"), N_("invalid %(type)s value: %(value)r"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("%(prog)s: error: %(message)s\n"), N_("can't open '%(filename)s': %(error)s"),
)


def wanted(argv: Sequence[str]) -> str:
    """The language the arguments ask for (``--lang de``, ``--lang=de``), else the
    locale's: read before the parser exists, so that its help and errors speak it."""
    for i, arg in enumerate(argv):
        value = (arg.split("=", 1)[1] if arg.startswith("--lang=")
                 else argv[i + 1] if arg == "--lang" and i + 1 < len(argv) else None)
        if value in LANGUAGES:
            return value
    return locale_language()


@contextmanager
def spoken(lang: str) -> Iterator[None]:
    """argparse's own words in ``lang`` while the block runs (the command is one
    process and one language; the module's functions are put back after)."""
    saved = argparse._, argparse.ngettext  # type: ignore[attr-defined]
    if lang in LANGUAGES and lang != "en":
        words = catalogue(lang)
        argparse._ = words.gettext  # type: ignore[attr-defined]
        argparse.ngettext = words.ngettext  # type: ignore[attr-defined]
    try:
        yield
    finally:
        argparse._, argparse.ngettext = saved  # type: ignore[attr-defined]


def formatter(lang: str) -> Any:
    """A help formatter whose option help texts (msgids) are said in ``lang``."""

    class Formatter(argparse.RawDescriptionHelpFormatter):
        def _get_help_string(self, action: argparse.Action) -> str | None:
            return translate(action.help, lang) if action.help else action.help

    return Formatter


def about(option: str, text: str, lang: str) -> str:
    """A usage error about ``option`` as argparse words one ("argument --x: …")."""
    return translate(N_("argument %(argument_name)s: %(message)s"), lang) % {
        "argument_name": option, "message": text}


def positive(lang: str) -> Any:
    """``--jobs`` and ``--parallel-from``: an integer from 1, refused in ``lang``."""

    def read(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = 0
        if value < 1:
            raise argparse.ArgumentTypeError(
                translate(N_("not a positive integer: %r"), lang) % text)
        return value

    return read
