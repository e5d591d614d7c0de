"""Jenkins' JUnit schema (junit-10.xsd), the one CI servers read `doko-check --junit` by.

It is not kept in this repository: `make test` takes it from pytest's own source
distribution of the installed pytest version (testing/example_scripts/junit-10.xsd, the
schema pytest validates its own --junitxml output against) into the virtual environment.
"""

from __future__ import annotations

import sys
from pathlib import Path

from lxml import etree

PATH = Path(sys.prefix) / "share" / "junit-10.xsd"


def schema() -> etree.XMLSchema:
    if not PATH.exists():
        raise RuntimeError(f"{PATH} is missing: `make test` fetches it (see the Makefile)")
    return etree.XMLSchema(etree.parse(str(PATH)))
