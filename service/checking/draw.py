"""A draw request from JSON to its tables, shared by ``POST /v1/tournaments/draw`` and
``doko-check draw`` (no Flask here)."""

from __future__ import annotations

from typing import Any

from service.lists.sitting.reader import Reader
from service.lists.sitting.request import read_names
from service.lists.tournament.draw import ALGORITHMS, Draw, draw
from service.lists.tournament.request import MAX_PARTICIPANTS, MAX_ROUNDS, seatable

from .problem import Problem

MAX_SEED = 200


def draw_data(data: Any) -> Draw:
    """Validate a draw request and draw; a 400 :class:`Problem` naming every field."""
    r = Reader()
    top = r.obj(data, "", ("participants", "rounds", "seed", "algorithm"))
    if top is None:
        raise Problem(400, "The request body must be a JSON object.",
                      [{"pointer": "", "message": "Must be an object."}])
    names = top.get("participants")
    if type(names) is not list or not 4 <= len(names) <= MAX_PARTICIPANTS:
        r.err("/participants", f"Must be a list of 4 to {MAX_PARTICIPANTS} names.")
    else:
        read_names(r, names, "/participants", participants=True)  # as a day reads them
        if not seatable(len(names)):
            r.err("/participants", f"{len(names)} participants cannot be seated at tables "
                  "of four and five (6, 7 and 11 cannot).")
    rounds = r.integer(top.get("rounds"), "/rounds", 1, MAX_ROUNDS) if "rounds" in top else None
    if "rounds" not in top:
        r.err("/rounds", "Missing data for required field.")
    seed = top.get("seed")
    if type(seed) is not str or len(seed) > MAX_SEED:
        r.err("/seed", "Missing data for required field." if "seed" not in top else
              f"Must be a string of at most {MAX_SEED} characters.")
    algorithm = ALGORITHMS[-1]
    if "algorithm" in top:
        algorithm = r.integer(top["algorithm"], "/algorithm", 1, ALGORITHMS[-1]) or algorithm
    if r.errors:
        raise Problem.from_error(r.refused("draw"))
    assert rounds is not None and isinstance(names, list) and isinstance(seed, str)
    return draw(names, rounds, seed, algorithm)
