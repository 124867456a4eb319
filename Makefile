# Dugout: `make run` opens the demo league, `make test` runs the whole suite headless.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run test lint bench bench-busy dist clean catalogues

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --disable-pip-version-check --upgrade pip

$(VENV)/.installed-run: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e .
	touch $@

# The test install holds everything `make run` needs: it stamps both, so `make run` after `make test` installs
# nothing again.
$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e '.[test]'
	touch $@ $(VENV)/.installed-run

# The one-folder bundle (packaging/README.md): PyInstaller pinned, built from the spec, then smoke-tested
# (starts with no Python on the PATH, draws the demo league offscreen, hands a file to a running Dugout).
PYINSTALLER := pyinstaller==6.22.3 pyinstaller-hooks-contrib==2026.9

$(VENV)/.installed-dist: pyproject.toml Makefile | $(BIN)/python
	$(BIN)/python -m pip install -q -e . $(PYINSTALLER)
	touch $@

dist: $(VENV)/.installed-dist
	rm -rf dist/dugout
	$(BIN)/pyinstaller --noconfirm --clean --log-level WARN --distpath dist --workpath build/pyinstaller \
		packaging/dugout.spec
	packaging/smoke_test.sh dist/dugout $(BIN)/python

run: $(VENV)/.installed-run
	$(BIN)/dugout --demo

test: $(VENV)/.installed-test
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest -q -p no:cacheprovider -n auto --durations=15

lint: $(VENV)/.installed-test
	$(BIN)/ruff check roster_app ui tests bench
	$(BIN)/ruff format --check roster_app ui tests bench

bench: $(VENV)/.installed-test
	QT_QPA_PLATFORM=offscreen $(BIN)/python bench/run_all.py $(BENCH_ARGS)

# the same figures with one CPU-heavy process on the other core (issue 40); also `make bench BENCH_ARGS=--busy`
bench-busy: $(VENV)/.installed-test
	QT_QPA_PLATFORM=offscreen $(BIN)/python bench/run_all.py --busy $(BENCH_ARGS)

# the catalogues (issue 39): new marked strings into each area's PO file of each language (translations kept),
# then every language's areas compiled into resources/locale/<lang>/LC_MESSAGES/dugout.mo (README: adding a language)
catalogues: $(VENV)/.installed-test
	$(BIN)/python tools/catalogue.py update
	$(BIN)/python tools/catalogue.py compile

clean:
	rm -rf $(VENV) build dist *.egg-info
