# `make audit` and `make test` each set up .venv on first use, then do their job.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# The archived source texts sit beside the checkout; quote verification uses them when present.
ARCHIVE_DIR := ../shared/sources
ARCHIVE := $(if $(wildcard $(ARCHIVE_DIR)),--archive $(ARCHIVE_DIR))

.PHONY: audit test clean chromium html bytecode

audit: $(VENV)/.installed bytecode
	$(BIN)/audit check claims $(ARCHIVE) $(if $(HTML),--format html --output $(HTML))

# The HTML report of claims/, written beside the checkout's README as report.html.
html: $(VENV)/.installed bytecode
	$(BIN)/audit check claims $(ARCHIVE) --format html --output report.html

# Lint and types first (rules and settings in pyproject.toml), then the suite.
test: $(VENV)/.installed-dev chromium bytecode
	$(BIN)/ruff check jalapeno_audit tests benchmarks
	$(BIN)/mypy
	$(BIN)/python -m pytest

# The browser tests run Debian's Chromium: installed here when missing and we are root; otherwise
# they are skipped with a loud reason (and fail under CI).
chromium:
	@command -v chromium >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; \
	  else \
	    echo "make test: no chromium and not root: the browser tests will be skipped (apt-get install chromium)" >&2; \
	  fi; }

$(VENV)/.created:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	touch $@

$(VENV)/.installed: $(VENV)/.created pyproject.toml
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-dev: $(VENV)/.created pyproject.toml
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $@ $(VENV)/.installed

# The package's bytecode, brought up to date before each use: an editable install leaves it to the
# first run, and where PYTHONDONTWRITEBYTECODE is set (as here and on CI) every run would compile
# every module from source again, about 0.09 s of each `audit`. Only modules changed since are compiled.
bytecode: $(VENV)/.created
	$(BIN)/python -m compileall -q jalapeno_audit

clean:
	rm -rf $(VENV) .audit-cache .pytest_cache
