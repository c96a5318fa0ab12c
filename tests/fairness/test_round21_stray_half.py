"""Round 21: a 0/1 prediction or label column with one stray 0.5 is refused as a row to drop
or correct (as a stray 1.5 is), not as scores to threshold, by ``audit`` on rows and by
``audit_counts`` on a counts table whose cell of 0.5 counts one row; a column that holds the
0.5 in many rows still looks like scores."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError

N = 60


def _rows(stray_rows: int) -> tuple:
    y = np.tile([0, 1], N // 2)
    p = np.tile([1.0, 1.0, 0.0, 0.0], N // 4)
    p[:stray_rows] = 0.5
    g = pd.Series(np.tile(["A", "B", "C"], N // 3), name="g")
    return pd.Series(y, name="y"), pd.Series(p, name="p"), g


def _refusal(call) -> str:
    with pytest.raises(EthicLensInputError) as exc:
        call()
    return str(exc.value)


def test_one_half_among_zero_one_predictions_is_a_stray_row():
    y, p, g = _rows(1)
    text = _refusal(lambda: ethiclens.audit(y, p, g, n_boot=100))
    assert "column 'p (y_pred)': is not binary 0/1: found values 0.0, 0.5, 1.0" in text
    assert "Fix: drop those rows or correct their values to 0/1" in text, text
    assert "threshold" not in text, text


def test_many_halves_are_scores():
    y, p, g = _rows(N // 4)
    text = _refusal(lambda: ethiclens.audit(y, p, g, n_boot=100))
    assert "looks like scores, not 0/1 predictions" in text, text
    assert "threshold it into a 0/1 column" in text, text


@pytest.mark.parametrize("halves", [1, N // 4])
def test_a_counts_table_weighs_the_cells_by_their_rows(halves):
    """One cell of 0.5 counting one row (or many): the counts' answer is the rows' answer."""
    y, p, g = _rows(halves)
    rows = pd.DataFrame({"y_true": y, "y_pred": p, "g": g})
    table = rows.groupby(["g", "y_true", "y_pred"]).size().rename("count").reset_index()
    counted = _refusal(lambda: ethiclens.audit_counts(table, n_boot=100))
    direct = _refusal(lambda: ethiclens.audit(y.rename(None), p.rename(None), g, n_boot=100))
    # "column 'y_pred': …" and "argument 'y_pred': …": one problem, one fix
    assert counted.split(": ", 1)[1] == direct.split(": ", 1)[1], (counted, direct)
    assert ("threshold it" in counted) == (halves > 1), counted
