"""Round 46 (holdout data): labels written as the Adult test set writes them ('>50K.') beside
predictions without the dot ('>50K'), --pos-label '>50K'. The audit refuses them as 'the
columns write the positive label differently' (naming both columns and the fix: recode one);
the monitor's first run said only 'pos_label does not occur in the column' of the labels.
Now the monitor refuses them in the audit's words, on every engine, the setting named as each
face names it."""

import sqlite3

import pandas as pd
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import MonitorRequest, run_monitor

N = 40
FRAME = pd.DataFrame(
    {
        "ts": [f"2024-03-01T{h % 24:02d}:00:00Z" for h in range(N)],
        "g": ["a", "b"] * (N // 2),
        "pred": [">50K", "<=50K"] * (N // 2),
        "y": [">50K.", "<=50K.", "<=50K.", ">50K."] * (N // 4),
    }
)


@pytest.mark.parametrize("engine", ["pandas", "duckdb", "sqlite"])
def test_labels_and_predictions_written_apart_are_refused_as_the_audit_does(tmp_path, engine):
    path = tmp_path / "d.csv"
    FRAME.to_csv(path, index=False)
    with pytest.raises(EthicLensInputError) as audited:
        ethiclens.run(str(path), y_true="y", y_pred="pred", protected="g", pos_label=">50K")
    if engine == "sqlite":
        db = tmp_path / "rows.db"
        with sqlite3.connect(db) as con:
            FRAME.to_sql("preds", con, index=False)
        target, kw = "db", {"db": f"sqlite:///{db}", "table": "preds"}
    else:
        target, kw = path, {"engine": engine}
    request = MonitorRequest(
        target=target, time="ts", window="1d", y_pred="pred", y_true="y",
        protected=("g",), pos_label=">50K", **kw,
    )  # fmt: skip
    with pytest.raises(EthicLensInputError) as monitored:
        run_monitor(request, tmp_path / "s.sqlite", warn=False)
    said = monitored.value
    assert said.problem == audited.value.problem
    assert "the columns write the positive label differently" in said.problem
    assert "'y' holds <=50K., >50K.;" in said.problem
    assert said.fix == audited.value.fix
    assert said.column == "pos_label"  # the keyword of a Python caller, as the audit names it
