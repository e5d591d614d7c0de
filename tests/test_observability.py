"""Metrics (/metrics), JSON access logs and request ids; multiprocess metrics under gunicorn."""

from __future__ import annotations

import contextlib
import http.client
import io
import json
import logging
import os
import random
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from prometheus_client.parser import text_string_to_metric_families

from service.api import multiproc, observability
from service.checking import MAX_BODY_BYTES
from service.game.rulesets import presets
from service.generating.random_game import random_game

ROOT = Path(__file__).resolve().parents[1]
VENV_BIN = Path(sys.executable).parent
HEX_ID = re.compile(r"[0-9a-f]{32}")
Samples = dict[tuple[str, frozenset[tuple[str, str]]], float]


def parse(text: str) -> Samples:
    return {(s.name, frozenset(s.labels.items())): s.value
            for family in text_string_to_metric_families(text) for s in family.samples}


def scrape(client) -> Samples:
    response = client.get("/metrics")
    assert response.status_code == 200
    assert response.content_type == "text/plain; version=0.0.4; charset=utf-8"
    return parse(response.get_data(as_text=True))


def value(samples: Samples, name: str, **labels: str) -> float:
    return samples.get((name, frozenset(labels.items())), 0.0)


def delta(before: Samples, after: Samples, name: str, **labels: str) -> float:
    return value(after, name, **labels) - value(before, name, **labels)


@pytest.fixture(scope="module")
def game() -> dict[str, Any]:
    return random_game(presets()["ddv"].ruleset, random.Random(5), call_chance=0.2)


# ---- /metrics ------------------------------------------------------------------------

def test_requests_are_counted_by_route_rule_method_and_status(client):
    before = scrape(client)
    client.get("/v1/rulesets/ddv")
    client.get("/v1/rulesets/ddv")
    client.get("/v1/rulesets/nope")
    client.get("/no/such/path")
    client.delete("/healthz")  # 405: matched no rule either
    client.open("/healthz", method="BREW")  # a made-up method is no label value of its own
    after = scrape(client)

    rule = "/v1/rulesets/<ruleset_id>"
    requests = "doko_http_requests_total"
    assert delta(before, after, requests, route=rule, method="GET", status="200") == 2
    assert delta(before, after, requests, route=rule, method="GET", status="404") == 1
    assert delta(before, after, requests, route="<unmatched>", method="GET", status="404") == 1
    assert delta(before, after, requests, route="<unmatched>", method="DELETE",
                 status="405") == 1
    assert delta(before, after, requests, route="<unmatched>", method="OTHER",
                 status="405") == 1
    # the scrape before this one is counted too
    assert delta(before, after, requests, route="/metrics", method="GET", status="200") == 1
    assert not any(dict(labels).get("route", "").startswith("/v1/rulesets/ddv")
                   or dict(labels).get("route") == "/no/such/path" for _, labels in after)

    latency = "doko_http_request_duration_seconds"
    labels = {"route": rule, "method": "GET", "status": "200"}
    assert delta(before, after, f"{latency}_count", **labels) == 2
    assert delta(before, after, f"{latency}_bucket", le="+Inf", **labels) == 2
    assert 0 < delta(before, after, f"{latency}_sum", **labels) < 10


def test_checked_games_are_counted_by_outcome_claim_and_ruleset(client, check, game):
    computed = check(game)
    before = scrape(client)
    check(game)  # valid, nothing claimed
    check(game | {"claimed": {"winner": computed["winner"]}})  # valid, claim agrees
    check(game | {"claimed": {"value": computed["score"]["value"] + 1}})  # disagrees
    check(game | {"ruleset": {"preset": "ddv", "options": {"solo_multiplier": 2}}})
    broken = check(game | {"play": game["play"][1:]})  # first card missing: invalid
    check({"ruleset": "ddv", "dealer": 0, "hands": [["CQ", "XX"], [], [], []], "play": []})
    client.post("/v1/games/check", json={"dealer": 9})  # 400: no game checked
    after = scrape(client)

    games = "doko_games_checked_total"
    assert delta(before, after, games, ruleset="ddv", outcome="valid", claim="none") == 1
    assert delta(before, after, games, ruleset="ddv", outcome="valid", claim="agrees") == 1
    assert delta(before, after, games, ruleset="ddv", outcome="valid",
                 claim="disagrees") == 1
    assert delta(before, after, games, ruleset="ddv+custom", outcome="valid",
                 claim="none") == 1
    assert delta(before, after, games, ruleset="ddv", outcome="invalid", claim="none") == 2
    total = sum(after[key] - before.get(key, 0.0) for key in after if key[0] == games)
    assert total == 6

    assert not broken["valid"]
    codes: dict[str, int] = {}
    for violation in broken["violations"]:
        codes[violation["code"]] = codes.get(violation["code"], 0) + 1
    codes["unknown_card"] = codes.get("unknown_card", 0) + 1
    for code, count in codes.items():
        assert delta(before, after, "doko_violations_total", code=code) >= count, code
    assert delta(before, after, "doko_violations_total", code="deal_card_count") >= 1


def test_metrics_never_fail_a_request(client, monkeypatch, caplog):
    class Broken:
        def labels(self, *values: str) -> Any:
            raise RuntimeError("registry broken")

    monkeypatch.setattr(observability, "_http_children", {})
    monkeypatch.setattr(observability, "REQUESTS", Broken())
    monkeypatch.setattr(observability, "_metrics_failed", False)
    with caplog.at_level(logging.ERROR, logger="doko.metrics"):
        assert client.get("/healthz").status_code == 200
        assert client.get("/healthz").status_code == 200
    assert [r.getMessage() for r in caplog.records if r.name == "doko.metrics"] == [
        "recording metrics failed; further failures are not logged"]


# ---- request ids ---------------------------------------------------------------------

@pytest.mark.parametrize("given", ["abc-123", "0f1e2d3c4b5a69788796a5b4c3d2e1f0",
                                   "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",
                                   "req.7:a/b+c=d~e_f", "x" * 128])
def test_request_id_is_echoed(client, given):
    response = client.get("/healthz", headers={"X-Request-ID": given})
    assert response.headers["X-Request-ID"] == given


@pytest.mark.parametrize("given", ["", "x" * 129, "has space", "semi;colon", "quote\"",
                                   "ünïcode", "<script>", "a\tb"])
def test_unsafe_request_id_is_replaced(client, given):
    response = client.get("/healthz", headers={"X-Request-ID": given})
    assert HEX_ID.fullmatch(response.headers["X-Request-ID"])


def test_request_id_is_generated_on_every_answer(client, monkeypatch, game):
    def broken(transcript):
        raise RuntimeError("core failure")

    answers = [
        client.get("/healthz"),
        client.get("/metrics"),
        client.get("/openapi.yaml"),
        client.get("/nowhere"),  # 404
        client.delete("/healthz"),  # 405
        client.post("/v1/games/check", data="{", content_type="application/json"),  # 400
        client.post("/v1/games/check", data="{}", content_type="text/plain"),  # 415
        client.post("/v1/games/check", data=b" " * 300_000,
                    content_type="application/json"),  # 413
    ]
    monkeypatch.setattr("service.checking.check", broken)
    answers.append(client.post("/v1/games/check", json=game))  # 500
    assert [a.status_code for a in answers] == [200, 200, 200, 404, 405, 400, 415, 413, 500]
    ids = [a.headers["X-Request-ID"] for a in answers]
    assert all(HEX_ID.fullmatch(i) for i in ids)
    assert len(set(ids)) == len(ids)


def test_unexpected_errors_are_logged_with_the_request_id(client, monkeypatch, caplog, game):
    def broken(transcript):
        raise RuntimeError("core failure")

    monkeypatch.setattr("service.checking.check", broken)
    with caplog.at_level(logging.ERROR):
        response = client.post("/v1/games/check", json=game, headers={"X-Request-ID": "r-500"})
    assert response.status_code == 500
    (record,) = [r for r in caplog.records if "unhandled error" in r.getMessage()]
    assert "r-500" in record.getMessage()
    assert record.exc_info is not None


# ---- access log ----------------------------------------------------------------------

FIELDS = {"time", "method", "path", "route", "status", "duration_ms", "request_id",
          "remote_addr", "size"}


def test_one_json_access_line_per_request_on_stdout(client, capsys, game):
    capsys.readouterr()
    response = client.post("/v1/games/check?debug=1", json=game,
                           headers={"X-Request-ID": "log-1"})
    missing = client.get("/v1/rulesets/nope")
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2
    first, second = (json.loads(line) for line in lines)
    assert set(first) == FIELDS
    assert first["method"] == "POST"
    assert first["path"] == "/v1/games/check"  # no query string
    assert first["route"] == "/v1/games/check"
    assert first["status"] == 200
    assert first["request_id"] == "log-1"
    assert first["remote_addr"] == "127.0.0.1"
    assert first["size"] == len(response.get_data())
    assert 0 < first["duration_ms"] < 10_000
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z", first["time"])
    assert second["route"] == "/v1/rulesets/<ruleset_id>"
    assert second["path"] == "/v1/rulesets/nope"
    assert second["status"] == 404
    assert second["request_id"] == missing.headers["X-Request-ID"]


def test_access_log_is_a_logging_record(client):
    """Anything attached to the ``doko.access`` logger sees one record per request."""
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(observability.JsonFormatter())
    logger = logging.getLogger("doko.access")
    logger.addHandler(handler)
    try:
        client.get("/healthz", headers={"X-Request-ID": "rec-1"})
    finally:
        logger.removeHandler(handler)
    (line,) = stream.getvalue().splitlines()
    entry = json.loads(line)
    assert set(entry) == FIELDS
    assert (entry["route"], entry["status"], entry["request_id"]) == ("/healthz", 200, "rec-1")


def test_log_fields_are_bounded_and_escaped(client, capsys):
    capsys.readouterr()
    client.get("/" + "a\u2028\"\n" * 1000)
    (line,) = capsys.readouterr().out.splitlines()
    entry = json.loads(line)
    assert len(entry["path"]) == observability.MAX_LOGGED_PATH
    assert entry["route"] == "<unmatched>"
    assert len(line) < 4096  # one atomic write on a pipe


def test_access_log_can_be_turned_off(client, capsys, monkeypatch):
    monkeypatch.setenv("DOKO_ACCESS_LOG", "off")
    observability._configure_access_log()
    try:
        capsys.readouterr()
        client.get("/healthz")
        assert capsys.readouterr().out == ""
    finally:
        monkeypatch.delenv("DOKO_ACCESS_LOG")
        observability._configure_access_log()
    client.get("/healthz")
    assert capsys.readouterr().out.count("\n") == 1


def test_other_records_are_json_too():
    record = logging.LogRecord("doko.metrics", logging.ERROR, __file__, 1, "a %s", ("b",), None)
    entry = json.loads(observability.JsonFormatter().format(record))
    assert entry["level"] == "error"
    assert entry["logger"] == "doko.metrics"
    assert entry["message"] == "a b"


# ---- multiprocess mode ---------------------------------------------------------------

# Runs in a child process with PROMETHEUS_MULTIPROC_DIR set: serves some requests, or
# prints the app's own /metrics answer.
CHILD = """
import json, sys
from service import create_app
from service.api import observability
assert observability.MULTIPROC_DIR, "not in multiprocess mode"
client = create_app().test_client()
if sys.argv[1] == "scrape":
    print(client.get("/metrics").get_data(as_text=True))
else:
    for _ in range(int(sys.argv[1])):
        client.get("/healthz")
    game = {"ruleset": "ddv", "dealer": 0, "hands": [[], [], [], []], "play": []}
    client.post("/v1/games/check", json=game)
import os
print("pid", os.getpid())
"""


def run_child(directory: Path, arg: str) -> tuple[int, str]:
    """The child's pid and what it printed before."""
    env = {k: v for k, v in os.environ.items() if k != "DOKO_ACCESS_LOG"}
    env |= {"PROMETHEUS_MULTIPROC_DIR": str(directory), "DOKO_ACCESS_LOG": "off"}
    result = subprocess.run([sys.executable, "-c", CHILD, arg], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 0, result.stderr
    printed, _, pid = result.stdout.rstrip("\n").rpartition("pid ")
    return int(pid), printed


def collect(directory: Path) -> Samples:
    from prometheus_client import generate_latest

    return parse(generate_latest(multiproc.registry(str(directory))).decode())


def test_multiprocess_metrics_sum_processes_and_survive_their_exit(tmp_path):
    directory = tmp_path / "metrics"
    multiproc.prepare(str(directory))
    first, _ = run_child(directory, "3")
    second, _ = run_child(directory, "4")
    healthz = {"route": "/healthz", "method": "GET", "status": "200"}
    latency = "doko_http_request_duration_seconds"

    summed = collect(directory)
    assert value(summed, "doko_http_requests_total", **healthz) == 7
    assert value(summed, f"{latency}_count", **healthz) == 7
    assert value(summed, f"{latency}_bucket", le="+Inf", **healthz) == 7
    assert value(summed, "doko_games_checked_total", ruleset="ddv", outcome="invalid",
                 claim="none") == 2
    # The app's own /metrics reads the same files (and then counts its own request).
    third, scraped = run_child(directory, "scrape")
    assert parse(scraped) == summed
    summed = collect(directory)
    assert value(summed, "doko_http_requests_total", route="/metrics", method="GET",
                 status="200") == 1

    # A worker exits: its files are folded into the archive, the totals stay.
    multiproc.process_exited(first, str(directory))
    assert collect(directory) == summed
    names = sorted(p.name for p in directory.glob("*.db"))
    assert names == sorted(["counter_archive.db", "histogram_archive.db",
                            f"counter_{second}.db", f"histogram_{second}.db",
                            f"counter_{third}.db", f"histogram_{third}.db"])
    multiproc.process_exited(third, str(directory))
    assert collect(directory) == summed
    multiproc.process_exited(second, str(directory))
    assert collect(directory) == summed
    assert sorted(p.name for p in directory.glob("*.db")) == [
        "counter_archive.db", "histogram_archive.db"]
    multiproc.process_exited(second, str(directory))  # twice: nothing left to fold
    assert collect(directory) == summed

    multiproc.prepare(str(directory))  # a new server starts from zero
    assert collect(directory) == {}


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def get(url: str) -> str:
    with urllib.request.urlopen(url, timeout=10) as response:
        return response.read().decode()


def chunked_post(port: int, body: bytes) -> tuple[int, str | None]:
    """POST a body in chunks (no Content-Length); the status and the X-Request-ID."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        pieces = (body[i:i + 65536] for i in range(0, len(body), 65536))
        conn.request("POST", "/v1/games/check", body=pieces, encode_chunked=True,
                     headers={"Content-Type": "application/json", "X-Request-ID": "big-1"})
        response = conn.getresponse()
        response.read()
        return response.status, response.getheader("X-Request-ID")
    finally:
        conn.close()


def raw_request(port: int, request: bytes) -> tuple[int, bytes]:
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(request)
        answer = b""
        while b"\r\n\r\n" not in answer:
            data = sock.recv(65536)
            if not data:
                break
            answer += data
    head = answer.partition(b"\r\n\r\n")[0]
    return int(head.split(b" ", 2)[1]), head


def worker_pids(master: int) -> set[int]:
    children = Path(f"/proc/{master}/task/{master}/children")
    return {int(pid) for pid in children.read_text().split()}


@contextlib.contextmanager
def gunicorn_server(tmp_path: Path, **settings: str) -> Iterator[tuple[subprocess.Popen, int]]:
    """gunicorn as deployed on a free port, its temp dir under tmp_path (the log in
    tmp_path/gunicorn.log), until it has stopped on SIGTERM: the process and its port."""
    port = free_port()
    temp = tmp_path / "tmp"
    temp.mkdir(exist_ok=True)
    env = {k: v for k, v in os.environ.items()
           if k not in ("PROMETHEUS_MULTIPROC_DIR", "GUNICORN_CMD_ARGS", "WEB_CONCURRENCY")}
    env |= {"GUNICORN_BIND": f"127.0.0.1:{port}", "WEB_CONCURRENCY": "2", "TMPDIR": str(temp),
            "HOME": str(tmp_path / "no-home"), "DOKO_ACCESS_LOG": "off"} | settings
    gunicorn = VENV_BIN / "gunicorn"
    argv = [str(gunicorn) if gunicorn.exists() else "gunicorn", "--config",
            "deploy/gunicorn.conf.py", "service:create_app()"]
    log = (tmp_path / "gunicorn.log").open("w")
    server = subprocess.Popen(argv, cwd=ROOT, env=env, stdout=log, stderr=log)
    try:
        deadline = time.monotonic() + 30
        while True:
            assert server.poll() is None, (tmp_path / "gunicorn.log").read_text()
            try:
                get(f"http://127.0.0.1:{port}/readyz")
                break
            except OSError:
                assert time.monotonic() < deadline, "gunicorn did not start"
                time.sleep(0.2)
        yield server, port
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=30)
        finally:
            if server.poll() is None:
                server.kill()
            log.close()


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs Linux /proc")
def test_gunicorn_workers_share_metrics(tmp_path):
    """gunicorn with 2 workers: /metrics counts every worker's requests, also after one
    of them exits, and the metrics directory goes when gunicorn stops. The body and
    header limits hold as served, too."""
    temp = tmp_path / "tmp"
    healthz = {"route": "/healthz", "method": "GET", "status": "200"}
    with gunicorn_server(tmp_path) as (server, port):
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 30
        while len(worker_pids(server.pid)) < 2:
            assert time.monotonic() < deadline, "workers did not start"
            time.sleep(0.1)
        (directory,) = temp.glob("doko-service-metrics-*")

        # Concurrent clients, so both workers answer some of the requests.
        threads = [threading.Thread(target=lambda: [get(f"{base}/healthz") for _ in range(10)])
                   for _ in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=30)
        before = parse(get(f"{base}/metrics"))
        assert value(before, "doko_http_requests_total", **healthz) == 40
        assert value(before, "doko_http_requests_total", route="/readyz", method="GET",
                     status="200") >= 1

        # One worker exits (as after max_requests); gunicorn starts another.
        gone = min(worker_pids(server.pid))
        os.kill(gone, signal.SIGTERM)
        while gone in worker_pids(server.pid) or len(worker_pids(server.pid)) < 2:
            assert time.monotonic() < deadline + 30, "worker was not replaced"
            time.sleep(0.1)
        while (directory / f"counter_{gone}.db").exists():
            assert time.monotonic() < deadline + 30, "worker's files were not folded"
            time.sleep(0.1)
        for _ in range(5):
            get(f"{base}/healthz")
        after = parse(get(f"{base}/metrics"))
        assert value(after, "doko_http_requests_total", **healthz) == 45
        assert value(after, "doko_http_requests_total", route="/metrics", method="GET",
                     status="200") == 1 + value(before, "doko_http_requests_total",
                                                route="/metrics", method="GET", status="200")

        # Limits as served: a chunked body over 256 KiB is refused, not cut short.
        assert chunked_post(port, b" " * (MAX_BODY_BYTES + 100)) == (413, "big-1")
        game = json.dumps({"ruleset": "ddv", "dealer": 0, "hands": [[], [], [], []],
                           "play": []}).encode()
        assert chunked_post(port, game.ljust(MAX_BODY_BYTES)) == (200, "big-1")
        # What the pod's proxy passes on (lines up to 8 KiB, 60 headers, a header of
        # 9 KiB) reaches the app; only beyond it gunicorn answers itself (without a
        # request id: behind the proxy, never).
        for request in (b"GET /" + b"a" * 5000 + b" HTTP/1.1\r\nHost: x\r\n\r\n",
                        b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 9000
                        + b"\r\n\r\n",
                        b"GET /healthz HTTP/1.1\r\nHost: x\r\n"
                        + b"".join(b"X-%d: 1\r\n" % i for i in range(60)) + b"\r\n"):
            status, headers = raw_request(port, request)
            assert b"x-request-id" in headers.lower(), headers
        for request in (b"GET /" + b"a" * 9000 + b" HTTP/1.1\r\nHost: x\r\n\r\n",
                        b"GET /healthz HTTP/1.1\r\nHost: x\r\n"
                        + b"".join(b"X-%d: 1\r\n" % i for i in range(9000)) + b"\r\n"):
            status, headers = raw_request(port, request)
            assert 400 <= status < 500, status
            assert b"x-request-id" not in headers.lower()
    assert server.returncode == 0, (tmp_path / "gunicorn.log").read_text()
    assert not list(temp.glob("doko-service-metrics-*")), "metrics dir left behind"


@pytest.mark.skipif(sys.platform != "linux", reason="gunicorn's worker timeout on Linux")
def test_a_worker_aborted_by_the_timeout_is_counted(tmp_path):
    """A body that never arrives holds a worker past a 2 s timeout: gunicorn aborts it,
    the client gets gunicorn's own 500 page (no problem, no request id), the error log
    names the request and doko_worker_timeouts_total counts it by route."""
    with gunicorn_server(tmp_path, WEB_CONCURRENCY="1",
                         GUNICORN_CMD_ARGS="--timeout 2") as (_, port):
        with socket.create_connection(("127.0.0.1", port), timeout=20) as sock:
            sock.sendall(b"POST /v1/games/check HTTP/1.1\r\nHost: x\r\n"
                         b"Content-Type: application/json\r\nContent-Length: 1000\r\n"
                         b"X-Request-ID: slow-1\r\n\r\n{\"dealer\":")
            answer = b""
            while data := sock.recv(65536):
                answer += data
        head = answer.partition(b"\r\n\r\n")[0].lower()
        assert head.startswith(b"http/1.1 500"), answer[:300]
        assert b"x-request-id" not in head
        samples = parse(get(f"http://127.0.0.1:{port}/metrics"))
        assert value(samples, "doko_worker_timeouts_total", route="/v1/games/check") == 1
    assert "slow-1" in (tmp_path / "gunicorn.log").read_text()
