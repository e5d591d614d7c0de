"""The page's season view in a real browser (``shared/design/season.md``: "the page shows
a season: each window's ranking as a table and a chart of each player's running total
per counted day of the chosen window"): the worked example of docs/season.md, its one
slip marked at its cell, at desktop and phone size, in English and German."""

from __future__ import annotations

import pytest

from tests import test_browser
from tests.test_browser import ENGLISH, ROOT, By, css, shot, wait

# the page's fixtures: the app served, the browser, the page opened
base_url, browser, page = test_browser.base_url, test_browser.browser, test_browser.page

SIZES = {"desktop": (1280, 1000), "phone": (390, 844)}


def check_season(page, lang: str) -> None:
    if lang == "de":
        css(page, "#lang").click()
    text = (ROOT / "examples" / "season.json").read_text(encoding="utf-8")
    page.execute_script("document.querySelector('#input').value = arguments[0]", text)
    css(page, "#check").click()
    wait(page, lambda d: d.find_elements(By.CSS_SELECTOR, "#view .season-ranking"))


@pytest.mark.parametrize(("size", "lang"), [("desktop", "en"), ("phone", "de"),
                                             ("desktop", "de"), ("phone", "en")])
def test_a_season_shows_its_rankings_chart_and_slip(page, size, lang):
    page.set_window_size(*SIZES[size])
    check_season(page, lang)
    rows = page.find_elements(By.CSS_SELECTOR, "#view .season-ranking tbody tr")
    # the Ewige Rangliste worked by hand in docs/season.md: Uwe 37 ... Walter 10
    assert [r.text.split()[:3] for r in rows[:2]] == [["1", "Uwe", "37"], ["2", "Klaus", "B."]]
    assert len(rows) == 8
    slip = css(page, "#view td.slip")
    assert slip.get_attribute("data-pointer") == "/written/ewig/3/points"
    assert slip.text.startswith("25")
    assert "24" in slip.text  # should be 24
    lines = page.find_elements(By.CSS_SELECTOR, "#view .season-chart g.player")
    assert len(lines) == 8
    assert len(lines[0].find_elements(By.TAG_NAME, "circle")) == 5  # five counted days
    overflow = page.execute_script(
        "return document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"the page is {overflow}px wider than the window"
    shot(page, f"season-{size}-{lang}")
    for box in page.find_elements(By.CSS_SELECTOR, "#view .table-scroll"):
        assert page.execute_script("return arguments[0].scrollWidth <= arguments[0].clientWidth",
                                   box), "a table scrolls sideways"
    if lang == "de":
        shown = css(page, "#view").text
        found = [shown[max(0, m.start() - 40):m.end() + 20] for m in ENGLISH.finditer(shown)]
        assert not found, found
        assert "Ranglisten" in shown and "Bester Platz" in shown
    shot(page, f"season-{size}-{lang}")


def test_choosing_the_five_year_window(page):
    check_season(page, "en")
    css(page, "#view .season-tab[data-window='fuenf-jahre']").click()
    wait(page, lambda d: "fuenf-jahre" in css(d, "#view .season-window h3").text)
    rows = page.find_elements(By.CSS_SELECTOR, "#view .season-ranking tbody tr")
    # the last five years: Klaus B. 26, Felix 20, Uwe 19 ...
    assert [r.text.split()[:2] for r in rows[:3]] == [["1", "Klaus"], ["2", "Felix"],
                                                      ["3", "Uwe"]]
    circles = page.find_elements(By.CSS_SELECTOR, "#view .season-chart g.player")[0] \
        .find_elements(By.TAG_NAME, "circle")
    assert len(circles) == 3  # three counted days
    assert not page.find_elements(By.CSS_SELECTOR, "#view td.slip")  # nothing written
    shot(page, "season-five-years")
