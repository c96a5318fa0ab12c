"""Round 43 review (monitor). (1) A folder holding a file still being written (d1.csv.part)
beside another kind no engine reads (notes.json) was told only to wait for the first: a run
after the wait was refused again for the other. The fix now names both. (2) pos_label=nan
(float, NumPy's, Decimal's) was refused by the monitor at count time as absent from column
'p (y_pred)', where audit() refuses it as argument 'pos_label': now the audit's words."""

import decimal

import numpy as np
import pandas as pd
import pytest

from ethiclens import audit
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import MonitorRequest, run_monitor

ARGS = ["--time", "ts", "--window", "1d", "--y-pred", "p", "--protected", "g"]
ROWS = pd.DataFrame({"ts": ["2024-01-01T10:00:00Z"] * 2, "g": ["A", "B"], "p": [0, 1]})


def test_a_file_being_written_beside_another_kind_names_both(tmp_path, capsys):
    folder = tmp_path / "feed"
    folder.mkdir()
    for name in ("d0.csv", "d1.csv.part", "notes.json"):
        ROWS.to_csv(folder / name, index=False)
    store = tmp_path / "s.sqlite"
    rc = main(["monitor", str(folder), *ARGS, "--store", str(store)])
    err = capsys.readouterr().err
    assert rc == 2 and not store.exists(), err
    assert f"run again once it is complete (renamed to {folder / 'd1.csv'})" in err, err
    assert "; the .json files: move them out of the folder, or convert them to .csv" in err, err
    assert ".csv.part files:" not in err, err


@pytest.mark.parametrize(
    "label",
    [float("nan"), np.float64("nan"), np.float32("nan"), decimal.Decimal("NaN")],
    ids=["float", "float64", "float32", "decimal"],
)
def test_a_nan_pos_label_is_refused_as_the_audit_refuses_it(tmp_path, label):
    with pytest.raises(EthicLensInputError) as theirs:
        audit(ROWS["p"], ROWS["p"], ROWS["g"], pos_label=label)
    ROWS.to_csv(tmp_path / "t.csv", index=False)
    with pytest.raises(EthicLensInputError) as ours:
        request = MonitorRequest(str(tmp_path / "t.csv"), "ts", "1d", "p", ("g",), pos_label=label)
        run_monitor(request, str(tmp_path / "s.sqlite"))
    assert str(ours.value) == str(theirs.value)
    assert str(ours.value).startswith("argument 'pos_label': must be one label")
    assert not (tmp_path / "s.sqlite").exists()


@pytest.mark.parametrize("flag", ["TARGET", "--baseline-target"])
def test_a_file_being_written_named_alone_is_waited_for(tmp_path, capsys, flag):
    """Named alone (TARGET or --baseline-target), d1.csv.part was told only 'save the rows
    as .csv or .parquet': converting a file cut short is no fix."""
    ROWS.to_csv(tmp_path / "t.csv", index=False)
    ROWS.to_csv(tmp_path / "d1.csv.part", index=False)
    part = str(tmp_path / "d1.csv.part")
    args = [part] if flag == "TARGET" else [str(tmp_path / "t.csv"), flag, part]
    rc = main(["monitor", *args, *ARGS, "--store", str(tmp_path / "s.sqlite")])
    err = capsys.readouterr().err
    assert rc == 2 and not (tmp_path / "s.sqlite").exists(), err
    done = tmp_path / "d1.csv"
    assert f"Fix: if it is still being written, run again once it is complete, on {done}" in err
    assert "; otherwise save the rows as .csv or .parquet" in err, err
