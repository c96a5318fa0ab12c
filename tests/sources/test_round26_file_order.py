"""Engine parity, round 26: a folder whose files store one label or group column as booleans,
integers, floats and text gets one answer whatever the order of its files. pandas' join named
a group 1 (an integer file) beside 1.0 (a float file) by whichever file came first, so 1, 1.0
and '1' were refused when the integers came first and audited as groups '1' and '1.0' when
the floats did; booleans before floats stayed booleans (groups 'True', '2.0'), after them
they were 1.0. Spark typed the labels of a CSV folder together, not each file's on its own:
a file of True/False beside one of 1.0/0.0 was refused as not binary, audited elsewhere."""

import itertools
import json

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main

pytest.importorskip("duckdb", reason="duckdb not installed (ethiclens[duckdb])")
pytest.importorskip("dask.dataframe", reason="dask not installed (ethiclens[dask])")

ROLES = ["--y-true", "y", "--y-pred", "p", "--protected", "g", "--min-group-size", "1"]
KINDS = {
    "bool": lambda v: v.astype(bool),
    "int": lambda v: v,
    "float": lambda v: v.astype(float),
    "str": lambda v: v.astype(str),
}


def _folder(d, column, order):
    d.mkdir()
    for i, kind in enumerate(order):
        rows = pd.DataFrame(
            {"g": [1, 2] * 6, "y": [0, 1, 1, 0] * 3, "p": [1, 0, 0] * 4}, dtype=np.int64
        )
        rows[column] = KINDS[kind](rows[column])
        rows.to_parquet(d / f"part{i}.parquet")


def _run(capsys, target, engine):
    rc = main(["audit", str(target), "--engine", engine, *ROLES, "--json", "-", "--n-boot", "100"])
    out, err = capsys.readouterr()
    if rc:
        return rc, err.strip().splitlines()[-1]
    report = json.loads(out[out.index("{") :])
    return rc, tuple(
        sorted((g["group"], g["n"]) for a in report["attributes"] for g in a["groups"])
    )


@pytest.mark.parametrize(
    ("column", "kinds"),
    [("g", ["int", "float", "str"]), ("y", ["int", "float", "str"]), ("g", ["bool", "float"])],
)
def test_any_file_order_one_answer_on_every_engine(tmp_path, capsys, column, kinds):
    got = set()
    for n, order in enumerate(itertools.permutations(kinds)):
        d = tmp_path / str(n)
        _folder(d, column, order)
        got |= {_run(capsys, d, e) for e in ["pandas", "duckdb", "dask"]}
    assert len(got) == 1, got
    (rc, answer), *_ = got
    if "str" in kinds:  # 1 (an integer file) and '1' (a text file) print the same
        assert rc == 2 and "distinct values print the same" in answer
        assert "found [0, '0', 1, '1']" in answer or "found [1, '1', 2, '2']" in answer
    else:  # True is 1.0 among floats, in either order
        assert (rc, answer) == (0, (("1.0", 18), ("2.0", 6)))


def test_integers_beside_floats_and_other_text_are_floats(tmp_path, capsys):
    """Integers, floats and text that no number prints as: the numbers are one group
    ('1.0'), whichever file came first."""
    got = set()
    for n, order in enumerate(itertools.permutations(["int", "float", "text"])):
        d = tmp_path / str(n)
        d.mkdir()
        for i, kind in enumerate(order):
            g = {"int": [1] * 12, "float": [1.0] * 12, "text": ["x"] * 12}[kind]
            rows = pd.DataFrame({"g": g, "y": [0, 1, 1, 0] * 3, "p": [1, 0, 0] * 4})
            rows.to_parquet(d / f"part{i}.parquet")
        got |= {_run(capsys, d, e) for e in ["pandas", "duckdb", "dask"]}
    assert got == {(0, (("1.0", 24), ("x", 12)))}


def test_spark_types_each_csv_files_labels_alone(tmp_path, capsys, spark):
    d = tmp_path / "d"
    d.mkdir()
    rows = pd.DataFrame({"g": ["a", "b"] * 6, "p": [1, 0, 0] * 4})
    rows.assign(y=["True", "False"] * 6).to_csv(d / "a.csv", index=False)
    rows.assign(y=["1.0", "0.0"] * 6).to_csv(d / "b.csv", index=False)
    got = {e: _run(capsys, d, e) for e in ["pandas", "duckdb", "spark"]}
    assert got["spark"] == got["pandas"] == got["duckdb"] == (0, (("a", 12), ("b", 12))), got


def test_a_header_only_file_decides_no_type(tmp_path, capsys):
    """A Parquet file of no rows storing the groups as floats, beside one of booleans: the
    groups were 'True'/'False' or '1.0'/'0.0' by file order; a file without rows has no
    values, so its type decides nothing."""
    got = set()
    for n, first in enumerate(["bool", "empty"]):
        d = tmp_path / str(n)
        d.mkdir()
        rows = pd.DataFrame({"g": [True, False] * 6, "y": [0, 1, 1, 0] * 3, "p": [1, 0, 0] * 4})
        empty = rows.iloc[:0].astype({"g": float})
        names = ["a", "b"] if first == "bool" else ["b", "a"]
        rows.to_parquet(d / f"{names[0]}.parquet")
        empty.to_parquet(d / f"{names[1]}.parquet")
        got |= {_run(capsys, d, e) for e in ["pandas", "duckdb", "dask"]}
    assert got == {(0, (("False", 6), ("True", 6)))}, got


def test_dask_missing_boolean_beside_integers_is_refused_not_a_crash(tmp_path, capsys):
    d = tmp_path / "d"
    d.mkdir()
    rows = pd.DataFrame({"y": [0, 1, 1, 0] * 3, "p": [1, 0, 0] * 4})
    rows.assign(g=[1, 2] * 6).to_parquet(d / "a.parquet")
    rows.assign(g=pd.array([True, None] * 6, dtype="boolean")).to_parquet(d / "b.parquet")
    got = {e: _run(capsys, d, e) for e in ["pandas", "duckdb", "dask"]}
    assert got["dask"] == got["pandas"] == got["duckdb"], got
    assert (
        got["dask"][0] == 2
        and "6 missing group value(s), first at b.parquet row 2" in got["dask"][1]
    )
