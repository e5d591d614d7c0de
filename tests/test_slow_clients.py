"""The pod protects itself from slow clients: nginx (deploy/nginx.conf) in front of
gunicorn as deployed, 50 connections sending a byte a second for 20 s, and every good
client's request answered, /healthz (the probes' path) within a second.

Skipped where nginx is not installed (.ci/run installs it; apt-get install nginx).
bench/slow_clients.py has the figures with and without the proxy.
"""

from __future__ import annotations

import gzip
import http.client
import importlib.util
import json
import socket
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _bench():
    spec = importlib.util.spec_from_file_location("slow_clients",
                                                  ROOT / "bench" / "slow_clients.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["slow_clients"] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


bench = _bench()
needs_nginx = pytest.mark.skipif(
    bench.nginx_binary() is None,
    reason="SKIPPED: no nginx here, so the slow-client test of the pod's proxy "
           "(deploy/nginx.conf) did not run: apt-get install nginx (.ci/run does)")


@pytest.fixture(scope="module")
def pod(tmp_path_factory):
    """gunicorn as deployed and nginx with deploy/nginx.conf in front: (public, internal)."""
    directory = tmp_path_factory.mktemp("pod")
    with bench.gunicorn(directory) as app, bench.nginx(directory, app) as ports:
        yield ports


def ask(port: int, method: str, path: str, body: bytes | None = None,
        headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        conn.request(method, path, body, headers or {})
        response = conn.getresponse()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
    finally:
        conn.close()


@needs_nginx
def test_slow_clients_starve_no_good_client_nor_the_probe(pod):
    public, internal = pod
    good = bench.run(public, internal, seconds=20, slow=50)
    assert not good.failures, good.failures[:10]
    assert len(good.latencies) == good.sent > 100
    assert not good.probe_failures, good.probe_failures
    assert len(good.probes) >= 30
    assert max(good.probes) < 1.0, max(good.probes)


@needs_nginx
def test_the_public_port_has_no_metrics_the_internal_one_has(pod):
    public, internal = pod
    status, headers, body = ask(public, "GET", "/metrics")
    assert status == 404 and headers["content-type"] == "application/problem+json"
    assert json.loads(body)["status"] == 404
    status, _, body = ask(internal, "GET", "/metrics")
    assert status == 200 and b"doko_http_requests_total" in body
    assert ask(internal, "GET", "/v1/rulesets")[0] == 404
    assert ask(internal, "GET", "/proxy-healthz")[0] == 200
    for path in ("/healthz", "/readyz"):
        assert ask(internal, "GET", path)[0] == 200
        assert ask(public, "GET", path)[0] == 200


@needs_nginx
@pytest.mark.parametrize(("path", "limit"), [
    ("/v1/games/check", 256 * 1024), ("/v1/games/check-batch", 8 * 1024 * 1024),
    ("/v1/sittings/check", 1024 * 1024), ("/v1/tournaments/check", 4 * 1024 * 1024),
    ("/v1/seasons/check", 4 * 1024 * 1024)])
def test_each_routes_limit_is_a_problem_naming_it(pod, path, limit):
    public, _ = pod
    status, headers, body = ask(public, "POST", path, b" " * (limit + 1),
                                {"Content-Type": "application/json", "X-Request-ID": "big-1"})
    assert status == 413
    assert headers["content-type"] == "application/problem+json"
    assert headers["x-request-id"] == "big-1"
    assert headers["x-content-type-options"] == "nosniff"
    assert f"over {limit} bytes" in json.loads(body)["detail"]
    # at the limit, the app reads it (and finds no JSON in it)
    status, headers, _ = ask(public, "POST", path, b" " * limit,
                             {"Content-Type": "application/json"})
    assert status == 400 and headers["content-type"] == "application/problem+json"


@needs_nginx
def test_a_transfer_coding_but_chunked_is_a_501_problem(pod):
    public, _ = pod
    body = gzip.compress(b"{}")
    with socket.create_connection(("127.0.0.1", public), timeout=10) as sock:
        sock.sendall(b"POST /v1/games/check HTTP/1.1\r\nHost: x\r\n"
                     b"Content-Type: application/json\r\nTransfer-Encoding: gzip, chunked\r\n"
                     b"\r\n" + b"%x\r\n" % len(body) + body + b"\r\n0\r\n\r\n")
        answer = b""
        while data := sock.recv(65536):
            answer += data
    head, _, rest = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 501"), head
    assert b"application/problem+json" in head
    assert json.loads(rest)["status"] == 501


@needs_nginx
def test_the_request_id_and_the_client_reach_the_app(pod):
    public, _ = pod
    game = (ROOT / "examples" / "normal-game.json").read_bytes()
    status, headers, _ = ask(public, "POST", "/v1/games/check", game,
                             {"Content-Type": "application/json", "X-Request-ID": "abc-1"})
    assert status == 200 and headers["x-request-id"] == "abc-1"
    status, headers, _ = ask(public, "GET", "/healthz")
    assert len(headers["x-request-id"]) == 32  # nginx's own id, passed on


def test_the_access_log_names_the_client_behind_a_trusted_proxy(client, capsys):
    from service.api import observability

    capsys.readouterr()
    client.get("/healthz", headers={"X-Real-IP": "203.0.113.9"})
    line = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert line["remote_addr"] == "203.0.113.9"  # the test client's peer is 127.0.0.1
    environ = {"REMOTE_ADDR": "10.1.2.3", "HTTP_X_REAL_IP": "203.0.113.9"}
    assert observability.client_address(environ) == "10.1.2.3"  # not a trusted proxy
