"""A locked-down service: compressed bodies refused, the echo route off unless turned on,
CORS only for the origins allowed, batches refused early and taking turns. (A worker
aborted by the timeout: tests/test_observability.py; the NetworkPolicy:
tests/test_deploy.py; memory: tests/test_memory.py.)"""

from __future__ import annotations

import gzip
import json
import os
import random

import pytest

from service import create_app
from service.checking import MAX_BATCH_GAMES, MAX_BODY_BYTES
from service.game.rulesets import presets
from service.generating.random_game import random_game

PROBLEM = "application/problem+json"
NDJSON = "application/x-ndjson"
BODY_ROUTES = ("/v1/games/check", "/v1/games/check-batch", "/v1/echo")


@pytest.fixture(scope="module")
def game() -> dict:
    return random_game(presets()["ddv"].ruleset, random.Random(5))


def problem(response, status: int) -> dict:
    assert response.status_code == status, response.get_data(as_text=True)[:300]
    assert response.mimetype == PROBLEM
    assert response.headers["X-Request-ID"]
    return response.get_json()


# ---- Content-Encoding ------------------------------------------------------------------

@pytest.mark.parametrize("route", BODY_ROUTES)
@pytest.mark.parametrize("coding", ["gzip", "deflate", "br", "GZIP", "gzip, identity"])
def test_a_compressed_body_is_415(client, game, route, coding):
    body = gzip.compress(json.dumps(game).encode())
    answer = client.post(route, data=body, content_type="application/json",
                         headers={"Content-Encoding": coding})
    assert "Content-Encoding" in problem(answer, 415)["detail"]


@pytest.mark.parametrize("coding", ["identity", "Identity", ""])
def test_an_uncompressed_body_is_read(client, game, coding):
    answer = client.post("/v1/games/check", json=game, headers={"Content-Encoding": coding})
    assert answer.status_code == 200


# ---- the echo route --------------------------------------------------------------------

def test_echo_is_off_unless_turned_on(monkeypatch, game):
    monkeypatch.delenv("DOKO_ECHO", raising=False)
    answer = create_app().test_client().post("/v1/echo", json=game)
    problem(answer, 404)
    monkeypatch.setenv("DOKO_ECHO", "off")
    problem(create_app().test_client().post("/v1/echo", json=game), 404)
    monkeypatch.setenv("DOKO_ECHO", "on")
    assert create_app().test_client().post("/v1/echo", json=game).status_code == 200


# ---- CORS ------------------------------------------------------------------------------

def test_cors_is_off_by_default(monkeypatch, game):
    monkeypatch.delenv("DOKO_CORS_ORIGINS", raising=False)
    client = create_app().test_client()
    answer = client.post("/v1/games/check", json=game, headers={"Origin": "https://x.example"})
    assert answer.status_code == 200
    assert not [h for h, _ in answer.headers if h.lower().startswith("access-control-")]


def test_cors_answers_the_allowed_origins_only(monkeypatch, game):
    monkeypatch.setenv("DOKO_CORS_ORIGINS", "https://club.example, http://localhost:5173/")
    client = create_app().test_client()
    for origin in ("https://club.example", "http://localhost:5173"):
        answer = client.post("/v1/games/check", json=game, headers={"Origin": origin})
        assert answer.headers["Access-Control-Allow-Origin"] == origin
        assert "X-Request-ID" in answer.headers["Access-Control-Expose-Headers"]
        assert "Origin" in answer.headers["Vary"]
        # errors too, so that the page can read the problem
        answer = client.post("/v1/games/check", data="{", content_type="application/json",
                             headers={"Origin": origin})
        assert answer.headers["Access-Control-Allow-Origin"] == origin
        preflight = client.options("/v1/games/check", headers={
            "Origin": origin, "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "content-type"})
        assert preflight.status_code == 200
        assert preflight.headers["Access-Control-Allow-Origin"] == origin
        assert "POST" in preflight.headers["Access-Control-Allow-Methods"]
        assert "Content-Type" in preflight.headers["Access-Control-Allow-Headers"]
    answer = client.post("/v1/games/check", json=game, headers={"Origin": "https://evil.example"})
    assert "Access-Control-Allow-Origin" not in answer.headers
    assert "Origin" in answer.headers["Vary"]


# ---- batches: refused while read, each transcript held to the single limits ------------

def test_an_oversized_array_is_refused_before_it_is_parsed_whole(client):
    """Some 300,000 empty objects (900 KB, within the batch's bytes): 413 after the
    first element over the count, holding little more than the body; it was parsed and
    wrapped whole before (some 25 MB here, 575 MiB for 8 MiB)."""
    import tracemalloc

    body = ("[" + ",".join(["{}"] * 300_000) + "]").encode()
    tracemalloc.start()
    try:
        tracemalloc.reset_peak()
        before = tracemalloc.get_traced_memory()[0]
        answer = client.post("/v1/games/check-batch", data=body,
                             content_type="application/json")
        peak = tracemalloc.get_traced_memory()[1] - before
    finally:
        tracemalloc.stop()
    assert f"at most {MAX_BATCH_GAMES}" in problem(answer, 413)["detail"]
    assert peak < 4 * len(body) + 1024 * 1024, peak


def test_an_oversized_ndjson_batch_is_refused_at_the_first_line_over(client):
    body = b"{}\n" * 300_000
    assert f"at most {MAX_BATCH_GAMES}" in problem(
        client.post("/v1/games/check-batch", data=body, content_type=NDJSON), 413)["detail"]


def test_each_transcript_of_a_batch_keeps_the_single_checks_limits(client, game):
    big = json.dumps(game | {"note": "x" * MAX_BODY_BYTES})
    twice = json.dumps(game)[:-1] + ', "dealer": 1}'
    lone = json.dumps(game | {"players": ["A", "B", "C", "@"]}).replace("@", "\\ud800")
    for answer in (
            client.post("/v1/games/check-batch", content_type="application/json",
                        data="[" + ",".join([json.dumps(game), big, twice, lone]) + "]"),
            client.post("/v1/games/check-batch", content_type=NDJSON,
                        data="\n".join([json.dumps(game), big, twice, lone]))):
        assert answer.status_code == 200, answer.get_data(as_text=True)[:300]
        first, too_large, duplicate, surrogate = answer.get_json()["results"]
        assert first["valid"] is True
        assert too_large["index"] == 1 and too_large["error"]["status"] == 413
        assert duplicate["error"]["errors"][0]["pointer"] == "/dealer"
        assert surrogate["error"]["errors"][0]["pointer"] == "/players/3"


def test_a_batch_with_every_slot_taken_is_503_with_retry_after(app, client, game):
    from service.api import fairshare

    slots = app.extensions[fairshare.BATCH_SLOTS]
    assert slots.count == fairshare.DEFAULT_SLOTS
    with slots.held():
        answer = client.post("/v1/games/check-batch", json=[game])
        body = problem(answer, 503)
        assert int(answer.headers["Retry-After"]) >= 1
        assert "Retry-After" in body["detail"]
        assert client.post("/v1/games/check", json=game).status_code == 200
    assert client.post("/v1/games/check-batch", json=[game]).status_code == 200


def test_batch_slots_are_shared_by_forked_workers(tmp_path):
    """A slot held in one process (a worker) is taken for another forked after it."""
    from service.api import fairshare

    slots = fairshare.BatchSlots(1, str(tmp_path))
    read, write = os.pipe()
    with slots.held():
        pid = os.fork()
        if pid == 0:  # pragma: no cover - the child reports through the pipe
            try:
                with slots.held():
                    os.write(write, b"free")
            except Exception as error:
                os.write(write, str(getattr(error, "status", error)).encode())
            os._exit(0)
        os.waitpid(pid, 0)
    assert os.read(read, 100) == b"503"
    with slots.held():  # released
        pass


# ---- transfer codings, charsets, nosniff -----------------------------------------------

@pytest.mark.parametrize("route", BODY_ROUTES)
@pytest.mark.parametrize("coding", ["gzip, chunked", "deflate,chunked", "br", "chunked, chunked",
                                    "identity"])
def test_a_transfer_coding_but_chunked_is_501(client, game, route, coding):
    body = gzip.compress(json.dumps(game).encode()) if "gzip" in coding else json.dumps(game)
    answer = client.post(route, data=body, content_type="application/json",
                         headers={"Transfer-Encoding": coding})
    assert "Transfer-Encoding" in problem(answer, 501)["detail"]


@pytest.mark.parametrize("charset", ["latin-1", "ISO-8859-1", "utf-16", "us-ascii"])
def test_a_charset_other_than_utf8_is_415(client, game, charset):
    answer = client.post("/v1/games/check", data=json.dumps(game),
                         content_type=f"application/json; charset={charset}")
    assert "UTF-8" in problem(answer, 415)["detail"]


@pytest.mark.parametrize("charset", ["utf-8", "UTF-8", "utf8", '"utf-8"'])
def test_a_utf8_charset_is_read(client, game, charset):
    answer = client.post("/v1/games/check", data=json.dumps(game),
                         content_type=f"application/json; charset={charset}")
    assert answer.status_code == 200, answer.get_data(as_text=True)[:300]


def test_the_new_problems_are_said_in_german(client, game):
    answer = client.post("/v1/games/check", data=json.dumps(game),
                         content_type="application/json; charset=latin-1",
                         headers={"Accept-Language": "de"})
    assert "UTF-8" in answer.get_json()["detail"]
    assert "charset" not in answer.get_json()["detail"].split("'")[0]
    answer = client.post("/v1/games/check", data=json.dumps(game),
                         content_type="application/json",
                         headers={"Transfer-Encoding": "gzip, chunked",
                                  "Accept-Language": "de"})
    assert "chunked" in answer.get_json()["detail"]
    assert "understood" not in answer.get_json()["detail"]


@pytest.mark.parametrize(("method", "path"), [
    ("GET", "/healthz"), ("GET", "/readyz"), ("GET", "/metrics"), ("GET", "/openapi.yaml"),
    ("GET", "/"), ("GET", "/v1/rulesets"), ("GET", "/nowhere"), ("DELETE", "/healthz"),
    ("POST", "/v1/games/check"), ("OPTIONS", "/v1/games/check")])
def test_every_answer_says_nosniff(client, method, path):
    answer = client.open(path, method=method, data="{", content_type="application/json")
    assert answer.headers["X-Content-Type-Options"] == "nosniff"


# ---- a worker aborted while it writes an answer -----------------------------------------

def test_a_worker_aborted_while_writing_is_counted_under_the_route(client, game):
    """gunicorn writes the answer after the app returned it (and its request context is
    gone): an abort then (a client that does not read a big batch answer) counts under
    the route, not <unmatched>."""
    from service.api import observability

    def aborted(route: str) -> float:
        value = observability.REGISTRY.get_sample_value(
            "doko_worker_timeouts_total", {"route": route})
        return value or 0.0

    before = aborted("/v1/games/check-batch"), aborted(observability.UNMATCHED)
    answer = client.post("/v1/games/check-batch", json=[game] * 3, buffered=False)
    try:  # the answer is not written (its iterable not closed) yet
        said = observability.worker_aborted()
    finally:
        answer.close()
    assert "/v1/games/check-batch" in said and "request id" in said
    assert aborted("/v1/games/check-batch") == before[0] + 1
    assert aborted(observability.UNMATCHED) == before[1]
    # written: an abort now (between requests) is on no request
    assert observability.worker_aborted() == "no request"
    assert aborted(observability.UNMATCHED) == before[1] + 1


# ---- a house ruleset refused at start: one line ----------------------------------------

def test_a_refused_house_ruleset_stops_gunicorn_with_one_line(tmp_path):
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    rules = tmp_path / "rules"
    rules.mkdir()
    (rules / "club.toml").write_text(
        'id = "club"\ntitle = "Club"\nsource = "our list"\nextends = "ddv"\n'
        '[options.dollen_order]\nvalue = "third_wins"\nsource = "x"\n')
    env = {k: v for k, v in os.environ.items()
           if k not in ("PROMETHEUS_MULTIPROC_DIR", "GUNICORN_CMD_ARGS")}
    env |= {"DOKO_RULESETS_DIR": str(rules), "GUNICORN_BIND": "127.0.0.1:0",
            "TMPDIR": str(tmp_path), "HOME": str(tmp_path)}
    result = subprocess.run(
        [str(Path(sys.executable).parent / "gunicorn"), "--config", "deploy/gunicorn.conf.py",
         "service:create_app()"], cwd=root, env=env, capture_output=True, text=True,
        timeout=60)
    assert result.returncode == 1
    lines = [line for line in (result.stdout + result.stderr).splitlines() if line.strip()]
    assert len(lines) == 1, lines
    assert str(rules / "club.toml") in lines[0]
    assert "option dollen_order" in lines[0] and "must be one of" in lines[0]


# ---- the soak test judges answers as JSON, and runs ------------------------------------

def _soak():
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[1] / "bench" / "soak.py"
    spec = importlib.util.spec_from_file_location("soak", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_soak_test_reads_the_verdict_as_json():
    soak = _soak()
    legal, invalid = soak.Body("legal", b"", 200, True), soak.Body("invalid", b"", 200, False)
    assert soak.judge(legal, 200, b'{"valid":true,"violations":[]}') is None
    assert soak.judge(legal, 200, b'{ "valid" : true }') is None
    assert soak.judge(invalid, 200, b'{"valid":false}') is None
    assert "wrong verdict" in soak.judge(legal, 200, b'{"valid":false}')
    assert "wrong verdict" in soak.judge(invalid, 200, b'{"valid":true}')
    assert "wrong verdict" in soak.judge(legal, 200, b'{"validity":true}')
    assert "not a JSON object" in soak.judge(legal, 200, b'{"valid":tr')
    assert "status 400" in soak.judge(legal, 400, b"{}")
    assert soak.judge(soak.Body("broken_json", b"", 400), 400, b"{}") is None


def test_the_soak_test_runs_for_seconds_without_an_error(tmp_path):
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    env = {k: v for k, v in os.environ.items()
           if k not in ("PROMETHEUS_MULTIPROC_DIR", "GUNICORN_CMD_ARGS", "WEB_CONCURRENCY")}
    env |= {"TMPDIR": str(tmp_path), "HOME": str(tmp_path), "DOKO_ACCESS_LOG": "off"}
    result = subprocess.run(
        [sys.executable, "bench/soak.py", "--seconds", "3", "--warm-up", "1",
         "--concurrency", "2", "--workers", "1", "--bodies", "40"],
        cwd=root, env=env, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
    summary = next(line for line in result.stdout.splitlines() if " requests in " in line)
    assert summary.endswith(" 0 errors"), summary
    assert int(summary.split()[0]) > 20, summary
    assert "legal" in result.stdout and "invalid" in result.stdout


# ---- fair share: heavy sittings take turns with batches and tournaments -----------------

def test_a_heavy_sitting_takes_a_batch_slot_a_light_one_does_not(app, client):
    from pathlib import Path

    from service.api import fairshare, sittings

    sitting = json.loads((Path(__file__).resolve().parents[1] / "examples" / "sitting.json")
                         .read_text())
    light = json.dumps(sitting)
    heavy = light[:-1] + ', "x": "' + "y" * sittings.HEAVY_SITTING_BYTES + '"}'
    slots = app.extensions[fairshare.BATCH_SLOTS]
    with slots.held():
        answer = client.post("/v1/sittings/check", data=heavy, content_type="application/json")
        assert int(problem(answer, 503)["status"]) == 503
        assert int(answer.headers["Retry-After"]) >= 1
        assert client.post("/v1/sittings/check", data=light,
                           content_type="application/json").status_code == 200
    # with the slot free, the heavy one is read (and refused for its unknown field)
    answer = client.post("/v1/sittings/check", data=heavy, content_type="application/json")
    assert answer.status_code == 400


# ---- stable bytes ----------------------------------------------------------------------

# Run with a given PYTHONHASHSEED: every answer's headers, in order, as JSON.
HEADERS_CHILD = """
import json
from service import create_app
client = create_app().test_client()
asked = [("OPTIONS", "/v1/games/check", {}), ("GET", "/v1/games/check", {}),
         ("PUT", "/v1/sittings/check", {}), ("DELETE", "/v1/rulesets", {}),
         ("OPTIONS", "/v1/rulesets/ddv", {}), ("GET", "/nowhere", {}),
         ("OPTIONS", "/v1/games/check", {"Origin": "https://club.example",
                                          "Access-Control-Request-Method": "POST"}),
         ("POST", "/v1/games/check", {"Origin": "https://club.example"}),
         ("GET", "/v1/rulesets", {"Origin": "https://club.example"})]
out = []
for method, path, headers in asked:
    answer = client.open(path, method=method, headers={"X-Request-ID": "r", **headers})
    out.append([method, path, list(answer.headers.items())])
print(json.dumps(out))
"""


def test_the_headers_are_the_same_bytes_whatever_the_hash_seed():
    """Allow read "POST, OPTIONS" or "OPTIONS, POST" as the hash seed of each start
    drew it: two pods answered different bytes. Allow is alphabetical now."""
    import subprocess
    import sys

    answers = []
    for seed in ("0", "1", "2", "3"):
        env = {**os.environ, "PYTHONHASHSEED": seed,
               "DOKO_CORS_ORIGINS": "https://club.example", "DOKO_ACCESS_LOG": "off"}
        ran = subprocess.run([sys.executable, "-c", HEADERS_CHILD], env=env, check=True,
                             capture_output=True, text=True, timeout=60)
        answers.append(json.loads(ran.stdout))
    assert all(a == answers[0] for a in answers), answers
    allows = [v for _, _, headers in answers[0] for n, v in headers if n == "Allow"]
    assert len(allows) >= 4
    for allow in allows:
        methods = allow.split(", ")
        assert methods == sorted(methods), allow
