"""doko-check --season FILE: each window's ranking as a table, the defects, the written
list beside the computed one with the slipped cells marked; exit 0 valid, 1 with
defects, 2 unreadable (``shared/design/season.md``: "`doko-check --season FILE` prints
the rankings and the defects")."""

from __future__ import annotations

import json
from pathlib import Path

from service.cli.command import main

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "season.json"


def spaced(text: str) -> str:
    """Each line with its runs of spaces as one (the columns' widths aside)."""
    return "\n".join(" " + " ".join(line.split()) for line in text.splitlines()) + "\n"


def write(tmp_path: Path, body: dict[str, object]) -> str:
    path = tmp_path / "season.json"
    path.write_text(json.dumps(body), encoding="utf-8")
    return str(path)


def test_a_valid_season_exits_0(tmp_path, capsys):
    """The rankings of each window as a table: place, name, points, days, best."""
    body = {"scheme": {"kind": "places", "points": [3, 2, 1]},
            "windows": [{"id": "all"}],
            "days": [{"date": "2026-01-01", "places": ["Anna", ["Bert", "Cleo"]]},
                     {"date": "2026-02-01", "places": ["Bert", "Anna"]}],
            "written": {"all": [{"name": "Anna", "points": 5}, {"name": "Bert", "points": 5},
                                {"name": "Cleo", "points": 2}]}}
    assert main(["--season", write(tmp_path, body), "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "    Place  Name  Ranking points  Days  Best\n" in out
    # Anna 3 + 2 = 5, Bert 2 + 3 = 5: both first; Cleo 2
    assert "        1  Anna               5     2     1\n" in out
    assert "        1  Bert               5     2     1\n" in out
    assert "        3  Cleo               2     1     2\n" in out
    assert out.rstrip().endswith("valid") and "written" not in out


def test_slips_are_marked_beside_the_computed_ranking(capsys):
    """where the written list has slips, the computed ranking beside it with the slipped
    cells marked."""
    assert main(["--season", str(EXAMPLE), "--lang", "en"]) == 1
    out = capsys.readouterr().out
    assert "Felix has 24 ranking points in “ewig”, not 25 (/written/ewig/3/points)" in out
    assert "\n 4 Felix 25* 4 Felix 24\n" in spaced(out)
    assert "* marks a slip" in out and "INVALID: 1 defect" in out


def test_missing_unknown_and_order_marks(tmp_path, capsys):
    body = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    body["written"] = {"ewig": [
        {"name": "Klaus B.", "points": 31}, {"name": "Uwe", "points": 37},
        {"name": "Nobody", "points": 3}]}
    assert main(["--season", write(tmp_path, body), "--lang", "en"]) == 1
    out = capsys.readouterr().out
    lines = spaced(out)
    assert "\n 1* Klaus B. 31 1 Uwe 37\n" in lines  # out of order: the row marked
    assert "\n 3 Nobody* 3 3 Volker* 29\n" in lines  # unknown: the name; missing: his
    assert "\n 4 Felix* 24\n" in lines


def test_german(capsys):
    """in German and English (--lang)."""
    assert main(["--season", str(EXAMPLE), "--lang", "de"]) == 1
    out = capsys.readouterr().out
    assert "Rangliste „fuenf-jahre“, 2021-11-29 bis 2026-11-28: 3 Turniertage" in out
    assert "Platz  Name      Ranglistenpunkte  Turniertage  Bester Platz" in out
    assert "Felix hat in der Rangliste „ewig“ 24 Ranglistenpunkte, nicht 25" in out
    assert "* markiert einen Fehler" in out and "UNGÜLTIG: 1 Fehler" in out


def test_json_and_unreadable(tmp_path, capsys):
    """exit 2 unreadable."""
    assert main(["--season", str(EXAMPLE), "--json"]) == 1
    answer = json.loads(capsys.readouterr().out)
    assert answer["files"][0]["result"]["violations"][0]["should_be"] == 24
    assert main(["--season", str(tmp_path / "none.json")]) == 2
    assert "cannot read" in capsys.readouterr().err
    broken = tmp_path / "broken.json"
    broken.write_text('{"days": []}', encoding="utf-8")
    assert main(["--season", str(broken), "--lang", "en"]) == 2
    out = capsys.readouterr().out
    assert "/days: Must be a list of 1 to 500 tournament days." in out


def test_not_with_transcript_options(capsys):
    assert main(["--season", "--sitting", str(EXAMPLE)]) == 2
    assert "not with --sitting" in capsys.readouterr().err
