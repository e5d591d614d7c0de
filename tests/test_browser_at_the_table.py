"""The referee at the table, on a phone: the list at a glance, controls that stay put, entry
as fast as paper, the trick overview, the chart, the tournament view. At 390×844 and
1366×900, in English and German. Screenshots go to test-output/screenshots/ (phone-*.png)."""

from __future__ import annotations

import datetime
import json
import random
import re
from typing import Any

import pytest
from test_browser import (  # the browser, the app on a loopback port, and the helpers
    ROOT,
    SHOTS,
    By,
    Keys,
    base_url,
    browser,
    css,
    example,
    load_example,
    no_overflow,
    open_page,
    page,
    shot,
    verdict,
    wait,
)

__all__ = ["base_url", "browser", "page"]  # fixtures, used by name

SIZES = {"phone": (390, 844), "wide": (1366, 900)}
LAYOUTS = [("phone", "en"), ("phone", "de"), ("wide", "en"), ("wide", "de")]


def set_up(browser, size: str, lang: str) -> None:
    browser.set_window_size(*SIZES[size])
    if lang == "de":
        css(browser, "#lang").click()
        wait(browser, lambda d: d.find_element(By.TAG_NAME, "html").get_attribute("lang") == "de")


def screen(browser, name: str) -> None:
    """What the window shows, as it is (not made as tall as the page)."""
    browser.save_screenshot(str(SHOTS / f"{name}.png"))


# ---- the list at a glance ----

def assert_list_fits(browser, players: list[str]) -> None:
    """No sideways scrolling, in the page or in the list; every player's score and total
    inside the window."""
    no_overflow(browser)
    table = css(browser, "table.sitting")
    assert browser.execute_script("return arguments[0].scrollWidth <= arguments[0].clientWidth",
                                  table)
    width = browser.execute_script("return document.documentElement.clientWidth")
    heads = [th.get_attribute("title") for th in
             browser.find_elements(By.CSS_SELECTOR, "table.sitting thead th.num")]
    assert heads == players
    cells = browser.find_elements(By.CSS_SELECTOR, 'table.sitting tr.line[data-game="0"] td')
    assert len(cells) == len(players) + 1  # the players and the check
    for cell in cells:
        assert cell.rect["x"] >= 0 and cell.rect["x"] + cell.rect["width"] <= width + 1, cell.text
    # each number whole in its cell (none cut off by the column's width)
    cut = browser.execute_script(
        "return [...document.querySelectorAll("
        "  'table.sitting td.player span, table.sitting tr.totals td, table.sitting tfoot td')]"
        ".filter(s => s.scrollWidth > s.clientWidth + 1).map(s => s.textContent)")
    assert not cut, cut


def list_shot(browser, name: str) -> None:
    """The phone's screen scrolled to the list."""
    browser.execute_script("document.querySelector('table.sitting').scrollIntoView()")
    screen(browser, name)


def cell(browser, game: int, player: str):
    return css(browser, f'table.sitting tr.line[data-game="{game}"] td[data-player="{player}"]')


@pytest.mark.parametrize(("size", "lang"), LAYOUTS)
def test_the_list_at_a_glance(page, app, size, lang):
    """Four and five players: every game's score and running total per player in view, the
    totals under them, the faulty cell itself marked, each line opening."""
    set_up(page, size, lang)
    load_example(page, "sitting")
    assert_list_fits(page, ["Anna", "Ben", "Cleo", "Dan"])
    # game 6 has Dan's score written wrong (sheet_zero_sum): his cell, not the line's others
    faulty = [c.get_attribute("data-player") for c in
              page.find_elements(By.CSS_SELECTOR, 'table.sitting tr.line[data-game="5"] td.fault')]
    assert faulty == ["Dan"]
    assert cell(page, 5, "Dan").text.startswith("⚠")
    revoke = 'table.sitting tr.line[data-game="1"] td.fault'  # Anna's revoke in game 2
    assert [c.get_attribute("data-player") for c in
            page.find_elements(By.CSS_SELECTOR, revoke)] == ["Anna"]
    answer = app.test_client().post("/v1/sittings/check", json=example("sitting")).get_json()
    shown = {td.get_attribute("data-player"): td.text
             for td in page.find_elements(By.CSS_SELECTOR, "table.sitting tr.totals td.total")}
    assert shown == {p: str(v) for p, v in answer["totals"].items()}
    running = cell(page, 3, "Ben").find_element(By.CSS_SELECTOR, ".total").text
    assert running == str(answer["games"][3]["totals"]["Ben"])
    if size == "phone":
        list_shot(page, f"phone-list-4-{lang}")
    css(page, 'table.sitting tr.line[data-game="2"] .open-game').click()
    wait(page, lambda d: "/3." in d.current_url)
    page.back()
    wait(page, lambda d: d.find_elements(By.CSS_SELECTOR, "table.sitting"))
    load_example(page, "house-evening")
    assert_list_fits(page, ["Anna", "Ben", "Cleo", "Dan", "Eve"])
    if size == "phone":
        list_shot(page, f"phone-list-5-{lang}")


def synthetic_list(n: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """A request and an answer for n players, as the list view reads them (a table of six
    or seven is drawn before the service accepts one)."""
    players = ["Anna", "Ben", "Cleo", "Dan", "Eve", "Fritz", "Gesine"][:n]
    games, totals = [], dict.fromkeys(players, 0)
    for i in range(8):
        out = [players[(i + k) % n] for k in range(n - 4)]
        seated = [p for p in players if p not in out]
        scores = {p: (-108 if k == 0 else 36) * (1 if i % 2 else -1) for k, p in enumerate(seated)}
        scores |= dict.fromkeys(out, 0)
        totals = {p: totals[p] + scores[p] for p in players}
        games.append({"index": i, "dealer": out[0], "sits_out": out[0], "kind": "lust_solo",
                      "declarer": seated[0], "bock": 1, "value": 36, "scores": scores,
                      "totals": totals, "valid": True})
    request = {"ruleset": "ddv", "players": players,
               "games": [{"dealer": g["dealer"], "sheet": {"scores": g["scores"]}} for g in games]}
    answer = {"valid": True, "ruleset": "ddv", "players": players, "games": games,
              "totals": totals, "violations": []}
    return request, answer


@pytest.mark.parametrize("n", [6, 7])
@pytest.mark.parametrize(("size", "lang"), [("phone", "en"), ("phone", "de"), ("wide", "en")])
def test_the_list_fits_six_and_seven_players(page, size, lang, n):
    set_up(page, size, lang)
    request, answer = synthetic_list(n)
    page.execute_async_script(
        "const [request, answer, done] = arguments;"
        "import('/assets/js/sittingview.js').then(m => {"
        "  document.querySelector('#result').hidden = false;"
        "  m.renderSitting(document.querySelector('#view'), request, answer,"
        "                  {openGame: () => {}, codeText: c => c}); done(); });", request, answer)
    assert_list_fits(page, answer["players"])
    if size == "phone":
        list_shot(page, f"phone-list-{n}-{lang}")


# ---- controls that stay put ----

STEP_WORDS = {"en": {"copied": "Link copied.", "checking": "Checking…"},
              "de": {"copied": "Link kopiert.", "checking": "Wird geprüft …"}}


def where(browser, selector: str) -> tuple[int, int]:
    """An element's place on the screen (the window's coordinates), in whole pixels."""
    rect = browser.execute_script(
        "const r = document.querySelector(arguments[0]).getBoundingClientRect();"
        "return [Math.round(r.x), Math.round(r.y)]", selector)
    return rect[0], rect[1]


@pytest.mark.parametrize(("size", "lang"), LAYOUTS)
def test_the_step_buttons_stay_put(page, base_url, size, lang):
    """Clicking "›" again and again at the same spot steps on: the toolbar does not move as
    the middle of the table grows; the button pressed keeps the focus (Enter on it too);
    the address, and so the shared link, names the step; "copied" is confirmed."""
    set_up(page, size, lang)
    page.execute_cdp_cmd("Browser.grantPermissions", {
        "origin": base_url, "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]})
    load_example(page, "revoke")
    wait(page, lambda d: d.find_elements(By.CSS_SELECTOR, ".ruling .ruling-hand[data-ready]"))
    css(page, ".step-buttons .first").click()
    css(page, ".step-buttons").location_once_scrolled_into_view  # noqa: B018  (scrolls)
    spot = where(page, ".step-buttons .next")
    for step in range(1, 9):
        css(page, ".step-buttons .next").click()
        wait(page, lambda d, step=step: css(d, ".table").get_attribute("data-step") == str(step))
        assert where(page, ".step-buttons .next") == spot, f"after step {step}"
        assert page.switch_to.active_element.get_attribute("data-control") == "next"
    page.switch_to.active_element.send_keys(Keys.ENTER)  # Enter on the focused "›"
    wait(page, lambda d: css(d, ".table").get_attribute("data-step") == "9")
    assert page.switch_to.active_element.get_attribute("data-control") == "next"
    assert where(page, ".step-buttons .next") == spot
    # the step is in the address: a reload opens the game at it
    wait(page, lambda d: re.search(r"@9\.[A-Za-z0-9_-]{6}$", d.current_url))
    css(page, "#share-button").click()
    status = wait(page, lambda d: css(d, "#share-status").text)
    assert status == STEP_WORDS[lang]["copied"]
    copied = page.execute_async_script(
        "const done = arguments[0];"
        "navigator.clipboard.readText().then(done, e => done(String(e)))")
    assert copied == page.current_url == css(page, "#share-link").get_attribute("value")
    if size == "phone":
        screen(page, f"phone-steps-{lang}")
    open_page(page, copied)
    wait(page, lambda d: d.find_elements(By.CSS_SELECTOR, "#view .table"))
    assert css(page, ".table").get_attribute("data-step") == "9"


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_slow_check_shows_it_is_checking(page, lang):
    """While the service is asked, the check button is disabled and says so beside it."""
    set_up(page, "phone", lang)
    page.execute_script(
        "const real = window.fetch;"
        "window.fetch = (...args) => new Promise(r => setTimeout(() => r(real(...args)), 1500));")
    page.execute_script("document.querySelector('#input').value = arguments[0]",
                        json.dumps(example("revoke")))
    css(page, "#check").click()
    assert not css(page, "#check").is_enabled()
    assert css(page, "#check-status").text == STEP_WORDS[lang]["checking"]
    wait(page, lambda d: d.find_elements(By.CSS_SELECTOR, "#result:not([hidden]) .verdict"))
    assert css(page, "#check").is_enabled()
    assert not css(page, "#check-status").text


# ---- entry as fast as paper ----

ENTRY_WORDS = {"en": {"failed": "The check failed", "again": "Try again"},
               "de": {"failed": "Die Prüfung ist fehlgeschlagen", "again": "Noch einmal versuchen"}}


def board_after(browser, played: int) -> dict[str, Any]:
    """The transcript once the board stands after `played` events."""
    def ready(d):
        data = json.loads(d.find_element(By.ID, "input").get_attribute("value") or "{}")
        board = d.find_elements(By.CSS_SELECTOR, "#entry-board .to-play, #entry-board .entry-done")
        return data if board and len(data.get("play", [])) == played else False
    return wait(browser, ready)


def put_in_box(browser, data: Any) -> None:
    browser.execute_script("document.querySelector('#input').value = arguments[0]",
                           json.dumps(data))


def choose(browser, select: str, value: str) -> None:
    css(browser, f'{select} option[value="{value}"]').click()


@pytest.mark.parametrize(("size", "lang"), LAYOUTS)
def test_recording_marks_the_illegal_card_before_and_after_the_click(page, size, lang):
    """The revoke's deal recorded: at Dan's turn in trick 3 the ♣K (he holds ♥9) is marked
    against the rules before it is chosen; once chosen it stands marked in the trick on the
    board. What was entered survives a reload."""
    set_up(page, size, lang)
    game = example("revoke")
    put_in_box(page, game)
    css(page, "#entry-record").click()
    assert css(page, "#entry-record").is_selected()
    css(page, "#entry-pasted").click()
    for played, event in enumerate(game["play"][:11]):
        board_after(page, played)
        if "announce" in event:
            choose(page, "#record-seat", str(event["seat"]))
            choose(page, "#record-call", event["announce"])
            css(page, "#record-call-button").click()
        else:
            css(page, f'.entry-hand button.card[data-card="{event["card"]}"]').click()
    board_after(page, 11)
    hand = {b.get_attribute("data-card"): b for b in
            page.find_elements(By.CSS_SELECTOR, ".entry-hand button.card")}
    assert "illegal" in hand["CK"].get_attribute("class")
    assert hand["CK"].find_elements(By.CSS_SELECTOR, ".illegal-flag")
    assert hand["CK"].is_enabled()  # recording: it can still be chosen
    assert "illegal" not in hand["H9"].get_attribute("class")
    if size == "phone":
        css(page, "#entry-board").location_once_scrolled_into_view  # noqa: B018  (scrolls)
        screen(page, f"phone-entry-board-{lang}")
    hand["CK"].click()
    board_after(page, 12)
    marked = [c.get_attribute("data-card") for c in
              page.find_elements(By.CSS_SELECTOR, "#entry-board .entry-trick .card.marked")]
    assert marked == ["CK"]
    if size == "phone":
        css(page, "#entry-board").location_once_scrolled_into_view  # noqa: B018  (scrolls)
        screen(page, f"phone-entry-board-marked-{lang}")
    # a reload: the board comes back as it was
    page.refresh()
    wait(page, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready"))
    board_after(page, 12)
    assert [c.get_attribute("data-card") for c in
            page.find_elements(By.CSS_SELECTOR, "#entry-board .entry-trick .card.marked")] == ["CK"]


@pytest.mark.parametrize(("size", "lang"), [("phone", "de"), ("wide", "en")])
def test_entering_a_marriage_and_a_poverty_with_its_exchange(page, size, lang):
    set_up(page, size, lang)
    married = example("marriage")
    put_in_box(page, married)
    choose(page, "#entry-type", "marriage")
    choose(page, "#entry-declarer", "2")
    css(page, "#entry-pasted").click()
    transcript = board_after(page, 0)
    assert transcript["game"] == {"type": "marriage", "declarer": 2}
    assert {"seat": 2, "reservation": "marriage"} in transcript["reservations"]
    assert verdict(page).startswith("✔")
    poor = example("poverty")  # under freedoko's rules
    put_in_box(page, poor)
    choose(page, "#entry-ruleset", poor["ruleset"])
    choose(page, "#entry-type", "poverty")
    choose(page, "#entry-declarer", "1")
    css(page, "#entry-pasted").click()
    for card in poor["game"]["passed"]:
        wait(page, lambda d: d.find_elements(By.CSS_SELECTOR, ".exchange-hand"))
        css(page, f'.exchange-hand button.card[data-card="{card}"][aria-pressed="false"]').click()
    choose(page, "#exchange-partner", "3")
    css(page, "#exchange-confirm").click()
    for card in poor["game"]["returned"]:
        css(page, f'.exchange-hand button.card[data-card="{card}"][aria-pressed="false"]').click()
    if size == "phone":
        screen(page, f"phone-entry-exchange-{lang}")
    css(page, "#exchange-confirm").click()
    transcript = board_after(page, 0)
    assert transcript["game"] == poor["game"]
    assert verdict(page).startswith("✔")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_failed_check_while_entering_says_so(page, lang):
    set_up(page, "phone", lang)
    css(page, "#entry-random").click()
    board_after(page, 0)
    page.execute_script(
        "window.realFetch = window.fetch;"
        "window.fetch = () => Promise.reject(new TypeError('Failed to fetch'));")
    next(b for b in page.find_elements(By.CSS_SELECTOR, ".entry-hand button.card")
         if b.is_enabled()).click()
    status = wait(page, lambda d: d.find_elements(By.CSS_SELECTOR,
                                                  "#entry-board .entry-status.error"))
    assert ENTRY_WORDS[lang]["failed"] in status[0].text
    page.execute_script("window.fetch = window.realFetch")
    css(page, "#entry-board .retry").click()
    board_after(page, 1)
    assert not page.find_elements(By.CSS_SELECTOR, "#entry-board .entry-status")


@pytest.mark.parametrize(("size", "lang"), [("phone", "en"), ("phone", "de"), ("wide", "en")])
def test_a_sheet_line_by_keyboard_alone(page, base_url, size, lang):
    """Names and Enter start the list; a field a player, the last filled for a zero sum,
    Enter adds the line and the list is checked and shown; the last line taken back; the
    list survives a reload."""
    set_up(page, size, lang)
    css(page, "#sheet-entry summary").click()
    names = css(page, "#sheet-players")
    names.clear()
    names.send_keys("Anna, Ben, Cleo, Dan", Keys.ENTER)
    lines = [["2", "-2", "2"], ["-1", "1", "1"], ["3", "3", "-3"]]
    for n, line in enumerate(lines, start=1):
        field = wait(page, lambda d: d.switch_to.active_element if
                     "sheet-score" in (d.switch_to.active_element.get_attribute("class") or "")
                     else False)
        keys = [k for score in line for k in (score, Keys.TAB)][:-1]
        field.send_keys(*keys)
        last = css(page, '.sheet-score[data-player="Dan"]')
        assert last.get_attribute("value") == str(-sum(int(s) for s in line))  # filled
        page.switch_to.active_element.send_keys(Keys.ENTER)
        wait(page, lambda d, n=n: len(d.find_elements(By.CSS_SELECTOR, "tr.line")) == n)
    listed = json.loads(css(page, "#input").get_attribute("value"))
    assert [g["dealer"] for g in listed["games"]] == ["Anna", "Ben", "Cleo"]  # the rotation
    assert listed["games"][2]["sheet"]["scores"] == {"Anna": 3, "Ben": 3, "Cleo": -3, "Dan": -3}
    if size == "phone":
        css(page, "#sheet").location_once_scrolled_into_view  # noqa: B018  (scrolls)
        screen(page, f"phone-sheet-{lang}")
    css(page, "#sheet-undo").click()
    wait(page, lambda d: len(d.find_elements(By.CSS_SELECTOR, "table.sitting tr.line")) == 2)
    open_page(page, base_url + "/")  # a reload, without the list's address
    wait(page, lambda d: len(d.find_elements(By.CSS_SELECTOR, "table.sitting tr.line")) == 2)
    assert css(page, "#sheet-dealer").get_attribute("value") == "Cleo"


@pytest.mark.parametrize(("size", "lang", "pack"), [("phone", "en", 40), ("wide", "de", 48)])
def test_a_deal_picked_card_by_card(page, size, lang, pack):
    """Each hand's cards picked from the pack (the last hand gets the rest): no JSON."""
    set_up(page, size, lang)
    choose(page, "#entry-pack", str(pack))
    css(page, "#entry-pick").click()
    size_of_hand = pack // 4
    rng = random.Random(pack)
    for _ in range(3 * size_of_hand):
        buttons = page.find_elements(By.CSS_SELECTOR, ".deal-pack button.card")
        rng.choice(buttons).click()
    if size == "phone":
        css(page, "#entry-board").location_once_scrolled_into_view  # noqa: B018  (scrolls)
        screen(page, f"phone-deal-picked-{lang}")
    css(page, "#deal-start").click()
    transcript = board_after(page, 0)
    assert [len(h) for h in transcript["hands"]] == [size_of_hand] * 4
    ranks = ("A", "10", "K", "Q", "J", "9")[:pack // 8]  # twice each card: 48 with nines
    assert sorted(c for h in transcript["hands"] for c in h) == sorted(
        f"{s}{r}" for s in "CSHD" for r in ranks for _ in (0, 1))
    assert verdict(page).startswith("✔")


# ---- the trick overview ----

TRICK_WORDS = {"en": {"fox": "diamond ace caught (Re)", "shows": "Dan announces swines"},
               "de": {"fox": "Fuchs gefangen (Re)", "shows": "Dan sagt Schweine an"}}


@pytest.mark.parametrize(("size", "lang"), LAYOUTS)
def test_the_trick_overview(page, app, size, lang):
    """A row a trick: who led, the four cards as played, who won, the card points, and the
    specials (a fox caught, swines shown); a trick's number shows it at the table."""
    set_up(page, size, lang)
    load_example(page, "normal-game")
    answer = app.test_client().post("/v1/games/check", json=example("normal-game")).get_json()
    rows = page.find_elements(By.CSS_SELECTOR, "table.trick-grid tr.trick-row")
    assert len(rows) == 12
    players = example("normal-game")["players"]
    for row, trick in zip(rows, answer["tricks"], strict=True):
        cells = row.find_elements(By.CSS_SELECTOR, "th, td")
        assert cells[1].text == players[trick["leader"]]
        cards = cells[2].find_elements(By.CSS_SELECTOR, ".card")
        assert [c.get_attribute("data-card") for c in cards] == trick["cards"]
        assert cells[3].text.startswith(players[trick["winner"]])
        assert cells[4].text == str(trick["points"])
    fox = css(page, 'table.trick-grid tbody[data-trick="1"] tr.specials').text
    assert TRICK_WORDS[lang]["fox"] in fox  # the fox_caught item of trick 1
    css(page, "table.trick-grid").location_once_scrolled_into_view  # noqa: B018  (scrolls)
    screen(page, f"tricks-{size}-{lang}")
    no_overflow(page)
    css(page, 'table.trick-grid tbody[data-trick="3"] .to-trick').click()
    wait(page, lambda d: css(d, ".table").get_attribute("data-event")
         == str([i for i, e in enumerate(example("normal-game")["play"]) if "card" in e][11]))
    if size == "phone":
        css(page, "table.trick-grid").location_once_scrolled_into_view  # noqa: B018  (scrolls)
        screen(page, f"phone-tricks-{lang}")
    load_example(page, "swines")
    assert TRICK_WORDS[lang]["shows"] in css(page, "table.trick-grid").text


# ---- the chart on a phone ----

@pytest.mark.parametrize(("size", "lang"), LAYOUTS)
def test_the_chart_is_readable_on_a_phone(page, app, size, lang):
    """Labels of at least 12 px as shown, at least 240 px high, a game's totals by tapping."""
    set_up(page, size, lang)
    load_example(page, "house-evening")
    chart = css(page, "svg.chart")
    chart.location_once_scrolled_into_view  # noqa: B018  (scrolls)
    assert chart.rect["height"] >= 240
    sizes = page.execute_script(
        "const svg = arguments[0];"
        "const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;"
        "return [...svg.querySelectorAll('text')].map("
        "  t => parseFloat(getComputedStyle(t).fontSize) * scale);", chart)
    assert sizes and min(sizes) >= 11.9, sizes
    answer = app.test_client().post("/v1/sittings/check", json=example("house-evening")).get_json()
    circle = page.find_elements(By.CSS_SELECTOR, "svg.chart g.player circle")[4]  # game 5
    circle.click()
    readout = css(page, ".chart-readout").text
    totals = answer["games"][4]["totals"]
    game = "game 5" if lang == "en" else "Spiel 5"
    assert readout == f"{game}: " + ", ".join(f"{p} {totals[p]}" for p in answer["players"])
    no_overflow(page)
    if size == "phone":
        screen(page, f"phone-chart-{lang}")


# ---- the tournament view, the table of five, the language, the printout ----

DAY_WORDS = {"en": {"faults": r"✖ (1 fault|\d+ faults) in the day", "back": "◀ Back to the day"},
             "de": {"faults": r"✖ \d+ Fehler im Turniertag", "back": "◀ Zurück zum Turniertag"}}


@pytest.mark.parametrize(("size", "lang"), LAYOUTS)
def test_the_tournament_view_is_finished_like_the_list(page, size, lang):
    """A day with a dealer written wrong at a table: the verdict counts the faults in
    words (one fault, not "fault(s)"), each fault is marked and opens its table, whose
    button leads back to the day."""
    set_up(page, size, lang)
    day = json.loads((ROOT / "examples" / "tournament-doko2026.json").read_text(encoding="utf-8"))
    day["preliminary"][0]["tables"][0]["games"][1]["dealer"] = "Jola"  # Gabi dealt
    put_in_box(page, day)
    css(page, "#check").click()
    wait(page, lambda d: d.find_elements(By.CSS_SELECTOR, "#view .places li"))
    words = DAY_WORDS[lang]
    shown = verdict(page)
    assert re.fullmatch(words["faults"], shown), shown
    table = css(page, "#view ul.tables li.table.bad")
    assert table.find_element(By.CSS_SELECTOR, ".open-table").get_attribute("data-pointer") \
        == "/preliminary/0/tables/0"
    faults = table.find_elements(By.CSS_SELECTOR, "button.fault-link")
    assert faults and all(f.text.startswith("⚠") for f in faults)
    no_overflow(page)
    if size == "phone":
        page.execute_script("document.querySelector('#view').scrollIntoView()")
        screen(page, f"phone-day-{lang}")
    faults[0].click()
    back = wait(page, lambda d: d.find_elements(By.ID, "back-to-day"))[0]
    assert back.text == words["back"]
    assert page.find_elements(By.CSS_SELECTOR, "table.sitting td .fault, table.sitting .fault")
    back.click()
    wait(page, lambda d: d.find_elements(By.CSS_SELECTOR, "#view .places li"))


@pytest.mark.parametrize("lang", ["en", "de"])
def test_at_a_table_of_five_the_dealer_badge_is_on_the_dealer(page, lang):
    set_up(page, "phone", lang)
    game = example("normal-game")
    transcript = {k: v for k, v in game.items() if k not in ("ruleset", "claimed")}
    put_in_box(page, {"ruleset": "ddv", "players": ["Eve", "Anna", "Ben", "Cleo", "Dan"],
                      "games": [{"dealer": "Eve", "transcript": transcript}]})
    css(page, "#check").click()
    wait(page, lambda d: d.find_elements(By.CSS_SELECTOR, "button.open-game"))
    css(page, "button.open-game").click()
    wait(page, lambda d: d.find_elements(By.CSS_SELECTOR, "#back-to-list"))
    assert css(page, ".table .out-seat").find_elements(By.CSS_SELECTOR, ".badge.dealer")
    assert not page.find_elements(By.CSS_SELECTOR, ".table .seat[data-seat] .badge.dealer")
    assert "Eve" in css(page, ".center").text  # "Dealt by Eve"


LANGUAGE_WORDS = {"field": "Zeile", "draw": "Runde 1", "empty": "der Text endet unerwartet"}


def test_a_language_switch_redraws_everything_shown(page):
    """Field errors, the draw's result and where the JSON breaks follow the switch."""
    game = example("normal-game")
    game["dealer"] = 7
    put_in_box(page, game)
    css(page, "#check").click()
    wait(page, lambda d: d.find_elements(By.CSS_SELECTOR, "#input-errors .field-error"))
    css(page, "#draw summary").click()
    page.execute_script("document.querySelector('#draw-names').value = arguments[0]",
                        "\n".join(f"P{i}" for i in range(8)))
    css(page, "#draw-go").click()
    wait(page, lambda d: d.find_elements(By.CSS_SELECTOR, "#draw-result h4"))
    english = css(page, "#input-errors").text
    css(page, "#lang").click()
    wait(page, lambda d: css(d, "#input-errors").text != english
         and "Zeile" in css(d, "#input-errors").text)
    assert css(page, "#draw-result h4").text == LANGUAGE_WORDS["draw"]
    css(page, "#input").clear()
    css(page, "#check").click()  # an empty box
    message = wait(page, lambda d: css(d, "#input-errors").text)
    assert LANGUAGE_WORDS["empty"] in message and "unexpected" not in message


@pytest.mark.parametrize(("size", "lang"), [("phone", "en"), ("wide", "de")])
def test_the_printout_names_the_game_and_leaves_out_the_controls(page, size, lang):
    set_up(page, size, lang)
    load_example(page, "revoke")
    wait(page, lambda d: d.find_elements(By.CSS_SELECTOR, ".ruling .ruling-hand[data-ready]"))
    consequence = css(page, ".ruling .consequence").text
    assert "Dan" in consequence and "DOKO" not in consequence  # the ruleset's own rules only
    page.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    try:
        head = css(page, ".print-head")
        assert head.is_displayed()
        assert all(name in head.text for name in ("Anna", "Ben", "Cleo", "Dan"))
        assert str(datetime.date.today().year) in head.text
        for control in ("#draw", ".step-buttons", "#share", "#load", ".rulings button.print"):
            assert not css(page, control).is_displayed(), control
        shot(page, f"print-{size}-{lang}")
    finally:
        page.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})


SEVEN = {  # docs/sitting.md, "Tables of six and seven": the scheme 2 and 4
    "ruleset": {"preset": "ddv", "options": {"sit_out_at_seven": [2, 4]}},
    "players": ["Anna", "Ben", "Cleo", "Dan", "Eve", "Finn", "Gus"],
    "games": [
        {"dealer": "Anna", "sheet": {"type": "normal",
                                     "scores": {"Ben": 3, "Dan": -3, "Finn": 3, "Gus": -3}}},
        {"dealer": "Ben", "sheet": {"type": "normal",
                                    "scores": {"Anna": -1, "Cleo": 1, "Eve": 1, "Gus": -1}}},
    ],
}


@pytest.mark.parametrize(("size", "lang"), [("phone", "en"), ("phone", "de"), ("wide", "en")])
def test_a_list_of_seven_as_the_service_checks_it(page, size, lang):
    set_up(page, size, lang)
    put_in_box(page, SEVEN)
    css(page, "#check").click()
    wait(page, lambda d: d.find_elements(By.CSS_SELECTOR, "table.sitting tr.line"))
    assert_list_fits(page, SEVEN["players"])
    out = [c.get_attribute("data-player") for c in
           page.find_elements(By.CSS_SELECTOR, 'table.sitting tr.line[data-game="0"] td.out')]
    assert out == ["Anna", "Cleo", "Eve"]  # the dealer and the scheme's second and fourth
    if size == "phone":
        list_shot(page, f"phone-list-7-checked-{lang}")
