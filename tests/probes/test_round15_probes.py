"""Round 15: the oracle judges coverage and flag rates only over the runs the audit judged
(a withheld interval is not "not covered"), with a Wilson interval; the counterfactual probe
aligns pandas predictions by index and checks its groups; inject_bias checks its inputs."""

from __future__ import annotations

import warnings

import pytest

from ethiclens.cli import main
from ethiclens.probes import (
    run_oracle,
)


def _oracle(n, **kw):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return run_oracle(n, repetitions=4, n_boot=100, **kw)


def test_a_withheld_interval_is_not_counted_as_not_covered():
    res = _oracle(100, disparate_impact=1.0)
    for row in res.rows:
        assert row["runs_judged"] == 0
        assert row["coverage"] is None and row["coverage_ci"] is None
        assert "INSUFFICIENT_DATA" in row["not_assessable"]
        assert "use n of at least 200" in row["fix"]
    for rate in res.flag_rate.values():
        assert rate["any_rule"] is None and rate["di_rule"] is None
        assert rate["any_rule_runs_judged"] == 0 == rate["di_rule_runs_judged"]


def test_coverage_counts_only_the_runs_judged():
    # 150 rows: DI/SPD below the row floor (75 per group), EO judged from its labels
    res = _oracle(150, disparate_impact=0.05)
    by = {(r["metric"], r["method"]): r for r in res.rows}
    assert by["disparate_impact", "jeffreys"]["coverage"] is None
    eo = by["equalized_odds_difference", "jeffreys"]
    assert eo["runs_judged"] >= 1 and eo["coverage"] is not None
    assert res.flag_rate["jeffreys"]["di_rule"] is None
    assert res.flag_rate["jeffreys"]["any_rule_runs_judged"] >= 1


def test_coverage_at_the_boundary_has_a_wilson_interval_of_positive_width():
    res = _oracle(400, disparate_impact=0.6)
    row = res.rows[0]
    assert row["runs_judged"] == 4
    low, high = row["coverage_ci"]
    assert low < high and 0 <= low and high <= 1
    assert row["coverage_ci_method"].startswith("Wilson")
    if row["coverage"] == 1.0:
        assert low == pytest.approx(0.5101, abs=1e-3)  # Wilson 4 of 4


def test_the_oracle_cli_says_not_assessable_and_why(capsys):
    argv = ["oracle", "--n", "100", "--repetitions", "10", "--n-boot", "100", "--di", "1.0"]
    assert main(argv) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "0.000 ± 0.000" not in out and "0.0%" not in out
    assert "not assessable" in out and "0 of 10" in out
    assert "below the floor of 100" in out and "use n of at least 200 (--n)" in out
    assert "Wilson" in out
