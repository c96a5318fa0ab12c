"""Round 21: under ``ci="bca"`` and ``ci="percentile"`` a group with an empty cell (0 of 300
selected) is drawn from its Jeffreys posterior, Dirichlet(cells + 1/2), and every interval
involving it is the percentile of those draws (no BCa correction), as its ``ci_method`` says.

Before, it was a multinomial of the smoothed point shares: 0/300 had a 95% upper bound of 0.0033
(bca) or 0.0067 (percentile) where Jeffreys' is 0.0083 and Clopper–Pearson's 0.0122; the group
rate covered a true 0.005 in 0.74 of 300 runs (bca), and 0/300 against 50/5000 (Fisher p =
0.115) was FLAGGED with DI [0, 0.355] (bca) and [0, 0.794] (percentile).
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import ethiclens

JEFFREYS_UPPER = 0.00833  # Beta(1/2, 300 + 1/2)'s 97.5% quantile: 0 of 300
N_A, N_B = 5000, 300


def _frame(selected_a: int, labelled: bool = False) -> pd.DataFrame:
    p = np.zeros(N_A + N_B, int)
    p[:selected_a] = 1
    frame = pd.DataFrame({"p": p, "g": ["A"] * N_A + ["B"] * N_B})
    if labelled:
        frame["y"] = np.arange(N_A + N_B) % 2
    return frame


def _audit(engine, frame, tmp_path, ci, labelled=False):
    kwargs = {"reference": "A", "n_boot": 2000, "ci": ci, "random_state": 0}
    if engine == "pandas":
        y = frame["y"] if labelled else None
        return ethiclens.audit(y, frame["p"], frame[["g"]], **kwargs).to_dict()
    pytest.importorskip("duckdb")
    from ethiclens.sources import Roles, duckdb_counts

    path = tmp_path / "rows.csv"
    frame.to_csv(path, index=False)
    roles = Roles(y_pred="p", protected=["g"], y_true="y" if labelled else None)
    return ethiclens.audit_counts(duckdb_counts(str(path), roles, threads=1), **kwargs).to_dict()


def _group_b(report):
    groups = report["attributes"][0]["groups"]
    return next(g for g in groups if g["group"] == "B")["metrics"]["selection_rate"]


@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
@pytest.mark.parametrize("ci", ["bca", "percentile"])
def test_never_selected_group_holds_at_the_boundary(engine, ci, tmp_path):
    report = _audit(engine, _frame(50), tmp_path, ci)
    rate = _group_b(report)
    assert rate["value"] == 0.0 and rate["ci_low"] == 0.0
    # the Jeffreys bound, up to the Monte Carlo error of 2,000 draws (was 0.0033 / 0.0067)
    assert rate["ci_high"] >= 0.9 * JEFFREYS_UPPER
    assert rate["ci_method"].startswith("percentile (a group has an empty cell")
    assert "Jeffreys posterior" in rate["ci_method"]
    # 0/300 against 50/5000 (Fisher's p = 0.115) is not a disparity shown with confidence
    comparison = report["comparisons"][0]
    di = comparison["metrics"]["disparate_impact"]
    assert di["ci_low"] == 0.0 and di["ci_high"] > 0.8, di
    assert comparison["status"] != "FLAGGED"
    assert "Jeffreys posterior" in di["ci_method"] and "bca (" not in di["ci_method"]
    # the group without an empty cell keeps the audit's own method
    groups = report["attributes"][0]["groups"]
    other = next(g for g in groups if g["group"] == "A")["metrics"]["selection_rate"]
    assert other["ci_method"].startswith(ci) and "empty cell" not in other["ci_method"]


def test_engines_give_the_same_intervals(tmp_path):
    frame = _frame(50)
    pandas = _audit("pandas", frame, tmp_path, "bca")
    duckdb = _audit("duckdb", frame, tmp_path, "bca")
    assert _group_b(pandas) == _group_b(duckdb)
    assert pandas["comparisons"] == duckdb["comparisons"]


def test_labels_do_not_change_the_selection_rate_draws_distribution(tmp_path):
    """With labels the selection rate of a group with an empty cell is drawn from its own two
    cells (Jeffreys' Beta(x + 1/2, n − x + 1/2), as ``ci="jeffreys"`` draws it), not summed
    from four cells of 1/2 each (Beta(1, n + 1), a wider bound)."""
    rate = _group_b(_audit("pandas", _frame(50, labelled=True), tmp_path, "bca", labelled=True))
    assert 0.9 * JEFFREYS_UPPER <= rate["ci_high"] <= 1.1 * JEFFREYS_UPPER
    assert "Jeffreys posterior" in rate["ci_method"]


def test_weighted_never_selected_group_is_drawn_from_its_posterior():
    frame = _frame(50)
    weights = np.where(np.arange(len(frame)) % 3 == 0, 2.0, 1.0)
    report = ethiclens.audit(
        None,
        frame["p"],
        frame[["g"]],
        sample_weight=weights,
        reference="A",
        n_boot=2000,
        ci="bca",
        random_state=0,
    ).to_dict()
    rate = _group_b(report)
    # Kish's effective size of B is below 300, so its bound is above 0/300's
    assert rate["ci_high"] >= 0.9 * JEFFREYS_UPPER
    assert "Jeffreys posterior" in rate["ci_method"]
    assert report["comparisons"][0]["status"] != "FLAGGED"


@pytest.mark.parametrize("ci", ["bca", "percentile"])
def test_a_cell_whose_rows_all_weigh_zero_is_empty_too(ci):
    """B's 10 selected rows weigh 0: its weighted selection rate is 0 and resampling its rows
    kept it at 0 in every replicate (DI [0, 0], never flagged, where jeffreys flags it)."""
    g = np.array(["A"] * 1000 + ["B"] * 300)
    p = np.r_[np.arange(1000) < 300, np.arange(300) < 10].astype(int)
    w = np.r_[np.ones(1000), np.where(np.arange(300) < 10, 0.0, 1.0)]
    report = ethiclens.audit(
        None, p, {"g": g}, sample_weight=w, reference="A", n_boot=1000, ci=ci, random_state=0
    ).to_dict()
    rate = _group_b(report)
    assert rate["value"] == 0.0 and rate["ci_high"] >= 0.9 * JEFFREYS_UPPER
    assert "Jeffreys posterior" in rate["ci_method"]
    comparison = report["comparisons"][0]
    assert comparison["metrics"]["disparate_impact"]["ci_high"] > 0
    assert comparison["status"] == "FLAGGED"  # 0 against 0.3: DI below 0.8 with confidence
