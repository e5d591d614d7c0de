"""Lists of games: a table's sitting (``sitting``), checked game by game and as a whole.

Imports :mod:`service.reading` (each game given as a transcript is checked as
``POST /v1/games/check`` checks it) and :mod:`service.game`.
"""
