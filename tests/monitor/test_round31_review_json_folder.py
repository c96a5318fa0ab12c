"""Round 31 review (known leftover): the monitor given a folder or glob of JSON-lines files
ended its refusal "..., or audit one file alone (jd/cp.jsonl)": advice the monitor then
refuses ('the monitor reads .csv, .csv.gz, .parquet and .pq files only'). The monitor's fix
is to convert them, on every engine and for --baseline-target; the audit keeps its words."""

import pandas as pd
import pytest

from ethiclens.cli import main

ROWS = pd.DataFrame({"ts": ["2024-01-01T10:00:00Z"] * 2, "g": ["A", "B"], "p": [0, 1]})
ARGS = ["--time", "ts", "--window", "1d", "--y-pred", "p", "--protected", "g"]


def _folder(tmp_path):
    (tmp_path / "jd").mkdir()
    for name in ("cp.jsonl", "cq.jsonl"):
        ROWS.to_json(tmp_path / "jd" / name, orient="records", lines=True)
    return tmp_path / "jd"


@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
@pytest.mark.parametrize("glob", [False, True])
def test_the_monitor_gives_only_the_fix_it_takes(tmp_path, capsys, engine, glob):
    folder = _folder(tmp_path)
    target = str(folder / "*.jsonl") if glob else str(folder)
    store = tmp_path / "s.sqlite"
    rc = main(["monitor", target, *ARGS, "--engine", engine, "--store", str(store)])
    err = capsys.readouterr().err
    assert rc == 2 and not store.exists()
    assert "may hold only .csv, .csv.gz, .parquet and .pq files" in err
    assert err.strip().endswith("Fix: convert them to .csv or .parquet")


def test_a_baseline_folder_too(tmp_path, capsys):
    folder = _folder(tmp_path)
    ROWS.to_csv(tmp_path / "t.csv", index=False)
    args = [str(tmp_path / "t.csv"), *ARGS, "--baseline-target", str(folder)]
    rc = main(["monitor", *args, "--store", str(tmp_path / "s.sqlite")])
    err = capsys.readouterr().err
    assert rc == 2 and "option '--baseline-target': a folder or glob may hold only" in err
    assert err.strip().endswith("Fix: convert them to .csv or .parquet")


def test_the_audit_keeps_its_advice(tmp_path, capsys):
    folder = _folder(tmp_path)
    assert main(["audit", str(folder), "--y-pred", "p", "--protected", "g"]) == 2
    assert "or audit one file alone (" in capsys.readouterr().err
