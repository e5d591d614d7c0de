"""Games made up to order: random legal games and the conformance cases for other engines.

``portable_random`` draws the same numbers on every machine and Python version,
``random_game`` deals and plays a legal game of a ruleset, ``cases`` turns games into
conformance cases (whole games, one-mistake mutations, partial games). Imports only
:mod:`service.reading` and :mod:`service.game`.
"""
