"""The optional compiled rules core: `DOKO_COMPILE=1 pip install .` builds it with mypyc.

Without DOKO_COMPILE (``make install``, ``make test``, a plain ``pip install .``) nothing
is compiled: the wheel holds the pure-Python core and no C compiler is needed. With
DOKO_COMPILE=1 the modules below are compiled to C extension modules (mypyc, from mypy,
fetched as a build requirement; a C compiler is needed) and installed next to their
sources, which stay the fallback and the reference. Build it non-editable (``make
compiled``, the container image): compiled modules in a source tree would shadow edits
to the .py files. ``service.rules.COMPILED`` tells which core runs.

Everything else about the project is in pyproject.toml.
"""

from __future__ import annotations

import os
import sys
import tomllib
from pathlib import Path

from setuptools import Extension, setup

COMPILE = os.environ.get("DOKO_COMPILE", "").strip() not in {"", "0"}
PROJECT = tomllib.loads((Path(__file__).resolve().parent / "pyproject.toml")
                        .read_text(encoding="utf-8"))["project"]
# To build: mypy (mypyc) as the dev extra pins it, and the core's own dependency
# (marshmallow), so that mypy sees the types the core is checked with.
MYPY = next(r for r in PROJECT["optional-dependencies"]["dev"] if r.startswith("mypy"))
BUILD_REQUIRES = [MYPY, *PROJECT["dependencies"]]

# The check path's modules: replay, setup and the poverty exchange, the readings a play
# decides, scoring, validation, loading, rendering.
# Left pure: play.py (a Game is built with cls.__new__, which mypyc cannot compile),
# schemas.py (marshmallow classes, the slow path), __init__.py (imports only), and what
# the check path does not run (sitting.py, random_game.py, portable_random.py).
COMPILED_MODULES = [
    "service/rules/announcements.py",
    "service/rules/cards.py",
    "service/rules/check.py",
    "service/rules/codes.py",
    "service/rules/context.py",
    "service/rules/deal.py",
    "service/rules/errors.py",
    "service/rules/exchange.py",
    "service/rules/fastload.py",
    "service/rules/game.py",
    "service/rules/options.py",
    "service/rules/ranking.py",
    "service/rules/readings.py",
    "service/rules/render.py",
    "service/rules/result.py",
    "service/rules/rulesets.py",
    "service/rules/scoring.py",
    "service/rules/setup.py",
    "service/rules/shapes.py",
    "service/rules/state/base.py",
    "service/rules/state/calls.py",
    "service/rules/state/swines.py",
    "service/rules/state/teams.py",
    "service/rules/state/tricks.py",
    "service/rules/transcript.py",
    "service/rules/version.py",
    "service/rules/vocabulary.py",
]


def compiled_extensions() -> list[Extension]:
    if not COMPILE:
        return []
    args = set(sys.argv[1:])
    if {"egg_info", "dist_info"} & args:
        return []  # metadata only (a PEP 517 frontend asking for the build requirements)
    in_place = "build_ext" in args and bool({"--inplace", "-i"} & args)
    if {"editable_wheel", "develop"} & args or in_place:
        raise SystemExit("DOKO_COMPILE=1 builds non-editable only (make compiled): compiled "
                         "modules next to the sources would shadow every edit to them")
    try:
        from mypyc.build import mypycify
    except ImportError:
        raise SystemExit(f"DOKO_COMPILE=1 needs {BUILD_REQUIRES} to build, or a build "
                         "with build isolation, which installs them") from None
    # follow-imports=silent: the modules around the core (Flask and the rest of the
    # server) are neither compiled nor installed at build time; mypy only reads them.
    return list(mypycify(["--follow-imports=silent", *COMPILED_MODULES], opt_level="3"))


# setup_requires: the build requirements a PEP 517 frontend installs first.
setup(setup_requires=BUILD_REQUIRES if COMPILE else [], ext_modules=compiled_extensions())
