"""The WSGI application: the routes, the page, metrics, problems and CORS put together.

``gunicorn 'service:create_app()'`` (deploy/gunicorn.conf.py) builds it through the
package's :func:`service.create_app`, which imports this module only when called.
"""

from __future__ import annotations

import os

from flask import Flask, Response

from service.api import (
    cors,
    envelope,
    fairshare,
    fastpath,
    imports,
    observability,
    problems,
    routes,
    seasons,
    sittings,
    tournaments,
)
from service.checking import MAX_BODY_BYTES
from service.game.rulesets import HOUSE_DIR_ENV, HOUSE_FIELDS, RulesetError, use_environment
from service.web import bp as web_bp

ECHO_ENV = "DOKO_ECHO"  # "on" (or 1, true, yes) serves POST /v1/echo, the load tests' baseline


def _on(name: str) -> bool:
    return os.environ.get(name, "").strip().lower() in ("1", "on", "true", "yes")


class StartRefused(RulesetError, RuntimeError):
    """A house ruleset refused at start. A RuntimeError, so that gunicorn says it as one
    line ("Error: ...") and exits 1, instead of a traceback."""

    def __init__(self, directory: str, error: RulesetError):
        super().__init__(error.problems)
        self.directory = directory

    def __str__(self) -> str:
        return "; ".join(self._say(p.option, p.message) for p in self.problems)

    def _say(self, option: str, message: str) -> str:
        # "club.toml: must be ..." -> "house ruleset /rules/club.toml: option x: must be ..."
        name, sep, reason = message.partition(": ")
        if sep and name.endswith(".toml"):
            what = "" if option == "file" else \
                f"field {option}: " if option in HOUSE_FIELDS else f"option {option}: "
            return (f"house ruleset {os.path.join(self.directory, name)} refused: "
                    f"{what}{reason}")
        return f"house rulesets in {HOUSE_DIR_ENV}={self.directory} refused: {option}: {message}"


class App(Flask):
    """Flask, its answers to OPTIONS the same bytes at every start."""

    def make_default_options_response(self) -> Response:
        response = super().make_default_options_response()
        response.headers["Allow"] = problems.allow(response.allow)
        return response


def create_app() -> Flask:
    """The WSGI application (``service:create_app``)."""
    try:
        use_environment()  # house rulesets: a broken file stops the start with its reason
    except RulesetError as error:
        raise StartRefused(os.environ.get(HOUSE_DIR_ENV, ""), error) from None

    app = App(__name__, static_folder=None)
    app.config["MAX_CONTENT_LENGTH"] = MAX_BODY_BYTES
    app.json.sort_keys = False  # type: ignore[attr-defined]  # keep the contract's order
    app.json.ensure_ascii = False  # type: ignore[attr-defined]  # names and ♥ as they are
    observability.register(app)
    problems.register(app)
    app.register_blueprint(routes.bp)
    app.register_blueprint(sittings.bp)
    app.register_blueprint(imports.bp)
    app.register_blueprint(tournaments.bp)
    app.register_blueprint(seasons.bp)
    app.register_blueprint(web_bp)
    if _on(ECHO_ENV):
        app.register_blueprint(routes.bench_bp)
    app.extensions[fairshare.BATCH_SLOTS] = fairshare.BatchSlots(
        fairshare.slots_from_environment())
    cors.register(app, cors.origins_from_environment())
    app.wsgi_app = envelope.Envelope(  # type: ignore[method-assign]
        app.wsgi_app, fastpath.fast_routes(app), app.config["MAX_CONTENT_LENGTH"])
    return app
