"""Round 45: the bins an audit's groups were cut at are recorded in the result
(``config.bins``), the same whichever way the audit was asked for: ``audit(bins=)``,
``audit_counts(bin_counts(...))``, ``compare(bins=)``, and ``ethiclens audit --bins`` on the
pandas and DuckDB engines (the pandas path bins the rows itself and stated nothing, the DuckDB
path none either; the Python audit's HTML never said 'age: binned at edges ...')."""

import json

import matplotlib.figure  # noqa: F401 - imported when collected, not in a test's time
import numpy as np
import pandas as pd
import pytest

from ethiclens import EthicLensInputError, audit, audit_counts, compare
from ethiclens.cli import main
from ethiclens.fairness import bin_counts
from ethiclens.report import render_html, validate_report
from ethiclens.sources import BINS_ATTR, Roles, counts_of

N = 600
R = np.random.default_rng(0)
FRAME = pd.DataFrame(
    {
        "age": R.integers(18, 90, N),
        "sex": R.choice(["F", "M"], N),
        "y": R.integers(0, 2, N),
        "p": R.integers(0, 2, N),
        "q": R.integers(0, 2, N),
    }
)
EDGES = {"age": [0, 40, 120]}
STATED = {"age": [0.0, 40.0, 120.0]}
LINE = "age: binned at edges 0, 40, 120"
OPTS = dict(n_boot=100, random_state=0)


def _rows_audit(columns=("age", "sex"), **extra):
    return audit(FRAME.y, FRAME.p, FRAME[list(columns)], **OPTS, **extra)


def _counts(columns=("age", "sex")):
    return counts_of(FRAME, Roles("p", list(columns), "y"))


def test_audit_bins_stated():
    report = json.loads(_rows_audit(bins=EDGES).to_json())
    validate_report(report)
    assert report["config"]["bins"] == STATED


def test_audit_bins_said():
    assert LINE in render_html(_rows_audit(bins=EDGES))


def test_nothing_binned_states_empty():
    result = _rows_audit(["sex"])
    assert result.config["bins"] == {}
    assert "binned at edges" not in render_html(result)


def test_nothing_binned_counts_state_empty():
    assert audit_counts(_counts(["sex"]), **OPTS).config["bins"] == {}


def _binned_counts():
    return bin_counts(_counts(), EDGES)


def test_counts_binned_state_the_same():
    table = _binned_counts()
    assert table.attrs[BINS_ATTR] == STATED
    by_counts = audit_counts(table, **OPTS).to_dict()
    by_rows = _rows_audit(bins=EDGES).to_dict()
    assert by_counts["config"]["bins"] == by_rows["config"]["bins"] == STATED
    assert by_counts["attributes"] == by_rows["attributes"]


def test_counts_binned_said():
    assert LINE in render_html(audit_counts(_binned_counts(), **OPTS))


def test_bin_counts_keeps_bins_recorded_before():
    table = _counts()
    table.attrs[BINS_ATTR] = {"other": [0.0, 1.0]}
    out = bin_counts(table, EDGES)
    assert out.attrs[BINS_ATTR] == {"other": [0.0, 1.0], **STATED}
    # only the audited attributes' edges are stated
    assert audit_counts(out, **OPTS).config["bins"] == STATED


def test_bad_recorded_bins_refused():
    table = bin_counts(_counts(), EDGES)
    table.attrs[BINS_ATTR] = "age"
    with pytest.raises(EthicLensInputError, match="ethiclens_bins"):
        audit_counts(table, **OPTS)


def test_compare_audits_state_bins():
    comp = compare(FRAME.y, FRAME.p, 1 - FRAME.p, FRAME[["age", "sex"]], bins=EDGES, **OPTS)
    assert comp.audit_a.config["bins"] == comp.audit_b.config["bins"] == STATED


def test_older_report_without_bins_validates():
    report = json.loads(_rows_audit(bins=EDGES).to_json())
    del report["config"]["bins"]
    validate_report(report)


@pytest.mark.parametrize("kind", ["audit", "compare"])
def test_cli_pandas_and_duckdb_state_the_same_bins(tmp_path, kind):
    path = tmp_path / "ages.csv"
    FRAME.to_csv(path, index=False)
    base = [str(path), "--y-true", "y", "--protected", "age", "--bins", "age=0,40,120"]
    base += ["--n-boot", "100", "--seed", "0"]
    base += ["--y-pred", "p"] if kind == "audit" else ["--y-pred", "p", "--y-pred", "q"]
    engines = ("pandas", "duckdb") if kind == "audit" else ("pandas",)
    reports = {}
    for engine in engines:
        out = tmp_path / f"{engine}.json"
        args = [kind, *base, *(["--engine", engine] if kind == "audit" else [])]
        assert main([*args, "--json", str(out)]) == 0
        reports[engine] = json.loads(out.read_text())
    if kind == "compare":
        audits = reports["pandas"]["audits"]
        assert [a["config"]["bins"] for a in audits.values()] == [STATED, STATED]
        return
    a, b = reports["pandas"], reports["duckdb"]
    assert a["config"] == b["config"]
    assert a["config"]["bins"] == STATED
    for r in (a, b):
        for key in ("engine", "generated_at"):
            r["run"].pop(key)
        r["run"]["spec"]["target"].pop("engine")
        r["data"]["provenance"].pop("engine")
    assert a == b
