"""Engine parity, round 25: a Parquet folder whose files store one role column as integers,
floats and text (1, 1.0 and '1') is counted by Dask a type at a time and joined in file
order, as DuckDB counts it and pandas joins the files. Dask cast the partitions to one type:
a group column of 1, 1.0 and '1' was audited as four groups ('1', '1.0', '2', '2.0') where
every other engine refuses 1 and '1', and labels 0, 0.0 and '0' were refused as 'not binary'
instead of in the other engines' words."""

import json

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main

pytest.importorskip("dask.dataframe", reason="dask not installed (ethiclens[dask])")

ROLES = ["--y-true", "y", "--y-pred", "p", "--protected", "g", "--min-group-size", "5"]


def _folder(d, column, order):
    """Three Parquet files of 60 rows; ``column`` stored as the types of ``order``."""
    d.mkdir()
    rng = np.random.default_rng(3)
    kinds = {"int": lambda v: v, "float": lambda v: v.astype(float), "str": lambda v: v.astype(str)}
    for i, kind in enumerate(order):
        rows = pd.DataFrame(
            {
                "g": rng.integers(1, 3, 60),
                "y": rng.integers(0, 2, 60),
                "p": rng.integers(0, 2, 60),
            }
        )
        rows[column] = kinds[kind](rows[column])
        rows.to_parquet(d / f"part{i}.parquet")


def _run(capsys, target, engine):
    rc = main(["audit", target, "--engine", engine, *ROLES, "--json", "-", "--n-boot", "100"])
    out, err = capsys.readouterr()
    if rc:
        return rc, err.strip().splitlines()[-1]
    report = json.loads(out[out.index("{") :])
    return rc, [(g["group"], g["n"]) for a in report["attributes"] for g in a["groups"]]


@pytest.mark.parametrize(
    ("column", "order"),
    [
        ("g", ["int", "float", "str"]),
        ("y", ["int", "float", "str"]),
        ("g", ["float", "int", "str"]),
        ("g", ["int", "float"]),
    ],
)
def test_int_float_text_folder_same_on_every_engine(tmp_path, capsys, column, order):
    d = tmp_path / "d"
    _folder(d, column, order)
    got = {e: _run(capsys, str(d), e) for e in ["pandas", "duckdb", "dask"]}
    assert got["dask"] == got["pandas"] == got["duckdb"], got
    if order == ["int", "float", "str"]:
        assert got["dask"][0] == 2 and "distinct values print the same" in got["dask"][1]
