"""The README and the handbook in docs/: the README fits on a few screens, every page is in
the navigation, and every link that MkDocs leaves unchecked (the README's, and the
handbook's links to files of the repository outside docs/) finds its file and heading."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
README = ROOT / "README.md"
PAGES = sorted(DOCS.glob("*.md"))
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")


def links(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8")
    text = re.sub(r"^```.*?^```", "", text, flags=re.S | re.M)  # not inside code blocks
    return LINK.findall(text)


def slug(heading: str) -> str:
    """A heading's anchor as GitHub and MkDocs write it, for the headings used here."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return re.sub(r"[ ]+", "-", text)


def anchors(path: Path) -> set[str]:
    text = path.read_text(encoding="utf-8")
    text = re.sub(r"^```.*?^```", "", text, flags=re.S | re.M)
    return {slug(h) for h in re.findall(r"^#{1,6} (.+)$", text, re.M)}


def target(source: Path, link: str) -> tuple[Path, str]:
    path, _, anchor = link.partition("#")
    base = ROOT if path.startswith("/") else source.parent
    return (base / path.lstrip("/")).resolve() if path else source, anchor


def test_the_readme_fits_on_a_few_screens():
    lines = README.read_text(encoding="utf-8").count("\n")
    assert lines <= 250, f"README.md has {lines} lines; the handbook in docs/ takes the rest"


def test_every_page_is_in_the_navigation():
    config = yaml.safe_load((DOCS / "mkdocs.yml").read_text(encoding="utf-8"))
    listed = {page for entry in config["nav"] for page in entry.values()}
    assert listed == {page.name for page in PAGES}


def test_the_readme_maps_every_page():
    text = README.read_text(encoding="utf-8")
    assert [p.name for p in PAGES if f"](docs/{p.name})" not in text] == []


@pytest.mark.parametrize("source", [README, *PAGES], ids=lambda p: p.name)
def test_links_mkdocs_leaves_unchecked_find_their_file_and_heading(source):
    """The README's links, and the handbook's absolute ones (to a file of the repository
    outside docs/, written from the repository root as GitHub reads them): each file
    exists, and an anchor into a Markdown file names one of its headings."""
    broken = []
    for link in links(source):
        if re.match(r"[a-z]+:", link) or (source != README and not link.startswith("/")):
            continue  # a web address, or a link between pages (MkDocs checks those)
        path, anchor = target(source, link)
        found = path.exists() and ROOT in path.parents
        if not found or (anchor and path.suffix == ".md" and anchor not in anchors(path)):
            broken.append(link)
    assert not broken


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_links_between_pages_stay_in_docs(page):
    """A relative link that leaves docs/ would break in the built site: such links are
    written from the repository root (/openapi.yaml)."""
    assert [link for link in links(page) if link.startswith("../")] == []
