# kingdomino-kit — two commands on a fresh machine: `make lab` and `make test`.
# Each target makes its own set-up: a .venv (if missing or out of date) with the kit installed.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-stamp
ALLOW_ROOT := $(shell [ "$$(id -u)" = 0 ] && echo --allow-root)

.PHONY: lab test bench lint typecheck chromium clean

$(STAMP): pyproject.toml
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	@touch $(STAMP)

## make lab: JupyterLab on 127.0.0.1 (a fresh token is printed) opened on notebooks/
lab: $(STAMP)
	$(VENV)/bin/jupyter lab --ServerApp.ip=127.0.0.1 --ServerApp.root_dir=notebooks \
		--ServerApp.open_browser=False $(ALLOW_ROOT) \
		--LabApp.default_url=/lab/tree/00_start_here.ipynb

## make test: the whole suite (installs Debian's chromium for the browser tests when it can)
test: $(STAMP) chromium
	$(PY) -m pytest

chromium:
	@bash scripts/ensure-chromium

## make bench: speed figures as JSON lines
bench: $(STAMP)
	$(PY) -m benchmarks

lint: $(STAMP)
	$(VENV)/bin/ruff check kingdomino_kit tests benchmarks scripts notebooks
	$(VENV)/bin/mypy

clean:
	rm -rf $(VENV) .pytest_cache test-artifacts
