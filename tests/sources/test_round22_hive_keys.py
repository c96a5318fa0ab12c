"""Engine parity, round 22: a hive folder key is its folder name's text on every engine (Spark
typed z=1.0 as the number 1.0, merging z=1 into it; DuckDB and Dask read g=NA over CSV parts
as a CSV's missing word), Hive's __HIVE_DEFAULT_PARTITION__ is one refusal everywhere, Spark
reads Parquet files storing a role column as different types one type at a time, and a SQLite
group of integer 1 and real 1.0 is labelled as the rows read by pandas.read_sql label it."""

import json
import sqlite3

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.cli import main

ROLES = ["--y-true", "y", "--y-pred", "p", "--protected", "g", "--n-boot", "100"]
FAST = ["pandas", "duckdb", "dask"]


def _rows(n: int = 40, seed: int = 0) -> pd.DataFrame:
    r = np.random.default_rng(seed)
    return pd.DataFrame({"y": r.integers(0, 2, n), "p": r.integers(0, 2, n)})


def _hive(root, keys, kind="csv", key="g"):
    for i, k in enumerate(keys):
        folder = root / f"{key}={k}"
        folder.mkdir(parents=True)
        rows = _rows(seed=i)
        if kind == "csv":
            rows.to_csv(folder / "part.csv", index=False)
        else:
            rows.to_parquet(folder / "part.parquet")
    return root


def _groups(tmp_path, target, engine, roles=ROLES):
    out = tmp_path / f"{engine}.json"
    assert main(["audit", str(target), *roles, "--engine", engine, "--json", str(out)]) == 0
    attr = json.loads(out.read_text())["attributes"][0]
    return sorted((g["group"], g["n"]) for g in attr["groups"])


def _error(capsys) -> str:
    return capsys.readouterr().err.strip().splitlines()[-1]


@pytest.mark.parametrize("engine", FAST)
@pytest.mark.parametrize("word", ["NA", "nan", "None", "null"])
def test_a_folder_key_spelled_as_a_missing_word_is_a_group_over_csv_parts(tmp_path, engine, word):
    """g=NA/part.csv: pandas audited the group 'NA'; DuckDB and Dask refused '40 missing group
    value(s), first at part.csv line 2' (the value is the folder's, not the file's)."""
    target = _hive(tmp_path / "h", ["A", word])
    assert _groups(tmp_path, target, engine) == [("A", 40), (word, 40)]


@pytest.mark.parametrize("engine", FAST)
def test_an_empty_folder_key_over_csv_parts_is_the_audits_empty_group_name(
    tmp_path, capsys, engine
):
    """g=/part.csv is the group '' (refused by the audit's words) on every engine, not a CSV's
    empty field (DuckDB and Dask said 'missing group value(s), first at part.csv line 2')."""
    target = _hive(tmp_path / "h", ["A", ""])
    assert main(["audit", str(target), *ROLES, "--engine", engine]) == 2
    assert _error(capsys).startswith("error: column 'g': holds an empty group name ''")


@pytest.mark.parametrize("engine", FAST)
@pytest.mark.parametrize("kind", ["csv", "parquet"])
def test_hives_default_partition_is_refused_as_missing_naming_the_folder(
    tmp_path, capsys, engine, kind
):
    """g=__HIVE_DEFAULT_PARTITION__ (what Hive and Spark write for a null key): pandas (and
    Dask over CSV) audited a group of that name, DuckDB, Dask and Spark refused it as missing
    (over CSV parts naming the file's line 2). Now one refusal naming the folder."""
    target = _hive(tmp_path / "h", ["A", "__HIVE_DEFAULT_PARTITION__"], kind)
    for command in ("audit", "counts"):
        out = ["--out", str(tmp_path / "c.csv")] if command == "counts" else []
        assert main([command, str(target), *ROLES[:6], "--engine", engine, *out]) == 2
        assert _error(capsys) == (
            "error: column 'g': 40 missing group value(s) (the folder "
            "g=__HIVE_DEFAULT_PARTITION__/, Hive's name for a missing value). Fix: rename the "
            "folder to give those rows an explicit value (e.g. g=Unknown)"
        )


@pytest.mark.slow
def test_spark_reads_folder_keys_as_text_and_parquet_types_one_at_a_time(tmp_path, capsys, spark):
    """Spark typed z=1 and z=1.0 as the number 1.0 (one group of 80 rows), z=01 as 1, crashed
    on an empty key folder (SparkRuntimeException) and on Parquet files storing a role column
    as int32 and int64, or a date and a timestamp (PARQUET_COLUMN_DATA_TYPE_MISMATCH): now
    the groups, refusals and labels of the other engines."""
    num = _hive(tmp_path / "num", ["1", "1.0", "01"], "parquet")
    assert _groups(tmp_path, num, "spark") == [("01", 40), ("1", 40), ("1.0", 40)]
    assert _groups(tmp_path, _hive(tmp_path / "na", ["A", "NA"]), "spark") == [
        ("A", 40),
        ("NA", 40),
    ]
    empty = _hive(tmp_path / "empty", ["A", ""], "parquet")
    assert main(["audit", str(empty), *ROLES, "--engine", "spark"]) == 2
    assert _error(capsys).startswith("error: column 'g': holds an empty group name ''")

    mixed = tmp_path / "mixed"
    mixed.mkdir()
    a, b = _rows(seed=1), _rows(seed=2)
    a["g"], b["g"] = np.int32(1), np.int64(2)
    a["d"] = pd.Timestamp("2020-01-01").date()
    b["d"] = pd.Timestamp("2020-01-01")
    a.to_parquet(mixed / "a.parquet")
    b.to_parquet(mixed / "b.parquet")
    expected = {e: _groups(tmp_path, mixed, e) for e in ("pandas", "spark")}
    assert expected["spark"] == expected["pandas"] == [("1", 40), ("2", 40)], expected
    dates = [*ROLES[:4], "--protected", "d", "--n-boot", "100"]
    assert _groups(tmp_path, mixed, "spark", dates) == [
        ("2020-01-01", 40),
        ("2020-01-01 00:00:00", 40),
    ]
    assert _groups(tmp_path, mixed, "pandas", dates) == _groups(tmp_path, mixed, "spark", dates)


def test_sqlite_labels_1_and_1_0_in_other_cells_as_the_first_row_read(tmp_path):
    """Integer 1 and real 1.0 in cells of their own beside text groups: --db labelled the group
    '1.0' (the GROUP BY's order), the Python API on pandas.read_sql '1' (the first row's)."""
    db = tmp_path / "t.db"
    con = sqlite3.connect(db)
    con.execute("CREATE TABLE t (y, p, g)")
    rows = [(1, 0, 1), (0, 0, 1.0)] + [(i % 2, (i // 2) % 2, "AB"[i % 3 % 2]) for i in range(60)]
    con.executemany("INSERT INTO t VALUES (?, ?, ?)", rows)
    con.commit()
    frame = pd.read_sql("SELECT * FROM t", con)
    con.close()
    report = ethiclens.audit(frame.y, frame.p, frame[["g"]], n_boot=100).to_dict()
    api = sorted((g["group"], g["n"]) for g in report["attributes"][0]["groups"])
    assert ("1", 2) in api, api
    out = tmp_path / "r.json"
    argv = ["audit", "--db", f"sqlite:///{db}", "--table", "t", *ROLES, "--json", str(out)]
    assert main(argv) == 0
    got = sorted(
        (g["group"], g["n"]) for g in json.loads(out.read_text())["attributes"][0]["groups"]
    )
    assert got == api


def _attributes(tmp_path, target, engine, roles):
    out = tmp_path / f"{engine}.json"
    assert main(["audit", str(target), *roles, "--engine", engine, "--json", str(out)]) == 0
    return json.loads(out.read_text())["attributes"]


@pytest.mark.parametrize("hive", [False, True])
def test_float32_and_float64_scores_in_two_parquet_files_are_one_report(tmp_path, hive):
    """A score stored as float32 in one file and float64 in another: pandas joined them as
    float64 (the float32 0.7 became 0.699999988) where DuckDB and Dask read it as the 0.7 it
    prints as; under hive folders Dask read the float64 file as float32 (the first file's
    type). Now the calibration's mean scores agree on every engine."""
    root = tmp_path / "f"
    for i, kind in enumerate(["float32", "float64"]):
        rows = _rows(seed=i).assign(s=np.random.default_rng(i).random(40).astype(kind))
        folder = root / f"g={'AB'[i]}" if hive else root
        folder.mkdir(parents=True, exist_ok=True)
        if not hive:
            rows["g"] = "AB"[i]
        rows.to_parquet(folder / f"{i}.parquet")
    roles = [*ROLES, "--y-score", "s"]
    got = {e: _attributes(tmp_path, root, e, roles) for e in FAST}
    assert got["pandas"] == got["duckdb"] == got["dask"]
