PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: install run test lint bench wrk clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev,dask]'
	touch $(STAMP)

install: $(STAMP)

run: $(STAMP)
	$(BIN)/gunicorn --config deploy/gunicorn.conf.py 'service:create_app()'

test: $(STAMP)
	$(BIN)/ruff check service tests bench deploy
	$(BIN)/mypy
	$(BIN)/python -m pytest -n 2

lint: $(STAMP)
	$(BIN)/ruff check service tests bench deploy
	$(BIN)/mypy

# BASE=DIR: also time an older checkout (a git worktree with its own .venv) in the same run.
bench: $(STAMP) wrk
	$(BIN)/python bench/check_path.py $(if $(BASE),--base $(BASE))
	$(BIN)/python bench/http_check.py $(if $(BASE),--base $(BASE))

# wrk, the HTTP load generator, from the system's packages where it is missing.
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
wrk:
	@command -v wrk >/dev/null || { $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq wrk; }

clean:
	rm -rf $(VENV) build *.egg-info
