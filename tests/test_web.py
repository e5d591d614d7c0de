"""The referee's page and /docs as files: headers, caching, no outside resource, examples.

The page itself is tested in a browser (tests/test_browser.py).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from service.web import STATIC

EXAMPLES = STATIC / "examples"


def test_page_is_served_with_a_strict_policy(client):
    response = client.get("/")
    assert response.status_code == 200
    assert response.mimetype == "text/html"
    policy = dict(part.strip().split(" ", 1)
                  for part in response.headers["Content-Security-Policy"].split(";"))
    assert policy["default-src"] == "'none'"
    assert policy["script-src"] == "'self'"  # no inline script, no eval, no other host
    assert policy["style-src"] == "'self'"
    assert policy["connect-src"] == "'self'"
    assert policy["frame-ancestors"] == "'none'"
    assert response.headers["X-Content-Type-Options"] == "nosniff"


def test_docs_page_runs_only_its_own_scripts(client):
    response = client.get("/docs")
    assert response.status_code == 200
    policy = response.headers["Content-Security-Policy"]
    assert "script-src 'self';" in policy
    html = response.get_data(as_text=True)
    for src in re.findall(r'(?:src|href)="(/[^"]*)"', html):
        assert client.get(src).status_code == 200, src
    assert "/openapi.yaml" in (STATIC / "docs.js").read_text(encoding="utf-8")


@pytest.mark.parametrize("url", ["/", "/docs", "/assets/js/main.js", "/assets/app.css",
                                 "/assets/swagger/swagger-ui-bundle.js"])
def test_files_are_cached_by_etag(client, url):
    first = client.get(url)
    assert first.status_code == 200
    etag = first.headers["ETag"]
    assert first.headers["Cache-Control"] == "no-cache"  # kept, revalidated on each use
    again = client.get(url, headers={"If-None-Match": etag})
    assert again.status_code == 304
    assert again.get_data() == b""


def test_unknown_asset_is_a_problem(client):
    response = client.get("/assets/nope.js")
    assert response.status_code == 404
    assert response.mimetype == "application/problem+json"
    assert client.get("/assets/../__init__.py").status_code == 404


def _page_files() -> list[Path]:
    return [p for p in STATIC.rglob("*") if p.suffix in {".html", ".js", ".css"}]


def test_nothing_is_fetched_from_elsewhere():
    """Offline: no URL of another host in any file of the page (no CDN, no web font)."""
    for path in _page_files():
        # SVG's namespace is a name, never fetched
        text = path.read_text(encoding="utf-8").replace('"http://www.w3.org/2000/svg"', "")
        assert not re.search(r"(?:https?:)?//[a-z0-9.-]+\.[a-z]{2,}", text, re.I), path
        assert "@import" not in text and "url(" not in text, path


def test_scripts_are_files_not_inline():
    for name in ("index.html", "docs.html"):
        html = (STATIC / name).read_text(encoding="utf-8")
        for tag in re.findall(r"<script[^>]*>", html):
            assert 'src="/' in tag, (name, tag)
        assert not re.search(r"\son[a-z]+=", html), name  # no inline event handlers


def test_every_module_import_is_served(client):
    for path in (STATIC / "js").glob("*.js"):
        for module in re.findall(r'from "\./([^"]+)"', path.read_text(encoding="utf-8")):
            assert client.get(f"/assets/js/{module}").status_code == 200, (path.name, module)


def test_every_label_exists_in_both_languages():
    english = german = ""
    for path in [STATIC / "js/i18n.js", *(STATIC / "js").glob("words-*.js")]:
        en, de = path.read_text(encoding="utf-8").split("\n  de: {", 1)
        english, german = english + en, german + de
    used = set(re.findall(r'data-i18n(?:-label)?="([a-z_]+)"',
                          (STATIC / "index.html").read_text(encoding="utf-8")))
    for path in (STATIC / "js").glob("*.js"):
        used |= set(re.findall(r'\bt\("([a-z_0-9]+)"', path.read_text(encoding="utf-8")))
    for key in used:
        assert re.search(rf"\n    {key}: ", english), ("en", key)
        assert re.search(rf"\n    {key}: ", german), ("de", key)


def test_page_adds_no_work_to_the_check_routes(app):
    """The page is static files; it hooks nothing into the app's requests."""
    for hooks in (app.before_request_funcs, app.after_request_funcs, app.teardown_request_funcs,
                  app.url_value_preprocessors, app.url_default_functions):
        assert "web" not in hooks


# The examples, judged by hand from the rules: the normal game is the README's example;
# in the revoke Cleo leads ♥9 in trick 3 (event 10) and Dan throws ♣K (event 11) while
# holding ♥9 (hands[3]), which he plays in trick 11 (event 41): DDV TSR 5.2.
# The others are the repository's examples/ (linked), held to hand-worked figures by
# tests/test_examples.py.
@pytest.mark.parametrize(("name", "violations"), [
    ("revoke", [("follow_suit", "/play/11", 3)]),
    ("late-call", [("announcement_too_late", "/play/30", 0)]),
])
def test_examples_are_what_they_show(check, name, violations):
    transcript = json.loads((EXAMPLES / f"{name}.json").read_text(encoding="utf-8"))
    result = check(transcript)
    assert [(v["code"], v["pointer"], v["seat"]) for v in result["violations"]] == violations
    assert result["complete"]


def test_every_example_is_offered_and_shipped(client):
    html = (STATIC / "index.html").read_text(encoding="utf-8")
    offered = set(re.findall(r'data-example="([a-z-]+)"', html))
    assert offered == {p.stem for p in EXAMPLES.glob("*.json")}
    for name in offered:
        assert client.get(f"/assets/examples/{name}.json").status_code == 200, name


def test_revoke_example_is_a_revoke():
    game = json.loads((EXAMPLES / "revoke.json").read_text(encoding="utf-8"))
    assert game["play"][10] == {"seat": 2, "card": "H9"}
    assert game["play"][11] == {"seat": 3, "card": "CK"}
    assert "H9" in game["hands"][3] and game["play"][41] == {"seat": 3, "card": "H9"}


def _html_urls() -> list[str]:
    from service.web import _swagger_dist
    own = [f"/assets/{p.relative_to(STATIC).as_posix()}" for p in STATIC.rglob("*.html")]
    swagger = [f"/assets/swagger/{p.name}" for p in _swagger_dist().glob("*.html")]
    return ["/", "/docs", *own, *swagger]


def test_every_page_file_is_among_those_checked():
    expected = {"/assets/index.html", "/assets/docs.html", "/assets/swagger/oauth2-redirect.html"}
    assert expected <= set(_html_urls())


@pytest.mark.parametrize("url", _html_urls())
def test_every_html_answer_carries_the_policy_and_frame_protection(client, url):
    """Whatever path serves a page, it gets the page's policy and is never framed; the
    same on a revalidation (304)."""
    first = client.get(url)
    assert first.status_code == 200, url
    assert first.mimetype == "text/html"
    again = client.get(url, headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304
    for response in (first, again):
        policy = dict(part.strip().split(" ", 1)
                      for part in response.headers["Content-Security-Policy"].split(";"))
        assert policy["default-src"] == "'none'"
        assert policy["script-src"] == "'self'"
        assert policy["frame-ancestors"] == "'none'"
        assert response.headers["X-Frame-Options"] == "DENY"
        assert response.headers["X-Content-Type-Options"] == "nosniff"


def test_the_page_is_served_the_same_at_both_paths(client):
    assert (client.get("/assets/index.html").headers["Content-Security-Policy"]
            == client.get("/").headers["Content-Security-Policy"])
    assert (client.get("/assets/docs.html").headers["Content-Security-Policy"]
            == client.get("/docs").headers["Content-Security-Policy"])


def test_the_description_names_its_server_relative_to_the_page():
    """/docs "Try it out" calls the origin the description was read from, whatever it is."""
    import yaml

    description = yaml.safe_load((Path(__file__).resolve().parents[1] / "openapi.yaml").read_text())
    assert [s["url"] for s in description["servers"]] == ["/"]
