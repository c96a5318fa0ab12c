"""Engine parity, round 24: a label or prediction stored as booleans in one Parquet file and
as integers 0/1 in another is read as pandas joins the files, a boolean as the integer 0 or 1
(``--pos-label 1`` names True; ``--pos-label True`` names no value and is refused). pandas
and DuckDB did so; Dask joined the files by the first one's type: it accepted ``--pos-label
True`` (counting 1 as True), or read one file's predictions as missing ("60 missing
value(s)")."""

import json

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main

pytest.importorskip("dask.dataframe", reason="dask not installed (ethiclens[dask])")

ROLES = ["--y-true", "y", "--y-pred", "p", "--protected", "g"]
FAST = ["pandas", "duckdb", "dask"]


def _files(d, mixed, bool_first: bool, int_type: str = "int64"):
    """Two Parquet files of 60 rows; the columns ``mixed`` booleans in one, integers in the
    other (the booleans' file first or second by name)."""
    d.mkdir()
    rng = np.random.default_rng(7)
    for i, name in enumerate(["a", "b"]):
        rows = pd.DataFrame(
            {
                "y": rng.integers(0, 2, 60).astype(int_type),
                "p": rng.integers(0, 2, 60).astype(int_type),
                "g": rng.choice(["A", "B"], 60),
            }
        )
        if (i == 0) == bool_first:
            rows = rows.astype({c: bool for c in mixed})
        rows.to_parquet(d / f"{name}.parquet")


def _run(capsys, target, engine, pos_label):
    argv = ["audit", target, "--engine", engine, *ROLES, "--pos-label", pos_label]
    rc = main([*argv, "--n-boot", "100"])
    out, err = capsys.readouterr()
    # the report, less its last line naming the engine
    return rc, [ln for ln in out.splitlines() if not ln.startswith("engine:")], err


@pytest.mark.parametrize(
    ("mixed", "bool_first", "int_type"),
    [(["y"], True, "int64"), (["p"], True, "int64"), (["y", "p"], False, "int32")],
)
def test_bool_and_int_labels_read_as_0_1_on_every_engine(
    tmp_path, capsys, mixed, bool_first, int_type
):
    d = tmp_path / "d"
    _files(d, mixed, bool_first, int_type)
    for target in (str(d), str(d / "*.parquet")):
        refused = {e: _run(capsys, target, e, "True") for e in FAST}
        assert refused["pandas"][0] == 2, refused["pandas"]
        assert (
            "error: option '--pos-label': no row of the column 'p (y_pred)' holds it; "
            in refused["pandas"][2]
        )
        assert "(value: 'True'). Fix: this column holds 0, 1:" in refused["pandas"][2]
        assert refused["dask"] == refused["duckdb"] == refused["pandas"]
        audited = {e: _run(capsys, target, e, "1") for e in FAST}
        assert audited["pandas"][0] == 0, audited["pandas"]
        assert "warning" not in audited["pandas"][2]
        assert audited["dask"] == audited["duckdb"] == audited["pandas"]


@pytest.mark.parametrize("bool_first", [True, False])
def test_a_bool_and_int_group_is_keyed_0_1_on_every_engine(tmp_path, capsys, bool_first):
    """A group column stored as booleans in one file and integers in the other: pandas and
    DuckDB key it 0/1 (as pandas joins the files); Dask keyed it False/True."""
    d = tmp_path / "d"
    d.mkdir()
    rng = np.random.default_rng(3)
    for i, name in enumerate(["a", "b"]):
        g = rng.integers(0, 2, 200)
        rows = pd.DataFrame(
            {"y": rng.integers(0, 2, 200), "p": rng.integers(0, 2, 200), "g": g.astype(int)}
        )
        if (i == 0) == bool_first:
            rows["g"] = g.astype(bool)
        rows.to_parquet(d / f"{name}.parquet")
    keyed = {}
    for engine in FAST:
        argv = ["audit", str(d), "--engine", engine, *ROLES, "--n-boot", "100", "--json", "-"]
        assert main(argv) == 0
        report = json.loads(capsys.readouterr().out)
        keyed[engine] = [
            (c["group"], c["reference"], c["metrics"]["disparate_impact"]["value"])
            for c in report["comparisons"]
        ]
    assert {keyed["pandas"][0][0], keyed["pandas"][0][1]} == {"0", "1"}, keyed["pandas"]
    assert keyed["dask"] == keyed["duckdb"] == keyed["pandas"]
