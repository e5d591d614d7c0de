"""A list's game named as the list names it: "Game 7", from 1, where the pointer counts
from 0 (``/games/6/…``); in a tournament day with its round and table (or the final)."""

from __future__ import annotations

import re
from typing import Final

from service.game.text import msg
from service.game.words import say

# A game of a list by its index in a pointer: a sitting's, or a day's table's.
LIST_GAME: Final = re.compile(r"/(?:preliminary/(?P<round>\d+)/|(?P<final>final)/)?"
                              r"(?:tables/(?P<table>\d+)/)?games/(?P<game>\d+)(?:/|$)")
NAMED: Final = re.compile(r"\b(?:game|Spiel) (\d+)\b")


def of_game(pointer: str | None, message: str, lang: str) -> str:
    """``message`` about the thing at ``pointer``, the game named first where the
    pointer is in a list's game and the message does not name that game already."""
    found = LIST_GAME.match(pointer or "")
    if found is None:
        return message
    number = int(found["game"]) + 1
    if found["table"] is None:
        if str(number) in NAMED.findall(message):
            return message
        said = msg("Game {number}: {message}", number=number, message=message)
    elif found["final"]:
        said = msg("Final round, table {table}, game {number}: {message}",
                   table=int(found["table"]) + 1, number=number, message=message)
    else:
        said = msg("Round {round}, table {table}, game {number}: {message}",
                   round=int(found["round"]) + 1, table=int(found["table"]) + 1,
                   number=number, message=message)
    return say(said, lang)
