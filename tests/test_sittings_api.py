"""POST /v1/sittings/check and doko-check --sitting: the contract, limits, the handbook's
samples (docs/sitting.md)."""

from __future__ import annotations

import io
import json
import random
import re
import tracemalloc
from pathlib import Path

from games.sittings import whole_game
from test_memory import peak_of
from test_openapi import conforms, spec  # noqa: F401  (fixtures)

from service.checking.sitting import MAX_SITTING_BYTES
from service.cli import main
from service.lists.sitting.check import check_sitting
from service.lists.sitting.request import MAX_GAMES
from service.tools import sitting_doc

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = json.loads((ROOT / "examples" / "sitting.json").read_text(encoding="utf-8"))
URL = "/v1/sittings/check"
A4 = ["Anna", "Ben", "Cleo", "Dan"]


def page_block(name: str, kind: str) -> str:
    page = (ROOT / "docs" / "sitting.md").read_text(encoding="utf-8")
    block = re.search(rf"<!-- {name}:start -->\n```{kind}\n(.*?)```", page, re.S)
    assert block, f"docs/sitting.md lost its {name} block"
    return block.group(1)


def test_the_pages_answer_is_the_services(client, conforms):  # noqa: F811
    """docs/sitting.md's answer for examples/sitting.json (DDV TSR 3.3.1: Dan deals
    game 5)."""
    response = client.post(URL, json=EXAMPLE)
    assert response.status_code == 200
    conforms(URL, "post", response)
    answer = response.get_json()
    documented = json.loads(page_block("sitting-answer", "json"))
    assert {k: v for k, v in answer.items() if k != "service_version"} == documented
    assert [(v["code"], v["pointer"]) for v in answer["violations"]] == [
        ("wrong_dealer", "/games/4/dealer")]


def test_the_pages_list_is_the_commands(capsys):
    """docs/sitting.md's printed list is what doko-check --sitting prints; exit 1 on a
    defect."""
    status = main(["--sitting", "examples/sitting.json"])
    printed = capsys.readouterr().out
    assert status == 1
    assert page_block("sitting-list", "text") == printed + f"exit status {status}\n"
    assert sitting_doc.list_block() == "```text\n" + printed + "exit status 1\n```\n"


def test_cli_json_and_a_valid_list(tmp_path, capsys):
    good = {**EXAMPLE, "games": EXAMPLE["games"][:4],
            "claimed": {"totals": {"Anna": -2, "Ben": 4, "Cleo": 4, "Dan": -7, "Eve": 1}}}
    path = tmp_path / "good.json"
    path.write_text(json.dumps(good), encoding="utf-8")
    assert main(["--sitting", str(path)]) == 0
    assert capsys.readouterr().out.rstrip().endswith("valid")
    assert main(["--sitting", "--json", str(path)]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["files"][0]["result"] == check_sitting(good).to_dict()
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"ruleset": "ddv", "players": ["A", "B"], "games": []}))
    assert main(["--sitting", str(bad)]) == 2
    assert "/players" in capsys.readouterr().out


def test_cli_reads_a_sitting_from_stdin(monkeypatch, capsys):
    raw = (ROOT / "examples" / "sitting.json").read_bytes()
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(raw)))
    assert main(["--sitting", "-"]) == 1
    printed = capsys.readouterr().out
    # DDV TSR 3.3.1: Dan deals game 5; the report says it as players do, without the
    # code and the pointer (which --json gives)
    assert "      After Cleo's deal the next player deals: Dan deals game 5, not Eve\n" in printed
    assert "wrong_dealer" not in printed and "/games/4" not in printed


def test_cli_refuses_transcript_reports_for_a_sitting(capsys):
    assert main(["--sitting", "--github", "examples/sitting.json"]) == 2
    assert "--github" in capsys.readouterr().err


def test_transcript_game_answer_matches_the_spec(client, conforms):  # noqa: F811
    rng = random.Random(1)
    body = {"ruleset": "ddv", "players": A4, "games": [
        {"dealer": "Anna", "transcript": whole_game("ddv", rng, A4, 0)},
        {"dealer": "Ben", "transcript": whole_game("ddv", rng, A4, 1, solo_by=2, duty=True)}]}
    response = client.post(URL, json=body)
    assert response.status_code == 200
    conforms(URL, "post", response)
    games = response.get_json()["games"]
    assert [g["kind"] for g in games] == ["normal", "duty_solo"]
    assert games[1]["result"]["game"]["type"] == "solo"


def test_errors_match_the_spec(client, conforms):  # noqa: F811
    response = client.post(URL, json={"ruleset": "ddv", "players": ["Anna", "Anna"],
                                      "games": [{"dealer": "Zoe"}]})
    assert response.status_code == 400
    conforms(URL, "post", response)
    pointers = [e["pointer"] for e in response.get_json()["errors"]]
    assert pointers == ["/games/0", "/players"]  # sorted by pointer
    response = client.post(URL, data="{}", content_type="text/plain")
    assert response.status_code == 415
    conforms(URL, "post", response)


def test_body_capped_while_reading(client, conforms):  # noqa: F811
    """A body over 1 MiB is refused (413) by Content-Length, and chunked too."""
    pad = b"x" * MAX_SITTING_BYTES
    body = b'{"ruleset": "ddv", "players": [], "games": [], "pad": "' + pad + b'"}'
    response = client.post(URL, data=body, content_type="application/json")
    assert response.status_code == 413
    conforms(URL, "post", response)

    stream = io.BytesIO(body + b"x" * MAX_SITTING_BYTES)  # as gunicorn hands on chunks
    response = client.post(URL, content_type="application/json", input_stream=stream,
                           environ_overrides={"HTTP_TRANSFER_ENCODING": "chunked",
                                              "wsgi.input_terminated": True})
    assert response.status_code == 413
    assert stream.tell() == MAX_SITTING_BYTES + 1  # read no further than needed to know


def test_games_limit(client):
    lines = [{"dealer": "Anna", "sheet": {"type": "redeal"}}] * (MAX_GAMES + 1)
    response = client.post(URL, json={"ruleset": "mittwoch", "players": A4, "games": lines})
    assert response.status_code == 400
    assert response.get_json()["errors"][0]["pointer"] == "/games"
    response = client.post(URL, json={"ruleset": "mittwoch", "players": A4,
                                      "games": lines[:MAX_GAMES]})
    assert response.status_code == 200
    assert response.get_json()["valid"]


def test_memory_of_real_sittings_is_bounded_by_the_body(app):
    """The largest real lists: 400 sheet lines at five, and a DDV round of 24 whole games
    (each answered in full): the allocation peak stays within 64 x body + 8 MiB, as
    tests/test_memory.py holds every route to for hostile bodies."""
    rng = random.Random(24)
    lines = [{"dealer": name, "sheet": {"type": "normal", "scores": {
        p: (1 if k % 2 else -1) for k, p in enumerate(n for n in EXAMPLE["players"]
                                                       if n != name)}}}
             for name in EXAMPLE["players"] * (MAX_GAMES // 5)]
    round_ = [{"dealer": A4[i % 4], "transcript": whole_game("ddv", rng, A4, i % 4)}
              for i in range(24)]
    client = app.test_client()
    client.post(URL, json={"ruleset": "ddv", "players": A4, "games": []})  # warm up
    tracemalloc.start()
    try:
        for body in ({"ruleset": {"preset": "ddv", "options": {"games_per_round_at_five": 0,
                                                               "duty_solos_per_player": 0}},
                      "players": EXAMPLE["players"], "games": lines},
                     {"ruleset": {"preset": "ddv", "options": {"duty_solos_per_player": 0}},
                      "players": A4, "games": round_}):
            raw = json.dumps(body).encode()
            status, peak = peak_of(client, URL, raw)
            assert status == 200
            assert peak <= 64 * len(raw) + 8 * 1024 * 1024, (len(raw), peak)
    finally:
        tracemalloc.stop()


SLIPS = {"ruleset": "ddv", "players": A4, "games": [
    {"dealer": "Anna", "sheet": {"type": "normal", "value": 3,
                                 "scores": {"Anna": 3, "Ben": -3, "Cleo": -5, "Dan": 3}}},
    {"dealer": "Ben", "sheet": {"type": "normal",
                                "scores": {"Anna": 2, "Ben": -2, "Cleo": 2, "Dan": 2}}}]}


def test_a_slips_should_be_and_corrected_totals_match_the_spec(client, conforms):  # noqa: F811
    """sitting.md, "One slip, one defect": game 1's slip is Cleo's -5 (value 3: -3);
    game 2's +4 could be Anna's, Cleo's or Dan's: no should_be there."""
    response = client.post(URL, json=SLIPS)
    assert response.status_code == 200
    conforms(URL, "post", response)
    answer = response.get_json()
    assert [(v["pointer"], v.get("should_be")) for v in answer["violations"]] == [
        ("/games/0/sheet/scores/Cleo", -3), ("/games/1/sheet/scores", None)]
    assert answer["totals"] == {"Anna": 5, "Ben": -5, "Cleo": -3, "Dan": 5}
    assert answer["corrected_totals"] == {"Anna": 5, "Ben": -5, "Cleo": -1, "Dan": 5}


def test_cli_prints_what_a_slip_should_be(tmp_path, capsys):
    path = tmp_path / "slips.json"
    path.write_text(json.dumps(SLIPS), encoding="utf-8")
    assert main(["--sitting", str(path)]) == 1
    printed = capsys.readouterr().out.splitlines()
    assert ("      Cleo: \u22123, not \u22125. The line adds up to \u22122, not 0 (DDV "
            "tournament rules 7.3.3 no. 1)") in printed
    assert ("      The line adds up to +4, not 0 (DDV tournament rules 7.3.3 no. 1)"
            in printed)
    assert not any("sheet_zero_sum" in line or "/games/" in line for line in printed)
    assert "totals with the slips corrected: Anna 5, Ben -5, Cleo -1, Dan 5" in printed
