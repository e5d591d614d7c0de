"""The rules core as a library: the front door, move-by-move play, errors, context."""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from service import rules
from service.generating.random_game import random_game

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = json.loads((ROOT / "examples" / "normal-game.json").read_text())


# Where each Python example is documented: the README's first check, the engine's play
# and its log of games in the handbook (docs/engine-authors.md).
EXAMPLE_PAGES = {"check": "README.md", "engine": "docs/engine-authors.md",
                 "log": "docs/engine-authors.md"}


def _doc_block(marker: str) -> tuple[str, str]:
    page = EXAMPLE_PAGES[marker]
    text = (ROOT / page).read_text(encoding="utf-8")
    found = re.search(rf"<!-- python:{marker} -->\n```python\n(.*?)```\n\n```text\n(.*?)```",
                      text, re.S)
    assert found, f"{page} lost its python:{marker} example"
    return found.group(1), found.group(2)


@pytest.mark.parametrize("marker", sorted(EXAMPLE_PAGES))
def test_documented_python_examples_run_as_shown(marker, monkeypatch):
    code, expected = _doc_block(marker)
    monkeypatch.chdir(ROOT)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, f"{EXAMPLE_PAGES[marker]} python:{marker}", "exec"), {})
    assert out.getvalue() == expected


def test_every_python_block_of_the_readme_and_the_handbook_is_one_of_them():
    """A Python block without its marker (or under another page's) would go unrun."""
    unmarked = []
    for page in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        name = str(page.relative_to(ROOT))
        text = page.read_text(encoding="utf-8")
        for found in re.finditer(r"^(.*)\n```python\n", text, re.M):
            marker = re.fullmatch(r"<!-- python:(\w+) -->", found.group(1))
            if not marker or EXAMPLE_PAGES.get(marker.group(1)) != name:
                unmarked.append(f"{name}: {found.group(1)!r}")
    assert not unmarked


def test_check_in_three_lines():
    lines = [line for line in _doc_block("check")[0].splitlines() if line.strip()]
    assert len([line for line in lines if not line.startswith("print")]) == 3


def test_check_takes_data_and_overrides_the_ruleset():
    result = rules.check(EXAMPLE)
    assert result.valid and result.ruleset == "ddv"
    assert result.players == ("Anna", "Ben", "Cleo", "Dan") and result.name(1) == "Ben"
    other = rules.check(EXAMPLE, ruleset={"preset": "ddv", "options": {"solo_multiplier": 2}})
    assert other.ruleset == "ddv+custom"
    assert other.ruleset_digest != result.ruleset_digest
    assert rules.check(EXAMPLE, ruleset=rules.resolve("ddv")).ruleset_digest == \
        result.ruleset_digest


def test_check_accepts_a_loaded_transcript():
    transcript = rules.load(EXAMPLE)
    assert isinstance(transcript, rules.Transcript)
    assert rules.check(transcript) == rules.check(EXAMPLE)


@pytest.mark.parametrize(("data", "pointers"), [
    ({**EXAMPLE, "dealer": 7}, ["/dealer"]),
    ({key: value for key, value in EXAMPLE.items() if key != "hands"}, ["/hands"]),
    ({**EXAMPLE, "game": {"type": "sollo"}}, ["/game/type"]),
    ({**EXAMPLE, "play": [{"seat": 9, "card": "CQ"}]}, ["/play/0/seat"]),
    ("not an object", [""]),
])
def test_malformed_input_raises_one_error_with_every_pointer(data, pointers):
    """The core validates its own input: a seat of 7 or a missing field is no IndexError
    or KeyError but a TranscriptError naming the field."""
    with pytest.raises(rules.TranscriptError) as caught:
        rules.check(data)
    assert [e.pointer for e in caught.value.errors] == pointers
    assert isinstance(caught.value, rules.DokoError)


def test_unknown_ruleset_option_is_a_transcript_error():
    with pytest.raises(rules.TranscriptError) as caught:
        rules.check(EXAMPLE, ruleset={"preset": "ddv", "options": {"no_such": 1}})
    assert caught.value.errors[0].pointer == "/ruleset/options/no_such"


def test_answers_name_the_version_and_the_ruleset_digest():
    answer = rules.check(EXAMPLE).to_dict()
    assert answer["service_version"] == rules.VERSION
    assert re.fullmatch(r"sha256:[0-9a-f]{16}", answer["ruleset_digest"])
    # the digest is of the option values, not of the name
    assert rules.digest(rules.resolve("ddv")) == rules.digest(
        rules.resolve({"preset": "ddv", "options": {"with_nines": True}}))


def test_game_push_pop_and_legal_actions():
    game = rules.Game(EXAMPLE["hands"], dealer=EXAMPLE["dealer"], players=EXAMPLE["players"])
    first = game.legal_actions()
    assert first.seat == 0 and first.name == "Anna" and len(first.cards) > 1
    game.play_card(first.cards[0])
    assert game.to_play == 1
    assert game.pop() == {"seat": 0, "card": first.cards[0]}
    assert game.legal_actions() == first and game.events == ()


def test_strict_push_refuses_and_keeps_the_state():
    game = rules.Game(EXAMPLE["hands"], dealer=EXAMPLE["dealer"])
    with pytest.raises(rules.IllegalAction) as refused:
        game.play_card(EXAMPLE["hands"][0][0], seat=2, strict=True)  # out of turn
    assert {v.code for v in refused.value.violations} >= {"wrong_leader"}
    assert game.events == () and game.violations == ()


def test_lenient_push_records_the_violation():
    game = rules.Game(EXAMPLE["hands"], dealer=EXAMPLE["dealer"])
    caused = game.push({"seat": 1, "card": EXAMPLE["hands"][1][0]})
    assert [v.code for v in caused] == ["wrong_leader"]
    assert [v.pointer for v in game.violations] == ["/play/0"]


def test_a_malformed_event_is_refused_with_its_pointer():
    game = rules.Game(EXAMPLE["hands"], dealer=EXAMPLE["dealer"])
    with pytest.raises(rules.TranscriptError) as caught:
        game.push({"seat": 0, "card": "CQ", "announce": "re"})
    assert caught.value.errors[0].pointer == "/play/0"


def test_a_game_played_by_legal_actions_equals_the_transcript_check():
    """Every legal action taken leads to a valid game whose result is the whole check's."""
    import random

    rng = random.Random(5)
    data = random_game(rules.resolve("ddv"), rng, game_types=True)
    game = rules.Game.from_transcript({**data, "play": []})
    for event in data["play"]:
        actions = game.legal_actions()
        if "card" in event:
            assert event["card"] in actions.cards
        game.push(event, strict=True)
    assert game.finished
    assert game.result() == rules.check(data)
    assert game.to_dict() == data


@pytest.mark.parametrize("preset", sorted(rules.presets()))
def test_a_game_played_move_by_move_is_its_transcript_in_one_call(preset):
    """docs/engine-authors.md "From a game to a transcript": a rules.Game built from the
    deal and played event by event, at any point (finished or not, with a violation or
    without), gives its transcript with one call: checking to_dict() (also as JSON text,
    as an engine logs it) or transcript() answers as the game's own result()."""
    import random

    rng = random.Random(preset)
    kinds = set()
    for n in range(6):
        data = random_game(rules.resolve(preset), rng, game_types=True, call_chance=0.1)
        given = {k: data[k] for k in ("reservations", "game")}
        game = rules.Game(data["hands"], ruleset=preset, dealer=data["dealer"], **given)
        stop = len(data["play"]) if n % 2 else rng.randrange(len(data["play"]) + 1)
        spoil = n == 5  # a card not held, pushed without strict: recorded as a violation
        for at, event in enumerate(data["play"][:stop]):
            if spoil and at >= stop // 2 and "card" in event:
                event = {**event, "card": next(c for c in ("CA", "SA", "HA", "DA")
                                                if c not in data["hands"][event["seat"]])}
                spoil = False
            game.push(event)
        own = game.result()
        logged = json.loads(json.dumps(game.to_dict()))
        assert rules.check(logged) == own
        assert rules.check(game.transcript()) == own
        assert rules.check(game.to_dict()).to_dict() == own.to_dict()
        assert rules.Game.from_transcript(logged).result() == own
        assert logged == {**{k: v for k, v in data.items() if k != "play"},
                          "ruleset": preset, "play": list(game.events)}
        kinds.add((own.valid, own.complete))
    assert {(True, True), (False, True)} <= kinds and any(not c for _, c in kinds)


def test_legal_actions_of_a_partial_transcript():
    actions = rules.legal_actions({**EXAMPLE, "play": EXAMPLE["play"][:1]})
    assert actions.seat == 1 and actions.name == "Ben"
    assert {a.seat for a in actions.announcements} == {0, 1, 2, 3}


# ---- the game context: what a sitting tells one game -----------------------------------

def test_bock_multiplies_value_and_scores_with_an_item():
    """FreeDoko 10.3 (seed 002): a bock game counts double; the factor is an item."""
    plain = rules.check(EXAMPLE).score
    bock = rules.check({**EXAMPLE, "context": {"bock": 2}}).score
    assert bock.value == 2 * plain.value and bock.multiplier == 2 * plain.multiplier
    assert bock.scores == tuple(2 * s for s in plain.scores)
    assert bock.items[-1] == rules.ScoreItem("bock", "re", 0, factor=2)


def test_bock_does_not_multiply_a_fixed_penalty():
    """DDV TSR 9.4.3: the revoke penalty is fixed points, replacing the game's value."""
    play = [dict(e) for e in EXAMPLE["play"]]
    revoked = _revoke(play)
    plain = rules.check({**EXAMPLE, "play": revoked}).score
    bock = rules.check({**EXAMPLE, "play": revoked, "context": {"bock": 4}}).score
    assert plain.items[0].code == "revoke_penalty" and bock == plain


def _revoke(play):
    """The example with the second card of the first trick swapped for a card of another
    suit from the same hand (a revoke when the seat still holds the suit led)."""
    hands = EXAMPLE["hands"]
    second = play[1]
    led = play[0]["card"][0]
    other = next(c for c in hands[second["seat"]]
                 if c[0] != led and c not in ("CQ", "SQ", "HQ", "DQ") and "J" not in c
                 and c != "H10" and c[0] != "D")
    index = next(i for i, e in enumerate(play) if e.get("card") == other
                 and e["seat"] == second["seat"])
    play[1], play[index] = ({"seat": second["seat"], "card": other},
                            {"seat": second["seat"], "card": second["card"]})
    return play



def _solo(duty: bool, owed: bool | None) -> dict:
    data = {key: value for key, value in EXAMPLE.items() if key != "reservations"}
    data["game"] = {"type": "solo", "solo": "queens", "declarer": 0, "duty": duty}
    data["play"] = []
    if owed is not None:
        data["context"] = {"duty_solo_owed": owed}
    return data


@pytest.mark.parametrize(("duty", "owed", "violations"), [
    (True, True, []), (False, False, []), (True, None, []), (False, None, []),
    (False, True, ["game_declaration"]), (True, False, ["game_declaration"]),
])
def test_a_solo_by_a_player_who_owes_one_is_the_duty_solo(duty, owed, violations):
    """DDV TSR 4.3.1: a lust solo only after the own duty solo; the sitting knows."""
    result = rules.check(_solo(duty, owed))
    found = [v for v in result.violations if v.pointer == "/game/duty"]
    assert [v.code for v in found] == violations


def test_a_sitting_option_in_a_single_check_gets_a_note():
    result = rules.check(EXAMPLE, ruleset={"preset": "ddv", "options": {"bock_rounds": True}})
    assert [n.code for n in result.notes] == ["round_option"]
    assert result.notes[0].message == (  # no option identifier in a message (verdicts issue)
        "1 option of the ruleset is a rule of a list of games (a sitting), not of one game: "
        "it was not used here.") and result.valid


# ---- one import, no Flask ----------------------------------------------------------------

def test_the_core_and_the_command_import_no_flask_or_prometheus():
    code = ("import sys; from service import rules; import service.cli, service.checking; "
            "bad = sorted({m.split('.')[0] for m in sys.modules} & "
            "{'flask', 'werkzeug', 'prometheus_client', 'gunicorn'}); print(bad)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)}, check=True)
    assert out.stdout.strip() == "[]"


def test_the_front_door_exports_what_it_documents():
    for name in rules.__all__:
        assert hasattr(rules, name), name


def test_score_items_built_fast_are_the_named_tuple() -> None:
    """result.score_item builds a ScoreItem without its Python-level __new__: the same
    value, field by field, with and without the optional fields."""
    from service.game.result import score_item

    for args, keywords in ((("won", "re", 1), {}), (("fox_caught", "contra", 1, 3), {}),
                           (("revoke_penalty", "re", -12), {"seat": 2}),
                           (("bock", "contra", 0), {"factor": 4})):
        built = score_item(*args, **keywords)
        assert built == rules.ScoreItem(*args, **keywords)
        assert type(built) is rules.ScoreItem
    assert all(type(item) is rules.ScoreItem for item in rules.check(EXAMPLE).score.items)


def test_values_shared_between_games_are_frozen() -> None:
    """NO_CONTEXT is the context of every transcript that gives none, ALL_HEALTHY the
    expected game of every round of healthy: changing either would change every later
    check in the process, so they stay frozen (the per-game values are not)."""
    from dataclasses import FrozenInstanceError

    from service.game.context import NO_CONTEXT
    from service.game.reservations import ALL_HEALTHY

    with pytest.raises(FrozenInstanceError):
        NO_CONTEXT.bock = 2  # type: ignore[misc]
    with pytest.raises(FrozenInstanceError):
        ALL_HEALTHY.reason = "changed"  # type: ignore[misc]
