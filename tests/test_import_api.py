"""POST /v1/imports/{format}: the answer in the language asked for, and hostile files at
the route's limit: never a server error, memory bounded by the body."""

from __future__ import annotations

import tracemalloc
from pathlib import Path

import pytest

from service.checking.importing import MAX_IMPORT_BYTES

HERE = Path(__file__).parent / "imports" / "freedoko"
M = MAX_IMPORT_BYTES - 64
HOSTILE = {
    "csv": {
        "many columns": (b"a;" * (M // 2))[:M],
        "many rows": (b"Anna;Ben;Cleo;Dan\n" + b"1;-1;1;-1\n" * (M // 10))[:M],
        "wide rows": (b"Anna;Ben;Cleo;Dan\n" + b"1;" * (M // 2))[:M],
        "one long quoted cell": b'"' + b"x" * (M - 2) + b'"',
        "a quote never closed": b'Anna;Ben;Cleo;Dan\n"' + b"x\n" * (M // 2 - 20),
        "bad cells": (b"Anna;Ben;Cleo;Dan\n" + b"x;y;z;w\n" * (M // 8))[:M],
        "utf-16": ("Anna;Ben;Cleo;Dan\n" + "1;-1;1;-1\n" * (M // 22)).encode("utf-16")[:M],
    },
    "freedoko": {
        "nested braces": b"seed: 1\n" + b"{\n" * (M // 2 - 5),
        "many blocks": b"seed: 1\n" + b"a\n{\n}\n" * (M // 6 - 2),
        "many cards": b"seed: 1\nstartplayer: 0\nparty\n{\nrules\n{\n}\n}\ngametype: normal\n"
                      b"hands\n{\nplayer 0 (A)\n" + b"0  club queen\n" * (M // 15 - 20) + b"}\n",
        "many actions": b"seed: 1\nstartplayer: 0\nparty\n{\nrules\n{\n}\n}\ngametype: normal\n"
                        b"hands\n{\n}\ngameplay actions\n{\n"
                        + b"card played = 0, club nine\n" * (M // 27 - 20) + b"}\n",
    },
}


@pytest.mark.parametrize(("fmt", "name"), [(f, n) for f, kinds in HOSTILE.items()
                                           for n in kinds])
def test_a_hostile_file_at_the_limit_is_refused_within_its_bound(app, fmt: str, name: str):
    body = HOSTILE[fmt][name]
    assert len(body) <= MAX_IMPORT_BYTES
    client = app.test_client()
    tracemalloc.start()
    try:
        answer = client.post(f"/v1/imports/{fmt}?first_dealer=Anna&check=true", data=body,
                             content_type="text/plain")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert answer.status_code == 400, answer.get_json()
    assert peak < 24 * 1024 * 1024, peak  # measured at most 13.5 MiB (a quote never closed)


def test_the_answer_in_german(app):
    sheet = b"Anna;Ben;Cleo;Dan\n2;-2;-2;2\n-1;-1;3;-2\n"
    answer = app.test_client().post("/v1/imports/csv?first_dealer=Anna&sheet=per_game"
                                    "&check=true", data=sheet, content_type="text/csv",
                                    headers={"Accept-Language": "de"}).get_json()
    assert answer["notes"][0].startswith("Kein Regelwerk angegeben")
    (defect,) = answer["check"]["violations"]
    assert defect["pointer"] == "/games/1/sheet/scores/Dan" and defect["should_be"] == -1


def test_a_freedoko_record_with_its_own_ruleset_asked_for(app):
    record = (HERE / "normal-announcements.txt").read_bytes()
    answer = app.test_client().post('/v1/imports/freedoko?ruleset={"preset":"freedoko",'
                                    '"options":{"re_contra_scoring":"double","dollen_order":'
                                    '"first_wins"}}&check=true', data=record,
                                    content_type="text/plain").get_json()
    assert answer["check"]["claimed"]["agrees"]
    assert "asked for is used" in " ".join(answer["notes"])
