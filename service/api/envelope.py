"""What every answer carries and every request leaves behind, in one WSGI layer around
the Flask app: the request id, the language (``Content-Language``, ``Vary``), ``nosniff``,
the request metrics and the access log line.

One layer rather than Flask hooks: a header appended to the list the server writes costs
a fraction of one set through werkzeug's ``Headers``, and the layer runs once where the
hooks ran in Flask's loops, through its context proxies (together some three times the
work itself; bench/http_overhead.py measures the service against a bare Flask app).
What it adds is said in service.api.observability (metrics, log) and
service.api.language (the language), whose functions it calls.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from random import getrandbits
from time import perf_counter
from typing import Any

from . import fastpath, observability
from .language import LANG_KEY, asked_for

REQUEST_ID_HEADER = "X-Request-ID"
# The headers this layer writes (an app's own Vary is kept, Accept-Language added to it)
SET_HERE = frozenset(("content-language", "vary", "x-request-id", "x-content-type-options"))
WSGIApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]


def new_request_id() -> str:
    """A random version-4 UUID in hex (as ``uuid.uuid4().hex`` writes it), drawn from the
    process's own generator (seeded anew in every forked worker) instead of a system
    call per request: an id must be unique, not secret."""
    bits = getrandbits(128) & ~(0xF000 << 64) | (0x4000 << 64)  # version 4
    return f"{bits & ~(0xC000 << 48) | (0x8000 << 48):032x}"  # the RFC 4122 variant


class Envelope:
    """The Flask app's ``wsgi_app``, wrapped (``app.wsgi_app = Envelope(app.wsgi_app,
    ...)``), with the paths its fast path answers (service.api.fastpath) and the body
    limit of those."""

    def __init__(self, app: WSGIApp, fast: dict[str, fastpath.Answerer], limit: int):
        self.app = app
        self.fast = fast
        self.limit = limit

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]
                 ) -> Iterable[bytes]:
        started = perf_counter()
        given = environ.get("HTTP_X_REQUEST_ID")
        rid = given if given is not None and observability.REQUEST_ID.fullmatch(given) \
            else new_request_id()
        environ[observability.REQUEST_ID_KEY] = rid
        observability.begin(environ)
        lang = environ[LANG_KEY] = asked_for(environ.get("HTTP_ACCEPT_LANGUAGE"))

        def start_answer(status: str, headers: list[tuple[str, str]],
                         exc_info: Any = None) -> Any:
            # Called by the Flask app while its request is current (its route known) or
            # by the fast path below.
            size, vary, set_already = None, "Accept-Language", False
            for name, value in headers:
                if name == "Content-Length":
                    size = int(value)
                elif name.lower() in SET_HERE:
                    set_already = True
            if set_already:  # set here, once: a page's own nosniff goes, CORS's Vary stays
                vary = ", ".join([*(v for n, v in headers if n.lower() == "vary"), vary])
                headers[:] = [(n, v) for n, v in headers if n.lower() not in SET_HERE]
            headers += [("Content-Language", lang), ("Vary", vary), (REQUEST_ID_HEADER, rid),
                        ("X-Content-Type-Options", "nosniff")]  # a problem is no page
            observability.answer(environ, int(status[:3]), size, perf_counter() - started, rid)
            return start_response(status, headers, exc_info)

        answerer = self.fast.get(environ.get("PATH_INFO", ""))
        if answerer is not None and environ.get("REQUEST_METHOD") == "POST":
            environ[observability.ROUTE_KEY] = environ["PATH_INFO"]  # Flask's rule too
            answered = fastpath.answer(environ, answerer, lang, self.limit)
            if answered is not None:
                start_answer("200 OK", [("Content-Type", fastpath.JSON),
                                        ("Content-Length", str(len(answered)))])
                return _Written([answered])
        body = self.app(environ, start_answer)
        if isinstance(body, environ.get("wsgi.file_wrapper", ())):
            return body  # the server sends the file itself; wrapped, it could not
        return _Written(body)


class _Written:
    """The answer's body, saying when the server has written it (see
    observability.worker_aborted)."""

    __slots__ = ("body",)

    def __init__(self, body: Iterable[bytes]):
        self.body = body

    def __iter__(self) -> Iterator[bytes]:
        return iter(self.body)

    def close(self) -> None:
        observability.answered()
        close = getattr(self.body, "close", None)
        if close is not None:
            close()
