"""Round 49 (monitor, leftover 1): a store started with a Python or YAML truth as its
--pos-label (pos_label=True, or 1) whose remembered label values do not say that its label
columns are true/false -- a version-1 store (it remembers none), or one whose TARGETs wrote the
column both ways (meta label_values 0, 1, False, True) -- refused 'ethiclens monitor ...
--pos-label True' (or 'true') as "was written by another request: pos_label True there, 'True'
here", though the audit counts the two alike on true/false labels. Such a run is now checked
as the store's request and counted by the text as given (as a store started without a
--pos-label, 8379d925): true/false labels count as the store's, 0/1 ones are refused as
another request, and 'False' stays another request."""

import json
import sqlite3

import pandas as pd
import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import MonitorRequest, run_monitor

N = 20


def _file(tmp_path, day, pred):
    path = tmp_path / f"d{day}.csv"
    frame = pd.DataFrame(
        {
            "ts": [f"2024-03-0{day}T{h:02d}:00:00Z" for h in range(N)],
            "g": ["a", "b"] * (N // 2),
            "pred": pred * (N // len(pred)),
        }
    )
    frame.to_csv(path, index=False)
    return path


def _python(tmp_path, day, store, label, pred=(True, False, False, True)):
    request = MonitorRequest(
        target=_file(tmp_path, day, list(pred)), time="ts", window="1d", y_pred="pred",
        protected=("g=a",), pos_label=label, engine="pandas",
    )  # fmt: skip
    return run_monitor(request, store, warn=False).to_dict()


def _cli(tmp_path, day, store, label, capsys, pred=(True, False, False, True)):
    path = _file(tmp_path, day, list(pred))
    args = ["monitor", str(path), "--time", "ts", "--window", "1d", "--y-pred", "pred"]
    args += ["--protected", "g=a", "--store", str(store), "--pos-label", label]
    args += ["--engine", "pandas"]
    code = main(args)
    out, err = capsys.readouterr()
    return code, out, err


def _upgraded(store, values):
    with sqlite3.connect(store) as con:
        if values is None:  # a version-1 store: no remembered values
            con.execute("DELETE FROM meta WHERE key = 'label_values'")
            con.execute("UPDATE meta SET value = '1' WHERE key = 'store_version'")
        else:  # TARGETs that wrote the column as 0/1 and as False/True
            value = json.dumps({"y_pred": values})
            con.execute("UPDATE meta SET value = ? WHERE key = 'label_values'", (value,))


MIXED = ["0", "1", "False", "True"]


@pytest.mark.parametrize("values", [None, MIXED], ids=["version1", "mixed"])
@pytest.mark.parametrize("theirs", [True, 1])
@pytest.mark.parametrize("given", ["True", "true"])
def test_a_truth_text_is_the_stores_truth_on_true_false_labels(tmp_path, values, theirs, given):
    store = tmp_path / "m.sqlite"
    _python(tmp_path, 1, store, theirs)
    _upgraded(store, values)
    doc = _python(tmp_path, 2, store, given)
    assert doc["run"]["new_windows"] == 1
    history = doc["comparisons"][0]["history"]
    assert [h["counts"]["reference"]["sel"] for h in history] == [5, 5]
    assert _python(tmp_path, 3, store, theirs)["run"]["new_windows"] == 1  # still one request


def test_the_command_line_alike(tmp_path, capsys):
    store = tmp_path / "m.sqlite"
    _python(tmp_path, 1, store, True)
    _upgraded(store, None)
    code, out, err = _cli(tmp_path, 2, store, "True", capsys)
    assert code == 0, err
    assert "another request" not in err


@pytest.mark.parametrize("values", [None, MIXED], ids=["version1", "mixed"])
def test_false_and_0_1_labels_stay_another_request(tmp_path, values):
    store = tmp_path / "m.sqlite"
    _python(tmp_path, 1, store, True)
    _upgraded(store, values)
    before = store.read_bytes()
    with pytest.raises(EthicLensInputError, match="another request: pos_label True there"):
        _python(tmp_path, 2, store, "False")
    with pytest.raises(EthicLensInputError, match="another request: pos_label True there"):
        _python(tmp_path, 3, store, "True", pred=(1, 0, 0, 1))
    assert store.read_bytes() == before


def test_a_store_of_0_1_labels_refuses_the_text_before_counting(tmp_path):
    store = tmp_path / "m.sqlite"
    _python(tmp_path, 1, store, 1, pred=(1, 0, 0, 1))
    with pytest.raises(EthicLensInputError, match="another request: pos_label 1 there, 'True'"):
        _python(tmp_path, 2, store, "True", pred=(1, 0, 0, 1))


def test_a_quiet_day_of_a_mixed_store_counts_as_all_negative(tmp_path):
    store = tmp_path / "m.sqlite"
    _python(tmp_path, 1, store, True)
    _upgraded(store, MIXED)
    doc = _python(tmp_path, 2, store, "True", pred=(False,))
    history = doc["comparisons"][0]["history"]
    assert [h["counts"]["reference"]["sel"] for h in history] == [5, 0]
