"""A stateless REST service that checks and scores Doppelkopf game transcripts."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from flask import Flask

# A full game is under 2 KB; the bounds on every list keep a valid request far below this.
MAX_BODY_BYTES = 256 * 1024
ECHO_ENV = "DOKO_ECHO"  # "on" (or 1, true, yes) serves POST /v1/echo, the load tests' baseline


def _on(name: str) -> bool:
    import os

    return os.environ.get(name, "").strip().lower() in ("1", "on", "true", "yes")


def create_app() -> Flask:
    """The WSGI application (``service:create_app``)."""
    # Imported here so that the rules core (service.rules) imports without Flask.
    from flask import Flask

    from .api import cors, fairshare, observability, problems, routes
    from .rules.rulesets import use_environment

    use_environment()  # house rulesets: a broken file stops the start with its reason

    app = Flask(__name__, static_folder=None)
    app.config["MAX_CONTENT_LENGTH"] = MAX_BODY_BYTES
    app.json.sort_keys = False  # type: ignore[attr-defined]  # keep the contract's order
    app.json.ensure_ascii = False  # type: ignore[attr-defined]  # names and ♥ as they are
    observability.register(app)
    problems.register(app)
    app.register_blueprint(routes.bp)
    if _on(ECHO_ENV):
        app.register_blueprint(routes.bench_bp)
    app.extensions[fairshare.BATCH_SLOTS] = fairshare.BatchSlots(
        fairshare.slots_from_environment())
    cors.register(app, cors.origins_from_environment())
    return app
