"""Score sheets saved as CSV, read into sittings: the fixtures are written by hand in the
shapes spreadsheets save (DapfiDuck's Doppelkopf_Analyser sheets: running totals, ``S``
the value signed from Re's side, a sixth cell ``HZ``/``TA`` or a solo's opponent entry;
German spreadsheets: ``;``, decimal commas, cp1252 or UTF-16, BOM, ``sep=``, quotes, padded
cells, a ``Summe`` row)."""

from __future__ import annotations

import codecs

import pytest

from service.importing import ImportRefused, import_file
from service.lists.sitting.check import check_sitting

# DapfiDuck's shape: header of initials and S; rows are running totals.
DAPFI = (b"A,P,M,D,S\n"
         b"-6,18,-6,-6,18,-6\n"     # P's solo won: +18, each opponent -6 (sixth cell)
         b"-4,16,-4,-8,2\n"         # A, M won 2
         b"-5,15,-3,-7,-1\n"        # M won 1 with P? diffs -1,-1,+1,+1
         b"-6,14,-2,-6,1,TA\n"      # a poverty
         b"-4,12,-4,-4,2,HZ\n")     # a marriage


def imported(data: bytes, **kw: object) -> dict:
    return import_file("csv", data, **kw).imported  # type: ignore[arg-type]


def checked(data: bytes, **kw: object) -> dict:
    return check_sitting(imported(data, **kw)).to_dict()


def test_dapfiduck_totals_read_and_checked() -> None:
    r = import_file("csv", DAPFI, first_dealer="A")
    games = r.imported["games"]
    assert r.kind == "sitting" and r.imported["players"] == ["A", "P", "M", "D"]
    assert games[0]["sheet"] == {"type": "solo", "declarer": "P", "winners": ["P"],
                                 "value": 6, "written_totals": {"A": -6, "P": 18, "M": -6,
                                                                "D": -6}}
    assert [g["sheet"]["type"] for g in games] == ["solo", "normal", "normal", "poverty",
                                                   "marriage"]
    assert [g["dealer"] for g in games] == ["A", "P", "M", "D", "A"]
    out = check_sitting(r.imported).to_dict()
    assert out["valid"], out["violations"]
    assert out["totals"] == {"A": -4, "P": 12, "M": -4, "D": -4}
    said = " ".join(r.to_dict()["notes"])
    assert "Mittwochsregeln" in said and "rotation from A" in said and "sign of" in said


def test_a_slip_in_a_running_total_is_found_at_its_cell() -> None:
    """Row 3 writes D -8 for -7, the sheet goes on right: one defect at that total."""
    data = DAPFI.replace(b"-5,15,-3,-7,-1", b"-5,15,-3,-8,-1")
    with pytest.raises(ImportRefused):  # no layout fits every row: the reader says which
        imported(data, first_dealer="A")
    out = checked(data, first_dealer="A", layout="totals")
    assert [(v["pointer"], v["should_be"]) for v in out["violations"]] == [
        ("/games/2/sheet/written_totals/D", -7)]
    assert out["corrected_totals"] == {"A": -4, "P": 12, "M": -4, "D": -4}


def test_dapfi_solo_value_against_the_line() -> None:
    """The soloist's entry in S is three times the value; the opponents' cell says who won."""
    data = b"A,P,M,D,S\n-6,18,-6,-6,21,-6\n"
    out = checked(data, first_dealer="A", layout="totals")
    assert [v["pointer"] for v in out["violations"]] == ["/games/0/sheet/value"]


GERMAN = ("sep=;\r\n"
          "Nr;\"Anna Maria\";Björn;Cleo;Dän;Wert\r\n"
          "1; 2 ;−2;\"-2\";2,0;2\r\n"
          "2;-3;-3;9;-3;3\r\n"
          "3;1;-1;1;-1;1\r\n"
          "Summe;0;-6;8;-2;\r\n")


@pytest.mark.parametrize("encoding", ["cp1252", "utf-16", "utf-8-sig", "utf-16-le"])
def test_german_spreadsheet_in_any_encoding(encoding: str) -> None:
    data = GERMAN.replace("−", "-").encode(encoding) if encoding == "cp1252" else \
        GERMAN.encode(encoding)
    r = import_file("csv", data, first_dealer="Anna Maria")
    sitting = r.imported
    assert sitting["players"] == ["Anna Maria", "Björn", "Cleo", "Dän"]
    assert sitting["games"][0]["sheet"]["scores"] == {"Anna Maria": 2, "Björn": -2,
                                                      "Cleo": -2, "Dän": 2}
    assert sitting["games"][1]["sheet"] == {"type": "solo", "declarer": "Cleo",
                                            "scores": {"Anna Maria": -3, "Björn": -3,
                                                       "Cleo": 9, "Dän": -3}, "value": 3}
    assert sitting["claimed"] == {"totals": {"Anna Maria": 0, "Björn": -6, "Cleo": 8,
                                             "Dän": -2}}
    out = check_sitting(sitting).to_dict()
    assert out["valid"], out["violations"]
    if encoding == "cp1252":
        assert any("Windows-1252" in n for n in r.to_dict()["notes"])


def test_a_decimal_comma_with_a_fraction_is_refused_at_its_cell() -> None:
    data = b"Anna;Ben;Cleo;Dan\n2;-2;-2;2\n1,5;-1;-1;1\n"
    with pytest.raises(ImportRefused) as caught:
        imported(data, first_dealer="Anna")
    (problem,) = caught.value.problems
    assert problem.line == 3
    assert problem.to_dict()["message"] == "Anna's cell 1,5 is not a whole number of points"
    assert "keine ganze Zahl" in problem.to_dict("de")["message"]


def test_per_game_slip_is_one_defect_with_the_sum_row_claimed() -> None:
    data = b"Anna,Ben,Cleo,Dan\n2,-2,-2,2\n1,-1,-1,2\n1,-1,-1,1\nSumme,4,-4,-4,4\n"
    with pytest.raises(ImportRefused) as caught:  # neither layout fits every row: say which
        imported(data, first_dealer="Anna")
    assert "--per-game" in caught.value.problems[0].to_dict()["message"]
    out = checked(data, first_dealer="Anna", layout="per_game")
    assert [(v["pointer"], v.get("should_be")) for v in out["violations"]] == [
        ("/games/1/sheet/scores/Dan", 1)]
    assert out["claimed"]["agrees"]  # the sum row was added up from the right entry


def test_both_layouts_fit_refused_naming_the_choice() -> None:
    data = b"Anna,Ben,Cleo,Dan\n2,-2,-2,2\n"  # one row: points and totals alike
    with pytest.raises(ImportRefused) as caught:
        imported(data, first_dealer="Anna")
    said = caught.value.problems[0].to_dict()["message"]
    assert "--totals" in said and "alike" in said
    assert imported(data, first_dealer="Anna", layout="totals")["games"][0]["sheet"][
        "written_totals"] == {"Anna": 2, "Ben": -2, "Cleo": -2, "Dan": 2}


def test_five_players_the_empty_cell_dealt() -> None:
    data = (b"Anna;Ben;Cleo;Dan;Eve\n"
            b";1;-1;1;-1\n"
            b"2;;-2;2;-2\n"
            b"3;-3;;3;-3\n")
    r = import_file("csv", data)  # no first dealer needed: the sitter dealt
    sitting = r.imported
    assert [g["dealer"] for g in sitting["games"]] == ["Anna", "Ben", "Cleo"]
    assert "Anna" not in sitting["games"][0]["sheet"]["scores"]
    assert check_sitting(sitting).to_dict()["valid"]


def test_no_dealer_at_four_is_refused_not_guessed() -> None:
    with pytest.raises(ImportRefused) as caught:
        imported(b"Anna,Ben,Cleo,Dan\n2,-2,-2,2\n1,-1,-1,1\n", layout="per_game")
    assert "first dealer" in caught.value.problems[0].to_dict()["message"]


def test_six_players_the_dealer_and_the_ruleset_s_place_sit_out() -> None:
    """At six the dealer and the player opposite him (mittwoch's sit_out_at_six: 3) sit
    out: their cells are empty."""
    data = (b"A;B;C;D;E;F\n"
            b";1;-1;;1;-1\n"      # A deals: A and D sit out
            b"2;;-2;2;;-2\n"      # B deals: B and E
            b"-3;-3;;9;-3;\n")    # C deals: C and F; D's solo
    sitting = imported(data, first_dealer="A")
    assert [g["dealer"] for g in sitting["games"]] == ["A", "B", "C"]
    assert sitting["games"][2]["sheet"]["declarer"] == "D"
    out = check_sitting(sitting).to_dict()
    assert out["valid"], out["violations"]


def test_dealer_column_padding_quotes_and_bom() -> None:
    data = codecs.BOM_UTF8 + (b'Geber , "Anna" , Ben , Cleo , Dan , Punkte \n'
                              b' Anna , 2 , -2 , -2 , 2 , 2 \n'
                              b' Ben , -3 , -3 , 9 , -3 , 3 \n'
                              b'\n')
    sitting = imported(data)
    assert [g["dealer"] for g in sitting["games"]] == ["Anna", "Ben"]
    assert sitting["games"][1]["sheet"]["value"] == 3


def test_a_line_after_the_sum_row_and_a_bad_value_are_refused_together() -> None:
    data = b"Anna,Ben,Cleo,Dan,Wert\n2,-2,-2,2,x\nSumme,2,-2,-2,2\n1,-1,-1,1,1\n"
    with pytest.raises(ImportRefused) as caught:
        imported(data, first_dealer="Anna")
    assert [p.line for p in caught.value.problems] == [2, 4]


def test_the_handbook_s_examples_import_and_check() -> None:
    """docs/importing.md: its sheet, QtDoppelKopf list and Doko_Logger evening are read
    and checked as the page says."""
    import json
    import re
    from pathlib import Path

    page = (Path(__file__).parent.parent / "docs" / "importing.md").read_text(encoding="utf-8")
    (sheet,) = re.findall(r"```csv\n(.*?)```", page, re.S)
    result = checked(sheet.encode(), first_dealer="Anna Maria")
    assert result["valid"] and result["claimed"]["agrees"]
    blocks = [json.loads(b) for b in re.findall(r"```json\n(.*?)```", page, re.S)]
    logger = next(b for b in blocks if "Session_Info" in b)
    qt = next(b for b in blocks if "dataVersion" in b)
    for fmt, data in (("doko-logger", logger), ("qtdoppelkopf", qt)):
        sitting = import_file(fmt, json.dumps(data).encode()).imported
        assert check_sitting(sitting).to_dict()["valid"], fmt
