# `make audit` and `make test` each set up .venv on first use, then do their job.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# The archived source texts sit beside the checkout; quote verification uses them when present.
ARCHIVE_DIR := ../shared/sources
ARCHIVE := $(if $(wildcard $(ARCHIVE_DIR)),--archive $(ARCHIVE_DIR))

.PHONY: audit test clean

audit: $(VENV)/.installed
	$(BIN)/audit check claims $(ARCHIVE)

# Lint and types first (rules and settings in pyproject.toml), then the suite.
test: $(VENV)/.installed-dev
	$(BIN)/ruff check jalapeno_audit tests benchmarks
	$(BIN)/mypy
	$(BIN)/python -m pytest

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

clean:
	rm -rf $(VENV) .audit-cache .pytest_cache
