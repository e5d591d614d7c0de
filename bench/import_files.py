"""Each importer on an evening's file and on one four times as long, read alone and read
then checked, side by side in one run: what a file costs, and that it grows linearly.

    .venv/bin/python bench/import_files.py [--passes P] [--seed S]

The files are built here in each program's shape: a score sheet of running totals (CSV,
``;``, DapfiDuck's value column), a QtDoppelKopf list, a Doko_Logger evening, each of 60
and 240 games at four (random 2:2 games and solos, bock events now and then), and the
FreeDoko records of tests/imports/freedoko (one game each; the x4 is four of them). Each
pass times, on one core (process time), ``import_file`` alone and ``import_data`` with
the check (the route's work after reading the body); min/median/max µs over the passes,
and the ratio of the long file to the short one (4.0 is linear).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable
from pathlib import Path

from service.checking.importing import import_data
from service.importing import import_file

PLAYERS = ["Anna", "Ben", "Cleo", "Dan"]
RECORDS = Path(__file__).resolve().parents[1] / "tests" / "imports" / "freedoko"


def games(rng: random.Random, count: int) -> list[tuple[dict[str, int], int, list[str]]]:
    """(entries, value, winners) of random games: a 2:2 game or a solo."""
    out = []
    for _ in range(count):
        value = rng.randint(1, 6)
        if rng.random() < 0.15:
            soloist = rng.choice(PLAYERS)
            won = rng.random() < 0.5
            entries = {p: (3 * value if p == soloist else -value) * (1 if won else -1)
                       for p in PLAYERS}
        else:
            winners = rng.sample(PLAYERS, 2)
            entries = {p: value if p in winners else -value for p in PLAYERS}
        out.append((entries, value, [p for p in PLAYERS if entries[p] > 0]))
    return out


def sheet(rng: random.Random, count: int) -> bytes:
    totals = dict.fromkeys(PLAYERS, 0)
    lines = ["Nr;Geber;" + ";".join(PLAYERS) + ";Wert"]
    for i, (entries, value, winners) in enumerate(games(rng, count)):
        for p in PLAYERS:
            totals[p] += entries[p]
        solo = len(winners) in (1, 3)
        lines.append(f"{i + 1};{PLAYERS[i % 4]};" + ";".join(str(totals[p]) for p in PLAYERS)
                     + f";{value * (3 if solo else 1) if solo else value}")
    return ("\r\n".join(lines) + "\r\n").encode("cp1252")


def qtdoppelkopf(rng: random.Random, count: int) -> bytes:
    data: list[dict[str, object]] = [{"kind": "playersSet", "playerNames": PLAYERS,
                                      "dealerName": "Anna", "sitOutScheme": [],
                                      "previousDealerName": ""}]
    for entries, _, winners in games(rng, count):
        typed = [p for p in PLAYERS if p in winners][:2] if len(winners) == 2 else PLAYERS
        data.append({"kind": "deal", "players": 4, "numberOfEvents": int(rng.random() < 0.1),
                     "changes": [{"name": p, "diff": entries[p]} for p in typed]})
    return json.dumps({"dataVersion": "2", "data": data}, separators=(",", ":")).encode()


def doko_logger(rng: random.Random, count: int) -> bytes:
    spiele = []
    for i, (_entries, value, winners) in enumerate(games(rng, count)):
        spiele.append({"Spiel": i + 1, "Spieler": PLAYERS,
                       "Spieltyp": "NORMALSPIEL" if len(winners) == 2 else "SOLO",
                       "Gewinner": winners, "Punkte": value,
                       "neue_Bockrunden": int(rng.random() < 0.1)})
    return json.dumps({"Session_Info": {"Datum": "11/27/2026, 19:50:19", "Spieler": PLAYERS,
                                        "Endergebnis": {}}, "Spiele": spiele},
                      indent=3).encode()


def timed(run: Callable[[], object], passes: int) -> list[float]:
    found = []
    for _ in range(passes):
        start = time.process_time()
        run()
        found.append((time.process_time() - start) * 1e6)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--passes", type=int, default=15)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    records = sorted(RECORDS.glob("*.txt"))
    cases = {
        "csv": (sheet(rng, 60), sheet(rng, 240), {"layout": "totals"}),
        "qtdoppelkopf": (qtdoppelkopf(rng, 60), qtdoppelkopf(rng, 240), {}),
        "doko-logger": (doko_logger(rng, 60), doko_logger(rng, 240),
                        {"first_dealer": "Anna"}),
    }
    print(f"{'format':<13} {'what':<16} {'bytes':>7}  {'min µs':>9} {'median':>9} {'max':>9}"
          f"  x4/x1")
    for fmt, (short, long, options) in cases.items():
        for what, check in (("read", False), ("read + check", True)):
            medians = []
            for data in (short, long):
                def run(data: bytes = data, check: bool = check, fmt: str = fmt,
                        options: dict[str, str] = options) -> object:
                    if check:
                        return import_data(fmt, data, check=True, **options)
                    return import_file(fmt, data, **options)
                found = timed(run, args.passes)
                medians.append(statistics.median(found))
                ratio = f"  {medians[1] / medians[0]:.2f}" if len(medians) == 2 else ""
                print(f"{fmt:<13} {what:<16} {len(data):>7}  {min(found):>9.0f} "
                      f"{statistics.median(found):>9.0f} {max(found):>9.0f}{ratio}")
    for what, check in (("read", False), ("read + check", True)):
        found = []
        for _ in range(args.passes):
            start = time.process_time()
            for path in records:
                data = path.read_bytes()
                import_data("freedoko", data, check=True) if check else import_file(
                    "freedoko", data)
            found.append((time.process_time() - start) * 1e6 / len(records))
        print(f"{'freedoko':<13} {what:<16} {'~8000':>7}  {min(found):>9.0f} "
              f"{statistics.median(found):>9.0f} {max(found):>9.0f}  (a game each)")


if __name__ == "__main__":
    main()
