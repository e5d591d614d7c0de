"""Bulk checking of archives on a Dask cluster: ``from service.bulk import check_archive``.

A facade: it only re-exports :mod:`service.checking.bulk`, where the code lives.
"""

from __future__ import annotations

from service.checking.bulk import Report, archive_bag, check_archive, check_lines, client_for

__all__ = ["Report", "archive_bag", "check_archive", "check_lines", "client_for"]
