# Dugout: `make run` opens the demo league, `make test` runs the whole suite headless.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run test lint bench dist clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

$(VENV)/.installed-run: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e '.[test]'
	touch $@

run: $(VENV)/.installed-run
	$(BIN)/dugout --demo

test: $(VENV)/.installed-test
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest -q -p no:cacheprovider

lint: $(VENV)/.installed-test
	$(BIN)/ruff check roster_app ui tests bench
	$(BIN)/ruff format --check roster_app ui tests bench

bench: $(VENV)/.installed-test
	QT_QPA_PLATFORM=offscreen $(BIN)/python bench/run_all.py

clean:
	rm -rf $(VENV) build dist *.egg-info
