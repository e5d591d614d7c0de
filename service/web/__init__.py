"""The referee's page (`GET /`) and the API description for people (`GET /docs`).

Static files only: the page is plain JavaScript modules that call the public API like
any other client, so serving it adds no work to the check routes. Every asset ships in
the package (Swagger UI's in flask-swagger-ui), nothing is fetched from elsewhere.
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

from flask import Blueprint, Response, send_from_directory

STATIC = Path(__file__).resolve().parent / "static"

# The page runs only its own scripts and talks only to its own origin; names and every
# other field of a transcript are put into the page as text, never as markup.
CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
# Swagger UI sets style attributes from its bundle; nothing else is loosened.
DOCS_CSP = CSP.replace("style-src 'self'", "style-src 'self' 'unsafe-inline'")

bp = Blueprint("web", __name__)


def _swagger_dist() -> Path:
    # The files of flask-swagger-ui; its blueprint is not used (it has an inline script).
    return Path(str(files("flask_swagger_ui") / "dist"))


def _asset(directory: Path, name: str, csp: str = CSP) -> Response:
    # An ETag and a revalidation on every use: a new release is seen at once and an
    # unchanged asset costs a 304.
    response = send_from_directory(directory, name, etag=True, conditional=True, max_age=None)
    response.headers["Cache-Control"] = "no-cache"
    response.headers["X-Content-Type-Options"] = "nosniff"
    if response.mimetype == "text/html":
        # Whatever path serves a page (/, /assets/index.html, Swagger UI's
        # oauth2-redirect.html), it runs under the same policy and is never framed.
        response.headers["Content-Security-Policy"] = csp
        response.headers["Referrer-Policy"] = "no-referrer"
        response.headers["X-Frame-Options"] = "DENY"
    return response


def _page(name: str, csp: str) -> Response:
    return _asset(STATIC, name, csp)


@bp.get("/")
def page() -> Response:
    return _page("index.html", CSP)


@bp.get("/docs")
def docs() -> Response:
    return _page("docs.html", DOCS_CSP)


@bp.get("/assets/<path:name>")
def asset(name: str) -> Response:
    return _asset(STATIC, name, DOCS_CSP if name == "docs.html" else CSP)


@bp.get("/assets/swagger/<name>")
def swagger_asset(name: str) -> Response:
    return _asset(_swagger_dist(), name, DOCS_CSP)
