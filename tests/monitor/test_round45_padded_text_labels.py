"""Round 45 holdout (UCI adult.test: labels ' >50K.' / ' <=50K.', a space before each): the
monitor stripped the whitespace around text labels, where the audit (pandas' reading of a CSV
column) keeps it. So 'ethiclens monitor --pos-label ">50K."' counted the rows the audit of
the same file refuses ("pos_label '>50K.' does not occur as written"), and without
--pos-label its refusal named the values and fix without their spaces ('>50K.'), a fix the
audit refuses. The monitor now reads text labels as written (numbers still without their
spaces, as pandas reads ' 1'), on every engine: the audit's words and counts."""

import sqlite3

import pandas as pd
import pytest
import sqlalchemy  # noqa: F401  (imported at collection: the sqlite case pays no import)

from ethiclens.errors import EthicLensInputError
from ethiclens.fairness import audit
from ethiclens.monitor import MonitorRequest, run_monitor

N = 40
FRAME = pd.DataFrame(
    {
        "ts": [f"2024-03-01T{h % 24:02d}:00:00Z" for h in range(N)],
        "g": ["a", "b"] * (N // 2),
        "pred": [" yes", " no", " no", " no"] * (N // 4),
        "y": [" yes", " no", " no", " yes"] * (N // 4),
    }
)


def _monitor(tmp_path, engine, pos_label):
    if engine == "sqlite":
        db = tmp_path / "rows.db"
        with sqlite3.connect(db) as con:
            FRAME.to_sql("preds", con, index=False, if_exists="replace")
        target, kw = "db", {"db": f"sqlite:///{db}", "table": "preds"}
    else:
        target = tmp_path / "d.csv"
        FRAME.to_csv(target, index=False)
        kw = {"engine": engine}
    request = MonitorRequest(
        target=target, time="ts", window="1d", y_pred="pred", y_true="y",
        protected=("g=a",), pos_label=pos_label, **kw,
    )  # fmt: skip
    return run_monitor(request, tmp_path / f"{engine}.sqlite", warn=False).to_dict()


def _audit_refusal(**kw) -> str:
    with pytest.raises(EthicLensInputError) as err:
        audit(FRAME.y, FRAME.pred, FRAME.g, **kw)
    return str(err.value)


@pytest.mark.parametrize("engine", ["pandas", "duckdb", "sqlite"])
def test_a_pos_label_without_the_space_is_refused_as_the_audit_refuses_it(tmp_path, engine):
    with pytest.raises(EthicLensInputError) as err:
        _monitor(tmp_path, engine, "yes")  # was: counted
    said = "pos_label 'yes' does not occur as written: the column writes it ' yes' (text)"
    assert said in str(err.value)
    assert said in _audit_refusal(pos_label="yes")


@pytest.mark.parametrize("engine", ["pandas", "duckdb", "sqlite"])
def test_without_a_pos_label_the_values_are_named_with_their_spaces(tmp_path, engine):
    with pytest.raises(EthicLensInputError) as err:
        _monitor(tmp_path, engine, None)
    assert "found values ' no', ' yes'" in str(err.value)  # was: ['no', 'yes']
    assert "found values ' no', ' yes'" in _audit_refusal()


def test_the_pos_label_as_written_counts_as_the_audit_counts(tmp_path):
    got = _monitor(tmp_path, "pandas", " yes")["comparisons"][0]["history"][-1]["counts"]
    doc = audit(FRAME.y, FRAME.pred, FRAME.g, pos_label=" yes").to_dict()
    for group in doc["attributes"][0]["groups"]:
        side = got["reference" if group["group"] == "a" else "group"]
        assert (side["n"], side["pos"]) == (group["n"], group["n_positive_label"])
