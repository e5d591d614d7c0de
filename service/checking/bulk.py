"""Bulk checking on Dask: an archive of JSON Lines shards reduced to one report.

    pip install 'doko-service[dask]'
    doko-check --dask local:2 'archive/*.jsonl'          # a cluster of 2 processes here
    doko-check --dask tcp://scheduler:8786 's3://bucket/games/*.jsonl.gz' --json

From Python::

    from service.checking.bulk import check_archive
    report = check_archive("archive/*.jsonl", scheduler="local:2")
    report.summary.as_dict(), report.invalid

The shards (local paths, globs or any fsspec URL: ``s3://``, ``gs://``, ``https://``,
compressed by their extension) are read as a ``dask.bag`` of lines, one partition per
shard; each partition checks its games with the rules core (the same reading,
validation and core as ``POST /v1/games/check``, without rendering answers) and sums
them into a :class:`Report`; the partial reports are merged in a tree into one: counts
by outcome and violation code, and every invalid or malformed game with where it is,
its id and its violations (or field errors). Nothing but the report comes back, so the
archive may be far larger than one machine's memory.

Dask is imported only here: the service and ``doko-check`` without ``--dask`` need none.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, TextIO

from service.checking import Outcome, Summary, parse_json
from service.checking.phrases import errors_in, phrase
from service.checking.problem import Problem
from service.game.errors import TranscriptError
from service.game.text import Text, msg
from service.game.words import say
from service.reading.load import check

LOCAL = "local"  # SCHEDULER "local" or "local:N": a LocalCluster of N processes here


@dataclass
class Report:
    """What an archive's check found: the batch summary's counts, and the games that
    need a look, each with its ``source`` (``path:line``): in ``invalid`` those with
    violations or a claim that disagrees (``id``, ``violations``, ``claim_disagrees``),
    in ``malformed`` those that are no transcript (``detail``, ``errors``)."""

    summary: Summary = field(default_factory=Summary)
    invalid: list[dict[str, Any]] = field(default_factory=list)
    malformed: list[dict[str, Any]] = field(default_factory=list)

    def merge(self, other: Report) -> Report:
        self.summary.merge(other.summary)
        self.invalid += other.invalid
        self.malformed += other.malformed
        return self

    def as_dict(self) -> dict[str, Any]:
        def key(entry: dict[str, Any]) -> tuple[str, int]:
            path, _, line = entry["source"].rpartition(":")
            return path, int(line)

        return {"summary": self.summary.as_dict(),
                "invalid": sorted(self.invalid, key=key),
                "malformed": sorted(self.malformed, key=key)}


def check_lines(lines: Iterable[tuple[str, str]], ruleset: Any = None, lang: str = "en"
                ) -> Report:
    """One shard's report: ``lines`` are (line, path) pairs of one file, in order (as
    ``dask.bag.read_text(..., include_path=True)`` gives them per partition); messages
    in ``lang``."""
    report = Report()
    for number, (line, path) in enumerate(lines, 1):
        text = line.strip()
        if not text:
            continue
        source = f"{path}:{number}"
        try:
            data = parse_json(text.encode())
            if not isinstance(data, dict):
                raise Problem(400, "A transcript must be a JSON object.",
                              [{"pointer": "", "message": "Must be an object."}])
            result = check(data, ruleset)
        except (TranscriptError, Problem) as error:
            problem = error if isinstance(error, Problem) else Problem.from_error(error)
            report.summary.add(Outcome(True))
            report.malformed.append({"source": source,
                                     "detail": phrase(problem.detail, lang),
                                     "errors": errors_in(problem.errors, lang) or []})
            continue
        codes = tuple(v.code for v in result.violations)
        agrees = result.claimed.agrees if result.claimed is not None else None
        report.summary.add(Outcome(False, result.valid, result.complete, agrees, codes))
        if not result.valid or agrees is False:
            entry: dict[str, Any] = {"source": source, "id": result.id,
                                     "violations": [
                                         {"code": v.code, "pointer": v.pointer,
                                          "seat": v.seat,
                                          "message": say(v.text, lang, result.players)}
                                         for v in result.violations]}
            if agrees is False:
                entry["claim_disagrees"] = True
            report.invalid.append(entry)
    return report


def _merge(reports: Iterable[Report]) -> Report:
    total = Report()
    for report in reports:
        total.merge(report)
    return total


def archive_bag(urls: str | list[str], ruleset: Any = None,
                storage_options: dict[str, Any] | None = None, lang: str = "en") -> Any:
    """The lazy computation: a dask ``Item`` whose ``compute()`` is the :class:`Report`."""
    import dask.bag as db

    lines = db.read_text(urls, include_path=True, storage_options=storage_options)
    return lines.reduction(lambda part: check_lines(part, ruleset, lang), _merge,
                           split_every=8)


def client_for(scheduler: str, workers: int = 2) -> Any:
    """A dask.distributed Client: ``local`` or ``local:N`` starts a LocalCluster of N
    single-threaded worker processes here (checking is CPU-bound: one thread each);
    anything else is a running scheduler's address (``tcp://host:8786``)."""
    from dask.distributed import Client, LocalCluster

    name, _, count = scheduler.partition(":")
    if name == LOCAL:
        cluster = LocalCluster(n_workers=int(count) if count else workers,
                               threads_per_worker=1, processes=True, dashboard_address=None)
        return Client(cluster)
    return Client(scheduler)


def check_archive(urls: str | list[str], *, scheduler: str | None = None, client: Any = None,
                  ruleset: Any = None, storage_options: dict[str, Any] | None = None,
                  lang: str = "en") -> Report:
    """Check every game of the archive on a Dask cluster and return one :class:`Report`.

    Pass a running ``client`` (dask.distributed), or a ``scheduler`` for
    :func:`client_for` (closed when done); with neither, Dask's default scheduler runs.
    """
    item = archive_bag(urls, ruleset, storage_options, lang)
    if client is None and scheduler is not None:
        with client_for(scheduler) as own:
            try:
                report: Report = own.compute(item).result()
            finally:
                cluster = own.cluster
                own.close()
                if cluster is not None:
                    cluster.close()
            return report
    if client is not None:
        return client.compute(item).result()
    return item.compute()


def run(scheduler: str, urls: list[str], ruleset: Any, as_json: bool, out: TextIO,
        err: TextIO, lang: str = "en", allow_empty: bool = False) -> int:
    """``doko-check --dask SCHEDULER PATTERN...``: the report, and the command's exit
    status (0 all valid, 1 one invalid or disagreeing, 2 one malformed, 5 no game at all
    unless ``allow_empty``)."""
    try:
        report = check_archive(urls if len(urls) > 1 else urls[0], scheduler=scheduler,
                               ruleset=ruleset, lang=lang)
    except ImportError as error:
        err.write("doko-check: " + say(msg("--dask needs Dask ({name} is missing): {install}",
                                           name=str(error.name),
                                           install="pip install 'doko-service[dask]'"),
                                       lang, sentence=False) + "\n")
        return 2
    except (OSError, ValueError) as error:
        err.write(f"doko-check: --dask: {error}\n")
        return 2
    found = report.as_dict()
    if as_json:
        out.write(json.dumps(found, ensure_ascii=False, separators=(",", ":")) + "\n")
    else:
        _write_report(found, out, lang)
    summary = report.summary
    if summary.malformed:
        return 2
    if not summary.total and not allow_empty:
        said = say(msg("no game in the input (--allow-empty lets that pass)"), lang,
                   sentence=False)
        err.write(f"doko-check: {said}\n")
        return 5
    return 0 if summary.all_good else 1


def _write_report(found: dict[str, Any], out: TextIO, lang: str = "en") -> None:
    def said(text: Text) -> str:
        return say(text, lang, sentence=False)

    for entry in found["invalid"]:
        label = f" (id {entry['id']})" if entry["id"] is not None else ""
        verdict = said(msg("invalid") if entry["violations"] else msg("valid"))
        out.write(f"{entry['source']}{label}: {verdict}\n")
        for v in entry["violations"]:
            out.write(f"  {v['code']} ({v['pointer']}): {v['message']}\n")
        if entry.get("claim_disagrees"):
            out.write("  " + said(msg("the claimed result disagrees")) + "\n")
    for entry in found["malformed"]:
        out.write(f"{entry['source']}: " + said(msg("malformed")) + f": {entry['detail']}\n")
        for e in entry["errors"]:
            out.write(f"  {e['pointer'] or '/'}: {e['message']}\n")
    s = found["summary"]
    out.write(said(msg("{total} games: {valid} valid, {invalid} invalid, {malformed} "
                       "malformed; {complete} complete, {disagreeing} disagreeing with their "
                       "claim", **{k: s[k] for k in ("total", "valid", "invalid", "malformed",
                                                     "complete", "disagreeing")})) + "\n")
    for code, count in s["violations"].items():
        out.write(f"  {code}: {count}\n")
