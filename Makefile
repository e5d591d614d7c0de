PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: install run test lint bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
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

clean:
	rm -rf $(VENV) build *.egg-info
