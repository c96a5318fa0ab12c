"""Round 44 (monitor): a window in which the model selected no one, under --pos-label.

The audit shares one pos_label between the labels and the predictions (as_binary_columns): a
column that never holds it is all negative when the other holds it and writes every value of
this one (labels yes/no, predictions all no). The monitor checked each column alone, so a
day whose predictions were all 'no' (or all 0 with --pos-label 1) was refused, 'pos_label
does not occur in the column', and the stream stuck there: every later run holding that day
was refused too, where the audit of the same rows (and the monitor without --pos-label, on
0/1) counts it. Now counted, on every engine; a column written otherwise is still refused."""

import sqlite3

import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.fairness import audit
from ethiclens.monitor import MonitorRequest, run_monitor

N = 40


def _day(pred, y):
    return pd.DataFrame(
        {
            "ts": [f"2024-03-01T{h % 24:02d}:00:00Z" for h in range(N)],
            "g": ["a", "b"] * (N // 2),
            "pred": pred,
            "y": y,
        }
    )


WORDS = _day(["no"] * N, ["yes", "no", "no", "yes"] * (N // 4))
ZEROS = _day([0] * N, [0, 1, 1, 0] * (N // 4))


def _counts(target, pos_label, tmp_path, name, **kw):
    request = MonitorRequest(
        target=target, time="ts", window="1d", y_pred="pred", y_true="y",
        protected=("g=a",), pos_label=pos_label, **kw,
    )  # fmt: skip
    doc = run_monitor(request, tmp_path / f"{name}.sqlite", warn=False).to_dict()
    return doc["comparisons"][0]["history"][-1]["counts"]


@pytest.mark.parametrize("engine", ["pandas", "duckdb", "sqlite"])
@pytest.mark.parametrize(("frame", "pos_label"), [(WORDS, "yes"), (ZEROS, 1)])
def test_a_day_without_a_selection_is_counted_as_the_audit_counts_it(
    tmp_path, engine, frame, pos_label
):
    if engine == "sqlite":
        db = tmp_path / "rows.db"
        with sqlite3.connect(db) as con:
            frame.to_sql("preds", con, index=False)
        target, kw = "db", {"db": f"sqlite:///{db}", "table": "preds"}
    else:
        target = tmp_path / "d.csv"
        frame.to_csv(target, index=False)
        kw = {"engine": engine}
    got = _counts(target, pos_label, tmp_path, engine, **kw)  # was: refused
    for side in ("reference", "group"):
        assert got[side] == {"n": 20, "sel": 0, "pos": 10, "tp": 0, "neg": 10, "fp": 0}
    # the audit of the same rows counts it alike: nothing selected, half of each group positive
    doc = audit(frame.y, frame.pred, frame.g, pos_label=pos_label).to_dict()
    for group in doc["attributes"][0]["groups"]:
        assert (group["n"], group["n_positive_label"]) == (20, 10)
        assert group["metrics"]["selection_rate"]["value"] == 0.0


def test_a_column_written_otherwise_is_still_refused(tmp_path):
    target = tmp_path / "d.csv"
    _day([0] * N, ["yes", "no", "no", "yes"] * (N // 4)).to_csv(target, index=False)
    with pytest.raises(EthicLensInputError) as err:
        _counts(target, "yes", tmp_path, "m", engine="pandas")
    # the audit's words (round 46): the labels hold 'yes', the predictions write 0
    said = str(err.value)
    assert "the columns write the positive label differently: 'y' holds 'yes'" in said
    assert "'pred' holds 0;" in said
    target2 = tmp_path / "e.csv"
    _day(["no"] * N, ["no"] * N).to_csv(target2, index=False)  # neither holds it: as the audit
    with pytest.raises(EthicLensInputError) as err:
        _counts(target2, "yes", tmp_path, "n", engine="pandas")
    assert "no row of the column" in str(err.value)
