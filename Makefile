# wingbeat: `make demo` runs the built-in example, `make test` runs every check CI runs: the
# non-browser tests twice, with the compiled search kernel and with the pure-Python one
# (WINGBEAT_PURE=1), since `pip install -e` builds the kernel only where a C compiler is.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test stress-test lint bench versus serve clean messages catalogs precomputed

$(STAMP): pyproject.toml setup.py src/wingbeat/_kernel.pyx src/wingbeat/_kernel5e.pyx \
    src/wingbeat/_bucketqueue.pyx src/wingbeat/_bucketqueue.pxd src/wingbeat/_reserve.pyx
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

# the message catalogs (.po) compiled, for a checkout whose .po changed since the install
catalogs: $(STAMP)
	$(BIN)/python scripts/messages.py compile

# re-extract every marked sentence into the Italian and French .po files (then translate them)
messages: $(STAMP)
	$(BIN)/python scripts/messages.py update

# the registrations, JSON Schemas and dataclass code kept in the package (after a ruleset.toml,
# schema.py or dataclass changes)
precomputed: $(STAMP)
	$(BIN)/python scripts/precomputed.py update

demo: catalogs
	$(BIN)/wingbeat demo

serve: catalogs
	$(BIN)/wingbeat serve

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/mypy
	$(BIN)/lint-imports

test: catalogs
	bash scripts/ensure-test-tools
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/mypy
	$(BIN)/lint-imports
	$(BIN)/pytest -n 2 -q -m "not browser"
	WINGBEAT_PURE=1 $(BIN)/pytest -n 2 -q -m "not browser"
	$(BIN)/pytest -q -m browser

# the same steps beside two CPU-busy processes per core: pass it 3 times in a row before submitting
stress-test: $(STAMP)
	bash scripts/stress-test $(BIN)

bench: $(STAMP)
	$(BIN)/python benchmarks/run.py

# the rows of what a person waits for, on BASE (a commit: the previous main) and on this tree in turns
versus: $(STAMP)
	$(BIN)/python benchmarks/versus.py --base $(BASE)

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
