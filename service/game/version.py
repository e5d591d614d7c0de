"""The service's version, as installed (an answer names it so that a verdict can be
reproduced with the same code)."""

from __future__ import annotations

from importlib import metadata

try:
    VERSION = metadata.version("doko-service")
except metadata.PackageNotFoundError:  # pragma: no cover - run from a bare checkout
    VERSION = "0+unknown"
