"""A FreeDoko record's ``rules`` block as the ``freedoko`` preset with options.

Each rule FreeDoko writes (``src/party/rule.cpp``, ``Rule::write``: ``name = value``) is
mapped to the option of the catalogue that says the same, and the request names an
option only where the record's value differs from the preset's. A rule no option says
is named in a note where it is on (or off where FreeDoko's built-in default has it on);
FreeDoko's display settings and the rules of the party as a whole (rounds, duty solos,
bock rounds, points limits) say nothing about one game and are passed over.
"""

from __future__ import annotations

from typing import Any

from service.game.options import Ruleset
from service.game.rulesets import resolve
from service.game.text import Text, msg
from service.importing.common import refuse

# FreeDoko's built-in values (Rule::reset_to_hardcoded) of the rules no option says:
# a note where a record differs from them.
UNSAID = {
    "genscher": "false", "knocking": "false", "swine only second": "false",
    "marriage first one decides": "false", "marriage before poverty": "false",
    "marriage first single color": "true", "throwing before solo": "false",
    "poverty shift only trump": "false", "poverty fox do not count": "false",
    "poverty fox shift extra": "false", "poverty fox shift open": "false",
    "throw with one trump": "false", "announcement till full trick": "false",
    "announcement first trick thirty points": "true",
    "announcement first trick thirty points only first": "false",
    "announcement first trick thirty points only re/contra": "true",
    "announcement first trick thirty points in marriage": "true",
    "announcement strict limit": "false", "announcement contra doubles against re": "false",
    "extrapoint catch fox last trick": "false", "extrapoint double fox last trick": "false",
    "extrapoint double charlie": "false", "extrapoint catch double charlie": "false",
    "extrapoint catch charlie only with diamond queen": "false",
    "solo always counts triple": "false", "swines and hyperswines joint": "false",
    "hyperswines in solo": "true", "hyperswines in poverty": "true",
}
# the rules of the party as a whole, and what FreeDoko shows: nothing about one game
PARTY = ("mutate", "number of rounds limited", "number of rounds", "points limited", "points",
         "number of duty soli", "number of duty color soli", "number of duty picture soli",
         "offer duty solo", "number of players", "number of players in game", "bock",
         "bock multiplier", "append bock", "bock after 120-120", "bock after lost solo",
         "bock after lost re/contra", "bock after heart trick", "bock after black game",
         "show if valid", "show all hands", "show tricks number", "show tricks in trickpiles",
         "show trickpiles points", "show known teams in game", "show soloplayer in game",
         "card hint", "take back tricks")
SOLOS = {"solo jack": "jacks", "solo queen": "queens", "solo king": "kings",
         "solo queen jack": "queens_jacks", "solo king jack": "kings_jacks",
         "solo king queen": "kings_queens", "solo koehler": "koehler",
         "solo meatless": "meatless"}
COLOR_SOLOS = ("clubs", "spades", "hearts", "diamonds")
SPECIALS = {"extrapoint catch fox": "fox_caught", "extrapoint fox last trick": "fox_last_trick",
            "extrapoint charlie": "karlchen_last_trick",
            "extrapoint catch charlie": "karlchen_caught",
            "extrapoint dolle jabs dolle": "dollen_beat_dollen",
            "extrapoint heart trick": "heart_trick"}
THROWS = {"throw with nines": "nines", "throw with kings": "kings",
          "throw with nines and kings": "nines_kings", "throw with richness": "richness",
          "throw when fox highest trump": "fox_highest"}
DEADLINES = ("announcement no 120", "announcement no 90", "announcement no 60",
             "announcement no 30", "announcement no 0")


def ruleset_from(rules: dict[str, tuple[int, str]], notes: list[Text]
                 ) -> tuple[dict[str, Any], Ruleset]:
    """The ``freedoko`` preset with the options where the rules block differs from it."""
    base = resolve("freedoko")
    want: dict[str, Any] = {}

    def flag(name: str, default: bool) -> bool:
        if name not in rules:
            return default
        line, value = rules[name]
        if value not in ("true", "false"):
            raise refuse(msg("the rule {rule} is {value}, not true or false", rule=name,
                             value=value), line=line)
        return value == "true"

    def number(name: str, default: int) -> int:
        if name not in rules:
            return default
        line, value = rules[name]
        if not value.isdigit():
            raise refuse(msg("the rule {rule} is {value}, not a number", rule=name,
                             value=value), line=line)
        return int(value)

    want["with_nines"] = flag("with nines", True)
    want["dollen"] = flag("dollen", True)
    want["dollen_order"] = ("second_wins" if flag("dollen second over first", True)
                            else "first_wins")
    want["dollen_last_trick_reversed"] = flag("dollen contrary in last trick", False)
    want["dollen_first_wins_with_swines"] = flag("dollen first over second with swines", False)
    want["swines"] = ("none" if not flag("swines", True) else "before_play"
                      if flag("swines announcement begin", True) else "at_first_swine")
    want["swines_in_color_solo"] = flag("swines in solo", True)
    want["swines_in_poverty"] = flag("swines in poverty", True)
    want["hyperswines"] = ("none" if not flag("hyperswines", False) else "before_play"
                           if flag("hyperswines announcement begin", True)
                           else "at_first_hyperswine")
    solos = [k for k in COLOR_SOLOS if flag("solo color", True)]
    solos += [kind for rule, kind in SOLOS.items() if flag(rule, True)]
    want["solos"] = [] if not flag("solo", True) else solos
    want["soloist_leads"] = "always" if flag("lustsolo player leads", True) else "duty_only"
    want["marriage_deciding_tricks"] = number("marriage determination", 12)
    want["poverty"] = ("none" if not flag("poverty", True) else "pass"
                       if flag("poverty shift", True) else "redeal")
    want["throw"] = [kind for rule, kind in THROWS.items()
                     if flag(rule, rule == "throw with nines")]
    want["announcement_reply"] = ("one_card" if flag("announcement reply", True) else "none")
    want["re_contra_scoring"] = ("double" if flag("announcement re/contra doubles", True)
                                 else "add_2")
    counting = rules.get("counting", (0, "plus"))
    counts = {"plus": "winners_only", "minus": "losers_only", "plus-minus": "plus_minus"}
    if counting[1] not in counts:
        raise refuse(msg("the counting {value} is not one FreeDoko has", value=counting[1]),
                     line=counting[0])
    want["counting"] = counts[counting[1]]
    specials = [s for s in base.special_points if s not in SPECIALS.values()]
    defaults = {"fox_caught": True, "fox_last_trick": True, "karlchen_last_trick": True,
                "karlchen_caught": True}
    specials += [point for rule, point in SPECIALS.items()
                 if flag(rule, defaults.get(point, False))]
    want["special_points"] = sorted(specials)
    deadlines = [number(rule, d) for rule, d in zip(DEADLINES, (11, 9, 6, 3, 3), strict=True)]
    if deadlines != [11, 9, 6, 3, 3] or not want["with_nines"]:
        want["announcement_deadlines"] = deadlines
    for rule, default in UNSAID.items():
        if rule in rules and rules[rule][1] != default:
            notes.append(msg("the rule {rule} = {value} has no option here: the game is "
                             "checked without it", rule=rule, value=rules[rule][1]))
    known = {*UNSAID, *PARTY, *SOLOS, *SPECIALS, *THROWS, *DEADLINES, "with nines", "dollen",
             "dollen second over first", "dollen contrary in last trick",
             "dollen first over second with swines", "swines", "swines announcement begin",
             "swines in solo", "swines in poverty", "hyperswines",
             "hyperswines announcement begin", "solo", "solo color", "lustsolo player leads",
             "marriage determination", "poverty", "poverty shift", "announcement reply",
             "announcement re/contra doubles", "counting", "last announcement",
             "min number of throwing nines", "min number of throwing kings",
             "min number of throwing nines and kings", "min richness for throwing",
             "marriage first foreign", "marriage first color", "marriage first trump",
             "unsupported"}
    for rule in rules:
        if rule not in known:
            notes.append(msg("the rule {rule} = {value} is not known here: the game is "
                             "checked without it", rule=rule, value=rules[rule][1]))
    options = {k: v for k, v in want.items() if _differs(base, k, v)}
    spec: dict[str, Any] = {"preset": "freedoko", "options": options}
    return spec, resolve(spec)


def _differs(base: Ruleset, option: str, value: Any) -> bool:
    have = getattr(base, option)
    if option == "solos":
        flat = [k for entry in have for k in ((entry,) if isinstance(entry, str) else entry)]
        return sorted(flat) != sorted(value)
    if isinstance(have, tuple):
        return sorted(have) != sorted(value)
    return bool(have != value)
