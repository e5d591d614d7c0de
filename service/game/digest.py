"""A ruleset's digest: the resolved option values, so that two answers that name the
same digest (and service version) were judged alike and a verdict can be reproduced."""

from __future__ import annotations

import hashlib
import json
from typing import Final

from service.game.options import CATALOGUE, Ruleset


def uses_heart_trick(ruleset: Ruleset) -> bool:
    """The heart trick counts: as a special point, or as a bock round's event."""
    return "heart_trick" in ruleset.special_points or (
        ruleset.bock_rounds and ruleset.bock_after_heart_trick)


def digest(ruleset: Ruleset) -> str:
    """A digest of the resolved option values (not of the id): two rulesets with the same
    digest judge every game alike, so an answer that names it can be reproduced."""
    return ruleset.digest or compute(ruleset)


# Options added after digests were first given out, each with the value at which it changes
# nothing: there it is left out of the digest, so that a ruleset that does not use it
# keeps the digest it had (and an answer that names one can still be reproduced).
LATER_OPTIONS: Final = {"bock_rounds_per_event": False, "bock_cap": 0,
                        "mandatory_solo_rounds": False, "table_changes": False,
                        "bock_after_lost_contra": False, "bock_lone_bride_is_soloist": False,
                        "bock_round_length": "games", "sit_out_at_six": 3,
                        "sit_out_at_seven": (2, 4)}
# Of those, the ones that change nothing without bock rounds, whatever their value (a
# preset may write down its reading of one and keep the digest it had).
BOCK_ONLY: Final = ("bock_after_lost_contra", "bock_lone_bride_is_soloist",
                    "bock_round_length")


def compute(ruleset: Ruleset) -> str:
    values = {name: getattr(ruleset, name) for name in CATALOGUE
              if LATER_OPTIONS.get(name, ...) != getattr(ruleset, name)
              and not (name in BOCK_ONLY and not ruleset.bock_rounds)}
    if uses_heart_trick(ruleset):
        # The heart trick was once any four hearts without a ♥10 (a ♥Q or ♥J, trumps,
        # counted too); it is now four hearts none of which is a trump. A ruleset that
        # uses it judges some games otherwise, so its digest names the reading.
        values["heart_trick"] = "no_trumps"
    text = json.dumps(values, sort_keys=True, separators=(",", ":"))
    return "sha256:" + hashlib.sha256(text.encode()).hexdigest()[:16]
