"""Which core runs: the compiled one (DOKO_COMPILE=1, see setup.py: the container image)
or the pure-Python one (make install, a plain pip install).

Kept out of the compiled modules: it asks one of them where it was loaded from.
"""

from __future__ import annotations

from importlib.machinery import EXTENSION_SUFFIXES

from service.game import gamestate

COMPILED: bool = (gamestate.__file__ or "").endswith(tuple(EXTENSION_SUFFIXES))
