# kingdomino-kit — two commands on a fresh machine: `make lab` and `make test`.
# Each target makes its own set-up: a .venv (if missing or out of date) with the kit installed.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-stamp
ALLOW_ROOT := $(shell [ "$$(id -u)" = 0 ] && echo --allow-root)

# Python writes its byte-code caches, whatever the caller's environment says: the .venv is
# installed without compiling (--no-compile), so with PYTHONDONTWRITEBYTECODE set every process
# would compile every module it imports again — about 3 s of CPU each for the kit, pandas and
# Jupyter, in each of the hundreds of processes the suite starts (each module compiles once now)
unexport PYTHONDONTWRITEBYTECODE

NODE_STAMP := node_modules/.installed-stamp

.PHONY: lab app lite notebooks teacher test test-fast test-optimized test-optimized-all test-sweeps bench bench-lite bench-duel bench-endgame lint typecheck chromium clean

$(STAMP): pyproject.toml
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet --no-compile -e '.[test,dask,rl,grading,fast,lite]'
	@# rfc3987-syntax (jsonschema's format-nongpl extra, pulled in by jupyter-events) builds 38
	@# grammars when imported: 1.7 s of CPU in every process that reads a notebook, for the one
	@# "iri" format no schema of ours or Jupyter's here needs; jsonschema skips that format without it
	$(PY) -m pip uninstall --quiet --yes rfc3987-syntax
	@touch $(STAMP)

## make lab: JupyterLab on 127.0.0.1 (a fresh token is printed) opened on notebooks/ (the
## student editions only: no solution in the folder it serves), with no news or update pop-up
## and no grading menu (students-lab/: nbgrader's lab and server extensions off for this
## server only, the news and update checks off in its settings overrides)
STUDENTS_LAB := $(CURDIR)/students-lab
lab: $(STAMP)
	JUPYTER_CONFIG_PATH="$(STUDENTS_LAB)$${JUPYTER_CONFIG_PATH:+:$$JUPYTER_CONFIG_PATH}" \
	$(VENV)/bin/jupyter lab --ServerApp.ip=127.0.0.1 --ServerApp.root_dir=notebooks \
		--ServerApp.open_browser=False $(ALLOW_ROOT) \
		--LabApp.app_settings_dir="$(STUDENTS_LAB)/settings" \
		--LabApp.default_url=/lab/tree/00_start_here.ipynb \
		--LabApp.news_url=None --LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate

## make app: the puzzle page and the kingdom builder as a standalone page (Voilà), on
## 127.0.0.1 only — Voilà runs the notebook's code, so never on a public address by default.
## Open http://127.0.0.1:$(APP_PORT)/ (an index), /?puzzle=ID or /?hand=41,13,27.
## A class on the network: .venv/bin/kingdomino-kit app --class (docs/boards.md)
APP_PORT ?= 8866
app: $(STAMP)
	$(VENV)/bin/kingdomino-kit app --port $(APP_PORT)

## make lite: the Lite edition — a static JupyterLite site in $(LITE_DIR) (the student editions,
## the kit and a Python kernel that run in the browser, offline); serve it with any static server:
## cd $(LITE_DIR) && python3 -m http.server (docs/teaching.md, "The Lite edition")
LITE_DIR ?= build/lite
lite: $(STAMP)
	$(PY) -m kingdomino_kit lite $(LITE_DIR) --cache build/lite-cache

## make notebooks: the student editions notebooks/*.ipynb again from their sources
## lessons/*.py (which hold the solutions), run top to bottom in notebooks/ (their stored
## outputs are what make test compares with a new run)
notebooks: $(STAMP)
	$(PY) -m kingdomino_kit notebooks --student notebooks --execute

## make teacher: the teacher editions (solutions in place, every check passing) in teacher/
teacher: $(STAMP)
	$(PY) -m kingdomino_kit notebooks --solutions teacher --execute

# The unit tests (no browser, no notebooks) with pytest's own options only: for python -O and
# the quick edit-test loop.
UNIT_PYTEST := -m pytest -q -o addopts="" --strict-markers --doctest-modules \
	--ignore=tests/browser -p no:cacheprovider tests kingdomino_kit

## make test: the whole suite. Its set-up (the .venv, Debian's chromium) side by side; then the
## browser tests start, one at a time in Debian's chromium, the Lite edition's first (it needs no
## numba), while the numba kernels compile into their cache (scripts/warm_compiled.py: its lanes
## side by side); then everything but the browser on $(UNIT_WORKERS) workers (a test file's tests
## on one worker, in order, the longest files first: tests/conftest.py) with the -O smoke beside
## them (its log: test-artifacts/optimized-smoke.log), while the browser tests go on (their
## log: test-artifacts/browser-tests.log); each log's summary is printed at the end. Three
## workers on two cores: many tests wait on processes, kernels and servers, and the third keeps
## both cores busy (four were slower: 9.0 min for this lane instead of 8.7).
## The package holds no assert (tests/test_no_assert.py and ruff's S101 prove it statically), so
## python -O reruns only a smoke. The long sweeps are make test-sweeps.
BROWSER_LOG := test-artifacts/browser-tests.log
OPTIMIZED_LOG := test-artifacts/optimized-smoke.log
BROWSER_TESTS := tests/browser tests/server/test_class_network.py
UNIT_WORKERS ?= 3
test:
	@$(MAKE) --no-print-directory -j2 $(STAMP) chromium
	@mkdir -p test-artifacts
	@echo "make test: the browser tests run beside the rest, one at a time ($(BROWSER_LOG))"
	@$(PY) -m pytest -m "browser and not sweep" --durations=10 $(BROWSER_TESTS) \
		> $(BROWSER_LOG) 2>&1 & browser=$$!; \
	$(PY) scripts/warm_compiled.py; \
	$(MAKE) --no-print-directory test-optimized > $(OPTIMIZED_LOG) 2>&1 & optimized=$$!; \
	$(PY) -m pytest -m "not browser and not sweep" -n $(UNIT_WORKERS) --dist loadfile \
		--no-loadscope-reorder --durations=30; unit=$$?; \
	wait $$optimized; smoke=$$?; echo "== the -O smoke ($(OPTIMIZED_LOG))"; \
	tail -n 3 $(OPTIMIZED_LOG); \
	echo "make test: waiting for the browser tests"; wait $$browser; browsers=$$?; \
	echo "== the browser tests (the whole log: $(BROWSER_LOG))"; tail -n 45 $(BROWSER_LOG); \
	test $$unit = 0 && test $$smoke = 0 && test $$browsers = 0

## make test-sweeps: the long sweeps (marked sweep) whose property make test checks on a
## smaller sample — e.g. both set models against exhaustive search on four dominoes (2 min);
## and the kernel's properties on 80 random kingdoms each (make test: 25)
test-sweeps: $(STAMP)
	$(PY) -m pytest -m sweep -n auto
	KERNEL_EXAMPLES=80 $(PY) -m pytest -q -n auto tests/kernel/test_kingdom.py \
		tests/kernel/test_bitkingdom.py

## make test-optimized: the -O smoke — the command line's contract (every command's exit codes
## and one-line errors) and the library's readers fuzzed, under python -O
test-optimized: $(STAMP)
	FUZZ_EXAMPLES=20 $(PY) -O -m pytest -q -o addopts="" --strict-markers -p no:cacheprovider \
		-n 2 --dist loadfile -m "not slow" -W "ignore:assertions not in test modules" \
		tests/cli/test_contract.py tests/hardening/test_fuzz_library.py

## make test-optimized-all: every unit test again under python -O (minutes; the static proof
## above is what make test relies on)
test-optimized-all: $(STAMP)
	$(PY) -O $(UNIT_PYTEST) -m "not slow" -W "ignore:assertions not in test modules" -n auto

## make test-fast: the edit-test loop — unit tests and doctests, no browser, no notebooks, no
## test marked slow
test-fast: $(STAMP)
	$(PY) $(UNIT_PYTEST) -m "not slow"

chromium:
	@bash scripts/ensure-chromium

## make bench: speed figures as JSON lines
bench: $(STAMP)
	$(PY) -m benchmarks

## make bench-lite: the Lite edition's group alone (site, first load, the browser's proofs beside
## CP-SAT's; about 10 min on a quiet machine), its JSON lines kept in docs/measured/lite_bench.jsonl
bench-lite: $(STAMP)
	$(PY) -m benchmarks lite > docs/measured/lite_bench.jsonl.tmp
	mv docs/measured/lite_bench.jsonl.tmp docs/measured/lite_bench.jsonl

## make bench-duel: Mighty Duel on 7x7 (24 dominoes of the box), without and with both bonuses,
## one CP-SAT worker, the benchmark's 10 sets and 20 fresh ones (seeds 5, 6): 60 solves of at
## most 120 s each; its JSON lines (wall and CPU seconds, the load) in docs/measured/duel_bench.jsonl
bench-duel: $(STAMP)
	KK_BENCH_SOLVER=duel,duel+both KK_BENCH_SOLVER_WORKERS=1 KK_BENCH_SOLVER_SEED=4,5,6 \
		$(PY) -m benchmarks solver > docs/measured/duel_bench.jsonl.tmp
	mv docs/measured/duel_bench.jsonl.tmp docs/measured/duel_bench.jsonl

## make bench-endgame: the exact endgame's group alone (4 x 200 positions, about 1.5 min on a
## quiet machine), its JSON lines kept in docs/measured/endgame_bench.jsonl
bench-endgame: $(STAMP)
	$(PY) scripts/warm_compiled.py
	$(PY) -m benchmarks endgame > docs/measured/endgame_bench.jsonl.tmp
	mv docs/measured/endgame_bench.jsonl.tmp docs/measured/endgame_bench.jsonl

# ESLint for the widgets' ES modules, installed from package-lock.json into node_modules/
$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	@touch $(NODE_STAMP)

## make lint: ruff and mypy over the Python; ESLint over the widgets' JavaScript
lint: $(STAMP) $(NODE_STAMP)
	$(VENV)/bin/ruff check kingdomino_kit tests benchmarks scripts lessons notebooks
	$(VENV)/bin/mypy
	node_modules/.bin/eslint kingdomino_kit/widgets/static kingdomino_kit/server/static

clean:
	rm -rf $(VENV) .pytest_cache test-artifacts teacher
