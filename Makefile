# Two commands do all setup on a fresh machine: `make demo` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# Test processes (pytest-xdist, ADR 0014): one per core of the 2-core machines CI runs on; each
# test file stays in one process (--dist loadfile), so a file's fixtures are made once.
TEST_WORKERS ?= 2

.PHONY: demo test test-fast test-core bench lint format clean

$(STAMP): pyproject.toml constraints.txt
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet -c constraints.txt -e '.[all,test]'
	touch $(STAMP)

demo: $(STAMP)
	mkdir -p reports
	$(BIN)/ethiclens audit compas --json reports/compas-audit.json --html reports/compas-audit.html --model-card reports/compas-model-card.md
	# The README's second example: the small race groups merged, so both headlines are published.
	$(BIN)/ethiclens audit compas --merge-groups "race=Asian,Native American,Other:Other" --json reports/compas-merged-audit.json --html reports/compas-merged-audit.html

# The core-install check (test-core: about a minute, half of it waiting on pip and the disk)
# runs beside the suite; its output is printed after the suite's, and either failing fails.
test: $(STAMP)
	bash scripts/ensure-chromium.sh
	bash scripts/ensure-postgres.sh
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench
	$(MAKE) --no-print-directory test-core > $(VENV)/test-core.log 2>&1 & core=$$!; \
	$(BIN)/python -m pytest -q -n $(TEST_WORKERS) --dist loadfile --durations=25; suite=$$?; \
	wait $$core; core_rc=$$?; cat $(VENV)/test-core.log; \
	[ $$suite -eq 0 ] && [ $$core_rc -eq 0 ]

# The core install alone (no extras) in a throw-away venv: `ethiclens audit compas` must run
# there and torch must be absent (ADR 0007). About a minute; works offline like the main install.
test-core:
	PYTHON=$(PYTHON) bash scripts/check-core-install.sh

test-fast: $(STAMP)
	$(BIN)/python -m pytest -q -m "not slow"

bench: $(STAMP)
	$(BIN)/python bench/bench_cli.py
	$(BIN)/python bench/bench_audit.py
	$(BIN)/python bench/bench_groups.py
	$(BIN)/python bench/bench_gate_schema.py
	$(BIN)/python bench/bench_compare.py
	# This machine may pin OPENBLAS_CORETYPE/OPENBLAS_L2_SIZE for old OpenBLAS builds; the DP-SGD
	# benchmark unsets both for its own command so numpy's current OpenBLAS picks its kernel (it
	# prints which). Tests and CI keep the machine's settings.
	env -u OPENBLAS_CORETYPE -u OPENBLAS_L2_SIZE $(BIN)/python bench/bench_dpsgd.py
	$(BIN)/python bench/bench_synth.py
	$(BIN)/python bench/bench_scale.py
	$(BIN)/python bench/bench_monitor.py
	$(BIN)/python bench/bench_store_check.py
	$(BIN)/python bench/bench_web.py

lint: $(STAMP)
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench

format: $(STAMP)
	$(BIN)/ruff format src tests bench
	$(BIN)/ruff check --fix src tests bench

clean:
	rm -rf $(VENV) reports build dist src/*.egg-info
