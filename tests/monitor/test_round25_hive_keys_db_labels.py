"""Round 25, engine parity of ``ethiclens monitor`` with the audit's hive-key rules and words.

A hive folder key is the folder name's text on every engine: a CSV folder ``g=NA/`` (``nan``,
``None``, ``null``) is the group 'NA' (DuckDB and Spark refused it as missing, pandas and Dask
counted it); a ``g=__HIVE_DEFAULT_PARTITION__/`` folder (Hive's name for a missing value) is
refused before counting on every engine, naming the folder as ``ethiclens audit`` does
(pandas and Dask counted a group of that name, DuckDB and Spark refused it as missing with no
place). A stray 0.5 label or prediction in a ``--db`` table is refused in the file engines'
words (was "holds values that are not 0/1 ['0.5']", another fix)."""

import re
import sqlite3

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main
from tests.sources.conftest import spark  # noqa: F401 (the suite's one SparkSession)

pytest.importorskip("dask.dataframe", reason="dask not installed (ethiclens[dask])")
pytest.importorskip("duckdb", reason="duckdb not installed (ethiclens[duckdb])")

FAST = ("pandas", "duckdb", "dask")


def _rows(n: int = 12, seed: int = 0) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    return pd.DataFrame(
        {
            "y": rng.integers(0, 2, n),
            "p": rng.integers(0, 2, n),
            "t": [f"2024-01-0{1 + i % 2} 0{i % 10}:00:00" for i in range(n)],
        }
    )


def _hive(folder, name: str, kind: str = "csv"):
    """FOLDER/g=A/part.* and FOLDER/g=NAME/part.* (12 rows each)."""
    for i, value in enumerate(["A", name]):
        part = folder / f"g={value}"
        part.mkdir(parents=True)
        rows = _rows(seed=i)
        if kind == "csv":
            rows.to_csv(part / "part.csv", index=False)
        else:
            rows.to_parquet(part / "part.parquet", index=False)
    return folder


def _monitor(target, tmp_path, engine, capsys, *more) -> tuple:
    store = tmp_path / f"{engine}{len(list(tmp_path.iterdir()))}.sqlite"
    argv = ["monitor", *([str(target)] if target else []), "--y-true", "y", "--y-pred", "p",
            "--protected", "g", "--time", "t", "--window", "1d", "--engine", engine,
            "--store", str(store), *more]  # fmt: skip
    code = main(argv)
    err = [line for line in capsys.readouterr().err.splitlines() if line.startswith("error")]
    return code, err


def _audit(target, capsys) -> tuple:
    code = main(["audit", str(target), "--y-true", "y", "--y-pred", "p", "--protected", "g"])
    err = [line for line in capsys.readouterr().err.splitlines() if line.startswith("error")]
    return code, err


@pytest.mark.parametrize("kind", ["csv", "parquet"])
def test_hive_default_partition_refused_as_the_audit_refuses_it(tmp_path, capsys, kind):
    target = _hive(tmp_path / "h", "__HIVE_DEFAULT_PARTITION__", kind)
    found = {e: _monitor(target, tmp_path, e, capsys) for e in FAST}
    assert found["pandas"] == found["duckdb"] == found["dask"], found
    code, err = found["pandas"]
    assert code == 2
    assert "12 missing group value(s) (the folder g=__HIVE_DEFAULT_PARTITION__/" in err[0]
    assert "rename the folder" in err[0]
    assert (code, err) == _audit(target, capsys)


@pytest.mark.parametrize("name", ["NA", "nan", "None", "null"])
def test_a_csv_folder_named_as_a_missing_word_is_a_group(tmp_path, capsys, name):
    target = _hive(tmp_path / "na", name)
    for engine in FAST:
        code, err = _monitor(target, tmp_path, engine, capsys)
        assert (code, err) == (0, []), (engine, err)
    assert _audit(target, capsys)[0] == 0


@pytest.mark.slow
@pytest.mark.usefixtures("spark")
def test_spark_reads_hive_keys_as_the_audit(tmp_path, capsys):
    default = _hive(tmp_path / "h", "__HIVE_DEFAULT_PARTITION__")
    spark_says = _monitor(default, tmp_path, "spark", capsys)
    assert spark_says == _monitor(default, tmp_path, "duckdb", capsys)
    assert "(the folder g=__HIVE_DEFAULT_PARTITION__/" in spark_says[1][0]
    na = _hive(tmp_path / "na", "NA")
    assert _monitor(na, tmp_path, "spark", capsys) == (0, [])


def _table(path, col: str, value) -> str:
    rows = _rows(40)
    rows["g"] = ["A", "B"] * 20
    rows[["y", "p"]] = rows[["y", "p"]].astype(float)
    rows.loc[3, col] = value
    rows.to_csv(path.with_suffix(".csv"), index=False)
    with sqlite3.connect(path) as con:
        rows.to_sql("t", con, index=False)
    return f"sqlite:///{path}"


@pytest.mark.parametrize("col", ["p", "y"])
@pytest.mark.parametrize("value", [0.5, 1.5])
def test_db_refuses_a_stray_label_in_the_file_engines_words(tmp_path, capsys, col, value):
    url = _table(tmp_path / "q.db", col, value)
    db = _monitor(None, tmp_path, "auto", capsys, "--db", url, "--table", "t")
    files = _monitor(tmp_path / "q.csv", tmp_path, "pandas", capsys)
    # the file names its first stray row's line, as the audit's engines do; a table has none
    assert ", first at q.csv line " in files[1][0]
    assert db == (files[0], [re.sub(r", first at q\.csv line \d+", "", files[1][0])]), (db, files)
    role = "y_pred" if col == "p" else "y_true"
    assert db[0] == 2 and f"column '{col} ({role})': " in db[1][0]
    if value > 1:
        assert "is not binary 0/1: found values 0.0, 1.0, 1.5" in db[1][0]
