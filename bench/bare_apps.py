"""The baselines of bench/http_overhead.py: what any Python service pays per request.

``flask_app``: a bare Flask app whose one route reads the body and answers its length
as JSON; ``wsgi_app``: a bare WSGI callable doing the same. gunicorn serves them with the
service's own configuration (deploy/gunicorn.conf.py):

    gunicorn --config deploy/gunicorn.conf.py 'bare_apps:flask_app'   (from bench/)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from flask import Flask, Response, request

flask_app = Flask(__name__)


@flask_app.post("/v1/echo")
def echo() -> Response:
    body = request.get_data(cache=False)
    return Response(b'{"received":%d}' % len(body), mimetype="application/json")


@flask_app.get("/readyz")
def readyz() -> Response:
    return Response(b'{"status":"ready"}', mimetype="application/json")


def wsgi_app(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
    length = int(environ.get("CONTENT_LENGTH") or 0)
    body = environ["wsgi.input"].read(length) if length else b""
    answer = b'{"received":%d}' % len(body)
    start_response("200 OK", [("Content-Type", "application/json"),
                              ("Content-Length", str(len(answer)))])
    return [answer]
