# Volland: two commands on a fresh machine — `make run` and `make test`.
# Everything below is set-up those two need; nothing has to be installed by hand beyond
# Python >= 3.11, Node >= 20 and a C compiler.

SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PY := $(BIN)/python
STAMPS := .make-stamps
PYX := $(wildcard engine/*.pyx engine/*.pxd engine/*.h)

export VOLLAND_VAR_DIR ?= $(CURDIR)/var

.PHONY: run test bench install build web web-install chromium test-python test-web test-e2e demo-data clean help

help:
	@echo "make run    - set up and start the product (prints the URL and demo logins)"
	@echo "make test   - set up and run every test suite"
	@echo "make bench  - run the benchmarks (results printed and saved under benchmarks/results/)"

# ---------------------------------------------------------------- Python
$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q -U pip setuptools wheel

$(STAMPS)/python: pyproject.toml setup.py | $(BIN)/python
	@mkdir -p $(STAMPS)
	$(BIN)/pip install -q -U "Cython>=3.0,<4" "numpy>=1.26" setuptools wheel
	$(BIN)/pip install -q -e '.[test,bench]'
	@touch $@

$(STAMPS)/ext: $(STAMPS)/python $(PYX) setup.py
	$(PY) setup.py -q build_ext --inplace -j 2
	@touch $@

install: $(STAMPS)/python
build: $(STAMPS)/ext

# ---------------------------------------------------------------- Web
$(STAMPS)/web-install: web/package.json $(wildcard web/package-lock.json)
	@mkdir -p $(STAMPS)
	@# `npm install` rather than `npm ci`: the lockfile pins every version, but registries that serve
	@# only this platform's optional native packages (rollup's) make `npm ci` reject the lockfile.
	cd web && npm install --no-audit --no-fund
	@touch $@

web-install: $(STAMPS)/web-install

web: $(STAMPS)/web-install
	cd web && npm run build

# Debian's Chromium for the browser tests (never a browser downloaded by a test tool).
chromium:
	@command -v chromium >/dev/null 2>&1 || { \
	  echo "Installing Debian's chromium for the browser tests"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium >/dev/null; }

# ---------------------------------------------------------------- Commands
run: build web
	$(PY) -m volland.run

test: build web chromium
	$(MAKE) --no-print-directory test-python
	$(MAKE) --no-print-directory test-web

test-python: build
	$(PY) -m pytest -n 2 -q

# Types, the generated API types against the backend's OpenAPI document, unit tests, then the browser
# tests against a real backend (e2e/server.sh; the build made by `web` is reused).
test-web: build web chromium
	cd web && npm run typecheck --silent && npm run check:api --silent && npm run check:calendar --silent && npm run check:imports --silent && npm test --silent && E2E_SKIP_BUILD=1 npm run e2e --silent

bench: build web
	$(PY) -m benchmarks

clean:
	rm -rf $(STAMPS) build engine/*.so engine/*.c web/dist
