"""Parts of the ``doko-check`` report and its listing options (``--list-rulesets``).

Kept apart from :mod:`service.cli` (argument handling, files, workers, output): the
score items as a small table, the wording of a malformed transcript in a file, and the
presets listed.
"""

from __future__ import annotations

import json
from typing import Any, Final, TextIO

from service.checking import Item
from service.cli.formats.findings import violation_line
from service.game.codes import CODES
from service.game.rulesets import presets
from service.game.text import N_, Call, Rules, Word, game_word, msg, msgn
from service.game.words import param, part, translate

INDENT = "      "


def table(rows: list[list[str]], right: frozenset[int] = frozenset()) -> list[str]:
    """Rows as columns padded to their widest cell (``right``: columns aligned right)."""
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return [INDENT + "  ".join(cell.rjust(w) if i in right else cell.ljust(w)
                               for i, (cell, w) in enumerate(zip(row, widths, strict=True))
                               ).rstrip()
            for row in rows]


def score_items(score: dict[str, Any], seat_name: Any, lang: str = "en") -> list[str]:
    """The score sheet's items, penalties included: what, team, points, and the trick or
    seat an item concerns; the multiplier where it is not 1."""
    items = score["items"]
    if not items:
        return []
    rows = [[t("item", lang), t("team", lang), t("points", lang), t("where", lang)]]
    for item in items:
        if item.get("factor") is not None:
            points = f"x{item['factor']}"
        else:
            points = f"{item['points']:+d}".replace("-", "\u2212") if item["points"] else "0"
        where = (part(msg("trick {trick}", trick=item["trick"]), lang)
                 if item.get("trick") is not None
                 else seat_name(item["seat"]) if item.get("seat") is not None else "")
        rows.append([item_label(item["code"], lang), team_name(item["team"], lang), points,
                     where])
    if not any(row[3] for row in rows[1:]):
        rows = [row[:3] for row in rows]
    lines = table(rows, right=frozenset({2}))
    if score["multiplier"] != 1:
        lines.append(INDENT + part(msg("multiplier x{factor}, game value {value}",
                                      factor=score["multiplier"], value=score["value"]), lang))
    return lines


def t(word: str, lang: str) -> str:
    """A word of the report's layout in ``lang`` (its English form is the msgid)."""
    return translate(word, lang)


LAYOUT: Final = (N_("item"), N_("team"), N_("points"), N_("where"), N_("seat"),
                 N_("player"), N_("score"))


def item_label(code: str, lang: str) -> str:
    """A score item as the sheet names it: the registry's German meaning, or the code in
    words."""
    if lang == "de" and code in CODES:
        return CODES[code].de.rstrip(".")
    return code.replace("_", " ")


def team_name(team: str, lang: str) -> str:
    return str(param(Call(team), lang, None)) if team in ("re", "contra") else team


def malformed_detail(detail: str, line: int | None, lang: str = "en") -> str:
    """A problem's detail as the command says it: of a file's transcript or line, not of
    a request body (the detail is already in ``lang``)."""
    if lang == "de":
        return detail.replace("Der Inhalt der Anfrage", "Diese Zeile" if line
                              else "Das Spiel")
    return detail.replace("The request body", "This line" if line else "The transcript")


def list_rulesets(out: TextIO, lang: str = "en") -> int:
    """``--list-rulesets``: every preset and house ruleset, with its title and source."""
    rows = [[t("id", lang), t("title", lang), t("source", lang)]]
    rows += [[p.id + (part(msg(" (extends {preset})", preset=p.extends), lang) if p.extends
                      else ""), p.title_in(lang), p.source_in(lang)]
             for p in presets().values()]
    out.write("\n".join(line[len(INDENT):] for line in table(rows)) + "\n")
    return 0


def _seat(seat: int | None, names: list[str] | None, lang: str = "en") -> str:
    if seat is None:
        return part(msg("no seat"), lang)
    if names:
        return names[seat]  # a player by name where known, else by position (from 1)
    return part(msg("seat {seat}", seat=seat + 1), lang)


def _game_line(game: dict[str, Any] | None, names: list[str] | None, lang: str) -> str:
    if game is None:
        return part(msg("no game"), lang)
    kind = str(param(game_word(game["type"], game.get("solo")), lang, None))
    if "declarer" in game:
        return part(msg("{game} by {player}", game=kind,
                       player=_seat(game["declarer"], names, lang)), lang)
    return kind


def report(item: Item, entry: dict[str, Any], lang: str = "en") -> str:
    """A few lines on one game for the readable report, in ``lang``."""
    where = part(msg("game {number}", number=item.index + 1), lang)
    if item.line:
        where += part(msg(", line {line}", line=item.line), lang)
    if entry.get("id") is not None:
        where += f" (id {plain(entry['id'])})"
    if "error" in entry:
        problem = entry["error"]
        lines = [f"  {where}: {t('MALFORMED', lang)}: "
                 f"{malformed_detail(problem['detail'], item.line, lang)}"]
        lines += [f"      {e['pointer'] or '/'}: {e['message']}" for e in problem.get("errors", ())]
        return "\n".join(lines)
    names = entry.get("players")
    count = len(entry["violations"])
    verdict = t("valid", lang) if entry["valid"] else part(msgn(
        "INVALID ({count} violation)", "INVALID ({count} violations)", count), lang)
    about = part(msg("{game} under {rules}", game=_game_line(entry["game"], names, lang),
                    rules=Rules(entry["ruleset"])), lang)
    if entry["complete"]:
        about += (part(msg("; {team} won", team=Call(entry["winner"])), lang)
                  if entry["winner"] else part(msg("; nobody won"), lang))
        if entry["score"] is not None:
            about += part(msg(", game value {value}", value=entry["score"]["value"]), lang)
    else:
        about += part(msgn("; incomplete after {count} trick", "; incomplete after {count} "
                          "tricks", len(entry["tricks"])), lang)
    lines = [f"  {where}: {verdict}: {about}"]
    lines += [f"      {violation_line(v, lang)}" for v in entry["violations"]]
    lines += [f"      {t('note', lang)}: {n['message']}" for n in entry["notes"]
              if n["code"] != "call_not_scored"]  # said with its violation above
    claimed = entry.get("claimed")
    if claimed is not None:
        if claimed["agrees"]:
            lines.append("      " + t("claim agrees", lang))
        else:
            lines.append("      " + t("claim DISAGREES", lang) + ": " + "; ".join(
                part(msg("{field}: {claimed} claimed, {computed} computed",
                         field=Word(CLAIMED.get(d["field"], d["field"])),
                         claimed=claimed_value(d["claimed"], lang),
                         computed=claimed_value(d["computed"], lang)), lang)
                for d in claimed["differences"]))
    legal = entry.get("legal_actions")
    if legal is not None and legal["seat"] is not None:
        lines.append("      " + part(msg("{player} to play",
                                        player=_seat(legal["seat"], names, lang)), lang))
    if entry["score"] is not None and entry["game"] is not None:
        lines += score_items(entry["score"], lambda seat: _seat(seat, names, lang), lang)
        lines += score_sheet(entry["game"], entry["score"]["scores"], names, lang)
    return "\n".join(lines)


CLAIMED: Final = {"winner": N_("winner"), "value": N_("game value"), "scores": N_("scores"),
                  "card_points": N_("card points"), "valid": N_("valid")}


def claimed_value(value: Any, lang: str) -> str:
    """A claimed or computed figure in words: teams as called, numbers with their sign."""
    if value is None:
        return translate(N_("nobody"), lang)
    if isinstance(value, bool):
        return translate(N_("yes") if value else N_("no"), lang)
    if isinstance(value, str):
        return team_name(value, lang)
    if isinstance(value, int):
        return str(value).replace("-", "−")
    if isinstance(value, list):
        return ", ".join(claimed_value(v, lang) for v in value)
    if isinstance(value, dict):
        return ", ".join(f"{team_name(str(k), lang)} {claimed_value(v, lang)}"
                         for k, v in value.items())
    return plain(value)


WORDS: Final = (N_("id"), N_("title"), N_("source"), N_("MALFORMED"), N_("valid"), N_("note"),
                N_("claim agrees"), N_("claim DISAGREES"))


def plain(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def score_sheet(game: dict[str, Any], scores: list[int], names: list[str] | None,
                lang: str = "en") -> list[str]:
    """The seats, their teams and scores as a small table."""
    rows = [[t("seat", lang), *([t("player", lang)] if names else []), t("team", lang),
             t("score", lang)]]
    for seat, score in enumerate(scores):
        team = (team_name("re", lang) if seat in game["re"] else
                team_name("contra", lang) if seat in game["contra"] else "-")
        rows.append([str(seat + 1), *([names[seat]] if names else []), team,
                     f"{score:+d}".replace("-", "\u2212") if score else "0"])
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return ["      " + "  ".join(cell.rjust(w) if i == len(row) - 1 else cell.ljust(w)
                                for i, (cell, w) in enumerate(zip(row, widths, strict=True)))
            for row in rows]
