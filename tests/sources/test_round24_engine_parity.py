"""Engine parity, round 24: a counts table of several CSV files records its typed labels as
numbers on every engine (DuckDB and Dask recorded them as text, so ``audit --counts`` refused
its own table), and pandas counts refuse labels that print alike (1 and '1') as the other
engines do."""

import json

import pandas as pd
import pytest

from ethiclens.cli import main

ROLES = ["--y-true", "y", "--y-pred", "p", "--protected", "g"]
FAST = ["pandas", "duckdb", "dask"]


def _error(capsys) -> str:
    return capsys.readouterr().err.strip().splitlines()[-1]


@pytest.mark.parametrize("engine", FAST)
@pytest.mark.parametrize("layout", ["folder", "glob", "hive"])
def test_counts_of_several_csv_files_audit_on_every_engine(tmp_path, engine, layout):
    """d/a.csv + d/b.csv: DuckDB and Dask wrote "ethiclens_text_columns": [g, y_true,
    y_pred] and ``audit --counts`` refused 'holds the text values ['0', '1']'."""
    d = tmp_path / "d"
    for g in "AB":
        folder = d / f"g={g}" if layout == "hive" else d
        folder.mkdir(parents=True, exist_ok=True)
        rows = pd.DataFrame({"y": [1, 0, 1, 0], "p": [1, 1, 0, 0]})
        if layout != "hive":
            rows["g"] = g
        rows.to_csv(folder / f"{g}.csv", index=False)
    target = str(d / "*.csv") if layout == "glob" else str(d)
    out = tmp_path / f"c_{engine}.csv"
    assert main(["counts", target, *ROLES, "--engine", engine, "--out", str(out)]) == 0
    meta = json.loads((tmp_path / f"c_{engine}.csv.ethiclens.json").read_text())
    assert meta["ethiclens_text_columns"] == ["g"]
    assert main(["audit", "--counts", str(out), "--n-boot", "100"]) == 0


def test_pandas_counts_refuse_labels_that_print_alike_as_every_engine(tmp_path, capsys):
    """p as text in one Parquet file and int64 in another: pandas counts wrote 16 cells
    (1,0,0,6 beside 1,0,0,13); the other engines and the audit refused up front."""
    d = tmp_path / "pstr_int"
    d.mkdir()
    rows = pd.DataFrame({"y": [1, 0, 1, 0], "p": [1, 1, 0, 0], "g": list("AABB")})
    rows.assign(p=rows["p"].astype(str)).to_parquet(d / "part0.parquet")
    rows.to_parquet(d / "part1.parquet")
    errors = {}
    for engine in FAST:
        out = tmp_path / f"c_{engine}.csv"
        assert main(["counts", str(d), *ROLES, "--engine", engine, "--out", str(out)]) == 2
        assert not out.exists()
        errors[engine] = _error(capsys)
    assert len(set(errors.values())) == 1, errors
    assert "distinct values print the same (e.g. 1 and '1')" in errors["pandas"]
    assert "'p (y_pred)'" in errors["pandas"]
