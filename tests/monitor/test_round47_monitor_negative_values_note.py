"""Round 47: under --pos-label, an audit of rows whose predictions are yes/no/maybe notes
"only 'yes' is positive; the other values were all counted as negative: ..." (every face, one
rule: fairness.negative_values_notes). The monitor counted 'maybe' as negative without a word.
Its run now notes it (run.notes; a Python caller gets it as a warning too), counted alike on
every engine, in the audit's words."""

import sqlite3
import warnings

import pandas as pd
import pytest

from ethiclens.fairness import audit
from ethiclens.monitor import MonitorRequest, run_monitor

N = 40
FRAME = pd.DataFrame(
    {
        "ts": [f"2024-03-01T{h % 24:02d}:00:00Z" for h in range(N)],
        "g": ["a", "b"] * (N // 2),
        "pred": ["yes", "no", "maybe", "no"] * (N // 4),
        "y": ["yes", "no", "no", "yes"] * (N // 4),
    }
)
NOTE = (
    "column 'pred (y_pred)': only 'yes' is positive; the other values were all counted as "
    "negative: 'maybe' (10 rows), 'no' (20 rows)"
)


@pytest.mark.parametrize("engine", ["pandas", "duckdb", "sqlite"])
def test_the_monitor_notes_the_values_counted_negative(tmp_path, engine):
    if engine == "sqlite":
        with sqlite3.connect(tmp_path / "rows.db") as con:
            FRAME.to_sql("preds", con, index=False)
        kw = {"target": "db", "db": f"sqlite:///{tmp_path / 'rows.db'}", "table": "preds"}
    else:
        FRAME.to_csv(tmp_path / "d.csv", index=False)
        kw = {"target": tmp_path / "d.csv", "engine": engine}
    request = MonitorRequest(
        time="ts", window="1d", y_pred="pred", y_true="y", protected=("g=a",), pos_label="yes",
        **kw,
    )  # fmt: skip
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        doc = run_monitor(request, tmp_path / "s.sqlite").to_dict()
    assert NOTE in doc["run"]["notes"], doc["run"]
    assert [str(w.message) for w in caught if "counted as negative" in str(w.message)] == [NOTE]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        said = audit(FRAME.y, FRAME.pred, FRAME.g, pos_label="yes", n_boot=100)
    assert said.data["provenance"]["notes"] == [NOTE]  # the audit's words


def test_two_values_get_no_note(tmp_path):
    FRAME.assign(pred=FRAME.pred.replace({"maybe": "no"})).to_csv(tmp_path / "d.csv", index=False)
    request = MonitorRequest(
        target=tmp_path / "d.csv", time="ts", window="1d", y_pred="pred", y_true="y",
        protected=("g=a",), pos_label="yes",
    )  # fmt: skip
    doc = run_monitor(request, tmp_path / "s.sqlite", warn=False).to_dict()
    assert not any("counted as negative" in n for n in doc["run"].get("notes", []))
