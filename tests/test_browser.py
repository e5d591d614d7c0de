"""The referee's page in a real browser: Debian's chromium and chromedriver, driven by
selenium, against the app served on a loopback port.

Skipped, with the reason, where the browser is not installed (`.ci/run` installs it).
Screenshots go to test-output/screenshots/.
"""

from __future__ import annotations

import base64
import json
import random
import re
import shutil
import threading
import zlib
from pathlib import Path
from typing import Any

import pytest

from service import rules
from service.game.cards import BY_NAME, DIAMONDS, KING, N_CODES, NAMES, NINE, code
from service.game.ranking import COLOUR_SOLO_SUIT, PICTURE_SOLO_RANKS, order_for
from service.game.rulesets import resolve
from service.generating.cases import legal_game
from service.generating.portable_random import PortableRandom
from service.web import STATIC

ROOT = Path(__file__).resolve().parents[1]
SHOTS = ROOT / "test-output" / "screenshots"
DOWNLOADS = ROOT / "test-output" / "downloads"
CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
BROWSER_MISSING = ("browser tests skipped: no /usr/bin/chromium and /usr/bin/chromedriver "
                   "(apt-get install chromium chromium-driver)")

webdriver = pytest.importorskip("selenium.webdriver", reason="browser tests skipped: no selenium")
if not (Path(CHROMIUM).exists() and Path(CHROMEDRIVER).exists()):
    pytest.skip(BROWSER_MISSING, allow_module_level=True)

from selenium.common.exceptions import TimeoutException  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.expected_conditions import staleness_of  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

EXAMPLES = STATIC / "examples"


@pytest.fixture(scope="module")
def base_url(app):
    from werkzeug.serving import WSGIRequestHandler, make_server

    class Quiet(WSGIRequestHandler):
        def log_request(self, *args: Any) -> None:  # the app's access log is enough
            pass

    server = make_server("127.0.0.1", 0, app, threaded=True, request_handler=Quiet)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    thread.join()


@pytest.fixture(scope="module")
def browser():
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage",
                     "--disable-gpu", "--lang=en-GB", "--window-size=1280,1000"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    DOWNLOADS.mkdir(parents=True, exist_ok=True)
    options.add_experimental_option("prefs", {"download.default_directory": str(DOWNLOADS),
                                              "download.prompt_for_download": False})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    SHOTS.mkdir(parents=True, exist_ok=True)
    yield driver
    driver.quit()


@pytest.fixture()
def page(browser, base_url):
    """The page freshly opened in English, at desktop size; no script error on the way."""
    browser.set_window_size(1280, 1000)
    browser.get("about:blank")  # no page of the origin open: nothing writes its storage anew
    browser.execute_cdp_cmd("Storage.clearDataForOrigin",
                            {"origin": base_url, "storageTypes": "local_storage"})
    open_page(browser, base_url + "/")
    yield browser
    errors = [entry["message"] for entry in browser.get_log("browser")
              if entry["level"] == "SEVERE" and "Failed to load resource" not in entry["message"]]
    assert not errors, errors  # uncaught errors, Content-Security-Policy refusals


def open_page(browser, url: str) -> None:
    browser.get("about:blank")
    browser.get(url)
    wait(browser, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready"))


def wait(browser, condition, timeout: float = 10):
    try:
        return WebDriverWait(browser, timeout).until(condition)
    except TimeoutException:
        shot(browser, "timeout")
        raise


def shot(browser, name: str) -> None:
    """A screenshot of the whole page (the window made as tall as the page)."""
    width = browser.get_window_size()["width"]
    height = browser.execute_script("return document.documentElement.scrollHeight")
    size = browser.get_window_size()
    browser.set_window_size(width, min(max(height + 140, 600), 6000))
    browser.save_screenshot(str(SHOTS / f"{name}.png"))
    browser.set_window_size(size["width"], size["height"])


def element_shot(browser, selector: str, name: str) -> None:
    """A screenshot of one part of the page (docs/referees.md's pictures come from these)."""
    size = browser.get_window_size()
    browser.set_window_size(1000, 6000)
    css(browser, selector).screenshot(str(SHOTS / f"{name}.png"))
    browser.set_window_size(size["width"], size["height"])


def css(browser, selector: str):
    return browser.find_element(By.CSS_SELECTOR, selector)


def load_example(browser, name: str) -> None:
    shown = browser.find_elements(By.CSS_SELECTOR, "#view .verdict")  # a game shown before
    css(browser, f'[data-example="{name}"]').click()
    if shown:
        wait(browser, staleness_of(shown[0]))
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#result:not([hidden]) .verdict")
         or d.find_elements(By.CSS_SELECTOR, "#input-errors .error"))


def verdict(browser) -> str:
    return css(browser, "#view .verdict").text


def example(name: str) -> dict[str, Any]:
    return json.loads((EXAMPLES / f"{name}.json").read_text(encoding="utf-8"))


def link(kind: str, data: Any, version: int = 2, line: int | None = None) -> str:
    """A shared link made here, as the page makes it: deflate (raw), base64url, and from
    version 2 on a check: the CRC-32 of what stands between "#" and "."."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(json.dumps(data).encode()) + packer.flush()
    text = base64.urlsafe_b64encode(packed).decode().rstrip("=")
    body = f"v{version}/{kind}/{text}" + ("" if line is None else f"/{line + 1}")
    if version == 1:
        return f"#{body}"
    crc = zlib.crc32(body.encode()).to_bytes(4, "big")
    check = base64.urlsafe_b64encode(crc).decode().rstrip("=")
    return f"#{body}.{check}"


# ---- loading the examples ----

@pytest.mark.parametrize(("name", "expected"), [
    ("normal-game", "✔ No violation"),
    ("revoke", "✖ 1 violation"),
    ("late-call", "✖ 1 violation"),
    ("solo-clubs", "✔ No violation"),
    ("marriage", "✔ No violation"),
    ("poverty", "✔ No violation"),
    ("swines", "✔ No violation"),
    ("partial-game", "✔ No violation"),
])
def test_each_example_loads_and_shows_its_verdict(page, name, expected):
    load_example(page, name)
    assert verdict(page) == expected
    data = example(name)
    page.find_element(By.TAG_NAME, "body").send_keys(Keys.HOME)  # the deal
    hands = page.find_elements(By.CSS_SELECTOR, ".table .seat .hand")
    assert len(hands) == 4
    assert len(hands[0].find_elements(By.CSS_SELECTOR, ".card")) == len(data["hands"][0])
    if name == "partial-game":  # unfinished: no score, the legal cards of the next player
        legal = rules.legal_actions(data)
        shown = [c.get_attribute("data-card") for c in
                 page.find_elements(By.CSS_SELECTOR, ".score .next .card")]
        assert shown == list(legal.cards)
    elif name == "revoke":  # the penalty in place of the game
        assert "Dan pays 15 points" in css(page, ".score .penalty").text
    else:
        assert page.find_elements(By.CSS_SELECTOR, ".score table.items tbody tr")
    shot(page, f"example-{name}")


def test_list_example(page, base_url):
    open_page(page, base_url + "/")
    load_example(page, "sitting")
    rows = page.find_elements(By.CSS_SELECTOR, "table.sitting tbody tr.line")
    assert len(rows) == len(example("sitting")["games"])
    faulty = [r.get_attribute("data-game") for r in
              page.find_elements(By.CSS_SELECTOR, "table.sitting tr.faulty")]
    assert faulty == ["1", "5"]  # the revoke, the line that does not add up
    assert all("✖" in r.find_element(By.CSS_SELECTOR, ".status").text for r in
               page.find_elements(By.CSS_SELECTOR, "table.sitting tr.faulty"))
    shot(page, "list")
    element_shot(page, "#result", "list-result")
    page.find_elements(By.CSS_SELECTOR, "button.open-game")[1].click()
    wait(page, lambda d: d.find_elements(By.CSS_SELECTOR, "#back-to-list"))
    assert css(page, ".center .card.marked").get_attribute("data-card") == "CK"
    assert "Anna" in css(page, ".center .slot:has(.card.marked) .slot-name").text
    shot(page, "list-game")
    css(page, "#back-to-list").click()
    wait(page, lambda d: d.find_elements(By.CSS_SELECTOR, "table.sitting"))


def test_house_rules_in_the_list_view(page):
    """The list view marks the house rules (docs/sitting.md, "House rules at the list"):
    where the table changes and who sits at it, the start of the mandatory solo round and
    its games, the bock rounds a game opens; a player not at the table has a blank cell."""
    load_example(page, "house-evening")
    assert verdict(page) == "✔ No fault in the list"  # a list has faults, not violations
    games = page.find_elements(By.CSS_SELECTOR, "table.sitting tbody tr[data-game]")
    assert len(games) == len(example("house-evening")["games"])
    assert not page.find_elements(By.CSS_SELECTOR, "table.sitting tr.faulty")
    changes = [r.text for r in page.find_elements(By.CSS_SELECTOR, "table.sitting tr.table-change")]
    assert changes == ["At the table from game 3: Anna, Ben, Cleo, Dan, Eve",
                       "At the table from game 13: Anna, Ben, Cleo, Dan"]
    assert css(page, "table.sitting tr.solo-round").text == (
        "Mandatory solo round from game 8: a solo each")
    assert len(page.find_elements(By.CSS_SELECTOR, "table.sitting tr.in-solo-round")) == 5
    lines = page.find_elements(By.CSS_SELECTOR, "table.sitting tbody.game")  # with dealer and kind
    assert "round solo (Anna)" in lines[7].text
    assert "opens 2 bock rounds" in lines[1].text
    eve = games[0].find_elements(By.CSS_SELECTOR, "td.num")[4]
    assert "away" in eve.get_attribute("class") and eve.text == ""
    shot(page, "list-house-rules")


def test_house_rules_in_the_german_list_view(page):
    css(page, "#lang").click()
    load_example(page, "house-evening")
    wait(page, lambda d: d.find_element(By.TAG_NAME, "html").get_attribute("lang") == "de")
    assert css(page, "table.sitting tr.solo-round").text == (
        "Pflichtsolorunde ab Spiel 8: ein Solo für jeden")
    text = css(page, "main").text
    found = [text[max(0, m.start() - 60):m.end() + 20] for m in ENGLISH.finditer(text)]
    assert not found, found


# ---- the table: see the tests at the end of this module ----

def test_phone_sized_window(page):
    page.set_window_size(390, 844)
    load_example(page, "revoke")
    overflow = page.execute_script(
        "return document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"the page is {overflow}px wider than a phone"
    assert css(page, ".center .card.marked").is_displayed()
    shot(page, "phone-revoke")
    css(page, ".table-view").location_once_scrolled_into_view  # noqa: B018  (scrolls)
    page.save_screenshot(str(SHOTS / "phone-revoke-trick.png"))  # what the phone shows


# ---- entering a game by clicks ----

def offered(browser) -> list[str]:
    return sorted({b.get_attribute("data-card")
                  for b in browser.find_elements(By.CSS_SELECTOR, ".entry-hand button.card")
                  if b.is_enabled()})


def wait_for_board(browser, played: int) -> dict[str, Any]:
    """The transcript once the page has the check's answer for `played` events."""
    def ready(d):
        data = json.loads(d.find_element(By.ID, "input").get_attribute("value") or "{}")
        board = d.find_elements(By.CSS_SELECTOR, "#entry-board .to-play, #entry-board .entry-done")
        return data if board and len(data.get("play", [])) == played else False
    return wait(browser, ready)


def test_entering_a_game_by_clicks_offers_only_legal_cards(page):
    css(page, '#entry-ruleset option[value="ddv"]').click()
    css(page, "#entry-random").click()
    rng = random.Random(7)
    for played in range(48):
        transcript = wait_for_board(page, played)
        # The rules core, not the page, says what is legal here.
        legal = rules.legal_actions(transcript)
        assert offered(page) == sorted(set(legal.cards)), f"after {played} cards"
        assert_hand_as_held(page, transcript, legal)
        assert "Only the legal cards" in css(page, "#entry-board .to-play").text
        choices = [b for b in page.find_elements(By.CSS_SELECTOR, ".entry-hand button.card")
                   if b.is_enabled()]
        rng.choice(choices).click()
    transcript = wait_for_board(page, 48)
    assert css(page, "#entry-board .entry-done").text == "All cards played."
    assert rules.check(transcript).valid
    assert verdict(page) == "✔ No violation"
    assert page.find_elements(By.CSS_SELECTOR, ".score table.seats tbody tr")
    shot(page, "entered-game")
    saved = DOWNLOADS / "game.json"
    saved.unlink(missing_ok=True)
    css(page, "#entry-download").click()
    wait(page, lambda d: saved.exists() and saved.stat().st_size > 0)
    assert json.loads(saved.read_text(encoding="utf-8")) == transcript


def test_entering_a_game_without_nines(page):
    """Seed 003 'Ohne Neunen': mittwoch deals 40 cards, and the page says so; seed 002 1:
    'Optional can FreeDoko be played without nines': chosen beside the ruleset, the deal
    has ten cards a hand, the transcript names freedoko with with_nines false, and the
    verdict shows the pack and the note on the moved deadlines (seed 002 8.1)."""
    css(page, '#entry-ruleset option[value="mittwoch"]').click()
    wait(page, lambda d: css(d, "#entry-pack").get_attribute("value") == "40")
    css(page, '#entry-ruleset option[value="freedoko"]').click()
    wait(page, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#entry-solo option")) == 12
         and css(d, "#entry-pack").get_attribute("value") == "48")
    css(page, '#entry-pack option[value="40"]').click()
    css(page, "#entry-random").click()
    transcript = wait_for_board(page, 0)
    assert transcript["ruleset"] == {"preset": "freedoko", "options": {"with_nines": False}}
    assert [len(hand) for hand in transcript["hands"]] == [10, 10, 10, 10]
    assert not [card for hand in transcript["hands"] for card in hand if card.endswith("9")]
    rng = random.Random(11)
    for played in range(40):
        transcript = wait_for_board(page, played)
        assert offered(page) == sorted(set(rules.legal_actions(transcript).cards))
        choices = [b for b in page.find_elements(By.CSS_SELECTOR, ".entry-hand button.card")
                   if b.is_enabled()]
        rng.choice(choices).click()
    transcript = wait_for_board(page, 40)
    assert rules.check(transcript).valid
    assert verdict(page) == "✔ No violation"
    facts = css(page, "#view .facts").text
    assert "Cards: 40, without nines" in facts and "with_nines: false" in facts
    assert "moved by the difference in hand size" in css(page, "#view .notes").text
    shot(page, "entered-game-without-nines")


def test_recording_what_happened_accepts_any_card_and_marks_the_fault(page):
    # The revoke's deal: Dan may not play ♣K on Cleo's ♥9, but a record takes it.
    game = example("revoke")
    css(page, "#input").clear()
    page.execute_script("document.querySelector('#input').value = arguments[0]",
                        json.dumps(game))
    css(page, "#entry-record").click()
    css(page, "#entry-pasted").click()
    for played, event in enumerate(game["play"][:12]):
        wait_for_board(page, played)
        if "announce" in event:
            css(page, f'#record-seat option[value="{event["seat"]}"]').click()
            css(page, f'#record-call option[value="{event["announce"]}"]').click()
            css(page, "#record-call-button").click()
        else:
            css(page, f'.entry-hand button.card[data-card="{event["card"]}"]').click()
    wait_for_board(page, 12)
    assert verdict(page) == "✖ 1 violation"
    assert [m.get_attribute("data-card") for m in
            page.find_elements(By.CSS_SELECTOR, ".center .card.marked")] == ["CK"]
    shot(page, "recorded-revoke")


# ---- hands in the order a player holds them ----

def core_held(transcript: dict[str, Any], events: int, cards: list[str]) -> list[str]:
    """``cards`` as the rules core holds them after the first ``events`` events."""
    state = rules.Game.from_transcript({**transcript, "play": transcript["play"][:events]}).state
    return [NAMES[c] for c in state.order.as_held(BY_NAME[c] for c in cards)]


def assert_hand_as_held(browser, transcript: dict[str, Any], legal: rules.LegalActions) -> None:
    """The entry board shows the hand of the seat to play as the core holds it, and the
    cards it offers in the order of the answer's legal cards."""
    hand = list(transcript["hands"][legal.seat])
    for event in transcript["play"]:
        if event.get("seat") == legal.seat and "card" in event:
            hand.remove(event["card"])
    buttons = browser.find_elements(By.CSS_SELECTOR, ".entry-hand button.card")
    shown = [b.get_attribute("data-card") for b in buttons]
    assert shown == core_held(transcript, len(transcript["play"]), hand)
    enabled = [b.get_attribute("data-card") for b in buttons if b.is_enabled()]
    assert list(dict.fromkeys(enabled)) == list(legal.cards)


def test_the_page_orders_cards_as_the_core_does(page):
    """order.js against ranking.py: every game kind, with and without ♥10 trumps and nines,
    swines and hyperswines shown or not."""
    combos = [[kind, dollen, nines, swines, hyper]
              for kind in ["normal", *COLOUR_SOLO_SUIT, *PICTURE_SOLO_RANKS]
              for dollen in (True, False) for nines in (True, False)
              for swines in (False, True) for hyper in (False, True)]
    orders = page.execute_async_script(
        "const [combos, done] = arguments;"
        "import('/assets/js/order.js').then(m => done(combos.map("
        "  ([kind, dollen, withNines, swines, hyperswines]) =>"
        "    m.heldOrder(kind, {dollen, withNines, swines, hyperswines}))));", combos)
    for (kind, dollen, nines, swines, hyper), got in zip(combos, orders, strict=True):
        suit = COLOUR_SOLO_SUIT.get(kind, DIAMONDS)
        order = order_for(kind, dollen=dollen, swines=swines,
                          hyperswine=code(suit, NINE if nines else KING) if hyper else None)
        want = [NAMES[c] for c in order.as_held(range(N_CODES))]
        assert got == want, (kind, dollen, nines, swines, hyper)


def test_the_hands_are_held_as_the_game_stands_at_each_step(page):
    """Mittwoch shows the swines at the first swine played: the holder's hand holds the ♦A
    among the diamonds before, above the ♥10 from the showing on, as the core does."""
    game = legal_game(("swines", ""), resolve("mittwoch"), PortableRandom(2))
    show = next(i for i, e in enumerate(game["play"]) if "show" in e)
    holder = game["play"][show]["seat"]
    page.execute_script("document.querySelector('#input').value = arguments[0]",
                        json.dumps(game))
    css(page, "#check").click()
    wait(page, lambda d: d.find_elements(By.CSS_SELECTOR, "#result:not([hidden]) .verdict"))
    assert verdict(page) == "✔ No violation"
    steps = replay_table(page)
    assert_steps_follow_the_core(game, steps)
    tops = [(step["event"], step["hands"][holder][:1]) for step in steps if step["kind"] == "event"]
    assert all(top != ["DA"] for event, top in tops if event < show)
    assert "DA" in [top[0] for event, top in tops if event >= show and top]


def test_entering_a_solo_holds_the_solo_order(page):
    """A ♥ solo (TSR 2.3.5): the hand shown as held in it, the ♦ a plain suit."""
    css(page, '#entry-ruleset option[value="ddv"]').click()
    css(page, '#entry-type option[value="solo"]').click()
    wait(page, lambda d: d.find_elements(By.CSS_SELECTOR, '#entry-solo option[value="hearts"]'))
    css(page, '#entry-solo option[value="hearts"]').click()
    css(page, "#entry-random").click()
    rng = random.Random(3)
    for played in range(8):
        transcript = wait_for_board(page, played)
        assert transcript["game"]["solo"] == "hearts"
        assert_hand_as_held(page, transcript, rules.legal_actions(transcript))
        rng.choice([b for b in page.find_elements(By.CSS_SELECTOR, ".entry-hand button.card")
                    if b.is_enabled()]).click()
    shot(page, "entered-heart-solo")


# ---- shared links ----

def test_continuing_an_unfinished_game(page):
    load_example(page, "partial-game")
    css(page, "#entry-continue").click()
    data = wait_for_board(page, len(example("partial-game")["play"]))
    legal = rules.legal_actions(data)
    assert offered(page) == sorted(set(legal.cards))
    assert css(page, "#entry-board .to-play").text.startswith(f"{legal.name} to play")
    css(page, "#entry-undo").click()
    wait_for_board(page, len(example("partial-game")["play"]) - 1)


def test_a_shared_link_opens_the_same_verdict(page, base_url):
    load_example(page, "revoke")
    css(page, "#share-button").click()
    field = wait(page, lambda d: d.find_element(By.ID, "share-link").get_attribute("value"))
    assert "#v2/game/" in field
    assert page.current_url == field  # the address is the link of what is shown
    open_page(page, field)
    wait(page, lambda d: d.find_elements(By.CSS_SELECTOR, "#view .verdict"))
    assert verdict(page) == "✖ 1 violation"
    assert css(page, ".center .card.marked").get_attribute("data-card") == "CK"
    # A link made elsewhere (here by Python's zlib) opens too.
    open_page(page, base_url + "/" + link("game", example("normal-game")))
    wait(page, lambda d: d.find_elements(By.CSS_SELECTOR, "#view .verdict"))
    assert verdict(page) == "✔ No violation"
    assert not page.find_elements(By.CSS_SELECTOR, ".unchecked-link")
    shot(page, "shared-link")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_link_made_before_the_check_opens_marked_as_unchecked(page, base_url, lang):
    if lang == "de":
        css(page, "#lang").click()
    open_page(page, base_url + "/" + link("game", example("revoke"), version=1))
    wait(page, lambda d: d.find_elements(By.CSS_SELECTOR, "#view .verdict"))
    assert verdict(page) == ("✖ 1 violation" if lang == "en" else "✖ 1 Regelverstoß")
    note = css(page, ".unchecked-link").text
    assert ("older link without a check" if lang == "en" else "älteren Link ohne Prüfsumme") in note
    assert "#v1/game/" in page.current_url  # kept as it was opened
    shot(page, f"unchecked-link-{lang}")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_damaged_link_says_so_and_shows_nothing(page, base_url, lang):
    if lang == "de":
        css(page, "#lang").click()
    good = link("game", example("revoke"))
    half = len(good) // 2
    cut = good[:half] + ("A" if good[half] != "A" else "B") + good[half + 1:]
    open_page(page, base_url + "/" + cut)
    message = wait(page, lambda d: css(d, "#input-errors").text)
    assert ("This link is damaged" if lang == "en" else "Dieser Link ist beschädigt") in message
    assert css(page, "#result").get_attribute("hidden")
    shot(page, f"damaged-link-{lang}")


def address(browser, part: str) -> str:
    return wait(browser, lambda d: part in d.current_url and d.current_url)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_back_and_forward_move_between_the_views(page, base_url, lang):
    if lang == "de":
        css(page, "#lang").click()
    bad = "✖ 1 violation" if lang == "en" else "✖ 1 Regelverstoß"
    start = page.current_url
    assert "#" not in start
    load_example(page, "revoke")
    game = address(page, "#v2/game/")
    load_example(page, "sitting")
    listed = address(page, "#v2/list/")
    css(page, 'table.sitting tr[data-game="1"] .open-game').click()
    line = address(page, "/2.")
    assert css(page, "#back-to-list")
    assert verdict(page) == bad
    page.back()
    wait(page, lambda d: d.current_url == listed and d.find_elements(By.CSS_SELECTOR, ".sitting"))
    page.back()
    wait(page, lambda d: d.current_url == game and d.find_elements(By.CSS_SELECTOR, ".table .seat"))
    assert verdict(page) == bad
    page.back()
    wait(page, lambda d: d.current_url == start and css(d, "#result").get_attribute("hidden"))
    page.forward()
    wait(page, lambda d: d.current_url == game and not css(d, "#result").get_attribute("hidden"))
    # another game: the address follows it
    load_example(page, "normal-game")
    assert address(page, "#v2/game/") != game
    # a game of a list opens from its address, with the way back to its list
    open_page(page, line)
    wait(page, lambda d: d.find_elements(By.ID, "back-to-list"))
    assert verdict(page) == bad
    css(page, "#back-to-list").click()
    wait(page, lambda d: d.current_url == listed)
    # a broken box: nothing shown, and the address names nothing
    css(page, "#input").clear()
    css(page, "#input").send_keys("{")
    css(page, "#check").click()
    wait(page, lambda d: "#" not in d.current_url and css(d, "#result").get_attribute("hidden"))
    page.back()
    wait(page, lambda d: d.current_url == listed and d.find_elements(By.CSS_SELECTOR, ".sitting"))


# The page's own decoder, run on edits of a link: each either says the link is damaged
# (or of another version, or no link), or gives exactly what was shared.
EDITS = """
const [hash, count, seed, done] = arguments;
import("/assets/js/share.js").then(async ({decode}) => {
  const original = (await decode(hash)).text;
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_./#";
  let x = seed;
  const next = n => { x = (x * 1103515245 + 12345) % 2147483648; return x % n; };
  const outcomes = {damaged: 0, other: 0, none: 0, same: 0, another: []};
  for (let i = 0; i < count; i++) {
    const at = 1 + next(hash.length - 1);
    const kind = next(3);
    let c = alphabet[next(alphabet.length)];
    if (kind === 0) while (c === hash[at]) c = alphabet[next(alphabet.length)];
    const edited = kind === 0 ? hash.slice(0, at) + c + hash.slice(at + 1)
      : kind === 1 ? hash.slice(0, at) + c + hash.slice(at)
      : hash.slice(0, at) + hash.slice(at + 1);
    if (edited === hash) { outcomes.same++; continue; }
    try {
      const shared = await decode(edited);
      if (shared === null) outcomes.none++;
      else if (shared.text === original) outcomes.same++;
      else outcomes.another.push(edited);
    } catch (error) {
      if (error.key === "link_damaged") outcomes.damaged++; else outcomes.other++;
    }
  }
  done(outcomes);
});
"""


def test_no_edit_of_one_character_shows_another_game(page, base_url):
    load_example(page, "revoke")
    hash_ = wait(page, lambda d: "#v2/" in d.current_url
                 and d.execute_script("return location.hash"))
    page.set_script_timeout(60)
    outcomes = page.execute_async_script(EDITS, hash_, 300, 29)
    assert outcomes["another"] == []
    assert outcomes["damaged"] > 250, outcomes
    # and the page itself, on a few of them
    for at in (5, 9, len(hash_) // 2, len(hash_) - 3):
        edited = hash_[:at] + ("x" if hash_[at] != "x" else "y") + hash_[at + 1:]
        open_page(page, base_url + "/" + edited)
        wait(page, lambda d: css(d, "#input-errors").text)
        assert css(page, "#result").get_attribute("hidden"), edited


def test_a_link_naming_an_unknown_ruleset_says_so(page, base_url):
    game = {**example("normal-game"), "ruleset": "clubhaus"}
    open_page(page, base_url + "/" + link("game", game))
    message = wait(page, lambda d: css(d, "#input-errors").text)
    assert "ruleset “clubhaus”, which this service does not know" in message
    assert "ddv" in message
    shot(page, "unknown-ruleset-link")


def test_a_link_of_another_format_version_says_so(page, base_url):
    open_page(page, base_url + "/" + link("game", example("normal-game"), version=9))
    message = wait(page, lambda d: css(d, "#input-errors").text)
    assert "format version 9" in message


# ---- language ----

def test_switching_language(page):
    load_example(page, "revoke")
    css(page, "#lang").click()
    assert css(page, "h1").text == "Doppelkopf-Schiedsrichter"
    assert css(page, "#lang").text == "English"  # the way back, in its own language
    assert page.find_element(By.TAG_NAME, "html").get_attribute("lang") == "de"
    assert verdict(page) == "✖ 1 Regelverstoß"
    assert css(page, ".step-label").text == "Stich 3 von 12, 2. Karte"
    card = css(page, ".center .card.marked")
    assert card.get_attribute("aria-label") == "Kreuz-König ⚠"
    assert card.text.replace("\n", "") == "♣K⚠"
    # the code's German meaning
    assert "Falsch bedient" in css(page, ".center .last-event.marked").text
    shot(page, "german")
    # The choice is kept for the next visit.
    page.refresh()
    wait(page, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready"))
    assert css(page, "h1").text == "Doppelkopf-Schiedsrichter"
    css(page, "#lang").click()
    assert css(page, "h1").text == "Doppelkopf referee"


# English words that have no place on the German page (a small list is enough).
ENGLISH = re.compile(r"\b(the|and|played|trick|cards?|while|holding|team|seat|not|under|"
                     r"game|rules|too|late|points|which|without|partner|lead|won|score|"
                     r"contra|no\d0|black)\b", re.I)


@pytest.mark.parametrize("name", ["revoke", "late-call", "poverty", "sitting"])
def test_the_german_page_shows_no_english(page, name):
    """Every text the page shows, its own and the service's answer, in German."""
    css(page, "#lang").click()
    load_example(page, name)
    wait(page, lambda d: d.find_element(By.TAG_NAME, "html").get_attribute("lang") == "de")
    text = css(page, "main").text
    found = [text[max(0, m.start() - 60):m.end() + 20] for m in ENGLISH.finditer(text)]
    assert not found, found
    shot(page, f"german-{name}")


def test_switching_language_asks_the_answer_again(page):
    """The violations shown were said in English; after the switch they are German."""
    load_example(page, "revoke")
    assert "Dan played ♣K" in css(page, "#view").text
    css(page, "#lang").click()
    wait(page, lambda d: "falsch bedient" in css(d, "#view").text)
    assert "Dan played" not in css(page, "#view").text


# ---- a tournament day ----

@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_tournament_day_shows_its_standing_tables_and_places(page, lang):
    """tournament.md: the standing of the preliminary rounds, each table's list (opening in
    the list view), the final places; in German with no English left."""
    if lang == "de":
        css(page, "#lang").click()
    text = (ROOT / "examples" / "tournament-doko2026.json").read_text(encoding="utf-8")
    page.execute_script("document.querySelector('#input').value = arguments[0]", text)
    css(page, "#check").click()
    wait(page, lambda d: d.find_elements(By.CSS_SELECTOR, "#view .places li"))
    shown = css(page, "#view").text
    assert len(page.find_elements(By.CSS_SELECTOR, "#view .standing tr")) > 9
    assert len(page.find_elements(By.CSS_SELECTOR, "#view .places li")) == 9
    if lang == "de":
        found = [shown[max(0, m.start() - 40):m.end() + 20] for m in ENGLISH.finditer(shown)]
        assert not found, found
    shot(page, f"tournament-{lang}")
    css(page, "#view .open-table").click()
    wait(page, lambda d: d.find_elements(By.CSS_SELECTOR, "#back-to-day"))
    css(page, "#back-to-day").click()
    wait(page, lambda d: d.find_elements(By.CSS_SELECTOR, "#view .places li"))


def test_drawing_the_tables_on_the_page(page):
    """tournament.md: the draw from a published seed, as POST /v1/tournaments/draw gives it:
    16 participants over 5 rounds meet nobody twice."""
    css(page, "#draw summary").click()
    names = "\n".join(f"P{i}" for i in range(16))
    page.execute_script("document.querySelector('#draw-names').value = arguments[0]", names)
    rounds = css(page, "#draw-rounds")
    rounds.clear()
    rounds.send_keys("5")
    css(page, "#draw-seed").send_keys("Club day 2026")
    css(page, "#draw-go").click()
    wait(page, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#draw-result h4")) == 5)
    tables = page.find_elements(By.CSS_SELECTOR, "#draw-result li")
    assert len(tables) == 20  # 5 rounds of 4 tables
    assert css(page, "#draw-result p").text == "Players meeting again: 0"
    shot(page, "draw")


# ---- broken input ----

def test_a_broken_file_shows_where_it_breaks(page, tmp_path):
    broken = tmp_path / "broken.json"
    broken.write_text('{\n  "ruleset": "ddv",\n  "dealer": 3,\n  "hands": [["CQ",]\n}\n')
    css(page, "#file").send_keys(str(broken))
    message = wait(page, lambda d: css(d, "#input-errors").text)
    assert message.startswith("✖ Not valid JSON")
    assert "line 4, column 19" in message
    assert css(page, "#result").get_attribute("hidden") is not None
    shot(page, "broken-file")


def test_a_file_dropped_on_the_page_is_checked(page):
    page.execute_script(
        "const data = new DataTransfer();"
        "data.items.add(new File([arguments[0]], 'game.json', {type: 'application/json'}));"
        "document.querySelector('#load').dispatchEvent("
        "  new DragEvent('drop', {dataTransfer: data, bubbles: true, cancelable: true}));",
        (EXAMPLES / "revoke.json").read_text(encoding="utf-8"))
    wait(page, lambda d: d.find_elements(By.CSS_SELECTOR, "#result:not([hidden]) .verdict"))
    assert verdict(page) == "✖ 1 violation"


def test_field_errors_are_shown_at_their_place(page, tmp_path):
    game = example("normal-game")
    game["dealer"] = 7
    game["play"][3]["seat"] = "three"
    text = json.dumps(game, indent=1)
    bad = tmp_path / "bad.json"
    bad.write_text(text)
    css(page, "#file").send_keys(str(bad))
    wait(page, lambda d: d.find_elements(By.CSS_SELECTOR, "#input-errors .field-error"))
    errors = {b.get_attribute("data-pointer"): b.text
              for b in page.find_elements(By.CSS_SELECTOR, "#input-errors .field-error")}
    assert set(errors) == {"/dealer", "/play/3/seat"}
    line = text[:text.index('"dealer"')].count("\n") + 1
    assert f"/dealer (line {line}, column" in errors["/dealer"]
    # A click selects the field in the text.
    page.find_element(By.CSS_SELECTOR, '#input-errors .field-error[data-pointer="/dealer"]').click()
    selected = page.execute_script(
        "const i = document.querySelector('#input');"
        "return i.value.slice(i.selectionStart, i.selectionEnd)")
    assert selected == "7"
    shot(page, "field-errors")


# ---- the API description ----

def test_docs_render_the_openapi_description(page, base_url):
    open_docs = page.get(base_url + "/docs")
    assert open_docs is None
    title = wait(page, lambda d: d.find_elements(By.CSS_SELECTOR, ".swagger-ui .info .title"))
    assert "Doppelkopf transcript checker" in title[0].text
    wait(page, lambda d: d.find_elements(By.CSS_SELECTOR, ".opblock-summary-path"))
    paths = {e.text.replace("\u200b", "")
             for e in page.find_elements(By.CSS_SELECTOR, ".opblock-summary-path")}
    assert "/v1/games/check" in paths
    shot(page, "docs")


@pytest.mark.parametrize(("width", "lang"), [(1280, "en"), (390, "de")])
def test_docs_try_it_out_calls_this_server(page, base_url, width, lang):
    """The description names its server relative to the page, so "Try it out" calls the
    origin /docs was opened from (the page's policy allows only that one); at desktop and
    phone size, and with the page's language German (Swagger UI itself speaks English)."""
    page.set_window_size(width, 1000)
    if lang == "de":
        css(page, "#lang").click()
    page.get(base_url + "/docs")
    block = wait(page, lambda d: d.find_elements(By.ID, "operations-rulesets-listRulesets"))[0]
    servers = page.find_elements(By.CSS_SELECTOR, ".servers select option")
    assert [o.get_attribute("value") for o in servers] in ([], ["/"])
    block.find_element(By.CSS_SELECTOR, ".opblock-summary-control, .opblock-summary").click()
    wait(page, lambda d: block.find_elements(By.CSS_SELECTOR, ".try-out__btn"))[0].click()
    wait(page, lambda d: block.find_elements(By.CSS_SELECTOR, ".execute"))[0].click()
    live = ".live-responses-table tr.response"
    row = wait(page, lambda d: block.find_elements(By.CSS_SELECTOR, live))[0]
    assert row.find_element(By.CSS_SELECTOR, ".response-col_status").text.strip() == "200"
    assert '"ddv"' in row.find_element(By.CSS_SELECTOR, ".response-col_description pre").text
    assert block.find_element(By.CSS_SELECTOR, ".request-url pre").text == base_url + "/v1/rulesets"
    shot(page, f"docs-try-it-out-{width}")


@pytest.mark.parametrize(("operation", "example"),
                         [("games-checkGame", "FullGame"), ("sittings-checkSitting", "Sitting"),
                          ("tournaments-drawTournament", "Draw")])
def test_docs_try_it_out_starts_from_a_real_request(page, base_url, operation, example):
    """"Try it out" fills the body with the contract's example (examples/), not a skeleton
    generated from the schema, and the service answers it with 200."""
    import yaml

    spec = yaml.safe_load((ROOT / "openapi.yaml").read_text(encoding="utf-8"))
    expected = spec["components"]["examples"][example]["value"]
    page.get(base_url + "/docs")
    block = wait(page, lambda d: d.find_elements(By.ID, f"operations-{operation}"))[0]
    block.find_element(By.CSS_SELECTOR, ".opblock-summary-control, .opblock-summary").click()
    wait(page, lambda d: block.find_elements(By.CSS_SELECTOR, ".try-out__btn"))[0].click()
    body = wait(page, lambda d: block.find_elements(By.CSS_SELECTOR, "textarea.body-param__text"))
    assert json.loads(body[0].get_attribute("value")) == expected
    block.find_element(By.CSS_SELECTOR, ".execute").click()
    live = ".live-responses-table tr.response"
    row = wait(page, lambda d: block.find_elements(By.CSS_SELECTOR, live), timeout=20)[0]
    assert row.find_element(By.CSS_SELECTOR, ".response-col_status").text.strip() == "200"


# ---- contrast under the pointer and in focus ----

# Every visible, enabled button's label against what lies under it, hovered and focused,
# in one pass in the page: (state, label, ratio, colour, background). The WCAG 2 contrast
# ratio of the computed colours, the backgrounds of the node and its ancestors laid over
# white. Hovering is the page's own :hover rules copied once under a class (.force-hover)
# and that class set on one button at a time; a real pointer over the check button holds
# the copy to the real thing (see the test).
CONTRAST = """
const parse = s => {
  const m = s.match(/[\\d.]+/g).map(Number);
  return m.length > 3 ? m : [...m, 1];
};
const contrast = node => {
  const layers = [];
  for (let n = node; n; n = n.parentElement) {
    const c = parse(getComputedStyle(n).backgroundColor);
    if (c[3] > 0) { layers.push(c); if (c[3] >= 1) break; }
  }
  let bg = [255, 255, 255];
  for (const c of layers.reverse()) bg = bg.map((v, i) => c[i] * c[3] + v * (1 - c[3]));
  const f = parse(getComputedStyle(node).color);
  const fg = f.slice(0, 3).map((v, i) => v * f[3] + bg[i] * (1 - f[3]));
  const linear = v => (v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  const lum = rgb => rgb.map(linear)
    .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
  const [hi, lo] = [lum(fg), lum(bg)].sort((x, y) => y - x);
  return [(hi + 0.05) / (lo + 0.05), getComputedStyle(node).color, bg.map(Math.round).join(",")];
};
const sheet = [...document.styleSheets].find(s => (s.href || "").endsWith("/app.css"));
if (!sheet.forcedHover) {
  const copies = [];
  const walk = (rules, media) => {
    for (const rule of rules) {
      if (rule.media && rule.cssRules) walk(rule.cssRules, rule.media.mediaText);
      else if ((rule.selectorText || "").includes(":hover")) {
        copies.push([rule.cssText.replace(/:hover/g, ".force-hover"), media]);
      }
    }
  };
  walk(sheet.cssRules, null);
  for (const [text, media] of copies) {
    sheet.insertRule(media ? `@media ${media} { ${text} }` : text, sheet.cssRules.length);
  }
  sheet.forcedHover = true;
}
const only = arguments[0];
const found = [];
for (const button of only ? [document.querySelector(only)] : document.querySelectorAll("button")) {
  if (button.disabled || !button.checkVisibility()) continue;
  const label = button.textContent.trim() || button.getAttribute("aria-label") || button.id;
  button.classList.add("force-hover");
  found.push(["hover", label, ...contrast(button)]);
  button.classList.remove("force-hover");
  button.focus({preventScroll: true});
  found.push(["focus", label, ...contrast(button)]);
  button.blur();
}
return found;
"""


def contrast_of_buttons(browser, only: str | None = None) -> list[tuple[str, str, float, str, str]]:
    """Every visible, enabled button (or the one `only` names) hovered, then focused."""
    found = browser.execute_script(CONTRAST, only)
    assert found
    return found


def low_contrast(browser) -> list[tuple[str, str, float, str, str]]:
    """The buttons whose label falls below 4.5:1 hovered or focused (WCAG 1.4.3)."""
    return [f for f in contrast_of_buttons(browser) if f[2] < 4.5]


def test_no_browser_needed_to_import_this_module():
    assert shutil.which("chromium") or Path(CHROMIUM).exists()


# ---- the table: a game replayed the way it was played ----

SIZES = {"desktop": (1280, 1000), "phone": (390, 844), "wide": (1366, 900)}
GAMES = [
    "normal-game",
    "revoke",
    "late-call",
    "solo-clubs",
    "marriage",
    "poverty",
    "swines",
    "partial-game",
]

# Every step of the game shown, as the page shows it: the step's kind and event, the hands
# (cards as held), the running card points. Stepped with the page's own keys.
REPLAY = """
const key = (k) => document.body.dispatchEvent(
  new KeyboardEvent("keydown", {key: k, bubbles: true}));
key("Home");
const steps = [];
for (let guard = 0; guard < 400; guard++) {
  const table = document.querySelector(".table");
  const running = document.querySelector(".center .running");
  const event = table.dataset.event;
  const hand = (s) => [...table.querySelectorAll(`.seat[data-seat="${s}"] .hand .card`)];
  steps.push({kind: table.dataset.kind, event: event === undefined ? null : Number(event),
              step: Number(table.dataset.step),
              hands: [0, 1, 2, 3].map(s => hand(s).map(c => c.dataset.card)),
              re: Number(running.dataset.re), contra: Number(running.dataset.contra)});
  if (document.querySelector(".step-buttons .next").disabled) break;
  key("ArrowRight");
}
return steps;
"""


def replay_table(browser) -> list[dict[str, Any]]:
    return browser.execute_script(REPLAY)


def core_hands(transcript: dict[str, Any], kind: str, event: int | None) -> list[list[str]]:
    """The four hands as the rules core holds them at a step: as dealt before the poverty
    exchange, after it (and after each event) as the core's state has them."""
    play = transcript["play"][: event + 1] if kind == "event" else []
    state = rules.Game.from_transcript({**transcript, "play": play}).state
    if kind in ("deal", "reservations"):
        return [
            [NAMES[c] for c in state.order.as_held(BY_NAME[c] for c in hand)]
            for hand in transcript["hands"]
        ]
    return [
        [
            NAMES[c]
            for c in state.order.as_held(
                c for c in range(N_CODES) for _ in range(state.held[seat][c])
            )
        ]
        for seat in range(4)
    ]


def assert_steps_follow_the_core(transcript: dict[str, Any], steps: list[dict[str, Any]]) -> None:
    checked = rules.check(transcript)
    teams = {seat: "re" for seat in checked.game.re} | {
        seat: "contra" for seat in checked.game.contra
    }
    events = [s["event"] for s in steps if s["kind"] == "event"]
    assert events == list(range(len(transcript["play"])))  # every event, one step each
    for step in steps:
        assert step["hands"] == core_hands(transcript, step["kind"], step["event"]), step
        cards = sum(
            1
            for e in transcript["play"][: (step["event"] + 1 if step["event"] is not None else 0)]
            if "card" in e
        )
        points = {"re": 0, "contra": 0}
        for trick in checked.tricks[: cards // 4]:
            points[teams[trick.winner]] += trick.points
        assert (step["re"], step["contra"]) == (points["re"], points["contra"]), step


@pytest.mark.parametrize("name", [*GAMES, "sitting/0", "sitting/1"])
def test_every_example_replays_card_by_card_as_the_core_holds_the_hands(page, name):
    """Each shipped example (the games of the list too), stepped from the deal to the last
    card: at every step the four hands shown are the core's (the poverty's exchange
    included), in the core's order, and the running card points are the tricks' so far."""
    if name.startswith("sitting/"):
        index = int(name.split("/")[1])
        load_example(page, "sitting")
        with_transcripts = [
            i for i, g in enumerate(example("sitting")["games"]) if "transcript" in g
        ]
        game_index = with_transcripts[index]
        page.find_elements(By.CSS_SELECTOR, "button.open-game")[index].click()
        wait(page, lambda d: d.find_elements(By.CSS_SELECTOR, "#back-to-list"))
        listed = example("sitting")
        transcript = {"ruleset": listed["ruleset"], **listed["games"][game_index]["transcript"]}
    else:
        load_example(page, name)
        transcript = example(name)
    steps = replay_table(page)
    assert steps[0]["kind"] == "deal"
    assert_steps_follow_the_core(transcript, steps)
    if name == "poverty":
        kinds = [s["kind"] for s in steps]
        assert kinds[:3] == ["deal", "reservations", "exchange"]
        assert steps[-1]["hands"] == [[], [], [], []]  # trick 12: every hand played out
        at_12 = [
            s
            for s in steps
            if s["kind"] == "event"
            and sum(1 for e in transcript["play"][: s["event"] + 1] if "card" in e) == 44
        ]
        assert all(len(hand) <= 1 for hand in at_12[-1]["hands"])


def set_up(browser, base_url, size: str, lang: str) -> None:
    browser.set_window_size(*SIZES[size])
    if lang == "de":
        css(browser, "#lang").click()
        wait(browser, lambda d: d.find_element(By.TAG_NAME, "html").get_attribute("lang") == "de")


def no_overflow(browser) -> None:
    overflow = browser.execute_script(
        "return document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    assert overflow <= 0, f"the page is {overflow}px wider than the window"


def press(browser, *keys: str) -> None:
    body = browser.find_element(By.TAG_NAME, "body")
    for key in keys:
        body.send_keys(key)


def seat_text(browser, seat: int) -> str:
    return css(browser, f'.table .seat[data-seat="{seat}"] .seat-name').text


WORDS = {
    "en": {
        "trick_1_1": "Trick 1 of 12, card 1",
        "trick_1_4": "Trick 1 of 12, card 4",
        "trick_2_4": "Trick 2 of 12, card 4",
        "dealer": "dealer",
        "deal": "The deal",
        "contra": "Contra",
        "contra_call": "contra",
        "no90": "no 90",
        "re": "Re",
        "passes": "Ben passes 3 cards to Dan:",
        "returns": "Dan returns 3 cards to Ben:",
        "declines": "Cleo: declines",
        "takes": "Dan: takes the poverty",
        "deciding": "Trick 2 decides the marriage: Dan plays with Cleo.",
        "shows": "announces swines",
        "marriage": "marriage",
        "reservations": "Reservations and the game",
    },
    "de": {
        "trick_1_1": "Stich 1 von 12, 1. Karte",
        "trick_1_4": "Stich 1 von 12, 4. Karte",
        "trick_2_4": "Stich 2 von 12, 4. Karte",
        "dealer": "Geber",
        "deal": "Das Blatt",
        "contra": "Kontra",
        "contra_call": "Kontra",
        "no90": "keine 90",
        "re": "Re",
        "passes": "Ben gibt Dan 3 Karten:",
        "returns": "Dan gibt Ben 3 Karten zurück:",
        "declines": "Cleo: lehnt ab",
        "takes": "Dan: nimmt die Armut",
        "deciding": "Stich 2 entscheidet die Hochzeit: Dan spielt mit Cleo.",
        "shows": "sagt an: Schweine",
        "marriage": "Hochzeit",
        "reservations": "Vorbehalte und Spiel",
    },
}
LAYOUTS = [("desktop", "en"), ("phone", "de"), ("desktop", "de"), ("phone", "en")]


@pytest.mark.parametrize(("size", "lang"), LAYOUTS)
def test_the_table_steps_by_card_and_by_trick(page, base_url, size, lang):
    """Four seats around the table with names, the dealer, the calls where they were made
    and the teams once known; the trick in the middle; ← → a card, Page Up/Down a trick,
    Home/End; the running card points."""
    words = WORDS[lang]
    set_up(page, base_url, size, lang)
    load_example(page, "normal-game")
    game = example("normal-game")
    assert len(page.find_elements(By.CSS_SELECTOR, ".table .seat")) == 4
    assert css(page, ".step-label").text == words["deal"]
    assert words["dealer"] in seat_text(page, game["dealer"])
    for seat, name in enumerate(game["players"]):
        assert seat_text(page, seat).startswith(name)
    press(page, Keys.ARROW_RIGHT)
    assert css(page, ".step-label").text == words["reservations"]
    press(page, Keys.ARROW_RIGHT)
    assert css(page, ".step-label").text == words["trick_1_1"]
    # said by screen readers: a live region outside the redrawn view
    live = css(page, "#step-live")
    assert live.get_attribute("aria-live") == "polite"
    assert live.get_attribute("textContent") == words["trick_1_1"]
    assert [
        c.get_attribute("data-card")
        for c in page.find_elements(By.CSS_SELECTOR, ".center .slot .card")
    ] == ["HQ"]
    assert len(page.find_elements(By.CSS_SELECTOR, '.table .seat[data-seat="0"] .hand .card')) == 11
    press(page, Keys.PAGE_DOWN)  # the first trick whole
    slots = {
        s.get_attribute("data-seat"): s
        for s in page.find_elements(By.CSS_SELECTOR, ".center .slot")
    }
    assert [
        slots[str(seat)].find_element(By.CSS_SELECTOR, ".card").get_attribute("data-card")
        for seat in range(4)
    ] == ["HQ", "HJ", "DA", "DJ"]
    assert "winner" in slots["0"].get_attribute("class")  # ♥Q beats ♥J, ♦A, ♦J
    running = css(page, ".center .running")
    assert (running.get_attribute("data-re"), running.get_attribute("data-contra")) == ("18", "0")
    # Ben's contra and Cleo's no 90 came before trick 2: badges at their seats from then on.
    assert words["contra"] not in seat_text(page, 1)
    press(page, Keys.PAGE_DOWN)
    assert css(page, ".step-label").text == words["trick_2_4"]
    assert f"{words['contra']}" in seat_text(page, 1) and words["no90"] in seat_text(page, 2)
    badges = [
        b.text for b in page.find_elements(By.CSS_SELECTOR, '.seat[data-seat="1"] .badge.call')
    ]
    assert badges == [words["contra_call"]]
    press(page, Keys.PAGE_UP)
    assert css(page, ".step-label").text == words["trick_1_4"]
    press(page, Keys.END)
    assert css(page, ".step-buttons .next").get_attribute("disabled") is not None
    assert all(
        not s.find_elements(By.CSS_SELECTOR, ".hand .card")
        for s in page.find_elements(By.CSS_SELECTOR, ".table .seat")
    )
    running = css(page, ".center .running")
    assert (running.get_attribute("data-re"), running.get_attribute("data-contra")) == ("90", "150")
    # At the end every team is known.
    assert [words["re"] in seat_text(page, s) for s in range(4)] == [True, False, False, True]
    press(page, Keys.HOME)
    assert css(page, ".step-label").text == words["deal"]
    no_overflow(page)
    shot(page, f"table-{size}-{lang}")


@pytest.mark.parametrize(("size", "lang"), LAYOUTS[:2])
def test_the_table_shows_each_phase_where_it_happened(page, base_url, size, lang):
    """The reservations in asking order, the declared game, the poverty's exchange (cards
    passed and returned, the offers), the marriage's deciding trick, the swines shown."""
    words = WORDS[lang]
    set_up(page, base_url, size, lang)
    load_example(page, "marriage")
    game = example("marriage")
    next(
        b
        for b in page.find_elements(By.CSS_SELECTOR, ".phase-button")
        if b.text == words["reservations"]
    ).click()
    asked = [
        li.text.split(":")[0] for li in page.find_elements(By.CSS_SELECTOR, ".center .asked li")
    ]
    assert asked == [game["players"][r["seat"]] for r in game["reservations"]]  # asking order
    assert words["marriage"] in css(page, ".center .declared").text
    shot(page, f"phase-reservations-{size}-{lang}")
    css(page, ".trick-button.deciding").click()
    assert css(page, ".center .deciding").text.endswith(words["deciding"])
    assert words["re"] in seat_text(page, 3)  # the partner, known from the deciding trick on
    shot(page, f"phase-marriage-{size}-{lang}")
    load_example(page, "poverty")
    next(
        b
        for b in page.find_elements(By.CSS_SELECTOR, ".phase-button")
        if "xchange" in b.text or "tausch" in b.text
    ).click()
    center = css(page, ".center")
    assert words["passes"] in center.text and words["returns"] in center.text
    assert [
        c.get_attribute("data-card") for c in center.find_elements(By.CSS_SELECTOR, ".passed .card")
    ] == ["DK", "HJ", "CA"]
    assert [
        c.get_attribute("data-card")
        for c in center.find_elements(By.CSS_SELECTOR, ".returned .card")
    ] == ["D10", "S9", "H9"]
    assert [li.text for li in center.find_elements(By.CSS_SELECTOR, ".offers li")] == [
        words["declines"],
        words["takes"],
    ]
    dan = [
        c.get_attribute("data-card")
        for c in page.find_elements(By.CSS_SELECTOR, '.seat[data-seat="3"] .hand .card')
    ]
    assert {"DK", "HJ", "CA"} <= set(dan) and "S9" not in dan  # the hands follow the exchange
    shot(page, f"phase-poverty-{size}-{lang}")
    page.find_elements(By.CSS_SELECTOR, ".trick-button")[11].click()
    assert not page.find_elements(
        By.CSS_SELECTOR, ".table .seat .hand .card"
    )  # trick 12: all played
    load_example(page, "swines")
    show = next(i for i, e in enumerate(example("swines")["play"]) if "show" in e)
    press(page, Keys.HOME, *[Keys.ARROW_RIGHT] * (show + 1 + 1))  # the deal, reservations, events
    assert css(page, ".table").get_attribute("data-event") == str(show)
    assert words["shows"] in css(page, '.seat[data-seat="3"] .badge.show').text
    no_overflow(page)
    shot(page, f"phase-swines-{size}-{lang}")


RULING = {
    "en": {
        "pays": "Dan pays 15 points; Anna, Ben and Cleo receive 5 each (DDV tournament rules 9.4.3",
        "place": "in place of the game as played",
        "link": "Show this card at the table",
        "late": "is not counted",
        "signed": "± for Contra, the winners",
    },
    "de": {
        "pays": "Dan zahlt 15 Punkte; Anna, Ben und Cleo erhalten je 5 "
                "(DDV-Turnierspielregeln 9.4.3",
        "place": "anstelle des gespielten Spiels",
        "link": "Diese Karte am Tisch zeigen",
        "late": "zählt nicht",
        "signed": "± für Kontra, die Gewinner",
    },
}


@pytest.mark.parametrize(("size", "lang"), LAYOUTS)
def test_a_ruling_for_each_violation(page, base_url, size, lang):
    """The hand as it stood with the legal cards (the core's, for the game cut before the
    card) marked, the consequence in plain words, a link to the card, a print view; the
    penalty as who pays and who receives."""
    words = RULING[lang]
    set_up(page, base_url, size, lang)
    load_example(page, "revoke")
    game = example("revoke")
    ruling = wait(
        page, lambda d: d.find_elements(By.CSS_SELECTOR, ".ruling .ruling-hand[data-ready]")
    )[0]
    legal = rules.legal_actions({**game, "play": game["play"][:11]})
    marked = [
        c.get_attribute("data-card") for c in ruling.find_elements(By.CSS_SELECTOR, ".card.legal")
    ]
    assert marked == list(legal.cards) == ["H9"]
    assert [
        c.get_attribute("data-card") for c in ruling.find_elements(By.CSS_SELECTOR, ".card.marked")
    ] == ["CK"]
    hand = [
        c.get_attribute("data-card") for c in ruling.find_elements(By.CSS_SELECTOR, ".cards .card")
    ]
    assert hand == core_hands(game, "event", 10)[3]  # Dan's hand before the card
    consequence = css(page, ".ruling .consequence").text
    assert words["pays"] in consequence and words["place"] in consequence
    assert words["pays"].split(" (")[0] in css(page, ".score .penalty").text
    shot(page, f"ruling-{size}-{lang}")
    # Print view: the rulings and the score, without the table and the forms.
    page.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    try:
        assert css(page, ".ruling").is_displayed() and css(page, ".score").is_displayed()
        assert not css(page, ".table-view").is_displayed() and not css(page, "#load").is_displayed()
        shot(page, f"ruling-print-{size}-{lang}")
    finally:
        page.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})
    press(page, Keys.HOME)
    link = css(page, ".ruling a.to-card")
    assert link.text == words["link"]
    link.click()
    assert css(page, ".table").get_attribute("data-event") == "11"
    focused = page.switch_to.active_element
    assert focused.get_attribute("data-card") == "CK" and "marked" in focused.get_attribute("class")
    no_overflow(page)
    if size == "desktop" and lang == "en":
        element_shot(page, "#result", "revoke-result")
    load_example(page, "late-call")
    wait(page, lambda d: d.find_elements(By.CSS_SELECTOR, ".ruling"))
    assert words["late"] in css(page, ".ruling .consequence").text


@pytest.mark.parametrize(
    "name", ["normal-game", "late-call", "solo-clubs", "marriage", "poverty", "swines"]
)
def test_the_score_sheet_is_signed_from_the_winners_side(page, name):
    """The losers' items negative: the items sum to the game value (before its multiplier)."""
    load_example(page, name)
    checked = rules.check(example(name))
    signed = [
        int(td.text) for td in page.find_elements(By.CSS_SELECTOR, ".score table.items td.signed")
    ]
    side = checked.winner or "re"
    assert signed == [i.points if i.team == side else -i.points for i in checked.score.items]
    assert sum(signed) * checked.score.multiplier == checked.score.value


@pytest.mark.parametrize(("size", "lang"), LAYOUTS[:2])
def test_entering_shows_the_trick_in_progress_and_whose_turn(page, base_url, size, lang):
    """Beside the hand the trick being played; whose turn it is in a live region; loading
    another game clears the board."""
    set_up(page, base_url, size, lang)
    game = example("revoke")
    page.execute_script("document.querySelector('#input').value = arguments[0]", json.dumps(game))
    css(page, "#entry-pasted").click()
    rng = random.Random(5)
    for played in range(7):
        transcript = wait_for_board(page, played)
        cards = [e for e in transcript["play"] if "card" in e]
        live = css(page, "#entry-board .turn-live")
        assert live.get_attribute("aria-live") == "polite"
        legal = rules.legal_actions(transcript)
        assert legal.name in live.text
        open_trick = len(cards) % 4 or (4 if cards else 0)
        shown = [
            li.find_element(By.CSS_SELECTOR, ".card").get_attribute("data-card")
            for li in page.find_elements(By.CSS_SELECTOR, "#entry-board .entry-trick li")
        ]
        assert shown == [e["card"] for e in cards[len(cards) - open_trick :]]
        # the result view stands at the last card entered
        if cards:
            assert css(page, ".table").get_attribute("data-event") == str(
                len(transcript["play"]) - 1
            )
        rng.choice(
            [
                b
                for b in page.find_elements(By.CSS_SELECTOR, ".entry-hand button.card")
                if b.is_enabled()
            ]
        ).click()
    wait_for_board(page, 7)
    no_overflow(page)
    shot(page, f"entering-{size}-{lang}")
    load_example(page, "normal-game")
    assert css(page, "#entry-board").get_attribute("hidden") is not None
    assert not page.find_elements(By.CSS_SELECTOR, "#entry-board button")
    assert json.loads(css(page, "#input").get_attribute("value")) == example("normal-game")


def test_a_table_of_five_shows_the_one_sitting_out(page):
    game = example("normal-game")
    transcript = {k: v for k, v in game.items() if k not in ("ruleset", "claimed")}
    listed = {
        "ruleset": "ddv",
        "players": ["Eve", "Anna", "Ben", "Cleo", "Dan"],
        "games": [{"dealer": "Eve", "transcript": transcript}],
    }
    page.execute_script("document.querySelector('#input').value = arguments[0]", json.dumps(listed))
    css(page, "#check").click()
    wait(page, lambda d: d.find_elements(By.CSS_SELECTOR, "button.open-game"))
    css(page, "button.open-game").click()
    wait(page, lambda d: d.find_elements(By.CSS_SELECTOR, "#back-to-list"))
    assert len(page.find_elements(By.CSS_SELECTOR, ".table .seat")) == 5
    assert css(page, ".table .out-seat").text.split() == ["Eve", "sits", "out", "dealer"]
    shot(page, "table-of-five")


# ---- the evening at a glance ----

def expected_figures(client, name: str) -> tuple[list[str], list[dict[str, Any]], dict[str, Any]]:
    answer = client.post("/v1/sittings/check", json=example(name)).get_json()
    games = answer["games"]
    figures = []
    seated = []
    for g in games:  # who sits at the table at each game (the house rules may change it)
        seated.append(g.get("table") or (seated[-1] if seated else answer["players"]))
    for p in answer["players"]:
        played = [g for g, at in zip(games, seated, strict=True)
                  if p in at and g["sits_out"] != p and p in g["scores"]]
        solos = [g for g in played if g["declarer"] == p and g["kind"].endswith("solo")]
        figures.append({"player": p, "played": len(played),
                        "won": sum(g["scores"][p] > 0 for g in played),
                        "solos": len(solos), "solos_won": sum(g["scores"][p] > 0 for g in solos),
                        "total": answer["totals"][p]})
    return answer["players"], figures, answer


@pytest.mark.parametrize(("size", "lang"), [("desktop", "en"), ("phone", "de"), ("phone", "en")])
def test_the_evening_at_a_glance(page, base_url, app, size, lang):
    set_up(page, base_url, size, lang)
    load_example(page, "house-evening")
    players, figures, answer = expected_figures(app.test_client(), "house-evening")
    # the chart: a line per player through the totals after each game, the bock games shaded
    lines = page.find_elements(By.CSS_SELECTOR, "svg.chart g.player")
    assert [g.get_attribute("data-player") for g in lines] == players
    for g in lines:
        assert len(g.find_elements(By.CSS_SELECTOR, "circle")) == len(answer["games"])
    assert len(page.find_elements(By.CSS_SELECTOR, "svg.chart rect.bock")) == sum(
        g["bock"] > 1 for g in answer["games"])
    # the figures, as counted here from the service's answer
    rows = page.find_elements(By.CSS_SELECTOR, "table.figures tbody tr")
    shown = [[c.text for c in r.find_elements(By.CSS_SELECTOR, "th, td")] for r in rows]
    for row, f in zip(shown, figures, strict=True):
        assert row[0] == f["player"]
        assert row[1:5] == [str(f["played"]), str(f["won"]), str(f["solos"]), str(f["solos_won"])]
        per_game = f["total"] / f["played"]
        figure = float(row[5].replace(",", ".").replace("−", "-"))
        assert figure == pytest.approx(per_game, abs=0.01)
        assert row[6] == str(f["total"])
    # on a phone too: neither the page nor the list scrolls sideways
    no_overflow(page)
    table = css(page, "table.sitting")
    assert page.execute_script("return arguments[0].scrollWidth <= arguments[0].clientWidth",
                               table)
    shot(page, f"evening-{size}-{lang}")
    element_shot(page, ".evening", f"evening-chart-{lang}")


@pytest.mark.parametrize(("size", "lang"), [("desktop", "en"), ("phone", "de")])
def test_every_line_and_every_fault_of_the_list_opens(page, base_url, size, lang):
    set_up(page, base_url, size, lang)
    load_example(page, "sitting")
    buttons = page.find_elements(By.CSS_SELECTOR, "table.sitting tbody .open-game")
    assert len(buttons) == len(example("sitting")["games"])
    # a line written as the sheet has it opens as its line, with its checks
    css(page, 'table.sitting tr[data-game="2"] .open-game').click()
    wait(page, lambda d: "/3." in d.current_url)
    assert verdict(page).startswith("✔")
    assert "3" in verdict(page)
    assert css(page, ".line-checks").text
    shot(page, f"list-line-{size}-{lang}")
    page.back()
    wait(page, lambda d: d.find_elements(By.CSS_SELECTOR, "table.sitting"))
    # each fault opens its line: the revoke at the table, the line that does not add up as a line
    faults = page.find_elements(By.CSS_SELECTOR, ".violations .fault-link")
    games = [f.get_attribute("data-game") for f in faults]
    assert "1" in games and "5" in games
    for at, game in enumerate(games):
        fault = page.find_elements(By.CSS_SELECTOR, ".violations .fault-link")[at]
        fault.click()
        if not game:  # a fault of the whole list: the list's totals
            wait(page, lambda d: d.switch_to.active_element.get_attribute("textContent")
                 .endswith(("Totals", "Endstand")))
            continue
        wait(page, lambda d, game=game: f"/{int(game) + 1}." in d.current_url)
        wait(page, lambda d: d.find_elements(By.ID, "back-to-list"))
        assert verdict(page).startswith("✖")
        if game == "5":
            assert page.find_elements(By.CSS_SELECTOR, ".line-checks .line-fault")
            shot(page, f"list-fault-line-{size}-{lang}")
        css(page, "#back-to-list").click()
        wait(page, lambda d: d.find_elements(By.CSS_SELECTOR, "table.sitting"))
    no_overflow(page)


# ---- accessibility, checked by a machine: axe-core (tests/vendor/axe-core) ----

AXE = (Path(__file__).resolve().parent / "vendor" / "axe-core" / "axe.min.js").read_text(
    encoding="utf-8")


def axe(browser, state: str) -> None:
    """axe-core's default rules (none disabled) on the page as it stands: no violation."""
    if not browser.execute_script("return typeof window.axe === 'object'"):
        browser.execute_script(AXE)
    browser.set_script_timeout(60)
    found = browser.execute_async_script("""
        const done = arguments[arguments.length - 1];
        axe.run(document).then(r => done(r.violations.map(v => ({
          id: v.id, impact: v.impact, help: v.help,
          nodes: v.nodes.slice(0, 5).map(n => n.target.join(" ") + ": " + n.failureSummary)}))),
          e => done([{id: "axe-error", help: String(e), nodes: []}]));
    """)
    assert not found, (state, found)


@pytest.mark.parametrize(("size", "lang"),
                         [("wide", "en"), ("phone", "de"), ("wide", "de"), ("phone", "en")])
def test_every_main_state_is_accessible_and_keeps_its_contrast(page, base_url, size, lang):
    """One page load per size and language, through every main state and control: axe-core
    finds no violation, and every button keeps at least 4.5:1 between its label and its
    background hovered or focused (WCAG 1.4.3; the primary buttons stay dark)."""
    from selenium.webdriver.common.action_chains import ActionChains

    set_up(page, base_url, size, lang)
    low = []

    def state(name: str) -> None:
        axe(page, name)
        low.extend((name, *f) for f in low_contrast(page))

    state("empty")
    # the hover copied under a class is the real hover: the check button under the pointer
    primary = css(page, "#check")
    ActionChains(page).move_to_element(primary).perform()
    real = page.execute_script(CONTRAST.split("const sheet")[0] + "return contrast(arguments[0]);",
                               primary)
    forced = next(f for f in contrast_of_buttons(page, "#check") if f[0] == "hover")
    assert real[0] == pytest.approx(forced[2]) and real[1:] == forced[3:]
    assert real[2] == "8,74,140"  # the primary button's own hover: dark
    element_shot(page, ".actions", f"check-button-hovered-{size}-{lang}")
    ActionChains(page).move_by_offset(0, 0).perform()
    load_example(page, "revoke")
    wait(page, lambda d: d.find_elements(By.CSS_SELECTOR, ".ruling .ruling-hand[data-ready]"))
    css(page, ".ruling-links a").click()  # the ruling's card at the table
    css(page, "#share-button").click()
    wait(page, lambda d: css(d, "#share-status").text)
    state("game, ruling, steps, trick overview, share")
    load_example(page, "sitting")
    state("list")
    css(page, 'table.sitting tr[data-game="5"] .open-game').click()
    wait(page, lambda d: d.find_elements(By.CSS_SELECTOR, ".line-checks"))
    state("list line")
    load_example(page, "house-evening")
    css(page, "svg.chart").click()
    state("evening, chart readout")
    text = (ROOT / "examples" / "tournament-doko2026.json").read_text(encoding="utf-8")
    page.execute_script("document.querySelector('#input').value = arguments[0]", text)
    css(page, "#check").click()
    wait(page, lambda d: d.find_elements(By.CSS_SELECTOR, "#view .places li"))
    css(page, "#draw summary").click()
    state("tournament day, draw")
    css(page, "#entry-record").click()
    css(page, "#entry-random").click()
    wait(page, lambda d: d.find_elements(By.CSS_SELECTOR, "#entry-board:not([hidden]) button.card"))
    state("entry, recording")
    css(page, '#entry-type option[value="poverty"]').click()
    css(page, "#entry-random").click()
    wait(page, lambda d: d.find_elements(By.CSS_SELECTOR, ".exchange-hand button.card"))
    css(page, ".exchange-hand button.card").click()
    state("poverty exchange")
    css(page, "#entry-pick").click()
    wait(page, lambda d: d.find_elements(By.CSS_SELECTOR, ".deal-pack button.card"))
    css(page, ".deal-pack button.card").click()
    state("deal picked")
    css(page, "#sheet-entry summary").click()
    css(page, "#sheet-start").click()
    state("sheet line")
    css(page, "#input").clear()
    css(page, "#input").send_keys("{")
    css(page, "#check").click()
    wait(page, lambda d: css(d, "#input-errors").text)
    state("error")
    assert not low, low


# ---- other programs' files ----

def test_a_pasted_score_sheet_is_imported_and_its_list_checked(page):
    sheet = "Anna;Ben;Cleo;Dan\n2;-2;-2;2\n-1;-1;3;-2\n-3;-3;9;-3\n"
    page.execute_script("document.querySelector('#input').value = arguments[0]", sheet)
    css(page, "#import-format").send_keys("a score sheet")
    css(page, "#import-rows").send_keys("rows: each")  # a slip: no reading fits every row
    css(page, "#import-dealer").send_keys("Anna")
    css(page, "#import").click()
    wait(page, lambda d: d.find_elements(By.CSS_SELECTOR, "table.sitting tr.faulty"))
    faulty = [r.get_attribute("data-game") for r in
              page.find_elements(By.CSS_SELECTOR, "table.sitting tr.faulty")]
    assert faulty == ["1"]  # Dan's −2 for −1
    notes = css(page, "#import-notes").text
    assert "Mittwochsregeln" in notes and "rotation from Anna" in notes
    assert json.loads(css(page, "#input").get_attribute("value"))["players"][0] == "Anna"
    shot(page, "import-sheet")


def test_a_dropped_freedoko_record_is_imported_and_checked(page):
    record = (Path(__file__).parent / "imports" / "freedoko" / "marriage.txt").read_text()
    page.execute_script(
        "const data = new DataTransfer();"
        "data.items.add(new File([arguments[0]], '004711.BugReport.FreeDoko',"
        "                        {type: 'text/plain'}));"
        "document.querySelector('#load').dispatchEvent("
        "  new DragEvent('drop', {dataTransfer: data, bubbles: true, cancelable: true}));",
        record)
    wait(page, lambda d: d.find_elements(By.CSS_SELECTOR, "#result:not([hidden]) .verdict"))
    assert verdict(page).startswith("✔")


def test_an_unreadable_sheet_says_its_line(page):
    page.execute_script("document.querySelector('#input').value = arguments[0]",
                        "Anna;Ben;Cleo;Dan\n2;-2;2,5;2\n")
    css(page, "#import-format").send_keys("a score sheet")
    css(page, "#import").click()
    message = wait(page, lambda d: css(d, "#import-notes").text)
    assert "Line 2: Cleo's cell 2,5 is not a whole number of points" in message
