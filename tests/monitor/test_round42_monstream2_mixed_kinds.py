"""Round 42 (monstream2): a monitored folder that grows by a Parquet file beside its CSV files
(or a glob of both, or such a --baseline-target) was refused "mixes CSV and Parquet files ...
Fix: audit one kind", the audit's advice: following it leaves the other kind's rows out of
windows they belong to (windows counted short, or refused later as late rows). The monitor's
fix is to convert them to one kind, on every engine, with nothing written."""

import pandas as pd
import pytest

from ethiclens.cli import main

ARGS = ["--time", "ts", "--window", "1d", "--y-pred", "p", "--protected", "g"]
ROWS = pd.DataFrame({"ts": ["2024-01-01T10:00:00Z"] * 2, "g": ["A", "B"], "p": [0, 1]})
FIX = "Fix: convert them to one kind, all .csv or all .parquet (the monitor counts every row"


def _mixed(tmp_path):
    folder = tmp_path / "feed"
    folder.mkdir()
    ROWS.to_csv(folder / "d0.csv", index=False)
    ROWS.to_parquet(folder / "d1.parquet")
    return folder


@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
@pytest.mark.parametrize("glob", [False, True])
def test_a_folder_of_both_kinds_is_told_to_convert(tmp_path, capsys, engine, glob):
    folder = _mixed(tmp_path)
    target = str(folder / "d*") if glob else str(folder)
    store = tmp_path / "s.sqlite"
    rc = main(["monitor", target, *ARGS, "--engine", engine, "--store", str(store)])
    err = capsys.readouterr().err
    assert rc == 2 and not store.exists(), err
    assert "mixes CSV and Parquet files" in err and FIX in err, err
    assert "audit one kind" not in err and "Traceback" not in err


def test_a_baseline_folder_of_both_kinds_too(tmp_path, capsys):
    folder = _mixed(tmp_path)
    ROWS.to_csv(tmp_path / "t.csv", index=False)
    args = [str(tmp_path / "t.csv"), *ARGS, "--baseline-target", str(folder)]
    rc = main(["monitor", *args, "--store", str(tmp_path / "s.sqlite")])
    err = capsys.readouterr().err
    assert rc == 2 and "--baseline-target" in err, err
    assert FIX in err and "audit one kind" not in err, err
