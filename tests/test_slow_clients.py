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
import re
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


CLUB = "https://club.example"


@pytest.fixture(scope="module")
def cors_pod(tmp_path_factory):
    """The pod with CORS on for one origin (DOKO_CORS_ORIGINS, the proxy's copy made
    from the same setting): (public, internal)."""
    directory = tmp_path_factory.mktemp("cors-pod")
    with bench.gunicorn(directory, workers=1, cors=CLUB) as app, \
            bench.nginx(directory, app, cors=CLUB) as ports:
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


# ---- every answer a problem document, whoever writes it --------------------------------

# The titles RFC 9110 (RFC 6585 for 431) gives each status.
TITLES = {400: "Bad Request", 404: "Not Found", 405: "Method Not Allowed",
          413: "Content Too Large", 414: "URI Too Long",
          431: "Request Header Fields Too Large", 500: "Internal Server Error",
          501: "Not Implemented", 502: "Bad Gateway", 503: "Service Unavailable",
          504: "Gateway Timeout", 505: "HTTP Version Not Supported"}


def raw(port: int, request: bytes) -> tuple[int, dict[str, str], bytes]:
    """The answer to bytes sent as they are: status, headers (lower-case), body."""
    with socket.create_connection(("127.0.0.1", port), timeout=15) as sock:
        sock.sendall(request)
        answer = b""
        try:
            while data := sock.recv(65536):
                answer += data
        except ConnectionResetError:  # nginx resets what it refused, once answered
            pass
    head, _, body = answer.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        name = name.strip().lower()
        headers[name] = f"{headers[name]}, {value.strip()}" if name in headers \
            else value.strip()
    return int(lines[0].split()[1]), headers, body


def a_problem(status: int, headers: dict[str, str], body: bytes, expected: int) -> dict:
    assert status == expected, (status, headers, body[:300])
    assert headers["content-type"] == "application/problem+json", (headers, body[:300])
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["x-request-id"]
    found = json.loads(body)
    assert found["status"] == expected and found["title"] == TITLES[expected], found
    assert found["type"] == "about:blank" and found["detail"]
    return found


GET = b"GET /v1/rulesets HTTP/1.1\r\nHost: x\r\nConnection: close\r\n"


@needs_nginx
@pytest.mark.parametrize(("request_", "status"), [
    (b"GARBAGE\r\n\r\n", 400),  # no request line
    (GET + b"X-A: 1\r\n folded\r\n\r\n", 400),  # a folded header
    (b"GET /v1/rulesets HTTP/1.1\r\nConnection: close\r\n\r\n", 400),  # no Host
    (b"TRACE / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", 405),
    (b"GET /" + b"a" * 9000 + b" HTTP/1.1\r\nHost: x\r\n\r\n", 414),
    (GET + b"X-Big: " + b"b" * 9000 + b"\r\n\r\n", 431),  # a header over 8 KiB
    (GET + b"".join(b"X-%d: %s\r\n" % (i, b"c" * 4000) for i in range(10)) + b"\r\n", 431),
    (b"GET / HTTP/2.0\r\nHost: x\r\n\r\n", 505),
    (b"GET /metrics HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", 404),
    (b"GET /.problem HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", 404),
], ids=["request-line", "folded", "no-host", "trace", "uri", "header", "headers",
        "version", "metrics", "internal"])
def test_the_proxys_own_errors_are_problem_documents(pod, request_, status):
    """nginx's own 400, 405, 414, 431 and 505 were HTML pages without a request id."""
    public, _ = pod
    a_problem(*raw(public, request_), status)


@needs_nginx
def test_the_proxys_413_is_titled_as_the_apps(pod, client):
    public, _ = pod
    found = a_problem(*raw(public, b"POST /v1/games/check HTTP/1.1\r\nHost: x\r\n"
                           b"Content-Type: application/json\r\nContent-Length: 300000\r\n"
                           b"Connection: close\r\n\r\n"), 413)
    assert found["detail"] == "The request body is over 262144 bytes, the limit of this route."
    app = client.post("/v1/games/check", data=b" " * 300_000, content_type="application/json")
    assert app.status_code == 413 and app.get_json()["title"] == "Content Too Large"
    assert app.get_json()["detail"] == found["detail"]


@needs_nginx
@pytest.mark.parametrize("length", [4090, 4095, 6000, 8000, 8150])
def test_what_the_proxy_passes_gunicorn_takes(pod, length):
    """Request lines of 4,090 bytes up to nginx's 8 KiB, 46-50 headers, an
    X-Forwarded-For pushed over the limit by the address nginx appends: gunicorn
    answered its own HTML 414 and 431. Now nginx refuses first, or the app answers."""
    public, _ = pod
    line = b"GET /v1/rulesets?" + b"q" * (length - len(b"GET /v1/rulesets? HTTP/1.1")) \
        + b" HTTP/1.1\r\n"
    assert len(line) == length + 2
    status, headers, body = raw(public, line + b"Host: x\r\nConnection: close\r\n\r\n")
    assert status == 200 and headers["content-type"] == "application/json", body[:200]
    many = b"".join(b"X-H%d: v\r\n" % i for i in range(length // 80))
    status, headers, _ = raw(public, GET + many + b"\r\n")
    assert status == 200 and headers["x-request-id"]
    forwarded = b"X-Forwarded-For: " + b"1" * (8190 - len(b"X-Forwarded-For: ")) + b"\r\n"
    status, headers, _ = raw(public, GET + forwarded + b"\r\n")
    assert status == 200 and headers["x-request-id"]


@needs_nginx
@pytest.mark.parametrize("given", ["<script>alert(1)</script>", "x" * 7000, "a b", "ü",
                                   "x" * 129])
def test_the_proxy_keeps_a_clients_request_id_only_in_the_apps_pattern(pod, given):
    """nginx echoed any X-Request-ID on its own answers (a <script>, 7,000 bytes)."""
    public, _ = pod
    for request in (b"TRACE / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n",
                    b"GET /v1/rulesets HTTP/1.1\r\nHost: x\r\nConnection: close\r\n"):
        _, headers, _ = raw(public, request + b"X-Request-ID: " + given.encode()
                            + b"\r\n\r\n")
        assert re.fullmatch(r"[0-9a-f]{32}", headers["x-request-id"]), headers
    _, headers, _ = raw(public, b"TRACE / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n"
                        b"X-Request-ID: abc-1.2_3~:/+=\r\n\r\n")
    assert headers["x-request-id"] == "abc-1.2_3~:/+="


@needs_nginx
def test_with_cors_on_the_proxys_errors_are_readable_by_the_origin(cors_pod):
    """nginx's 413 and 501 and gunicorn's 431 carried no Access-Control-Allow-Origin."""
    public, _ = cors_pod
    body = b"POST /v1/games/check HTTP/1.1\r\nHost: x\r\nContent-Length: 300000\r\n" \
        b"Connection: close\r\nOrigin: %s\r\n\r\n"
    status, headers, _ = raw(public, body % CLUB.encode())
    assert status == 413 and headers["access-control-allow-origin"] == CLUB
    assert "X-Request-ID" in headers["access-control-expose-headers"]
    assert headers["vary"] == "Accept-Language, Origin"
    status, headers, _ = raw(public, GET + b"Origin: " + CLUB.encode() + b"\r\nX-Big: "
                             + b"b" * 9000 + b"\r\n\r\n")
    assert status == 431 and headers["access-control-allow-origin"] == CLUB
    status, headers, _ = raw(public, body % b"https://other.example")
    assert status == 413 and "access-control-allow-origin" not in headers
    status, headers, _ = raw(public, GET + b"Origin: " + CLUB.encode() + b"\r\n\r\n")
    assert status == 200 and headers["access-control-allow-origin"] == CLUB  # the app's


class _Upstream:
    """A stand-in for gunicorn: closes at once (nginx: 502), or holds the request
    without an answer (/slow; nginx: 504 after its read timeout)."""

    def __init__(self) -> None:
        import threading

        self.server = socket.create_server(("127.0.0.1", 0))
        self.port = self.server.getsockname()[1]
        self.held: list[socket.socket] = []
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        while True:
            try:
                conn, _ = self.server.accept()
            except OSError:
                return
            head = conn.recv(65536)
            if b"/slow" in head:
                self.held.append(conn)
            else:
                conn.close()


@needs_nginx
def test_the_proxys_gateway_and_server_errors_are_problem_documents(tmp_path):
    """502 and 504 with gunicorn gone or stuck; 500 and 503, which nginx answers for its
    own faults, shown by locations added to this copy of the configuration."""
    upstream = _Upstream()
    conf = bench.nginx_config
    try:
        def test_config(public: int, internal: int, app: int, cors: str = "") -> str:
            text = conf(public, internal, upstream.port, cors)
            text = text.replace("proxy_read_timeout 60s;", "proxy_read_timeout 1s;")
            return text.replace("        location = /metrics {",
                                "        location = /status-500 { return 500; }\n"
                                "        location = /status-503 { return 503; }\n"
                                "        location = /metrics {", 1)

        bench.nginx_config = test_config
        with bench.nginx(tmp_path, upstream.port) as (public, _):
            for path, status in (("/v1/rulesets", 502), ("/slow", 504),
                                 ("/status-500", 500), ("/status-503", 503)):
                a_problem(*raw(public, f"GET {path} HTTP/1.1\r\nHost: x\r\n"
                                       "Connection: close\r\n\r\n".encode()), status)
    finally:
        bench.nginx_config = conf
        upstream.server.close()


@needs_nginx
def test_a_client_too_slow_is_closed_without_an_answer(pod):
    """nginx never sent the 408 page the configuration had: it closes a timed-out
    connection. The page is gone; the connection is closed, nothing written."""
    public, _ = pod
    with socket.create_connection(("127.0.0.1", public), timeout=30) as sock:
        sock.sendall(b"GET /v1/rulesets HTTP/1.1\r\nHost: x\r\n")  # the header never ends
        answer = b""
        try:
            while data := sock.recv(65536):
                answer += data
        except ConnectionResetError:
            pass
    assert answer == b""


@needs_nginx
@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_proxys_problems_speak_as_the_app_does(pod, client, lang):
    """In German where Accept-Language asks for it first, the words of the app's own
    problems where both say the same."""
    public, _ = pod
    asked = {"de": b"de-DE,de;q=0.9,en;q=0.8", "en": b"en-US,en;q=0.9,de;q=0.8"}[lang]
    for method, path, status, body in (
            ("TRACE", "/v1/rulesets", 405, None), ("GET", "/metrics", 404, None),
            ("POST", "/v1/games/check", 413, b" " * 300_000)):
        request = (f"{method} {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n"
                   .encode() + b"Accept-Language: " + asked + b"\r\n")
        if body is not None:
            request += b"Content-Length: %d\r\n" % len(body)
        status_, headers, answer = raw(public, request + b"\r\n")
        assert status_ == status and headers["content-language"] == lang
        assert "Accept-Language" in headers["vary"]
        found = json.loads(answer)
        app = {405: client.open("/v1/rulesets", method="DELETE", headers={
            "Accept-Language": asked.decode()}), 404: client.get("/nowhere", headers={
            "Accept-Language": asked.decode()}), 413: client.post(
            "/v1/games/check", data=b" " * 300_000, content_type="application/json",
            headers={"Accept-Language": asked.decode()})}[status].get_json()
        assert (found["title"], found["detail"]) == (app["title"], app["detail"])
