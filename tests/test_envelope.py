"""What every answer carries (service/api/envelope.py): the request id, the language and
nosniff, on answers, problems and pages alike, once each."""

from __future__ import annotations

import os
import uuid

import pytest

from service import create_app
from service.api.envelope import new_request_id

ANSWERS = [("GET", "/healthz"), ("GET", "/v1/rulesets/nope"), ("POST", "/v1/games/check"),
           ("GET", "/no/such/route"), ("GET", "/docs")]


@pytest.mark.parametrize(("method", "path"), ANSWERS)
def test_every_answer_carries_each_header_once(client, method, path):
    response = client.open(path, method=method, data=b"{}", content_type="application/json",
                           headers={"Accept-Language": "de-CH, en;q=0.5"})
    names = [name.lower() for name, _ in response.headers]
    for header in ("x-request-id", "x-content-type-options", "content-language", "vary"):
        assert names.count(header) == 1, (header, response.headers)
    assert response.headers["Content-Language"] == "de"
    assert response.headers["Vary"] == "Accept-Language"
    assert response.headers["X-Content-Type-Options"] == "nosniff"


def test_one_vary_names_both_origin_and_language_where_cors_is_on(monkeypatch):
    monkeypatch.setenv("DOKO_CORS_ORIGINS", "https://club.example")
    response = create_app().test_client().get("/healthz",
                                              headers={"Origin": "https://club.example"})
    assert response.headers.getlist("Vary") == ["Origin, Accept-Language"]


def test_a_new_request_id_is_a_version_4_uuid_in_hex():
    ids = {new_request_id() for _ in range(1000)}
    assert len(ids) == 1000
    for rid in list(ids)[:50]:
        parsed = uuid.UUID(hex=rid)
        assert parsed.version == 4 and parsed.variant == uuid.RFC_4122 and parsed.hex == rid


def test_forked_workers_draw_different_request_ids():
    """The ids come from the process's generator: a forked worker must not repeat its
    parent's (or a sibling's) sequence."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: its next id, to the parent
        os.write(write, new_request_id().encode())
        os._exit(0)
    os.close(write)
    os.waitpid(pid, 0)
    child = os.read(read, 64).decode()
    os.close(read)
    assert child != new_request_id()


def test_a_client_request_id_is_echoed_a_bad_one_replaced(client):
    assert client.get("/healthz", headers={"X-Request-ID": "abc-1"}
                      ).headers["X-Request-ID"] == "abc-1"
    replaced = client.get("/healthz", headers={"X-Request-ID": "no spaces"}
                          ).headers["X-Request-ID"]
    assert uuid.UUID(hex=replaced).version == 4
