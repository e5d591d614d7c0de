PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
JUNIT_XSD := $(VENV)/share/junit-10.xsd

.PHONY: install run test lint docs bench wrk conformance clean compiled test-compiled

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[server,dev]'
	touch $(STAMP)

install: $(STAMP)

# The JUnit schema the tests hold `doko-check --junit` to: Jenkins' junit-10.xsd, as
# pytest's source distribution ships it for its own --junitxml tests.
$(JUNIT_XSD): $(STAMP)
	rm -rf $(VENV)/share/pytest-sdist
	$(BIN)/python -m pip download --quiet --no-deps --no-binary :all: -d $(VENV)/share/pytest-sdist "pytest==$$($(BIN)/python -c 'import pytest; print(pytest.__version__)')"
	tar -xzf $(VENV)/share/pytest-sdist/pytest-*.tar.gz -C $(VENV)/share --strip-components=3 --wildcards '*/testing/example_scripts/junit-10.xsd'
	rm -rf $(VENV)/share/pytest-sdist

# The compiled rules core (mypyc; needs a C compiler), built as the container image builds
# it: DOKO_COMPILE=1, non-editable, with the server extra, into a venv of its own. Built
# from a copy of the sources, so that no compiled module lands in this tree, where it
# would shadow edits to the .py files of the editable install.
CVENV := .venv-compiled
CBIN := $(CVENV)/bin
CSTAMP := $(CVENV)/.installed
CSRC := $(CVENV)/src

$(CSTAMP): pyproject.toml setup.py $(shell find service -type f -not -path '*/__pycache__/*')
	@command -v cc >/dev/null || { echo "make compiled needs a C compiler: apt-get install gcc libc6-dev (make run and make test need none)"; exit 1; }
	rm -rf $(CVENV)
	$(PYTHON) -m venv $(CVENV)
	$(CBIN)/python -m pip install --quiet --upgrade pip
	mkdir -p $(CSRC)
	tar -c --exclude=__pycache__ pyproject.toml setup.py README.md openapi.yaml service | tar -x -C $(CSRC)
	DOKO_COMPILE=1 $(CBIN)/python -m pip install --quiet '$(CSRC)[server]'
	rm -rf $(CSRC)
	$(CBIN)/python -I -c 'import service.rules as r; assert r.COMPILED, "not compiled"'
	touch $(CSTAMP)

compiled: $(CSTAMP)

# The compiled core answers byte for byte as the pure one (tests/test_compiled.py).
test-compiled: $(STAMP) $(CSTAMP)
	DOKO_COMPILED_VENV=$(CVENV) $(BIN)/python -m pytest -p no:xdist tests/test_compiled.py

run: $(STAMP)
	$(BIN)/gunicorn --config deploy/gunicorn.conf.py 'service:create_app()'

test: $(STAMP) $(JUNIT_XSD)
	$(BIN)/ruff check service tests bench deploy
	$(BIN)/mypy
	$(BIN)/mkdocs build --strict -f docs/mkdocs.yml  # not --quiet: it drops the warnings --strict counts
	$(BIN)/python -m pytest -n 2
	@command -v nginx >/dev/null || test -x /usr/sbin/nginx || echo "NOTE: the slow-client tests of the pod's proxy (tests/test_slow_clients.py) were SKIPPED: no nginx (apt-get install nginx)"
	@test -x /usr/bin/chromium -a -x /usr/bin/chromedriver || echo "NOTE: the browser tests (tests/test_browser.py) were SKIPPED: no /usr/bin/chromium and /usr/bin/chromedriver (apt-get install chromium chromium-driver)"

# The handbook (docs/) as a site, in site/.
docs: $(STAMP)
	$(BIN)/mkdocs build --strict -f docs/mkdocs.yml

lint: $(STAMP)
	$(BIN)/ruff check service tests bench deploy
	$(BIN)/mypy

# The pure core (make run) and the compiled one (the container image) in the same rounds.
# BASE=DIR: also time an older checkout (a git worktree with its own .venv) in the same run.
bench: $(STAMP) $(CSTAMP) wrk
	$(BIN)/python bench/check_path.py --compiled $(CVENV) $(if $(BASE),--base $(BASE))
	$(BIN)/python bench/http_check.py --compiled $(CVENV) $(if $(BASE),--base $(BASE))
	$(BIN)/python bench/http_cpu.py --compiled $(CVENV) $(if $(BASE),--base $(BASE))
	$(BIN)/python bench/http_overhead.py --compiled $(CVENV)
	$(BIN)/python bench/cost_search.py --compiled $(CVENV) $(if $(BASE),--base $(BASE))

# wrk, the HTTP load generator, from the system's packages where it is missing.
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
wrk:
	@command -v wrk >/dev/null || { $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq wrk; }

# The ready-made conformance suites (tests/test_conformance.py fails when they drift).
PRESETS := ddv freedoko mittwoch doko2026
conformance: $(STAMP)
	mkdir -p examples/conformance
	for p in $(PRESETS); do $(BIN)/doko-check cases --ruleset $$p --seed 1 > examples/conformance/$$p.jsonl || exit 1; done

clean:
	rm -rf $(VENV) $(CVENV) build site *.egg-info
	find service -name '*.so' -delete  # compiled modules built in place would shadow edits
