"""CORS for browser apps that call the API from another origin: off unless configured.

``DOKO_CORS_ORIGINS`` lists the origins allowed (comma-separated, exactly as a browser
sends them, e.g. ``https://club.example,http://localhost:5173``); empty or unset, no
CORS header is sent and browsers keep other origins' scripts from reading answers.
An allowed origin gets ``Access-Control-Allow-Origin`` on every answer (errors too, so
that its script can read the problem) and an answer to its preflight requests. No
credentials: the API has no cookies or authentication of its own.
"""

from __future__ import annotations

import os

from flask import Flask, Response, request

ENV = "DOKO_CORS_ORIGINS"
ALLOWED_METHODS = "GET, POST"
ALLOWED_HEADERS = "Content-Type, X-Request-ID"
EXPOSED_HEADERS = "X-Request-ID, Retry-After"
PREFLIGHT_MAX_AGE = "600"


def origins_from_environment() -> frozenset[str]:
    return frozenset(o.strip().rstrip("/") for o in os.environ.get(ENV, "").split(",")
                     if o.strip())


def register(app: Flask, origins: frozenset[str]) -> None:
    if not origins:
        return

    def add_headers(response: Response) -> Response:
        response.vary.add("Origin")
        origin = request.headers.get("Origin")
        if origin not in origins:
            return response
        response.headers["Access-Control-Allow-Origin"] = origin
        response.headers["Access-Control-Expose-Headers"] = EXPOSED_HEADERS
        if request.method == "OPTIONS" and "Access-Control-Request-Method" in request.headers:
            response.headers["Access-Control-Allow-Methods"] = ALLOWED_METHODS
            response.headers["Access-Control-Allow-Headers"] = ALLOWED_HEADERS
            response.headers["Access-Control-Max-Age"] = PREFLIGHT_MAX_AGE
        return response

    app.after_request(add_headers)
