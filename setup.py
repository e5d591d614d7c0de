"""The optional compiled rules core: `DOKO_COMPILE=1 pip install .` builds it with mypyc.

Without DOKO_COMPILE (``make install``, ``make test``, a plain ``pip install .``) nothing
is compiled: the wheel holds the pure-Python core and no C compiler is needed. With
DOKO_COMPILE=1 the modules below are compiled to C extension modules (mypyc, from mypy,
fetched as a build requirement; a C compiler is needed) and installed next to their
sources, which stay the fallback and the reference. Build it non-editable (``make
compiled``, the container image): compiled modules in a source tree would shadow edits
to the .py files. ``service.rules.COMPILED`` tells which core runs.

With GCC the compiled core is built twice, profile-guided: instrumented first, then
trained on generated games in a subprocess, then compiled again with what the training
measured (GCC lays out the hot paths together and the error branches apart). DOKO_PGO=0
builds it once, without a profile; another compiler builds it once, too.

Everything else about the project is in pyproject.toml.
"""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
import tempfile
import tomllib
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

COMPILE = os.environ.get("DOKO_COMPILE", "").strip() not in {"", "0"}
PGO = os.environ.get("DOKO_PGO", "").strip() != "0"
PROJECT = tomllib.loads((Path(__file__).resolve().parent / "pyproject.toml")
                        .read_text(encoding="utf-8"))["project"]
# To build: mypy (mypyc) as the dev extra pins it, and the core's own dependency
# (marshmallow), so that mypy sees the types the core is checked with.
MYPY = next(r for r in PROJECT["optional-dependencies"]["dev"] if r.startswith("mypy"))
BUILD_REQUIRES = [MYPY, *PROJECT["dependencies"]]

# The check path's modules: the game's rules in service/game (replay, setup, reservations
# and the poverty exchange, the readings a play decides, scoring, rendering, wording) and
# the fast reading of a transcript in service/reading (shapes, fastload, load).
# Left pure: reading/play.py (a Game is built with cls.__new__, which mypyc cannot
# compile), reading/schemas.py (marshmallow classes, the slow path), game/compiled.py (it
# asks a compiled module where it was loaded from), the packages' __init__.py (imports
# only), and what the check path does not run (service/lists, service/generating).
COMPILED_MODULES = [
    "service/game/announcements.py",
    "service/game/cards.py",
    "service/game/check.py",
    "service/game/codes.py",
    "service/game/context.py",
    "service/game/deal.py",
    "service/game/digest.py",
    "service/game/errors.py",
    "service/game/exchange.py",
    "service/game/gamestate.py",
    "service/game/options.py",
    "service/game/ranking.py",
    "service/game/readings.py",
    "service/game/render.py",
    "service/game/reservations.py",
    "service/game/result.py",
    "service/game/rulesets.py",
    "service/game/scoring.py",
    "service/game/setup.py",
    "service/game/state/base.py",
    "service/game/state/calls.py",
    "service/game/state/swines.py",
    "service/game/state/teams.py",
    "service/game/state/tricks.py",
    "service/game/text.py",
    "service/game/transcript.py",
    "service/game/version.py",
    "service/game/vocabulary.py",
    "service/game/words.py",
    "service/reading/fastload.py",
    "service/reading/load.py",
    "service/reading/shapes.py",
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


# The profile's training run: the check path (load, replay, score, render) over generated
# games of every type, as JSON clients send them. Seed 2, not the benchmarks' seed 1, so
# that a benchmark does not time the games the build was trained on. argv[1]: the build's
# lib directory (the pure modules, the package data and the instrumented extensions).
TRAINING = """
import json, sys
sys.path.insert(0, sys.argv[1])
import service.rules
assert service.rules.COMPILED, "the instrumented core did not load"
from service.game.render import render
from service.reading.load import check
from service.tools.corpus import games
for game in games(600, seed=2):
    render(check(json.loads(json.dumps(game))))
"""


def _gcc() -> bool:
    compiler = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()
    try:
        version = subprocess.run([*compiler, "--version"], capture_output=True, text=True,
                                 check=False).stdout
    except OSError:
        return False
    return "Free Software Foundation" in version and "clang" not in version


class ProfileGuidedBuildExt(build_ext):
    """build_ext, twice where the compiled core is built with GCC: instrumented, trained
    (TRAINING), then again with the profile (-fprofile-use)."""

    def run(self) -> None:
        if not (self.extensions and PGO) or self.inplace or not _gcc():
            super().run()
            return
        base = [(ext, list(ext.extra_compile_args), list(ext.extra_link_args))
                for ext in self.extensions]
        compiler = self.compiler  # the option; run() replaces it with the compiler object
        self.run_command("build_py")  # the training imports the pure modules from build_lib
        with tempfile.TemporaryDirectory() as profile, tempfile.TemporaryDirectory() as cwd:
            # Both passes compile every object: an object left in the build directory by
            # an earlier build would be taken as up to date, with or without the profile.
            self._flags(base, [f"-fprofile-generate={profile}", "-fprofile-update=single"])
            self.force = True
            super().run()
            try:
                # a working directory of its own: the build's lib is imported, not the
                # sources; a fixed hash seed, so that the profile and the build repeat
                subprocess.run([sys.executable, "-s", "-c", TRAINING,
                                os.path.abspath(self.build_lib)], cwd=cwd, check=True,
                               env={**os.environ, "PYTHONHASHSEED": "0"})
                if not any(Path(profile).rglob("*.gcda")):
                    raise SystemExit("the profile-guided build wrote no profile: the training "
                                     "did not run the instrumented core (DOKO_PGO=0 builds "
                                     "without one)")
            except BaseException:
                for output in self.get_outputs():  # no instrumented core left to install
                    Path(output).unlink(missing_ok=True)
                raise
            # -fprofile-partial-training: what the training did not run is optimised as
            # without a profile, not for size (malformed requests, rare options)
            self._flags(base, [f"-fprofile-use={profile}", "-fprofile-partial-training",
                               "-fprofile-correction", "-Wno-missing-profile"])
            self.compiler = compiler  # a fresh compiler object for the second pass
            super().run()

    @staticmethod
    def _flags(base: list[tuple[Extension, list[str], list[str]]], flags: list[str]) -> None:
        for ext, compile_args, link_args in base:
            ext.extra_compile_args = [*compile_args, *flags]
            ext.extra_link_args = [*link_args, *flags]


# setup_requires: the build requirements a PEP 517 frontend installs first.
setup(setup_requires=BUILD_REQUIRES if COMPILE else [], ext_modules=compiled_extensions(),
      cmdclass={"build_ext": ProfileGuidedBuildExt})
