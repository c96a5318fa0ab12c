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


def _part(path, rows=None):
    path.mkdir(parents=True)
    rows = pd.DataFrame({"y": [1, 0, 1, 0, 1], "p": [1, 1, 0, 0, 1]}) if rows is None else rows
    rows.to_parquet(path / "part.parquet")


def _layouts(root):
    """Hive layouts pandas reads and DuckDB (eqval, depth) or Spark (order) refused."""
    _part(root / "eqval" / "g=a=b")
    _part(root / "eqval" / "g=c")
    _part(root / "depth" / "g=A")
    _part(root / "depth" / "g=B" / "h=1")
    _part(root / "order" / "g=1" / "h=2")
    _part(root / "order" / "h=3" / "g=4")
    return {"eqval": [("a=b", 5), ("c", 5)], "depth": [("A", 5), ("B", 5)]} | {
        "order": [("1", 5), ("4", 5)]
    }


def _groups(tmp_path, target, engine):
    out = tmp_path / f"{target.name}-{engine}.json"
    args = ["audit", str(target), *ROLES, "--engine", engine, "--n-boot", "100"]
    assert main([*args, "--json", str(out)]) == 0
    attr = json.loads(out.read_text())["attributes"][0]
    return sorted((g["group"], g["n"]) for g in attr["groups"])


@pytest.mark.parametrize("engine", FAST)
def test_uneven_hive_layouts_are_read_as_pandas_reads_them(tmp_path, engine):
    """g=a=b/ beside g=c/, g=A/ beside g=B/h=1/: DuckDB refused 'Binder Error: Hive partition
    mismatch … Fix: check the file's format'; pandas and Dask read g=a=b as the group 'a=b'."""
    for name, expected in _layouts(tmp_path / "h").items():
        assert _groups(tmp_path, tmp_path / "h" / name, engine) == expected, name


@pytest.mark.slow
def test_spark_reads_hive_keys_in_either_order(tmp_path, spark):
    """g=1/h=2/ beside h=3/g=4/: Spark crashed [CONFLICTING_PARTITION_COLUMN_NAMES]."""
    for name, expected in _layouts(tmp_path / "h").items():
        assert _groups(tmp_path, tmp_path / "h" / name, "spark") == expected, name


@pytest.mark.parametrize("engine", FAST)
@pytest.mark.parametrize("parts", [["g=1/g=2"], ["g=A", "g=B/g=C"]])
def test_a_folder_key_repeated_in_a_path_is_refused_so(tmp_path, capsys, engine, parts):
    """g=1/g=2/part.parquet: every engine said "'g': is both a column of the files and a
    folder key (g=2/)", though the files hold no g."""
    for p in parts:
        _part(tmp_path / "h" / p)
    assert main(["audit", str(tmp_path / "h"), *ROLES, "--engine", engine]) == 2
    shown = parts[-1]
    assert _error(capsys) == (
        f"error: column 'g': the folder key repeats in the path ({shown}/): which one is meant "
        "is ambiguous. Fix: name the folder key g= once in each path"
    )
