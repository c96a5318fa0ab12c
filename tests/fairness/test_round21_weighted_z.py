"""Round 21: with ``sample_weight`` the comparison's z-test runs on the weighted selection rates
(those SPD and DI are computed from) with each group's Kish effective size (Σw)²/Σw², and its
method says so; unweighted it is the row-count test it always was.

Before, the test ignored the weights: A 30% selected (weight 1), B 40% selected by rows but
its selected rows weigh 0.25, so B's weighted rate is 100/700 = 14.3% (SPD -0.157, DI 0.476,
FLAGGED) while z read +4.69 (p = 2.8e-6); 5,000 unselected rows of weight 0 added to B moved z
to -22.8 though no weighted rate changed. Now z = -7.82 (p = 5.4e-15) with or without them.
"""

from __future__ import annotations

import math
import sqlite3

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.sources import Roles, dask_counts, duckdb_counts, pandas_counts, sql_counts

KW = {"reference": "A", "n_boot": 200, "random_state": 0}


def _frame(zero_rows: int = 0) -> pd.DataFrame:
    """A: 1,000 rows, 300 selected, weight 1. B: 1,000 rows, 400 selected of weight 0.25 and
    600 not of weight 1 (weighted rate 100/700), plus ``zero_rows`` unselected rows of weight 0.
    Weights are multiples of a power of two, so every engine's sums are exact."""
    k = np.arange(1000)
    p = np.r_[k < 300, k < 400, np.zeros(zero_rows, bool)].astype(int)
    w = np.r_[np.ones(1000), np.where(k < 400, 0.25, 1.0), np.zeros(zero_rows)]
    g = ["A"] * 1000 + ["B"] * (1000 + zero_rows)
    return pd.DataFrame({"p": p, "g": g, "w": w})


def _comparison(frame: pd.DataFrame, weighted: bool = True) -> dict:
    w = frame["w"] if weighted else None
    report = ethiclens.audit(None, frame["p"], frame[["g"]], sample_weight=w, **KW).to_dict()
    return report["comparisons"][0]


def _expected(frame: pd.DataFrame) -> float:
    """z by hand: weighted rates, Kish sizes, pooled rate weighted by the Kish sizes."""
    rates, sizes = [], []
    for name in ("B", "A"):
        part = frame[frame["g"] == name]
        w = part["w"].to_numpy()
        rates.append(float((w * part["p"]).sum() / w.sum()))
        sizes.append(float(w.sum() ** 2 / (w**2).sum()))
    pooled = (sizes[0] * rates[0] + sizes[1] * rates[1]) / sum(sizes)
    se = math.sqrt(pooled * (1 - pooled) * (1 / sizes[0] + 1 / sizes[1]))
    return (rates[0] - rates[1]) / se


def test_weighted_z_has_the_sign_of_the_spd_shown():
    c = _comparison(_frame())
    spd = c["metrics"]["statistical_parity_difference"]["value"]
    assert spd == pytest.approx(100 / 700 - 0.3)
    z = c["z_test"]
    assert z["statistic"] < 0 and spd < 0  # was z = +4.69 beside SPD -0.157
    assert z["statistic"] == pytest.approx(_expected(_frame()), rel=1e-12)
    assert z["p_value"] == pytest.approx(math.erfc(abs(z["statistic"]) / math.sqrt(2)))
    assert "weighted selection rates" in z["method"] and "Kish" in z["method"]
    assert "unweighted" not in z["method"]


def test_zero_weight_rows_leave_the_weighted_test_unchanged():
    plain = _comparison(_frame())["z_test"]
    padded = _comparison(_frame(zero_rows=5000))["z_test"]
    assert padded == plain  # was -22.8 with the padding, +4.69 without


def test_a_group_whose_weights_are_all_zero_has_no_test():
    frame = _frame()
    frame.loc[frame["g"] == "B", "w"] = 0.0
    frame.loc[0, "w"] = 1.0  # keep some weight in A
    z = _comparison(frame)["z_test"]
    assert z["statistic"] is None and z["p_value"] is None
    assert "'B'" in z["reason"] and "zero" in z["reason"]


def test_unweighted_test_is_the_row_count_test():
    frame = _frame()
    z = _comparison(frame, weighted=False)["z_test"]
    assert z["method"] == "pooled two-proportion z-test (two-sided, unweighted row counts)"
    pooled = 700 / 2000
    expected = (0.4 - 0.3) / math.sqrt(pooled * (1 - pooled) * (2 / 1000))
    assert z["statistic"] == expected
    # unit weights: the weighted test reduces to the row-count test
    frame["w"] = 1.0
    assert _comparison(frame)["z_test"]["statistic"] == pytest.approx(expected, rel=1e-12)


def _engine_reports(frame: pd.DataFrame, tmp_path) -> dict:
    roles = Roles(y_pred="p", protected=["g"], weight="w")
    csv = tmp_path / "rows.csv"
    frame.to_csv(csv, index=False)
    tables = {"pandas": pandas_counts(str(csv), roles)}
    if _has("duckdb"):
        tables["duckdb"] = duckdb_counts(str(csv), roles, threads=1)
    db = tmp_path / "rows.db"
    with sqlite3.connect(db) as con:
        frame.to_sql("t", con, index=False)
    con.close()
    if _has("sqlalchemy"):
        tables["sql"] = sql_counts(f"sqlite:///{db}", roles, table="t")
    if _has("dask.dataframe"):
        import dask.dataframe as dd

        tables["dask"] = dask_counts(dd.from_pandas(frame, npartitions=3), roles)
    out = {k: ethiclens.audit_counts(t, **KW).to_dict() for k, t in tables.items()}
    out["rows"] = ethiclens.audit(None, frame["p"], frame[["g"]], sample_weight=frame["w"], **KW)
    out["rows"] = out["rows"].to_dict()
    return out


def _has(module: str) -> bool:
    try:
        __import__(module)
    except ImportError:
        return False
    return True


def test_every_engine_gives_the_same_weighted_test(tmp_path):
    reports = _engine_reports(_frame(zero_rows=50), tmp_path)
    assert "duckdb" in reports or not _has("duckdb")
    tests = {k: r["comparisons"][0]["z_test"] for k, r in reports.items()}
    first = tests["rows"]
    assert first["statistic"] < 0
    for name, z in tests.items():
        assert z == first, name
