"""JUnit XML: one test suite per input file, one test case per game.

The shape validates against the JUnit schema Jenkins reads (junit-10.xsd, which
``tests/schemas/`` ships): ``testsuites`` > ``testsuite`` (name, tests, failures, errors,
skipped, file) > ``testcase`` (name, classname) > one ``failure`` per violation or
claimed-figure difference, or an ``error`` for a malformed transcript or unreadable file
(``doko-check compare``: a ``failure`` per differing field, a ``skipped`` for a case left
unanswered under ``--allow-missing``).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field

from service.cli.formats.findings import Finding

# Characters XML 1.0 cannot carry at all (ElementTree would write them as they are).
NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def _xml(text: str) -> str:
    return NOT_XML.sub("\ufffd", text)


@dataclass
class Case:
    name: str
    findings: list[Finding]
    line: int | None = None


@dataclass
class Suite:
    name: str
    cases: list[Case] = field(default_factory=list)


RANK = ("error", "failure", "skipped")  # a test case counts as the first it has


def _count(suite: Suite, severity: str) -> int:
    return sum(1 for case in suite.cases
               if next((s for s in RANK if any(f.severity == s for f in case.findings)),
                       None) == severity)


def document(suites: list[Suite]) -> bytes:
    root = ET.Element("testsuites", name="doko-check")
    totals = {"tests": 0, "failures": 0, "errors": 0}  # the schema's root has no skipped
    for suite in suites:
        counts = {"tests": len(suite.cases), "failures": _count(suite, "failure"),
                  "errors": _count(suite, "error"), "skipped": _count(suite, "skipped")}
        for key in totals:
            totals[key] += counts[key]
        node = ET.SubElement(root, "testsuite", {
            "name": _xml(suite.name), **{k: str(v) for k, v in counts.items()},
            "file": _xml(suite.name)})
        for case in suite.cases:
            test = ET.SubElement(node, "testcase", name=_xml(case.name),
                                 classname=_xml(suite.name))
            for finding in case.findings:
                element = ET.SubElement(test, finding.severity, type=finding.type,
                                        message=_xml(finding.message))  # skipped too
                element.text = _xml(finding.message + (
                    f"\n{suite.name}:{case.line}" if case.line is not None else ""))
    for key, value in totals.items():
        root.set(key, str(value))
    ET.indent(root)
    return ET.tostring(root, encoding="utf-8", xml_declaration=True) + b"\n"
