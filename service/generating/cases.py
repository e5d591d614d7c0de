"""Conformance cases for other engines: games, one-mistake mutations and partial games.

A case is one line: ``{"id", "kind", "about", "transcript", "expected"}``. ``kind`` is
``game`` (a whole legal game), ``mutation`` (a legal game with one rule broken, and
``expected`` holding that one violation only: :mod:`service.generating.mutations`;
``about`` names how) or ``partial`` (a game cut short before a card:
``expected.legal_actions`` holds the seat to play, its legal cards and every seat's legal
calls, the "perft" of Doppelkopf; a throw's deal is played without throwing for it).
``expected`` is the reference answer (what ``POST /v1/games/check`` answers) without
what a person reads or what changes with the release: messages, names, the service
version and the ruleset digest.

Cases cycle through the scenarios the ruleset allows (a normal game, a silent marriage,
swines, every solo kind, every marriage partner rule, a poverty, every throw reason, and
a normal game without nines where the rules offer that pack besides their own), each as
a game, a mutation and a partial game; the mutations take the kinds in turn (the next
that applies where one does not: a redeal has no play). ``--count`` defaults to as many
full cycles as make ``MIN_CASES`` or more, so that every kind meets every preset.
The same seed gives the same bytes on every machine and Python version: the deals and
plays come from :class:`PortableRandom`, over lists in a fixed order.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any, TextIO

from service.game.cards import BY_NAME, CQ, DA, NAMES
from service.game.options import Ruleset
from service.game.render import render
from service.game.reservations import throw_entitled, trump_count
from service.game.rulesets import presets, resolve
from service.generating.mutations import MUTATIONS, mutate
from service.generating.portable_random import PortableRandom
from service.generating.random_game import (
    TRICK_RULES,
    poverty_declaration,
    random_game,
    random_hands,
)
from service.reading.load import check

KINDS = ("game", "mutation", "partial")
MIN_CASES = 200  # a default suite repeats the cycle of scenarios until it has as many
MAX_DEALS = 20_000  # deals tried for a scenario that needs a rare hand
MAX_GAMES = 20  # games of a scenario tried for a mutation
# Fields of the reference answer left out of ``expected``.
DROPPED = ("ruleset", "players", "claimed", "service_version", "ruleset_digest")

Scenario = tuple[str, str]  # (game kind, detail: solo kind, partner rule, throw reason)
Declared = tuple[list[dict[str, Any]], dict[str, Any]]
# Presets whose rules deal 48 cards and offer 40 besides (seed 002 1: "Optional can
# FreeDoko be played without nines"), and the rulesets over them: their suites add a
# normal game under {"preset": id, "options": {"with_nines": false}}. The DDV's TSR 2.2
# and seed 004 (II.a) know 48 cards only; mittwoch plays 40 throughout.
WITHOUT_NINES_OFFERED = ("freedoko",)


def scenarios(ruleset: Ruleset) -> list[Scenario]:
    found: list[Scenario] = [("normal", ""), ("silent_marriage", "")]
    if ruleset.swines != "none":
        found.append(("swines", ""))
    found += [("solo", kind) for kind in ruleset.solo_kinds()]
    found += [("marriage", rule) for rule in ruleset.marriage_partner_rules
              if rule in TRICK_RULES]
    if ruleset.poverty == "pass":
        found.append(("poverty", ""))
    found += [("throw", reason) for reason in ruleset.throw]
    if _without_nines_offered(ruleset):
        found.append(("without_nines", ""))  # last: the cases before it stay as they were
    return found


def _without_nines_offered(ruleset: Ruleset) -> bool:
    preset = presets().get(ruleset.id)
    base = preset.extends if preset is not None and preset.extends else ruleset.id
    return ruleset.with_nines and base in WITHOUT_NINES_OFFERED


def _brides(hands: list[list[str]]) -> list[int]:
    return [s for s in range(4) if hands[s].count(NAMES[CQ]) == 2]


def _deal_for(scenario: Scenario, ruleset: Ruleset, rng: PortableRandom, dealer: int
              ) -> tuple[list[list[str]], Declared | None]:
    """A deal that allows the scenario, and its declaration (None: random_game's own)."""
    kind, detail = scenario
    healthy = [{"seat": (dealer + i) % 4, "reservation": "healthy"} for i in range(1, 5)]
    for _ in range(MAX_DEALS):
        hands = random_hands(rng, ruleset.with_nines)
        brides = _brides(hands)
        declared = _declare(kind, detail, ruleset, rng, hands, brides, healthy)
        if declared is not None:
            return hands, declared
    raise RuntimeError(f"no deal for {kind} {detail} in {MAX_DEALS} tries")


def _declare(kind: str, detail: str, ruleset: Ruleset, rng: PortableRandom,
             hands: list[list[str]], brides: list[int], healthy: list[dict[str, Any]]
             ) -> Declared | None:
    asking = [r["seat"] for r in healthy]
    reservations = [dict(r) for r in healthy]
    if kind == "normal":
        return (reservations, {"type": "normal"}) if not brides else None
    if kind == "silent_marriage":
        return (reservations, {"type": "normal"}) if brides else None
    if kind == "swines":
        holds = any(hand.count(NAMES[DA]) == 2 for hand in hands)
        return (reservations, {"type": "normal"}) if holds and not brides else None
    if kind == "solo":
        seat = asking[rng.randrange(4)]
        reservations[asking.index(seat)] = {"seat": seat, "reservation": "solo",
                                            "solo": detail}
        return reservations, {"type": "solo", "solo": detail, "declarer": seat}
    if kind == "marriage":
        if not brides:
            return None
        reservations[asking.index(brides[0])] = {"seat": brides[0], "reservation": "marriage"}
        return reservations, {"type": "marriage", "declarer": brides[0],
                              "partner_rule": {"trick": detail, "nth": 1}}
    if kind == "poverty":
        poor = [s for s in asking
                if trump_count(BY_NAME[c] for c in hands[s]) <= ruleset.poverty_max_trumps]
        return None if brides or not poor else poverty_declaration(
            ruleset, rng, reservations, asking, poor[0], hands)
    if kind == "throw":
        throwers = [s for s in asking if throw_entitled(
            detail, tuple(BY_NAME[c] for c in hands[s]), ruleset)]
        if not throwers or brides:
            return None
        seat = throwers[0]
        reservations[asking.index(seat)] = {"seat": seat, "reservation": "throw",
                                            "reason": detail}
        return reservations, {"type": "redeal"}
    raise ValueError(kind)


def legal_game(scenario: Scenario, ruleset: Ruleset, rng: PortableRandom) -> dict[str, Any]:
    if scenario[0] == "without_nines":  # a normal game of 40 cards, its ruleset named so
        spec = {"preset": ruleset.id, "options": {"with_nines": False}}
        return {**legal_game(("normal", ""), resolve(spec), rng), "ruleset": spec}
    dealer = rng.randrange(4)
    hands, declared = _deal_for(scenario, ruleset, rng, dealer)
    return random_game(ruleset, rng, dealer=dealer, hands=hands, declared=declared)


def expected(answer: dict[str, Any]) -> dict[str, Any]:
    """The reference answer without messages and release details (the cases name no
    players, so no object carries a name)."""
    out = {key: value for key, value in answer.items() if key not in DROPPED}
    for part in ("violations", "notes"):
        out[part] = [{k: v for k, v in x.items() if k != "message"} for x in answer[part]]
    return out


def rounds(ruleset: Ruleset) -> int:
    """Full cycles of the scenarios in a default suite: enough for ``MIN_CASES``."""
    cycle = len(scenarios(ruleset)) * len(KINDS)
    return -(-MIN_CASES // cycle)


def _mutated(scenario: Scenario, ruleset: Ruleset, rng: PortableRandom, turn: int
             ) -> tuple[str, dict[str, Any], int]:
    """A legal game of the scenario with one rule broken: the kind whose turn it is
    (``turn`` counts through ``MUTATIONS``), else the next that applies; and the next
    turn."""
    for _ in range(MAX_GAMES):
        game = legal_game(scenario, ruleset, rng)
        for step in range(len(MUTATIONS)):
            name = MUTATIONS[(turn + step) % len(MUTATIONS)]
            mutated = mutate(name, game, rng)
            if mutated is not None:
                return name, mutated, (turn + step + 1) % len(MUTATIONS)
    raise RuntimeError(f"no mutation of {scenario} in {MAX_GAMES} games")


def _partial(scenario: Scenario, ruleset: Ruleset, rng: PortableRandom
             ) -> tuple[str, dict[str, Any]]:
    """A game of the scenario cut short before a card; for a throw, its deal played
    without throwing (a redeal has no play to cut)."""
    if scenario[0] == "throw":
        dealer = rng.randrange(4)
        hands, _ = _deal_for(scenario, ruleset, rng, dealer)
        healthy = [{"seat": (dealer + i) % 4, "reservation": "healthy"} for i in range(1, 5)]
        game = random_game(ruleset, rng, dealer=dealer, hands=hands,
                           declared=(healthy, {"type": "normal"}))
        note = ", not thrown"
    else:
        game, note = legal_game(scenario, ruleset, rng), ""
    game["play"] = game["play"][:rng.randrange(len(game["play"]))]
    return note, game


def cases(ruleset_id: str, count: int | None, seed: int) -> Iterator[dict[str, Any]]:
    ruleset = resolve(ruleset_id)
    found = scenarios(ruleset)
    total = len(found) * len(KINDS) * rounds(ruleset) if count is None else count
    rng = PortableRandom(seed)
    turn = 0  # the mutation kind whose turn it is
    for number in range(total):
        kind = KINDS[number % len(KINDS)]
        scenario = found[(number // len(KINDS)) % len(found)]
        case_id = f"{ruleset_id}-{seed}-{number + 1:04d}"
        about = " ".join(part for part in (scenario[1], scenario[0].replace("_", " ")) if part)
        if kind == "mutation":
            name, game, turn = _mutated(scenario, ruleset, rng, turn)
            about += f", mutated: {name}"
        elif kind == "partial":
            note, game = _partial(scenario, ruleset, rng)
            about += note
        else:
            game = legal_game(scenario, ruleset, rng)
        transcript = {"id": case_id, **game}
        answer = render(check(transcript))
        yield {"id": case_id, "kind": kind, "about": about, "transcript": transcript,
               "expected": expected(answer)}


def write_cases(out: TextIO, ruleset_id: str, count: int | None, seed: int) -> None:
    for case in cases(ruleset_id, count, seed):
        out.write(json.dumps(case, ensure_ascii=False, separators=(",", ":")) + "\n")
