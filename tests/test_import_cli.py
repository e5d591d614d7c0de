"""doko-check import FORMAT FILE: the JSON read, notes on standard error, --check."""

from __future__ import annotations

import io
import json
from pathlib import Path

from service.cli.command import main as doko_check
from service.cli.importing import main

HERE = Path(__file__).parent / "imports" / "freedoko"
SHEET = b"Anna;Ben;Cleo;Dan\n2;-2;-2;2\n-1;-1;3;-1\n"


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    return main(list(argv), out, err), out.getvalue(), err.getvalue()


def test_a_sheet_printed_as_a_sitting_with_its_notes_on_stderr(tmp_path: Path) -> None:
    path = tmp_path / "abend.csv"
    path.write_bytes(SHEET)
    code, out, err = run("csv", str(path), "--first-dealer", "Anna", "--per-game", "--lang",
                         "en")
    assert code == 0
    sitting = json.loads(out)
    assert sitting["players"] == ["Anna", "Ben", "Cleo", "Dan"]
    assert "note: No ruleset given" in err


def test_check_prints_the_list_and_exits_1_on_a_slip(tmp_path: Path) -> None:
    path = tmp_path / "abend.csv"
    path.write_bytes(SHEET.replace(b"-1;-1;3;-1", b"-1;-1;3;-2"))
    code, out, _ = run("csv", str(path), "--first-dealer", "Anna", "--per-game", "--check",
                       "--lang", "de")
    assert code == 1
    assert "Dan" in out and "UNGÜLTIG" in out


def test_a_freedoko_record_checked_as_json() -> None:
    code, out, _ = run("freedoko", str(HERE / "solo.txt"), "--check", "--json")
    assert code == 0
    answer = json.loads(out)
    assert answer["kind"] == "transcript" and answer["check"]["claimed"]["agrees"]


def test_an_unreadable_file_exits_2_with_its_line(tmp_path: Path) -> None:
    path = tmp_path / "abend.csv"
    path.write_bytes(b"Anna;Ben;Cleo;Dan\n2;-2;2,5;2\n")
    code, _, err = run("csv", str(path), "--first-dealer", "Anna", "--lang", "en")
    assert code == 2
    assert "Line 2: Cleo's cell 2,5 is not a whole number of points" in err


def test_the_subcommand_through_doko_check() -> None:
    assert doko_check(["import", "freedoko", str(HERE / "poverty.txt"), "--check"]) == 0
    assert doko_check(["import", "nonsense", "x"]) == 2
