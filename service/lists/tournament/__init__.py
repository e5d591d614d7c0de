"""A tournament day: preliminary rounds at drawn tables, then a final round by standing.

Every table is a sitting (:mod:`service.lists.sitting`); this package adds what ties the
tables together (``POST /v1/tournaments/check``, ``POST /v1/tournaments/draw``):
``request`` reads the day, ``seating`` checks who sits where (each round, the final by
the standing), ``check`` walks the rounds and judges the duty solos over the preliminary
phase, ``standing`` holds the preliminary standing, the final places and the answer;
``draw`` draws the tables of each round from a published seed.
"""
