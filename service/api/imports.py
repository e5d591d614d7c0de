"""POST /v1/imports/{format}: another program's file read as this project's JSON.

The file is the body as it is (text/csv, text/plain, application/json or
application/octet-stream), in UTF-8 unless its charset says windows-1252 (or
iso-8859-1, read as windows-1252) or UTF-16; a sheet without a charset is read as its
bytes show (BOM, UTF-16, else UTF-8, else windows-1252). ``?ruleset=`` (a preset's id or
JSON), ``?first_dealer=``, ``?sheet=per_game|totals`` and ``?check=true`` as the command's
options. The answer is ``{kind, imported, notes}``, with ``check`` where asked.
"""

from __future__ import annotations

import contextlib
from typing import Any

from flask import Blueprint, Response, request

from service.checking import parse_json
from service.checking.importing import MAX_IMPORT_BYTES, import_data
from service.checking.problem import Problem

from .language import requested
from .routes import batch_slot, json_response, read_body

bp = Blueprint("imports", __name__)

MEDIA_TYPES = ("text/csv", "text/plain", "application/json", "application/octet-stream")
CHARSETS = {"utf-8": "utf-8", "utf8": "utf-8", "windows-1252": "cp1252", "cp1252": "cp1252",
            "iso-8859-1": "cp1252", "latin1": "cp1252", "utf-16": "utf-16",
            "utf-16le": "utf-16-le", "utf-16be": "utf-16-be"}
QUERY = ("ruleset", "first_dealer", "sheet", "check")
HEAVY_IMPORT_BYTES = 64 * 1024  # as a sitting: a larger file takes a batch slot first


@bp.post("/v1/imports/<format>")
def import_file(format: str) -> Response:
    request.max_content_length = MAX_IMPORT_BYTES
    lang = requested()
    options = _query()
    if request.mimetype not in MEDIA_TYPES:
        raise Problem(415, "Send the file as the request body: text/csv, application/json "
                      "or text/plain (a charset where it is not UTF-8: windows-1252, "
                      "utf-16).")
    length = request.content_length
    heavy = length is None or length > HEAVY_IMPORT_BYTES
    with batch_slot() if heavy else contextlib.nullcontext():
        body = read_body(frozenset(CHARSETS))
        charset = (request.mimetype_params.get("charset") or "").strip().lower()
        if CHARSETS.get(charset, "utf-8") != "utf-8":
            try:  # the declared charset decides; the importers read UTF-8 then
                body = body.decode(CHARSETS[charset]).encode("utf-8")
            except UnicodeDecodeError as error:
                raise Problem(400, f"The request body is not {charset}: byte {error.start} "
                              "cannot be read.") from None
        _, answer = import_data(format, body, lang=lang, **options)
    return json_response(answer)


def _query() -> dict[str, Any]:
    """The query's options, each checked; 400 naming a wrong one."""
    args = request.args
    errors = [{"pointer": "", "message": f"Unknown query parameter {name!r}; the parameters "
               f"are: {', '.join(QUERY)}."} for name in args if name not in QUERY]
    check = args.get("check", "false")
    if check not in ("true", "false"):
        errors.append({"pointer": "", "message": "check: must be true or false."})
    sheet = args.get("sheet")
    if sheet not in (None, "per_game", "totals"):
        errors.append({"pointer": "", "message": "sheet: must be per_game or totals."})
    ruleset: Any = args.get("ruleset")
    if ruleset is not None and ruleset.lstrip().startswith("{"):
        try:
            ruleset = parse_json(ruleset)
        except Problem:
            errors.append({"pointer": "", "message": "ruleset: must be a preset's id or a "
                           "JSON object with preset and options."})
    if errors:
        raise Problem(400, "The query has a wrong parameter.", errors)
    return {"ruleset": ruleset, "first_dealer": args.get("first_dealer"), "layout": sheet,
            "check": check == "true"}
