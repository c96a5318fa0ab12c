"""Round 31: a TARGET (or --baseline-target) file that the monitor does not read — JSON or
JSON lines, a CSV compressed otherwise than .gz, a spreadsheet — is refused in the monitor's
words: its engines read CSV and Parquet only. Before, the audit's refusal told the user to
"use --engine pandas, which reads .jsonl files" (refused again with --engine pandas) or to
"use .csv, .parquet or .json"."""

import pandas as pd
import pytest

from ethiclens.cli import main

ROWS = pd.DataFrame({"ts": ["2024-01-01T10:00:00Z"] * 2, "g": ["A", "B"], "p": [0, 1]})
ARGS = ["--time", "ts", "--window", "1d", "--y-pred", "p", "--protected", "g"]


def _write(path):
    if path.name.endswith((".jsonl", ".json")):
        ROWS.to_json(path, orient="records", lines=path.name.endswith("l"))
    else:
        path.write_bytes(b"PK\x03\x04 not a table")


@pytest.mark.parametrize("name", ["preds.jsonl", "preds.json", "preds.xlsx"])
@pytest.mark.parametrize("engine", [[], ["--engine", "pandas"], ["--engine", "duckdb"]])
def test_a_file_the_monitor_does_not_read_is_refused_in_its_words(tmp_path, capsys, name, engine):
    _write(tmp_path / name)
    store = tmp_path / "s.sqlite"
    rc = main(["monitor", str(tmp_path / name), *ARGS, *engine, "--store", str(store)])
    err = capsys.readouterr().err
    assert rc == 2 and not store.exists()
    assert "argument 'TARGET': the monitor reads .csv, .csv.gz, .parquet and .pq files" in err
    assert "--engine pandas" not in err and ".json" not in err.split("Fix:")[1]
    assert err.strip().endswith("Fix: save the rows as .csv or .parquet")


def test_a_baseline_file_the_monitor_does_not_read(tmp_path, capsys):
    ROWS.to_csv(tmp_path / "t.csv", index=False)
    _write(tmp_path / "b.jsonl")
    args = [str(tmp_path / "t.csv"), *ARGS, "--baseline-target", str(tmp_path / "b.jsonl")]
    rc = main(["monitor", *args, "--engine", "pandas", "--store", str(tmp_path / "s.sqlite")])
    err = capsys.readouterr().err
    assert rc == 2
    assert "option '--baseline-target': the monitor reads .csv, .csv.gz, .parquet and" in err
    assert "--engine pandas" not in err


def test_the_fix_in_each_face_s_words(tmp_path):
    from ethiclens.errors import EthicLensInputError
    from ethiclens.monitor import MonitorRequest, run_monitor

    _write(tmp_path / "t.jsonl")
    request = MonitorRequest(
        target=str(tmp_path / "t.jsonl"), time="ts", window="1d", y_pred="p", protected=("g",)
    )
    with pytest.raises(EthicLensInputError, match="give them as a DataFrame: target=pd.read_json"):
        run_monitor(request, str(tmp_path / "s.sqlite"))
