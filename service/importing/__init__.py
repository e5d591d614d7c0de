"""Files of other programs read into this project's own JSON, for the checks to judge.

``import_file(format, data)`` reads the bytes of a score sheet (``csv``), a Doko_Logger
evening (``doko-logger``), a QtDoppelKopf or jsdoppelkopf list (``qtdoppelkopf``) or a
FreeDoko game record (``freedoko``) into a sitting request or a transcript, with a note
for every thing the file holds that the request cannot; :class:`ImportRefused` names the
place and the reason where it cannot be read. No Flask here.
"""

from __future__ import annotations

from typing import Any

from service.importing.common import MAX_BYTES, Imported, ImportRefused, Problem
from service.importing.doko_logger import import_doko_logger
from service.importing.freedoko import import_freedoko
from service.importing.qtdoppelkopf import import_qtdoppelkopf
from service.importing.sheet_csv import import_csv

FORMATS = ("csv", "doko-logger", "qtdoppelkopf", "freedoko")

__all__ = ["FORMATS", "MAX_BYTES", "ImportRefused", "Imported", "Problem", "import_file"]


def import_file(fmt: str, data: bytes, *, ruleset: Any = None,
                first_dealer: str | None = None, layout: str | None = None) -> Imported:
    """The file read in ``fmt`` (one of :data:`FORMATS`)."""
    if fmt == "csv":
        if layout not in (None, "per_game", "totals"):
            raise ValueError(f"unknown sheet layout {layout!r}")
        return import_csv(data, ruleset=ruleset, first_dealer=first_dealer,
                          layout=layout)  # type: ignore[arg-type]
    if fmt == "doko-logger":
        return import_doko_logger(data, ruleset=ruleset, first_dealer=first_dealer)
    if fmt == "qtdoppelkopf":
        return import_qtdoppelkopf(data, ruleset=ruleset)
    if fmt == "freedoko":
        return import_freedoko(data, ruleset=ruleset)
    raise ValueError(f"unknown format {fmt!r}")
