"""Transcript data read into the game's types, and the front doors that take data.

``schemas`` (marshmallow) is the authority on what a transcript may hold and words every
field error; ``fastload`` reads the common well-formed transcript in plain code, with
the same result; ``shapes`` holds the checks both share. ``load`` has :func:`load`,
:func:`check` and :func:`legal_actions`; ``play`` the :class:`Game` an engine plays move
by move. Imports only :mod:`service.game`.
"""
