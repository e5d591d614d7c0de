"""One word per thing, in both languages (service/game/terms.py, the glossary's binding
table "Entschieden"): no rejected form anywhere in German output, seats as names or
positions 1 to 4, cards with their genders, no JSON words in a sentence, one minus sign,
sentences short enough to read out at the table, sources of the ruleset in force only.

The scans run over every verdict of the conformance suites and the shipped examples
(games and lists), the page's strings, the codes and the whole German catalogue.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from service import rules
from service.game import codes, terms
from service.game.text import Card, Cards, Ordinal, Seat, Text, Word, msg, msgn
from service.game.words import Name, Noun, Number, say
from service.tools import catalogue, glossary_doc
from tests.test_words import (
    EXAMPLE_CASES,
    GAME_CASES,
    GAMES,
    RULESET_CASES,
    _example,
    _game,
    _sitting_cases,
)

ROOT = Path(__file__).resolve().parents[1]
I18N = ROOT / "service" / "web" / "static" / "js" / "i18n.js"
AVOID = {t.key: [re.compile(p) for p in t.avoid] for t in terms.TERMS}
AVOID_EN = {t.key: [re.compile(p) for p in t.avoid_en] for t in terms.TERMS}
MAX_WORDS = 30


def _verdicts() -> dict[str, list[str]]:
    """Every message of every shipped game and list, and of one game or list for each
    code the suites do not reach, in both languages."""
    said: dict[str, list[str]] = {"en": [], "de": []}
    results = [rules.check(data) for data in GAMES]
    results += [rules.check(_game(change)) for change in GAME_CASES.values()]
    for name, change in EXAMPLE_CASES.values():
        data = _example(name)
        change(data)
        results.append(rules.check(data))
    results.append(rules.check(_example("normal-game"), RULESET_CASES["round_option"]))
    results += [rules.check_sitting(d) for d in _sitting_cases().values()]
    for path in [*ROOT.glob("examples/*.json"), *ROOT.glob("service/web/static/examples/*.json")]:
        data = json.loads(path.read_text(encoding="utf-8"))
        if isinstance(data, dict) and "games" in data and "players" in data:
            results.append(rules.check_sitting(data))
    for result in results:
        for lang in ("en", "de"):
            answer = result.to_dict(lang)
            said[lang] += [x["message"] for x in answer["violations"] + answer["notes"]]
    return said


VERDICTS = _verdicts()


def _german_catalogue() -> list[str]:
    with catalogue.PO.open("rb") as file:
        kept = read_po(file, locale="de")
    out = []
    for m in kept:
        if not m.id or all(loc[0].endswith("phrases.py") for loc in m.locations):
            continue  # the readers' field errors are checked with the problem details
        out += [m.string] if isinstance(m.string, str) else list(m.string)
    return out


def _page_german() -> str:
    """The German labels of the page: i18n.js's and those of the words-*.js beside it."""
    german = ""
    for path in [I18N, *sorted(I18N.parent.glob("words-*.js"))]:
        text = path.read_text(encoding="utf-8")
        german += text[text.index("  de: {"):]
    return german


ORDINAL = re.compile(r"\d\.$")
COUNTED = ("Karte", "Mal", "Stich", "Vorbehalt", "Spiel", "Position")


def _sentences(message: str) -> list[str]:
    """A sentence ends at . ! ? before a capital, not at a German ordinal ("2. Karte")."""
    out: list[str] = []
    for piece in re.split(r"(?<=[.!?])\s+(?=[A-ZÄÖÜ„])", message):
        if out and ORDINAL.search(out[-1]) and piece.startswith(COUNTED):
            out[-1] += " " + piece
        else:
            out.append(piece)
    return out


# ---- one word per thing ------------------------------------------------------------------

@pytest.mark.parametrize("key", sorted(AVOID))
def test_no_rejected_german_form_anywhere(key):
    """Glossary, "Entschieden": each "nicht so" form, over the verdicts, the catalogue,
    the page's strings and the codes' German meanings and sources."""
    texts = [*VERDICTS["de"], *_german_catalogue(), _page_german(),
             *(c.de for c in codes.CODES.values()),
             *(terms.cited(s, "de") for c in codes.CODES.values() for s in c.sources)]
    for pattern in AVOID[key]:
        found = [t for t in texts if pattern.search(t)]
        assert found == [], (pattern.pattern, found[:3])


@pytest.mark.parametrize("key", sorted(k for k, v in AVOID_EN.items() if v))
def test_no_rejected_english_form_in_the_verdicts(key):
    for pattern in AVOID_EN[key]:
        found = [t for t in VERDICTS["en"] if pattern.search(t)]
        assert found == [], (pattern.pattern, found[:3])


def test_each_rejected_form_is_written_for_people_too():
    assert [t.key for t in terms.TERMS if t.avoid and not t.not_so] == []


def test_the_glossary_page_and_the_pages_terms_are_the_tables():
    assert glossary_doc.main([]) == 0, "python -m service.tools.glossary_doc --write"


def test_each_rulebook_is_named_alike_in_sources_and_sentences():
    assert terms.cited("DDV TSR 9.4.3", "de") == "DDV-Turnierspielregeln 9.4.3"
    assert terms.cited("DDV TSR 9.4.3", "en") == "DDV tournament rules 9.4.3"
    assert terms.cited("Mittwoch rules", "de") == "Mittwochsregeln"
    text = msg("under {rules}", rules=Word("x"))
    assert say(text, "de").startswith("Under")  # a Word untranslated stays as written


# ---- German grammar from the words' own properties ---------------------------------------

@pytest.mark.parametrize(("code", "gender", "dative", "pronoun"), [
    (10, "m", "dem ♠B", "ihn"), (3, "f", "der ♣D", "sie"), (2, "m", "dem ♣K", "ihn"),
    (18, "n", "dem ♦A", "es"), (19, "f", "der ♦10", "sie"), (23, "f", "der ♦9", "sie")])
def test_each_card_has_its_article_and_gender(code, gender, dative, pronoun):
    """Glossary: der Bube, die Dame, der König, das Ass, die Zehn, die Neun."""
    text = msg("{card} {card}", card=Card(code))
    assert say(text, "en").count("♠J" if code == 10 else "") >= 0
    noun = Noun("x", gender)
    assert format(noun, "ihn") == pronoun
    german = Text("{card:dem}/{card:ihn}", (("card", Card(code)),))
    # the German template is the catalogue's; rendered here directly
    from service.game.words import _said
    assert _said(german, "de", None) == f"{dative}/{pronoun}"


@pytest.mark.parametrize(("name", "genitive"), [
    ("Anna", "Annas"), ("Klaus", "Klaus'"), ("Max", "Max'"), ("Fritz", "Fritz'"),
    ("Jens", "Jens'"), ("Ben", "Bens")])
def test_the_genitive_of_a_name(name, genitive):
    assert format(Name(name), "gen") == genitive


def test_counts_agree_with_their_nouns():
    one = msgn("{count} game left", "{count} games left", 1)
    assert say(one, "en") == "1 game left"
    result = rules.check_sitting(_sitting_cases()["round_too_long"])
    de = [v["message"] for v in result.to_dict("de")["violations"]]
    assert any("1 Spiel;" in m or "1 Spiel " in m for m in de), de
    assert not any(re.search(r"\b1 (Spielen|Spiele)\b", m) for m in VERDICTS["de"])


KINDS = {  # a placeholder's name: what it holds, one value of each kind
    "card": [Card(c) for c in (10, 3, 2, 18, 19, 23)],
    "queen": [Card(3)], "first": [Card(18)], "taken": [Card(19)],
    "cards": [Cards((3, 10)), Cards((18,))], "legal": [Cards((3, 10, 18))],
    "nth": [Ordinal(1), Ordinal(2), Ordinal(3)],
}
SEATS = ("player", "who", "leader", "expected", "name", "receiver", "giver", "bride",
         "declarer", "partner", "named", "soloist", "dealer", "lead", "owner", "offender",
         "winner", "seat", "taker", "next", "other", "actual", "names")


def _values(name: str) -> list[object]:
    if name in KINDS:
        return KINDS[name]
    if name in SEATS or name.endswith(("player", "name", "seat")):
        return [Seat(0), Seat(2), "Klaus", "Anna"]
    return [1, 2, -3, "x"]


def test_every_template_renders_with_every_kind_of_parameter():
    """Each template of the catalogue in both languages, each placeholder given each kind
    of value it may hold (cards of every gender, names ending in s and others, positions,
    numbers of either sign): nothing is left unsaid, no spec fails, no minus is "-"."""
    with catalogue.PO.open("rb") as file:
        kept = read_po(file, locale="de")
    names = ("Anna", "Ben", "Cleo", "Klaus")
    rendered = 0
    for m in kept:
        if not m.id:
            continue
        template = m.id if isinstance(m.id, str) else m.id[0]
        plural = None if isinstance(m.id, str) else m.id[1]
        wanted = sorted(set(re.findall(r"\{(\w+)(?::\w+)?\}", template))
                        - ({"count"} if plural else set()))
        for i in range(4):
            params = {w: _values(w)[i % len(_values(w))] for w in wanted}
            text = (msgn(template, plural, 1 + i, **params) if plural else
                    msg(template, **params))
            for lang in ("en", "de"):
                for known in (None, names):
                    said = say(text, lang, known)
                    assert "{" not in said and not re.search(r"(?<![\w−])-\d", said), said
                    assert not re.search(r"\b(Platz|seat) 0\b", said), said
                    rendered += 1
    assert rendered > 2000


# ---- seats for people --------------------------------------------------------------------

def test_seats_are_positions_1_to_4_where_no_name_is_known():
    text = msg("{who}", who=Seat(0))
    assert say(text, "de") == "Position 1" and say(text, "en") == "Seat 1"
    assert say(msg("{who}", who=Seat(3)), "de", ("A", "B", "C", "D")) == "D"
    for lang in ("en", "de"):
        assert not any(re.search(r"\b(?:Platz|[Ss]eat|Position) 0\b", t) for t in VERDICTS[lang])


def test_the_api_keeps_its_seat_numbers():
    data = json.loads((ROOT / "service/web/static/examples/revoke.json").read_text())
    answer = rules.check(data).to_dict("de")
    assert answer["violations"][0]["seat"] == 3  # Dan, 0-based in JSON


# ---- no JSON in sentences, one minus -----------------------------------------------------

JSON_WORDS = re.compile(r"\b(null|true|false|sheet|bock_events|scores|dealer|games|healthy"
                        r"|finished|marriage|solo_round|claimed)\b|\w+_\w+")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_no_json_words_or_hyphen_minus_in_a_verdict(lang):
    for text in VERDICTS[lang]:
        assert not re.search(r"(?<![\w−])-\d", text), text
        if lang == "de":
            assert not JSON_WORDS.search(text), text
        else:
            assert not re.search(r"\b(null|true|false)\b|\w+_\w+", text), text


def test_numbers_are_kept_apart():
    """"Dan: −1 statt −2", never "statt −2 −1"."""
    bad = json.loads((ROOT / "service/web/static/examples/sitting.json").read_text())
    de = [v["message"] for v in rules.check_sitting(bad).to_dict("de")["violations"]]
    en = [v["message"] for v in rules.check_sitting(bad).to_dict("en")["violations"]]
    assert any(re.search(r"\w+: [−+]?\d+ statt [−+]?\d+", m) for m in de), de
    assert any(re.search(r"\w+: [−+]?\d+, not [−+]?\d+", m) for m in en), en
    assert not any(re.search(r"\d [−+]?\d", m) for m in de + en)


def test_a_number_says_its_minus_typographically():
    assert format(Number(-8), "d") == "−8" and format(Number(3), "+d") == "+3"


# ---- short sentences ---------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["en", "de"])
def test_no_sentence_of_a_verdict_is_longer_than_30_words(lang):
    """A card or a number is one word; a longer thought is a second sentence."""
    long = []
    for text in set(VERDICTS[lang]):
        for sentence in _sentences(text):
            if len(sentence.split()) > MAX_WORDS:
                long.append(sentence)
    assert long == [], long[:3]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_each_sentence_starts_with_a_capital_and_an_ordinal_stays_one(lang):
    """"Seat 2 gets …" after a full stop; "als 1. wird Anna gefragt" stays as it is."""
    for text in set(VERDICTS[lang]):
        assert not re.search(r"[^\d][.!?] [a-zäöü]", text), text
        assert not re.search(r"\b\d+\. (Wird|Ist|Hat)\b", text), text


# ---- sources of the ruleset in force only ------------------------------------------------

def test_a_codes_sources_in_force_are_its_rulebooks_only():
    code = codes.CODES["follow_suit"]
    assert any(s.startswith("DDV TSR") for s in code.sources)  # /v1/codes: the full list
    for preset in ("ddv", "doko2026", "freedoko", "mittwoch"):
        book = terms.book(preset)
        assert book is not None
        kept = terms.in_force(code.sources, preset)
        assert all(s.startswith((book.cite, terms.HOUSE_CITE)) for s in kept), (preset, kept)


@pytest.mark.parametrize("preset", ["doko2026", "freedoko", "mittwoch"])
def test_a_verdict_cites_no_other_rulebook(preset):
    others = [b for b in terms.RULEBOOKS if b.preset != preset]
    said = []
    for line in (ROOT / "examples" / "conformance" / f"{preset}.jsonl").read_text().splitlines():
        result = rules.check(json.loads(line)["transcript"])
        for lang in ("en", "de"):
            answer = result.to_dict(lang)
            said += [x["message"] for x in answer["violations"] + answer["notes"]]
    short = json.loads(json.dumps(_sitting_cases()["round_short"]))
    short["ruleset"] = preset
    for lang in ("en", "de"):
        answer = rules.check_sitting(short).to_dict(lang)
        said += [x["message"] for x in answer["violations"] + answer["notes"]]
    for other in others:
        for name in (other.de, other.en, other.cite):
            assert not [t for t in said if name in t], (name, [t for t in said if name in t][:2])
