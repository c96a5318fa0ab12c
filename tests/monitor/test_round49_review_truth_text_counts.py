"""Round 49 review of 0a65dbbf (monitor, a truth's text beside a store's label): a run given
--pos-label 'True' (the command line's text) on a store started with pos_label=True (Python,
a config's YAML true), or without one, was counted by the text whenever the store's label was
not text -- also where the store's remembered values were all truths, which had made 'True'
the store's True before. The text reads a TARGET otherwise than the store's label: a column
writing 'True'/'False' and '1'/'0' (exports of two writers) had its '1' rows counted as
negatives (selection rate 0.5 where the store's True counts 1.0), silently; a 0/1 TARGET
that the store's True counts was refused. Now a run whose label the store's words make its own
counts as the store's, and one counted by the text that reads a value otherwise ('1' beside
'True') is refused as another request, never counted."""

import json
import sqlite3

import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import MonitorRequest, run_monitor

N = 20
TRUTHS = (True, False, False, True)
MIXED = ("True", "False", "1", "0")  # reference 'a' (even rows): True and 1, all positive


def _run(tmp_path, day, pred, label, store):
    path = tmp_path / f"d{day}.csv"
    pd.DataFrame(
        {
            "ts": [f"2024-03-0{day}T{h:02d}:00:00Z" for h in range(N)],
            "g": ["a", "b"] * (N // 2),
            "pred": list(pred) * (N // len(pred)),
        }
    ).to_csv(path, index=False)
    request = MonitorRequest(
        target=path, time="ts", window="1d", y_pred="pred", protected=("g=a",),
        pos_label=label, engine="pandas",
    )  # fmt: skip
    doc = run_monitor(request, store, warn=False).to_dict()
    return doc["comparisons"][0]["history"][-1]["counts"]["reference"]["sel"]


def _forget(store, values):
    with sqlite3.connect(store) as con:
        if values is None:
            con.execute("DELETE FROM meta WHERE key = 'label_values'")
        else:
            value = json.dumps({"y_pred": values})
            con.execute("UPDATE meta SET value = ? WHERE key = 'label_values'", (value,))


@pytest.mark.parametrize(
    ("later", "sel"), [(MIXED, 10), ((1, 0, 0, 1), 5)], ids=["mixed", "zero_one"]
)
def test_a_store_of_truths_counts_the_text_as_its_true(tmp_path, later, sel):
    store = tmp_path / "m.sqlite"
    assert _run(tmp_path, 1, TRUTHS, True, store) == 5
    # was: 5 on the mixed column (its '1' rows negatives); the 0/1 day refused
    assert _run(tmp_path, 2, later, "True", store) == sel


@pytest.mark.parametrize(
    ("theirs", "values"),
    [(True, None), (True, ["0", "1", "False", "True"]), (None, "keep")],
    ids=["version1", "mixed_store", "no_pos_label"],
)
def test_a_column_the_text_reads_otherwise_is_refused(tmp_path, theirs, values):
    store = tmp_path / "m.sqlite"
    _run(tmp_path, 1, TRUTHS, theirs, store)
    if values != "keep":
        _forget(store, values)
    with pytest.raises(EthicLensInputError) as err:  # was: counted 5 ('1' as a negative)
        _run(tmp_path, 2, MIXED, "True", store)
    assert "was written by another request" in str(err.value)


def test_a_store_started_with_the_text_keeps_its_negatives(tmp_path):
    # a store started with --pos-label True (text) whose first TARGET wrote '0' beside 'True'
    # and 'False' (counted as a negative): a quiet day of '0' counts as all negative, as the
    # first day counted it (0a65dbbf kept only truths as negatives: refused)
    store = tmp_path / "m.sqlite"
    assert _run(tmp_path, 1, ("True", "False", "0", "False"), "True", store) == 5
    assert _run(tmp_path, 2, ("0",), "True", store) == 0
