"""The HTTP routes: check a game, list the rulesets, serve the contract, report health."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

from flask import Blueprint, Response, current_app, request, send_file
from werkzeug.exceptions import ClientDisconnected, NotFound, RequestEntityTooLarge

from service.checking import (
    MAX_BATCH_BYTES,
    MAX_BATCH_GAMES,
    MAX_BODY_BYTES,
    Item,
    Summary,
    TooManyItems,
    check_data,
    check_item,
    fastjson,
    json_array_items,
    ndjson_items,
    outcome,
    parse_json,
)
from service.checking.problem import Problem
from service.game import codes
from service.game.compiled import COMPILED
from service.game.options import CATALOGUE, moved_deadlines_text
from service.game.rulesets import Preset, preset_values, presets
from service.game.words import say, translate

from .fairshare import BATCH_SLOTS
from .language import requested
from .observability import record_game

# service/openapi.yaml: in a checkout a link to the top-level contract, in a wheel a copy.
OPENAPI_PATH = Path(__file__).resolve().parents[1] / "openapi.yaml"

bp = Blueprint("api", __name__)
# Routes served only where the environment turns them on (service.api.app).
bench_bp = Blueprint("bench", __name__)


def json_response(payload: Any, status: int = 200) -> Response:
    # Compact separators: a check's answer is some 2 KB, and spaces cost time and bytes.
    return current_app.response_class(
        current_app.json.dumps(payload, separators=(",", ":")), status=status,
        mimetype="application/json")


def answer_response(payload: Any) -> Response:
    """A check's answer, written by orjson as json_response would write it (an answer
    holds no float), several times faster."""
    return current_app.response_class(fastjson.dumps(payload), mimetype="application/json")


UTF8 = frozenset(("utf-8", "utf8"))  # the charsets a body may declare (JSON is UTF-8)


def read_body() -> bytes:
    """The request body; 413 above the request's max_content_length (MAX_CONTENT_LENGTH
    unless the view raised it), whether sized or chunked; 415 for a compressed one or a
    charset other than UTF-8; 501 for a transfer coding other than chunked.

    Every route that takes a body reads it here, and parses it with parse_json (or, a
    JSON array batch, json_array_items): the limits and the strict reading hold for all.
    """
    req = request._get_current_object()  # type: ignore[attr-defined]  # one proxy lookup
    environ = req.environ  # read directly: werkzeug's header views cost more here
    coding = environ.get("HTTP_CONTENT_ENCODING", "").strip().lower()
    if coding not in ("", "identity"):
        raise Problem(415, f"The request body is sent with Content-Encoding {coding!r}; "
                      "send it uncompressed (identity).")
    transfer = environ.get("HTTP_TRANSFER_ENCODING")
    if transfer is not None:
        # gunicorn undoes chunked and nothing else: a body also gzipped would be read as
        # it came (RFC 9112: a coding the server does not know is 501).
        codings = [c.strip().lower() for c in transfer.split(",") if c.strip()]
        if codings != ["chunked"]:
            raise Problem(501, f"The request body is sent with Transfer-Encoding "
                          f"{transfer.strip()[:100]!r}; only chunked is understood.")
    if ";" in environ.get("CONTENT_TYPE", ""):  # no parameters, no charset to parse
        charset = req.mimetype_params.get("charset")
        if charset is not None and charset.strip().lower() not in UTF8:
            raise Problem(415, f"The request body is declared as charset {charset[:40]!r}; "
                          "send it as UTF-8.")
    size = plain_length(environ)
    if size is not None:
        # The common body, sized: read as Werkzeug would, less its stream wrapper.
        limit = req.max_content_length
        if limit is not None and size > limit:
            raise RequestEntityTooLarge()
        data = read_sized(environ, size)
        if len(data) != size:
            raise ClientDisconnected()
        return data
    if req.content_length is not None or "wsgi.input_terminated" not in environ:
        # Werkzeug refuses a Content-Length above the limit (413) and reads no further
        # than the Content-Length; with neither a length nor a terminated stream, no body.
        return req.get_data(cache=False)
    # A chunked body (gunicorn terminates the stream): Werkzeug's stream would stop at
    # the limit without saying so, truncating the body. Read one byte more to know.
    limit = req.max_content_length or MAX_BATCH_BYTES
    stream = environ["wsgi.input"]
    chunks, size = [], 0
    while size <= limit:
        chunk = stream.read(limit + 1 - size)
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
    if size > limit:
        raise RequestEntityTooLarge()
    return b"".join(chunks)


def plain_length(environ: dict[str, Any]) -> int | None:
    """The Content-Length of a body sent as it is, without a transfer coding; None for
    any other (chunked, no length, a length that is no plain number)."""
    length = environ.get("CONTENT_LENGTH")
    if "HTTP_TRANSFER_ENCODING" in environ or length is None \
            or not (length.isascii() and length.isdigit()):
        return None
    return int(length)


def read_sized(environ: dict[str, Any], size: int) -> bytes:
    """The ``size`` bytes of a plain body (fewer where the client went away)."""
    data: bytes = environ["wsgi.input"].read(size) if size else b""
    return data


def discard_body() -> None:
    """Read the body (within the request's limit) and keep none of it."""
    stream = request.stream
    while stream.read(65536):
        pass


def batch_slot() -> contextlib.AbstractContextManager[None]:
    """A batch slot (fairshare.py) for a heavy request, held while the returned context
    is; with none free, the body is read to its end and dropped and the request answered
    503 with Retry-After."""
    slots = current_app.extensions[BATCH_SLOTS]
    slot = slots.take()
    if slot is None:
        discard_body()
        raise slots.busy()
    return slot


REFUSED_KEY = "doko.refused"  # the problem service.api.fastpath found with this body


def read_json_body() -> Any:
    """The request body as JSON; 415 for another media type, 400 for broken JSON (or the
    problem the fast path found with this body already, rather than find it again)."""
    refused = request.environ.pop(REFUSED_KEY, None)
    if refused is not None:
        raise refused
    if not request.is_json:
        raise Problem(415, "Send the request body as application/json.")
    return parse_json(read_body())


@bp.post("/v1/games/check")
def check_game() -> Response:
    return answer_response(checked_game(read_json_body(), requested()))


def checked_game(data: Any, lang: str) -> Any:
    """The check route's answer to a body as parsed (a Problem where it is refused), the
    game counted. Also the fast path's (service.api.fastpath)."""
    checked = check_data(data, lang=lang)
    record_game(checked.result)
    return checked.answer


NDJSON = "application/x-ndjson"


@bp.post("/v1/games/check-batch")
def check_batch() -> Response:
    """Many transcripts: a JSON array, or NDJSON (one per line, blank lines ignored).

    Each is answered as POST /v1/games/check would answer it alone, in the same order;
    a malformed one becomes an error entry rather than failing the batch. The batch
    waits for none: with every batch slot taken it is answered 503 (fairshare.py).
    """
    request.max_content_length = MAX_BATCH_BYTES  # before anything reads the body
    if not request.is_json and request.mimetype != NDJSON:
        raise Problem(415, f"Send the transcripts as application/json (an array) or {NDJSON}"
                      " (one per line).")
    with batch_slot():
        return _batch_answer(read_batch())


def read_batch() -> list[Item]:
    """The batch's transcripts, counted as they are read: 413 at the first one over."""
    try:
        if request.is_json:
            return json_array_items(read_body(), MAX_BATCH_GAMES, MAX_BODY_BYTES)
        return ndjson_items(read_body(), MAX_BATCH_GAMES, MAX_BODY_BYTES)
    except TooManyItems:
        raise Problem(413, f"The batch has {MAX_BATCH_GAMES + 1} transcripts or more; at "
                      f"most {MAX_BATCH_GAMES} are checked in one request.") from None


def _batch_answer(items: list[Item]) -> Response:
    # Each entry is written out as soon as it is checked and its transcript let go, so
    # that a batch holds its answer as text, not as a tree of objects some ten times
    # larger.
    dumps = current_app.json.dumps
    results, summary, lang = [], Summary(), requested()
    items.reverse()
    while items:
        entry, result = check_item(items.pop(), lang=lang)
        if result is not None:
            record_game(result)
        summary.add(outcome(entry))
        results.append(dumps(entry, separators=(",", ":")))
    body = "".join(('{"results":[', ",".join(results), '],"summary":',
                    dumps(summary.as_dict(), separators=(",", ":")), "}"))
    return current_app.response_class(body, mimetype="application/json")


@bench_bp.post("/v1/echo")
def echo() -> Response:
    """The HTTP baseline: reads and parses a body the way a check does, and no more.

    Load tests compare POST /v1/games/check with this route on the same server, so the
    cost of the rules stands apart from the cost of HTTP, Flask and JSON. Served only
    with DOKO_ECHO on (service.api.app).
    """
    return answer_response(echoed(read_json_body(), requested()))


def echoed(data: Any, lang: str) -> Any:
    """The echo route's answer to a body as parsed. Also the fast path's."""
    return {"received": len(data) if isinstance(data, dict | list) else 0}


def _preset_summary(preset: Preset, lang: str) -> dict[str, str]:
    summary = {"id": preset.id, "title": preset.title_in(lang), "source": preset.source_in(lang)}
    if preset.extends is not None:
        summary["extends"] = preset.extends
    return summary


@bp.get("/v1/codes")
def list_codes() -> Response:
    return json_response({"codes": [codes.as_dict(c) for kind in codes.KINDS
                                    for c in codes.of_kind(kind)]})


@bp.get("/v1/rulesets")
def list_rulesets() -> Response:
    lang = requested()
    return json_response({"rulesets": [_preset_summary(p, lang) for p in presets().values()]})


@bp.get("/v1/rulesets/<ruleset_id>")
def show_ruleset(ruleset_id: str) -> Response:
    preset = presets().get(ruleset_id)
    if preset is None:
        raise Problem(404, f"Unknown ruleset {ruleset_id!r}; known: {', '.join(presets())}.")
    options, lang = [], requested()
    for name, value in preset_values(preset).items():
        meta = CATALOGUE[name]
        option: dict[str, Any] = {"name": name, "value": value, "kind": meta["kind"],
                                  "meaning": translate(meta["meaning"], lang),
                                  "level": meta["level"]}
        if meta["choices"]:
            option["choices"] = meta["choices"]
        if meta["length"]:
            option["length"] = meta["length"]
        option["source"], note = preset.option_texts(name, lang)
        if name == "announcement_deadlines" and preset.ruleset.deadlines_note and lang != "en":
            note = say(moved_deadlines_text(preset.ruleset), lang)  # moved with the pack
        if note is not None:
            option["note"] = note
        options.append(option)
    return json_response({**_preset_summary(preset, lang), "options": options})


@bp.get("/openapi.yaml")
def openapi() -> Response:
    if not OPENAPI_PATH.is_file():
        raise NotFound("This installation does not ship openapi.yaml.")
    return send_file(OPENAPI_PATH, mimetype="application/yaml")


@bp.get("/healthz")
def healthz() -> Response:
    return json_response({"status": "ok", "core": "compiled" if COMPILED else "pure"})


@bp.get("/readyz")
def readyz() -> Response:
    try:
        presets()
    except Exception:
        current_app.logger.exception("presets failed to load")
        raise Problem(503, "The rulesets failed to load.") from None
    return json_response({"status": "ready"})
