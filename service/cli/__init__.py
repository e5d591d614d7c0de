"""``doko-check``: transcripts, sittings and conformance cases checked offline, no server.

``command`` parses the command line and runs it; ``games`` reads the FILE arguments and
checks their games (in a pool of workers for many); ``report`` and ``output`` write the
readable report or the JSON document; ``ci`` the CI outputs (``--junit``, ``--github``,
``--summary``) with their formats in ``formats/``; ``sitting`` is ``--sitting``;
``conformance`` the ``cases`` and ``compare`` subcommands, ``compare`` and ``diff`` how
``compare`` compares an engine's verdicts and reports them.

A facade for the console script (``doko-check = service.cli:main``): it only re-exports.
"""

from __future__ import annotations

from service.cli.command import main

__all__ = ["main"]
