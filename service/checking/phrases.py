"""Field errors and problem details said in German: the English phrases, matched.

The readers word a field error in English, alike wherever it comes from: marshmallow's
built-in messages (mapped to these phrases by their error key in
:mod:`service.reading.schemas`), the fast loader and the sitting reader (the same
phrases, :mod:`service.reading.shapes`). A problem's detail is worded here too. Each
phrase below is a template whose English form is the gettext msgid; a message that
fits one is said in the language asked for, its values (field names, choices, limits:
what the client sends or must send) as they are. A message that fits none stays as it
is.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Final

from service.game.text import N_
from service.game.words import DEFAULT, language, translate

PHRASES: Final = (
    # ---- field errors ------------------------------------------------------------------
    N_("Missing data for required field."),
    N_("Unknown field."),
    N_("Unknown field; did you mean “{near}”?"),
    N_("Must be an object."),
    N_("Not a valid list."),
    N_("Not a valid string."),
    N_("Not a valid integer."),
    N_("Not a valid boolean."),
    N_("Field may not be null."),
    N_("Must be a seat: an integer from 0 to 3."),
    N_("Must have exactly one of: card, announce, show."),
    N_("Must be 1 to {count} characters long."),
    N_("Must be one of: {choices}."),
    N_("Must have at most {count} entries."),
    N_("Must have exactly {count} entries."),
    N_("Must have exactly {count} hands, one per seat."),
    N_("Must have exactly {count} names, one per seat."),
    N_("Only allowed with reservation {needs}."),
    N_("Must be a non-negative integer or a boolean."),
    N_("Must be a preset id or an object with preset and options."),
    N_("Not a field of a {kind} game."),
    N_("Must be a string of 1 to {count} characters or an integer."),
    N_("Must be greater than or equal to {low}."),
    N_("Must be greater than or equal to {low} and less than or equal to {high}."),
    N_("Must be from {low} to {high}."),
    N_("Not a player of this sitting ({players})."),
    N_("Not a player of this sitting ({count} players, among them {players})."),
    N_("Not at the table for this game ({players})."),
    N_("{name} is not at the table for this game ({players})."),
    N_("The table changes only where the ruleset lets players come and go (table_changes)."),
    N_("The first game's table is players; a table is named from the second game on."),
    N_("A mandatory solo round is marked only where the ruleset has them "
       "(mandatory_solo_rounds)."),
    N_("Give the bock events by name (bock_events) or their number (bock_event_count), not "
       "both."),
    N_("Must be a list of 4 to {count} names, the table's positions clockwise."),
    N_("Must be a name of 1 to {count} characters."),
    N_("Must be a printable name: no control or format characters, not blank."),
    N_("Must be a printable name: no filler characters that show as blank (Hangul fillers, "
       "the blank Braille pattern)."),
    N_("Must be a printable name: at most {count} accents or other combining marks on one "
       "letter."),
    N_("{name} and {other} are one name (compared without case and width); names must "
       "differ."),
    N_("Must be a list of games."),
    N_("At most {count} games are checked in one sitting."),
    N_("Not a field of a {kind} line."),
    N_("Must be a list of at most 5 names."),
    N_("Must be a list of: {choices}."),
    N_("Give exactly one of transcript (a whole game) and sheet (a line of the list)."),
    N_("{name} sits at the table twice; names must differ."),
    N_("{name} is a participant twice; names must differ."),
    N_("{name} is not a participant."),
    N_("{name} is not a player of this sitting ({players})."),
    N_("Must be a string of at most {count} characters."),
    N_("{name} comes to the table and is not a participant."),
    N_("{count} participants cannot be seated at tables of four and five (6, 7 and 11 "
       "cannot)."),
    N_("Must be a list of {low} to {high} names."),
    N_("Must be a date written year-month-day, as 2026-11-27."),
    N_("Must be a list of 1 to {count} preliminary rounds."),
    N_("Must be a list of 1 to {count} tables."),
    N_("The tournament sets this for its tables; leave it out."),
    N_("A table is played under the tournament's ruleset; leave this out or give the same."),
    N_("Must be a date written YYYY-MM-DD."),
    N_("Must be a number."),
    N_("Must be a number of at most {count} digits."),
    N_("Must have at most {count} decimal places."),
    N_("Must be a printable text of 1 to {count} characters."),
    N_("Only points by place have this; leave it out."),
    N_("Must be a list of 1 to {count} numbers, the points of place 1, 2, …."),
    N_("Must be a list of 1 to {count} windows."),
    N_("The window {name} is given twice; ids must differ."),
    N_("Calendar years are counted only with a number of years: give the number of years, or "
       "count the last years instead."),
    N_("A ranking counts either the last years or the days between two dates, not both."),
    N_("Must be a list of 1 to {count} tournament days."),
    N_("Give either the day's places or the whole tournament day, not both and not neither."),
    N_("Must be a list of 1 to {count} names, or of lists of names sharing a place."),
    N_("Must hold the names sharing this place (one at least)."),
    N_("At most {count} players are placed on one day."),
    N_("Must be a list of entries with name and points, in the published order."),
    N_("Names no ranking of this request; a written ranking is given under the name of its "
       "ranking."),
    N_("A game of a sitting is checked under the sitting's ruleset; leave this out or give "
       "the same."),
    N_("The sitting supplies the context (bock, duty solos owed); leave it out."),
    N_("Missing data for required field: the four names playing, clockwise."),
    N_("Duty solos are owed per round under this ruleset: every list starts with {count} "
       "each; leave this out."),
    N_("Duplicate key: {key} appears more than once in this object."),
    N_("{option}: is not an option of the catalogue"),
    N_("{option}: is not an option of the catalogue (did you mean {near}?)"),
    N_("{option}: must be at most {count}"),
    N_("{option}: must be true or false"),
    N_("{option}: must be a non-negative integer"),
    N_("{option}: must be one of {choices}"),
    N_("{option}: must be a list of strings"),
    N_("{option}: unknown value(s) {values}; allowed: {choices}"),
    N_("{option}: lists a value twice"),
    N_("{option}: must be a list of kinds, or of lists of kinds of equal rank"),
    N_("{option}: each entry must be a kind or a non-empty list of kinds"),
    N_("{option}: must be a list of {count} non-negative integers"),
    N_("{option}: hyperswines need swines"),
    N_("{option}: needs swines"),
    N_("{option}: the ♥10 options need dollen"),
    N_("{option}: each level's deadline must not come before the previous level's under "
       "this announcement_clock"),
    N_("{option}: poverty is allowed but not ranked"),
    N_("{option}: solos are allowed but not ranked"),
    N_("{option}: needs at least one rule"),
    N_("{option}: must be at least 1"),
    N_("{option}: must be from {low} to {high}"),
    N_("preset: unknown preset {preset}; known: {known}"),
    N_("preset: unknown preset {preset}; did you mean “{near}”? Known: {known}"),
    # ---- problem details ---------------------------------------------------------------
    N_("The transcript has {count} field error."),
    N_("The transcript has {count} field errors."),
    N_("The transcript has {count} field errors; the first {listed} are listed."),
    N_("The sitting has {count} field error."),
    N_("The sitting has {count} field errors."),
    N_("The sitting has {count} field errors; the first {listed} are listed."),
    N_("The season has {count} field error."),
    N_("The season has {count} field errors."),
    N_("The season has {count} field errors; the first {listed} are listed."),
    N_("The tournament has {count} field error."),
    N_("The tournament has {count} field errors."),
    N_("The tournament has {count} field errors; the first {listed} are listed."),
    N_("The draw has {count} field error."),
    N_("The draw has {count} field errors."),
    N_("The draw has {count} field errors; the first {listed} are listed."),
    N_("The request body has {count} field error."),
    N_("The request body has {count} field errors."),
    N_("The event has {count} field error."),
    N_("The event has {count} field errors."),
    N_("The request body must be a JSON object."),
    N_("A transcript must be a JSON object."),
    N_("The request body must be a JSON array of transcripts."),
    N_("The request body must be a JSON array of transcripts (one transcript alone: POST "
       "/v1/games/check)."),
    N_("The body is NDJSON (one transcript per line) sent as application/json: send it as "
       "application/x-ndjson, or as a JSON array of transcripts."),
    N_("The request body is not valid JSON: {error}"),
    N_("The request body is not valid JSON: {name} is not a JSON value"),
    N_("The request body is not valid UTF-8 (byte {position})."),
    N_("Must be an array."),
    N_("The request body holds a lone surrogate, which is no Unicode character."),
    N_("The request body holds a number of more than 4300 digits; a number may have at "
       "most 4300."),
    N_("The request body has the key {key} more than once in one object; each key may "
       "appear once."),
    N_("The request body nests arrays and objects more than {count} levels deep; at most "
       "that many are read."),
    N_("The transcript is over {count} bytes, the limit for one game."),
    N_("The request body is over {count} bytes, the limit of this route."),
    N_("The request body is sent with Content-Encoding {coding}; send it uncompressed "
       "(identity)."),
    N_("The request body is sent with Transfer-Encoding {coding}; only chunked is "
       "understood."),
    N_("The request body is declared as charset {charset}; send it as UTF-8."),
    N_("Send the request body as application/json."),
    N_("Send the transcripts as application/json (an array) or application/x-ndjson (one "
       "per line)."),
    N_("The batch has {count} transcripts or more; at most {most} are checked in one "
       "request."),
    N_("Unknown ruleset {ruleset}; known: {known}."),
    N_("The file cannot be read as {format}: each place is listed with the reason."),
    N_("There is no importer for {format}; the formats are: {formats}."),
    N_("The request body is not {charset}: byte {offset} cannot be read."),
    N_("The query has a wrong parameter."),
    N_("Unknown query parameter {name}; the parameters are: {names}."),
    N_("check: must be true or false."),
    N_("sheet: must be per_game or totals."),
    N_("ruleset: must be a preset's id or a JSON object with preset and options."),
    N_("Send the file as the request body: text/csv, application/json or text/plain (a "
       "charset where it is not UTF-8: windows-1252, utf-16)."),
    N_("The rulesets failed to load."),
    N_("All of the server's batch slots ({count}) are taken; send this one again after "
       "Retry-After seconds. Single checks are answered meanwhile."),
    N_("Checking this request takes more than {count} steps (events played, lines read, "
       "running totals written), the limit of this route; send it in parts."),
    N_("The request took longer than {count} seconds, the limit of one request; send it "
       "again after Retry-After seconds, or in parts."),
    N_("There is no such route here; the routes are listed at /docs."),
    N_("This route does not answer to this method."),
    N_("The server failed to answer this request."),
    # ---- the titles: the HTTP status phrases -------------------------------------------
    N_("Bad Request"), N_("Not Found"), N_("Method Not Allowed"),
    N_("Content Too Large"), N_("Unsupported Media Type"),
    N_("Internal Server Error"), N_("Service Unavailable"), N_("Not Implemented"),
    N_("Length Required"),
)


@cache
def _patterns() -> tuple[tuple[re.Pattern[str], str], ...]:
    found = []
    # the most specific first: "at least {low}." must not take "{low} and at most {high}."
    for phrase in sorted(PHRASES, key=lambda p: -len(re.sub(r"\{\w+\}", "", p))):
        parts = re.split(r"(\{\w+\})", phrase)
        regex = "".join(f"(?P<{p[1:-1]}>.+?)" if p.startswith("{") and p.endswith("}")
                        and p[1:-1].isidentifier() else re.escape(p) for p in parts)
        found.append((re.compile(regex, re.S), phrase))
    return tuple(found)


def phrase(text: str, lang: str | None) -> str:
    """``text`` (an English field error or problem detail) in ``lang``."""
    lang = language(lang)
    if lang == DEFAULT:
        return text
    for pattern, template in _patterns():
        match = pattern.fullmatch(text)
        if match is not None:
            return translate(template, lang).format(**match.groupdict())
    return text


def errors_in(errors: list[dict[str, str]] | None, lang: str | None
              ) -> list[dict[str, str]] | None:
    """A problem's field errors, each message in ``lang``."""
    if errors is None or language(lang) == DEFAULT:
        return errors
    return [{**e, "message": phrase(e["message"], lang)} if "message" in e else e
            for e in errors]
