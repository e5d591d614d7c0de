"""A sitting: one table's list of games (a "Spielliste"), checked together.

What a single game cannot know comes from the list: whose deal it was, whether a
soloist still owed his duty solo, whether a duty solo was forced, whether the game was
bock, whether the column adds up. The contract is ``POST /v1/sittings/check``; every
rule here is one of the ruleset's sitting-level options (``level="sitting"`` in the
catalogue).

``request`` reads the request (:func:`~service.lists.sitting.request.load_sitting`, field
errors as :class:`~service.game.errors.TranscriptError`); ``check`` walks the games in
order (:func:`~service.lists.sitting.check.check_sitting`) with ``rotation`` (who deals,
who plays), ``duty`` (duty solos owed and forced), ``bock`` (bock rounds), ``house``
(house rules of score-keeping programs: players coming and going, the mandatory solo
round), ``lines`` (the arithmetic of a sheet line); ``standings`` holds the answer:
defects, games, totals and places.
"""
