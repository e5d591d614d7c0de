"""GitHub Actions workflow commands: one ``::error`` annotation per finding.

The syntax is GitHub's "Workflow commands for GitHub Actions":
``::error file={name},line={line},title={title}::{message}``. Property values escape
``%``, ``\\r``, ``\\n``, ``:`` and ``,``; the message escapes ``%``, ``\\r`` and ``\\n``
(as the Actions toolkit's ``escapeProperty`` and ``escapeData`` do).
"""

from __future__ import annotations

from typing import Any

from service.cli.formats.findings import Finding


def escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def command(level: str, message: str, **properties: Any) -> str:
    """One workflow command line; properties that are None are left out."""
    props = ",".join(f"{key}={escape_property(str(value))}"
                     for key, value in properties.items() if value is not None)
    return f"::{level}{' ' + props if props else ''}::{escape_data(message)}"


def annotation(finding: Finding, path: str | None, line: int | None) -> str:
    return command("error", finding.message, file=path, line=line,
                   title=f"doko-check: {finding.title}")
