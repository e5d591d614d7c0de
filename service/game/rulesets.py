"""Presets (data files) and custom rulesets built over the option catalogue."""

from __future__ import annotations

import difflib
import heapq
import itertools
import os
import re
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, Final

from service.game.digest import compute as _digest
from service.game.errors import MAX_ERRORS, DokoError, pointer_token, token_order
from service.game.options import CATALOGUE, Ruleset


@dataclass(frozen=True, slots=True)
class OptionProblem:
    """One reason a ruleset was refused: the option it concerns and what is wrong."""

    option: str
    message: str


class RulesetError(DokoError):
    """A ruleset refused: every problem names the option it concerns."""

    def __init__(self, problems: list[OptionProblem], omitted: int = 0):
        super().__init__(problems)
        self.problems = problems
        self.omitted = omitted  # unknown options found beyond those kept (MAX_ERRORS)

    def __str__(self) -> str:
        # Joined when printed, not when raised: a request's thousands of unknown options
        # are placed one by one, never printed (the text would be megabytes).
        return "; ".join(f"{p.option}: {p.message}" for p in self.problems)


@dataclass(frozen=True, slots=True)
class Preset:
    id: str
    title: str
    source: str
    ruleset: Ruleset
    sources: dict[str, str]
    notes: dict[str, str]
    extends: str | None = None  # a house ruleset: the preset it changes
    title_de: str | None = None  # the title in German, where it is not German already
    source_de: str | None = None  # and each option's source and note (a house ruleset's
    sources_de: dict[str, str] = field(default_factory=dict)  # without one: as written)
    notes_de: dict[str, str] = field(default_factory=dict)

    def title_in(self, lang: str) -> str:
        return self.title_de if lang == "de" and self.title_de else self.title

    def source_in(self, lang: str) -> str:
        return self.source_de if lang == "de" and self.source_de else self.source

    def option_texts(self, name: str, lang: str) -> tuple[str, str | None]:
        de = lang == "de"  # an option's source and note (None: it has none) in ``lang``
        return ((self.sources_de if de else {}).get(name, self.sources[name]),
                (self.notes_de if de else {}).get(name, self.notes.get(name)))


HOUSE_DIR_ENV: Final = "DOKO_RULESETS_DIR"
# The fields of a house ruleset file, and of each of its [options.<name>] tables: all
# text but the options and each option's value.
HOUSE_FIELDS: Final = ("id", "title", "title_de", "source", "source_de", "extends", "options")
OPTION_FIELDS: Final = ("value", "source", "source_de", "note", "note_de")
_house: dict[str, Preset] = {}  # house rulesets loaded by use_directory()


def _load_preset(text: str) -> Preset:
    data = tomllib.loads(text)
    entries: dict[str, dict[str, Any]] = data["options"]
    missing = sorted(set(CATALOGUE) - set(entries))
    extra = sorted(set(entries) - set(CATALOGUE))
    if missing or extra:
        raise RulesetError([OptionProblem(n, "missing from the preset") for n in missing]
                           + [OptionProblem(n, "not in the catalogue") for n in extra])
    values = {name: entry["value"] for name, entry in entries.items()}
    return Preset(
        id=data["id"], title=data["title"], source=data["source"],
        ruleset=_build(data["id"], values),
        sources={n: e["source"] for n, e in entries.items()},
        notes={n: e["note"].strip() for n, e in entries.items() if "note" in e},
        title_de=data.get("title_de"), source_de=data.get("source_de"),
        sources_de={n: e["source_de"] for n, e in entries.items() if "source_de" in e},
        notes_de={n: e["note_de"].strip() for n, e in entries.items() if "note_de" in e},
    )


def presets() -> dict[str, Preset]:
    """Every preset by id: those shipped in ``presets/``, then the house rulesets."""
    return {**builtin_presets(), **_house} if _house else builtin_presets()


@cache
def builtin_presets() -> dict[str, Preset]:
    """Every preset shipped in ``presets/``, by id."""
    found = {}
    for entry in sorted(resources.files(__package__).joinpath("presets").iterdir(),
                        key=lambda e: e.name):
        if entry.name.endswith(".toml"):
            preset = _load_preset(entry.read_text(encoding="utf-8"))
            found[preset.id] = preset
    return found


def _coerce(name: str, value: Any) -> tuple[Any, str | None]:
    """The option value in its typed form, or an error message."""
    meta = CATALOGUE[name]
    kind, choices = meta["kind"], meta["choices"]
    if kind == "bool":
        return (value, None) if isinstance(value, bool) else (None, "must be true or false")
    if kind == "int":
        ok = isinstance(value, int) and not isinstance(value, bool) and value >= 0
        return (value, None) if ok else (None, "must be a non-negative integer")
    if kind == "enum":
        if value in choices:
            return value, None
        return None, f"must be one of {', '.join(choices)}"
    if kind == "list":
        if not isinstance(value, list | tuple) or not all(isinstance(v, str) for v in value):
            return None, "must be a list of strings"
        unknown = [v for v in value if v not in choices]
        if unknown:
            return None, f"unknown value(s) {', '.join(unknown)}; allowed: {', '.join(choices)}"
        if len(set(value)) != len(value):
            return None, "lists a value twice"
        return tuple(value), None
    if kind == "ranked":
        return _coerce_ranked(value, choices)
    if kind == "ints":
        ok = (isinstance(value, list | tuple) and len(value) == meta["length"]
              and all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in value))
        if ok:
            return tuple(value), None
        return None, f"must be a list of {meta['length']} non-negative integers"
    raise AssertionError(f"unknown option kind {kind}")  # pragma: no cover


def _coerce_ranked(value: Any, choices: tuple[str, ...]) -> tuple[Any, str | None]:
    """A rank list: each entry a choice, or a list of choices of equal rank."""
    if not isinstance(value, list | tuple):
        return None, "must be a list of kinds, or of lists of kinds of equal rank"
    entries: list[Any] = []
    seen: list[str] = []
    for entry in value:
        group = [entry] if isinstance(entry, str) else entry
        if not isinstance(group, list | tuple) or not group or not all(
                isinstance(v, str) for v in group):
            return None, "each entry must be a kind or a non-empty list of kinds"
        unknown = [v for v in group if v not in choices]
        if unknown:
            return None, f"unknown value(s) {', '.join(unknown)}; allowed: {', '.join(choices)}"
        seen += group
        entries.append(entry if isinstance(entry, str) else tuple(entry))
    if len(set(seen)) != len(seen):
        return None, "lists a value twice"
    return tuple(entries), None


def _contradictions(r: Ruleset) -> list[OptionProblem]:
    problems = []
    if r.hyperswines != "none" and r.swines == "none":
        problems.append(OptionProblem("hyperswines", "hyperswines need swines"))
    if r.dollen_first_wins_with_swines and r.swines == "none":
        problems.append(OptionProblem("dollen_first_wins_with_swines", "needs swines"))
    if r.swines == "none" and (r.swines_in_color_solo or r.swines_in_poverty):
        option = "swines_in_color_solo" if r.swines_in_color_solo else "swines_in_poverty"
        problems.append(OptionProblem(option, "needs swines"))
    if not r.dollen and (r.dollen_last_trick_reversed or r.dollen_first_wins_with_swines):
        problems.append(OptionProblem("dollen", "the ♥10 options need dollen"))
    d = r.announcement_deadlines
    ordered = (all(a >= b for a, b in itertools.pairwise(d)) if r.announcement_clock == "hand"
               else all(a <= b for a, b in itertools.pairwise(d)))
    if not ordered:
        problems.append(OptionProblem(
            "announcement_deadlines", "each level's deadline must not come before the "
            "previous level's under this announcement_clock"))
    if r.poverty == "pass" and "poverty" not in r.reservation_priority:
        problems.append(OptionProblem("reservation_priority", "poverty is allowed but not ranked"))
    if r.solos and not {"solo", "duty_solo", "lust_solo"} & set(r.reservation_priority):
        problems.append(OptionProblem("reservation_priority", "solos are allowed but not ranked"))
    if not r.marriage_partner_rules:
        problems.append(OptionProblem("marriage_partner_rules", "needs at least one rule"))
    if r.solo_multiplier < 1:
        problems.append(OptionProblem("solo_multiplier", "must be at least 1"))
    if not 2 <= r.bock_factor <= 10:  # 1 would be no bock; overlapping rounds multiply it
        problems.append(OptionProblem("bock_factor", "must be from 2 to 10"))
    if not 0 <= r.bock_cap <= 10:  # 0: no cap
        problems.append(OptionProblem("bock_cap", "must be from 0 to 10"))
    if not 1 <= r.sit_out_at_six <= 5:  # the dealer (0) sits out anyway
        problems.append(OptionProblem("sit_out_at_six", "must be from 1 to 5"))
    seven = r.sit_out_at_seven
    if not all(1 <= k <= 6 for k in seven) or len(set(seven)) != len(seven):
        problems.append(OptionProblem("sit_out_at_seven", "must be two different numbers "
                                      "from 1 to 6"))
    return problems


SUGGESTED: Final = 10  # unknown options given a suggestion; a body of thousands costs no more


def _first_options(problems: list[OptionProblem]) -> list[OptionProblem]:
    """The MAX_ERRORS problems that come first at ``/options/<name>`` (the order answers
    list them in): a body of 100,000 unknown options keeps 100 of them, not all."""
    return heapq.nsmallest(MAX_ERRORS, problems,
                           key=lambda p: token_order(pointer_token(p.option)))


def _not_an_option(name: str, suggest: bool = True) -> str:
    """An unknown option's message, with the option it is a slip for where one is near."""
    near = difflib.get_close_matches(name, CATALOGUE, n=1) if suggest else []
    return "is not an option of the catalogue" + (f" (did you mean {near[0]}?)" if near else "")


HAND_SIZE: Final = {True: 12, False: 10}  # cards a hand, by with_nines


def moved_deadlines(base: Ruleset, values: dict[str, Any], stated: Iterable[str]
                    ) -> tuple[dict[str, Any], str]:
    """The option values of a ruleset over ``base`` with the base's deadlines moved to its
    pack, and the note that says so ("" where nothing moved).

    Deadlines are stated for a ruleset's own pack. Where ``stated`` (the options the
    ruleset gives itself) changes with_nines but not announcement_deadlines, and both the
    base and the ruleset count in cards in hand, all five deadlines move by the difference
    in hand size, so that each still stands for the same trick (seed 002 8.1: re/contra
    "till the player has played his card of the second trick", 11 cards of 12, 9 of 10).
    Deadlines counted on the table are kept: the n-th card falls in the same trick in
    either pack (see the option's comment in options.py)."""
    stated = set(stated)
    nines, clock = values.get("with_nines"), values.get("announcement_clock")
    if "announcement_deadlines" in stated:
        return values, ""
    if nines == base.with_nines or not isinstance(nines, bool) or not (
            base.announcement_clock == clock == "hand"):
        # Nothing moves; a base whose own deadlines were moved passes its note on.
        same = nines == base.with_nines and clock == base.announcement_clock
        return values, base.deadlines_note if same else ""
    step = HAND_SIZE[nines] - HAND_SIZE[base.with_nines]
    old = base.announcement_deadlines
    new = tuple(max(0, limit + step) for limit in old)
    base_name = base.id.split("+")[0]
    note = (f"the announcement deadlines of {base_name} ({_listed(old)} cards in hand) are "
            f"stated for {HAND_SIZE[base.with_nines]} cards a hand; this ruleset plays "
            f"{'with' if nines else 'without'} the nines, {HAND_SIZE[nines]} cards a hand, so "
            f"they are {_listed(new)}, each for the same trick (seed 002 8.1); "
            "announcement_deadlines given with the options are taken as written")
    return values | {"announcement_deadlines": new}, note


def _listed(numbers: tuple[int, ...]) -> str:
    return "/".join(map(str, numbers))


def _build(ruleset_id: str, values: dict[str, Any], deadlines_note: str = "") -> Ruleset:
    problems: list[OptionProblem] = []
    unknown: list[OptionProblem] = []
    typed: dict[str, Any] = {}
    found = 0
    for name, value in values.items():
        if name not in CATALOGUE:
            unknown.append(OptionProblem(name, _not_an_option(name, suggest=found < SUGGESTED)))
            found += 1
            if len(unknown) == 2 * MAX_ERRORS:
                unknown = _first_options(unknown)
            continue
        coerced, error = _coerce(name, value)
        if error:
            problems.append(OptionProblem(name, error))
            found += 1
        typed[name] = coerced
    if found:
        kept = _first_options(unknown)
        raise RulesetError(problems + kept, omitted=found - len(problems) - len(kept))
    ruleset = Ruleset(id=ruleset_id, **typed)
    problems = _contradictions(ruleset)
    if problems:
        raise RulesetError(problems)
    object.__setattr__(ruleset, "digest", _digest(ruleset))  # once, not per check
    if deadlines_note:
        object.__setattr__(ruleset, "deadlines_note", deadlines_note)
    return ruleset


def preset_values(preset: Preset) -> dict[str, Any]:
    r = preset.ruleset
    return {name: getattr(r, name) for name in CATALOGUE}


def _house_preset(path: Path, builtin: dict[str, Preset]) -> Preset:
    """A house ruleset: a TOML file naming the preset it extends and only the options it
    changes, each with its source (see README, "House rulesets")."""
    def refuse(option: str, message: str) -> RulesetError:
        return RulesetError([OptionProblem(option, f"{path.name}: {message}")])

    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        raise refuse("file", f"cannot be read: {error}") from None
    for key in HOUSE_FIELDS:
        if key not in data and key in ("id", "title", "source", "extends"):
            raise refuse(key, f"needs {key} = \"…\"")
        if key in data and key != "options" and (
                not isinstance(data[key], str) or not data[key].strip()):
            raise refuse(key, f"must be text, as {key} = \"…\"")
    unknown = sorted(set(data) - set(HOUSE_FIELDS))
    if unknown:
        raise refuse(unknown[0], "is not a field of a ruleset file")
    if data["id"] in builtin:
        raise refuse("id", f"{data['id']!r} is a built-in preset; choose another id")
    if not re.fullmatch(r"[a-z0-9][a-z0-9_-]{0,39}", data["id"]):
        raise refuse("id", "must be 1 to 40 lower-case letters, digits, '_' or '-'")
    base = builtin.get(data["extends"])
    if base is None:
        raise refuse("extends", f"unknown preset {data['extends']!r}; known: "
                     f"{', '.join(builtin)}")
    entries = data.get("options", {})
    if not isinstance(entries, dict):
        raise refuse("options", "must be a table of options, each as [options.<name>] "
                     "with value = … and source = \"…\"")
    for name, entry in entries.items():
        if name not in CATALOGUE:
            raise refuse(name, _not_an_option(name))
        if not isinstance(entry, dict):
            raise refuse(name, "must be a table, as [options.<name>] with value = … and "
                         "source = \"…\"")
        for key in ("value", "source"):
            if key not in entry:
                raise refuse(name, "needs value = … and source = \"…\"")
        for key in entry:
            if key not in OPTION_FIELDS:
                raise refuse(name, f"{key} is not a field of an option (value, source, note)")
            if key != "value" and (not isinstance(entry[key], str) or not entry[key].strip()):
                raise refuse(name, f"{key} must be text, as {key} = \"…\"")
    values, moved = moved_deadlines(
        base.ruleset, preset_values(base) | {name: e["value"] for name, e in entries.items()},
        entries)
    try:
        ruleset = _build(data["id"], values, moved)
    except RulesetError as error:
        raise RulesetError([OptionProblem(p.option, f"{path.name}: {p.message}")
                            for p in error.problems]) from None
    sources = base.sources | {n: e["source"] for n, e in entries.items()}
    # a note, and the German of each, the base's where the option is the base's
    notes, sources_de, notes_de = (
        {n: v for n, v in mine.items() if n not in entries}
        | {n: e[key].strip() for n, e in entries.items() if key in e}
        for mine, key in ((base.notes, "note"), (base.sources_de, "source_de"),
                          (base.notes_de, "note_de")))
    if moved:
        sources["announcement_deadlines"] = (
            f"{base.sources['announcement_deadlines']}; moved with the pack "
            f"({path.name} sets with_nines)")
        notes["announcement_deadlines"] = moved[0].upper() + moved[1:] + "."
    return Preset(
        id=data["id"], title=data["title"], source=data["source"], ruleset=ruleset,
        sources=sources, notes=notes, extends=base.id, title_de=data.get("title_de"),
        source_de=data.get("source_de"), sources_de=sources_de, notes_de=notes_de)


def use_directory(directory: str | Path) -> dict[str, Preset]:
    """Load every ``*.toml`` house ruleset in ``directory`` and make them known, or raise
    :class:`RulesetError` naming the file, the option and the reason (nothing is loaded
    then). Returns the house rulesets by id."""
    folder = Path(directory)
    if not folder.is_dir():
        raise RulesetError([OptionProblem("directory", f"{folder} is not a directory")])
    builtin = builtin_presets()
    found: dict[str, Preset] = {}
    for path in sorted(folder.glob("*.toml")):
        preset = _house_preset(path, builtin)
        if preset.id in found:
            raise RulesetError([OptionProblem("id", f"{path.name}: {preset.id!r} is defined "
                                              "by two files")])
        found[preset.id] = preset
    _house.clear()
    _house.update(found)
    _resolve_preset.cache_clear()
    _custom.clear()
    return found


def use_environment() -> None:
    """House rulesets from the directory ``$DOKO_RULESETS_DIR`` names, if it is set."""
    directory = os.environ.get(HOUSE_DIR_ENV)
    if directory:
        use_directory(directory)


@cache
def _resolve_preset(preset_id: str) -> Ruleset:
    found = presets().get(preset_id)
    if found is None:
        known = ", ".join(presets())
        near = difflib.get_close_matches(preset_id, presets(), n=1)
        raise RulesetError([OptionProblem(
            "preset", f"unknown preset {preset_id!r}; did you mean “{near[0]}”? Known: {known}"
            if near else f"unknown preset {preset_id!r}; known: {known}")])
    return found.ruleset


# Custom rulesets built lately, by preset id and options as written: building one costs
# some 100 µs (every option coerced, the contradictions checked, the digest), more than
# checking the game, and a client tends to send the same options with every game.
_custom: dict[tuple[str, str], Ruleset] = {}
MAX_CUSTOM_KEPT: Final = 256
PLAIN_VALUES: Final = (str, int, float, bool, type(None))


def resolve(spec: str | dict[str, Any]) -> Ruleset:
    """The ruleset a request names: a preset id, or ``{"preset": id, "options": {...}}``."""
    if isinstance(spec, str):
        return _resolve_preset(spec)
    base = _resolve_preset(spec["preset"])
    overrides = spec.get("options") or {}
    if not overrides:
        return base
    key = _custom_key(base.id, overrides)
    ruleset = _custom.get(key) if key is not None else None
    if ruleset is None:
        values, moved = moved_deadlines(
            base, preset_values(presets()[base.id]) | dict(overrides), overrides)
        ruleset = _build(f"{base.id}+custom", values, moved)
        if key is not None:
            if len(_custom) >= MAX_CUSTOM_KEPT:
                _custom.clear()
            _custom[key] = ruleset
    return ruleset


def _custom_key(preset_id: str, overrides: Any) -> tuple[str, str] | None:
    """The options as a key that tells every two JSON values apart (repr: 1, 1.0 and
    true differ), or None where a value is no plain JSON value (not kept then)."""
    if type(overrides) is not dict:
        return None
    for value in overrides.values():
        items = value if type(value) is list else (value,)
        if not all(type(item) in PLAIN_VALUES for item in items):
            return None
    return preset_id, repr(overrides)
