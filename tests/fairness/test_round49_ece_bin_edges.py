"""ECE bins a score s into b with b/k <= s < (b+1)/k on every engine: a score exactly on an
edge (0.57 with 100 bins, where 0.57 * 100 is 56.99999999999999) is in the bin it opens, not
the one below; checked against a hand count."""

import sqlite3

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.sources import Roles, counts_of, duckdb_counts, sql_counts

SCORES = [0.57, 0.3, 0.7, 0.29, 0.0, 1.0, 0.58, 0.56]
# by hand: b/k <= s < (b+1)/k, 1.0 in the last bin
HAND = {10: [5, 3, 7, 2, 0, 9, 5, 5], 100: [57, 30, 70, 29, 0, 99, 58, 56]}


def _frame():
    n = len(SCORES)
    return pd.DataFrame(
        {"y": [1, 0] * (n // 2), "p": [1, 0] * (n // 2), "g": ["a"] * n, "s": SCORES}
    )


def _bins(table):
    pairs = zip(table["score_bin"], table["count"], strict=True)
    return sorted(int(b) for b, c in pairs for _ in range(c))


@pytest.mark.parametrize("k", [10, 100])
@pytest.mark.parametrize("engine", ["pandas", "duckdb", "sqlite"])
def test_counts_bin_scores_on_an_edge_by_hand(engine, k, tmp_path):
    roles = Roles(y_pred="p", y_true="y", protected=["g"], y_score="s", n_bins=k)
    if engine == "pandas":
        table = counts_of(_frame(), roles)
    elif engine == "duckdb":
        _frame().to_csv(tmp_path / "d.csv", index=False)
        table = duckdb_counts(str(tmp_path / "d.csv"), roles)
    else:
        with sqlite3.connect(tmp_path / "d.sqlite") as con:
            _frame().to_sql("t", con, index=False)
        table = sql_counts(f"sqlite:///{tmp_path / 'd.sqlite'}", roles, table="t")
    assert _bins(table) == sorted(HAND[k])


@pytest.mark.parametrize("k", [10, 100])
def test_audit_ece_and_reliability_bins_on_an_edge(k):
    f = _frame()
    both = pd.concat([f, f.assign(g="b")], ignore_index=True)
    result = ethiclens.audit(
        both.y, both.p, both.g, y_score=both.s, n_bins=k, n_boot=100, random_state=0
    )
    g = next(g for g in result.attributes[0].groups if g.group == "a")
    s, y, bins = np.array(SCORES), f.y.to_numpy(), np.array(HAND[k])
    expected = sum(abs(y[bins == b].sum() - s[bins == b].sum()) for b in set(HAND[k])) / len(s)
    assert g.metrics["ece"].value == pytest.approx(expected, abs=1e-12)
    assert sorted(int(round(r["lower"] * k)) for r in g.calibration) == sorted(set(HAND[k]))
