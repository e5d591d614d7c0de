PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: install run test lint bench conformance clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[server,dev]'
	touch $(STAMP)

install: $(STAMP)

run: $(STAMP)
	$(BIN)/gunicorn --config deploy/gunicorn.conf.py 'service:create_app()'

test: $(STAMP)
	$(BIN)/ruff check service tests bench deploy
	$(BIN)/mypy
	$(BIN)/python -m pytest -n 2
	@test -x /usr/bin/chromium -a -x /usr/bin/chromedriver || echo "NOTE: the browser tests (tests/test_browser.py) were SKIPPED: no /usr/bin/chromium and /usr/bin/chromedriver (apt-get install chromium chromium-driver)"

lint: $(STAMP)
	$(BIN)/ruff check service tests bench deploy
	$(BIN)/mypy

bench: $(STAMP)
	$(BIN)/python bench/core_replay.py
	$(BIN)/python bench/http_check.py

# The ready-made conformance suites (tests/test_conformance.py fails when they drift).
PRESETS := ddv freedoko mittwoch doko2026
conformance: $(STAMP)
	mkdir -p examples/conformance
	for p in $(PRESETS); do $(BIN)/doko-check cases --ruleset $$p --seed 1 > examples/conformance/$$p.jsonl || exit 1; done

clean:
	rm -rf $(VENV) build *.egg-info
