"""Conformance cases for other engines, and the comparison of an engine's verdicts.

    doko-check cases --ruleset R [--count N] [--seed S]     JSON Lines on stdout
    doko-check compare CASES VERDICTS [--allow-missing]

A case is one line: ``{"id", "kind", "about", "transcript", "expected"}``. ``kind`` is
``game`` (a whole legal game), ``mutation`` (a legal game with one rule broken; ``about``
names how) or ``partial`` (a game cut short: ``expected.legal_actions`` holds the seat
to play, its legal cards and every seat's legal calls, the "perft" of Doppelkopf).
``expected`` is the reference answer (what ``POST /v1/games/check`` answers) without
what a person reads or what changes with the release: messages, names, the service
version and the ruleset digest.

Cases cycle through the scenarios the ruleset allows (a normal game, a silent marriage,
swines, every solo kind, every marriage partner rule, a poverty, every throw reason, and
a normal game without nines where the rules offer that pack besides their own), each as
a game, a mutation and a partial game; ``--count`` defaults to one full cycle.
The same seed gives the same bytes on every machine and Python version: the deals and
plays come from :class:`PortableRandom`, over lists in a fixed order.

An engine's verdicts are JSON Lines too, each ``{"id": case id, ...}`` holding the
fields of ``expected`` the engine computes. A verdict agrees when every field it wrote
equals the reference; inside an object only the keys written count, lists of things
without an order (violations, notes, score items, legal cards and calls) are compared
as multisets, the others (tricks, the cards of a trick, scores by seat) in order.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any, TextIO

from service.checking import check_data
from service.rules.cards import BY_NAME, CQ, DA, NAMES
from service.rules.options import Ruleset
from service.rules.play import Game
from service.rules.portable_random import PortableRandom
from service.rules.random_game import TRICK_RULES, poverty_declaration, random_game, random_hands
from service.rules.rulesets import RulesetError, presets, resolve, use_environment
from service.rules.setup import throw_entitled, trump_count

COMMANDS = ("cases", "compare")
KINDS = ("game", "mutation", "partial")
MAX_DEALS = 20_000  # deals tried for a scenario that needs a rare hand
# Fields of the reference answer left out of ``expected``.
DROPPED = ("ruleset", "players", "claimed", "service_version", "ruleset_digest")
ORDERED = {"tricks", "tricks.cards", "score.scores"}  # lists compared in order

Scenario = tuple[str, str]  # (game kind, detail: solo kind, partner rule, throw reason)
Declared = tuple[list[dict[str, Any]], dict[str, Any]]
# Presets whose rules deal 48 cards and offer 40 besides (seed 002 1: "Optional can
# FreeDoko be played without nines"), and the rulesets over them: their suites add a
# normal game under {"preset": id, "options": {"with_nines": false}}. The DDV's TSR 2.2
# and seed 004 (II.a) know 48 cards only; mittwoch plays 40 throughout.
WITHOUT_NINES_OFFERED = ("freedoko",)


# ---- generating --------------------------------------------------------------------------

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


def _cards(play: list[dict[str, Any]]) -> list[int]:
    return [i for i, event in enumerate(play) if "card" in event]


def _mutations(game: dict[str, Any], rng: PortableRandom) -> Iterator[tuple[str, dict[str, Any]]]:
    """Ways to break the game, each applied to a copy; tried in a shuffled order."""
    names: list[str] = ["card_too_often"]
    if game["play"]:
        names += ["revoke", "card_not_in_hand", "turn_order", "late_call"]
    rng.shuffle(names)
    for name in names:
        mutated = json.loads(json.dumps(game))
        if MUTATE[name](mutated, rng):
            yield name, mutated


def revoke(game: dict[str, Any], rng: PortableRandom) -> bool:
    """At the first card where the seat could not play everything it holds, play a card
    it was not allowed to (one it plays later: the two are swapped)."""
    play = game["play"]
    replay = Game.from_transcript({**game, "play": []})
    for at, event in enumerate(play):
        if "card" in event:
            seat = event["seat"]
            held = replay.state.held[seat]  # counts by card code, after any exchange
            illegal = sorted({NAMES[c] for c in range(len(held)) if held[c]}
                             - set(replay.legal_actions().cards))
            later = [i for i in _cards(play) if i > at and play[i]["seat"] == seat
                     and play[i]["card"] in illegal]
            if later:
                other = rng.choice(later)
                event["card"], play[other]["card"] = play[other]["card"], event["card"]
                return True
        replay.push(event)
    return False


def _not_in_hand(game: dict[str, Any], rng: PortableRandom) -> bool:
    at = rng.choice(_cards(game["play"]))
    seat = game["play"][at]["seat"]
    foreign = sorted(set(game["hands"][(seat + 1) % 4]) - set(game["hands"][seat]))
    if not foreign:
        return False
    game["play"][at]["card"] = rng.choice(foreign)
    return True


def _turn_order(game: dict[str, Any], rng: PortableRandom) -> bool:
    cards = _cards(game["play"])
    trick = rng.randrange(len(cards) // 4)
    a, b = cards[trick * 4 + 1], cards[trick * 4 + 2]
    game["play"][a], game["play"][b] = game["play"][b], game["play"][a]
    return True


def _late_call(game: dict[str, Any], rng: PortableRandom) -> bool:
    cards = _cards(game["play"])
    at = cards[-2]
    seat = game["play"][at]["seat"]
    game["play"].insert(at, {"seat": seat, "announce": rng.choice(["re", "contra"])})
    return True


def _card_too_often(game: dict[str, Any], rng: PortableRandom) -> bool:
    """A card of one hand replaced by another: that one is now in the deal three times."""
    hand = game["hands"][rng.randrange(4)]
    at = rng.randrange(len(hand))
    hand[at] = rng.choice(sorted({c for h in game["hands"] for c in h} - {hand[at]}))
    return True


MUTATE: dict[str, Callable[[dict[str, Any], PortableRandom], bool]] = {
    "revoke": revoke, "card_not_in_hand": _not_in_hand, "turn_order": _turn_order,
    "late_call": _late_call, "card_too_often": _card_too_often}


def expected(answer: dict[str, Any]) -> dict[str, Any]:
    """The reference answer without messages and release details (the cases name no
    players, so no object carries a name)."""
    out = {key: value for key, value in answer.items() if key not in DROPPED}
    for part in ("violations", "notes"):
        out[part] = [{k: v for k, v in x.items() if k != "message"} for x in answer[part]]
    return out


def cases(ruleset_id: str, count: int | None, seed: int) -> Iterator[dict[str, Any]]:
    ruleset = resolve(ruleset_id)
    found = scenarios(ruleset)
    total = len(found) * len(KINDS) if count is None else count
    rng = PortableRandom(seed)
    for number in range(total):
        kind = KINDS[number % len(KINDS)]
        scenario = found[(number // len(KINDS)) % len(found)]
        case_id = f"{ruleset_id}-{seed}-{number + 1:04d}"
        about = " ".join(part for part in (scenario[1], scenario[0].replace("_", " ")) if part)
        game = legal_game(scenario, ruleset, rng)
        if kind == "mutation":
            for name, mutated in _mutations(game, rng):
                if not check_data(mutated).answer["valid"]:
                    about += f", mutated: {name}"
                    game = mutated
                    break
        elif kind == "partial" and game["play"]:
            game["play"] = game["play"][:rng.randrange(len(game["play"]))]
        transcript = {"id": case_id, **game}
        answer = check_data(transcript).answer
        yield {"id": case_id, "kind": kind, "about": about, "transcript": transcript,
               "expected": expected(answer)}


def write_cases(out: TextIO, ruleset_id: str, count: int | None, seed: int) -> None:
    for case in cases(ruleset_id, count, seed):
        out.write(json.dumps(case, ensure_ascii=False, separators=(",", ":")) + "\n")


# ---- comparing ---------------------------------------------------------------------------

def differences(written: Any, reference: Any, path: str = "") -> list[tuple[str, Any, Any]]:
    """(field, engine's value, reference value) wherever a written field differs."""
    if isinstance(written, dict) and isinstance(reference, dict):
        found = []
        for key, value in written.items():
            where = f"{path}.{key}" if path else key
            if key not in reference:
                found.append((where, value, None))
            else:
                found += differences(value, reference[key], where)
        return found
    if isinstance(written, list) and isinstance(reference, list):
        shape = _unindexed(path)
        if shape in ORDERED:
            if len(written) != len(reference) or not any(isinstance(w, dict) for w in written):
                return [] if written == reference else [(path, written, reference)]
            return [d for i, (w, r) in enumerate(zip(written, reference, strict=True))
                    for d in differences(w, r, f"{path}[{i}]")]
        keys = {k for item in written if isinstance(item, dict) for k in item}
        projected = [{k: v for k, v in item.items() if k in keys}
                     if isinstance(item, dict) else item for item in reference]
        if sorted(map(_canonical, written)) != sorted(map(_canonical, projected)):
            return [(path, written, projected)]
        return []
    return [] if written == reference and type(written) is type(reference) \
        else [(path, written, reference)]


def _unindexed(path: str) -> str:
    out, depth = [], 0
    for ch in path:
        depth += ch == "["
        if not depth:
            out.append(ch)
        depth -= ch == "]"
    return "".join(out)


def _canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def _read_lines(path: str, what: str) -> tuple[list[tuple[int, dict[str, Any]]], list[str]]:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        return [], [f"{path}: cannot read {what}: {error}"]
    rows, problems = [], []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            value = json.loads(line)
        except json.JSONDecodeError as error:
            problems.append(f"{path}:{number}: not JSON: {error.msg}")
            continue
        if not isinstance(value, dict) or not isinstance(value.get("id"), str | int):
            problems.append(f"{path}:{number}: not an object with an id")
            continue
        rows.append((number, value))
    return rows, problems


def compare(cases_path: str, verdicts_path: str, out: TextIO, allow_missing: bool) -> int:
    case_rows, problems = _read_lines(cases_path, "cases")
    verdict_rows, more = _read_lines(verdicts_path, "verdicts")
    problems += more
    reference = {row["id"]: row["expected"] for _, row in case_rows}
    seen: set[Any] = set()
    differing = 0
    for number, verdict in verdict_rows:
        case_id = verdict["id"]
        if case_id not in reference:
            problems.append(f"{verdicts_path}:{number}: no case {case_id!r}")
            continue
        if case_id in seen:
            problems.append(f"{verdicts_path}:{number}: case {case_id!r} answered twice")
            continue
        seen.add(case_id)
        found = differences({k: v for k, v in verdict.items() if k != "id"},
                            reference[case_id])
        if found:
            differing += 1
            out.write(f"{case_id} (line {number}): differs\n")
            for field, engine, ref in found:
                out.write(f"    {field}: engine {_canonical(engine)}, "
                          f"reference {_canonical(ref)}\n")
    missing = [case_id for case_id in reference if case_id not in seen]
    for problem in problems:
        out.write(f"error: {problem}\n")
    out.write(f"summary: {len(reference)} cases, {len(seen)} answered, "
              f"{len(seen) - differing} agree, {differing} differ, "
              f"{len(missing)} unanswered\n")
    if problems:
        return 2
    return 1 if differing or (missing and not allow_missing) else 0


# ---- the subcommands ---------------------------------------------------------------------

def _ruleset_id(text: str) -> str:
    try:
        resolve(text)
    except RulesetError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return text


def _count(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"not a positive integer: {text!r}")
    return int(text)


def _seed(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an integer: {text!r}") from None


def parser() -> argparse.ArgumentParser:
    command = argparse.ArgumentParser(prog="doko-check", description=__doc__.splitlines()[0]
                                      if __doc__ else None)
    sub = command.add_subparsers(dest="command", required=True)
    make = sub.add_parser("cases", help="write conformance cases as JSON Lines to stdout")
    make.add_argument("--ruleset", required=True, type=_ruleset_id, metavar="ID",
                      help="a preset or house ruleset id")
    make.add_argument("--count", type=_count, metavar="N",
                      help="cases to write (default: each scenario as game, mutation and "
                           "partial game once)")
    make.add_argument("--seed", type=_seed, default=1, metavar="S", help="default 1")
    check = sub.add_parser("compare", help="compare an engine's verdicts with the cases")
    check.add_argument("cases", metavar="CASES")
    check.add_argument("verdicts", metavar="VERDICTS")
    check.add_argument("--allow-missing", action="store_true",
                       help="cases without a verdict do not fail the comparison")
    return command


def main(argv: Iterable[str], out: TextIO | None = None) -> int:
    out = out or sys.stdout
    command = parser()
    try:
        use_environment()  # house rulesets (DOKO_RULESETS_DIR) may be named by --ruleset
        args = command.parse_args(list(argv))
    except RulesetError as error:
        command.print_usage(sys.stderr)
        sys.stderr.write(f"doko-check: house rulesets: {error}\n")
        return 2
    except SystemExit as stop:
        return stop.code if isinstance(stop.code, int) else 2
    if args.command == "cases":
        write_cases(out, args.ruleset, args.count, args.seed)
        return 0
    return compare(args.cases, args.verdicts, out, args.allow_missing)
