"""Round 34c: a Parquet file written by pandas with a ``list<...>[pyarrow]`` or
``dictionary<...>[pyarrow]`` column keeps that dtype's name in its pandas metadata, which
pandas cannot parse back: the pandas engine failed on it (TypeError traceback, exit 1) even
when the column is not used, while DuckDB audited it. The unparseable entries are set aside:
the used columns get a normal read's dtypes and the numbers are DuckDB's."""

import json

import numpy as np
import pandas as pd
import pyarrow as pa
import pytest

from ethiclens.cli import main
from ethiclens.sources import Roles, read_rows

EXTRA = {
    "list": lambda n: pd.array([[1, 2]] * n, dtype=pd.ArrowDtype(pa.list_(pa.int64()))),
    "dictionary": lambda n: pd.array(
        ["x"] * n, dtype=pd.ArrowDtype(pa.dictionary(pa.int32(), pa.string()))
    ),
}


def _frame(n=600) -> pd.DataFrame:
    rng = np.random.default_rng(3)
    return pd.DataFrame(
        {
            "y": rng.integers(0, 2, n),
            "p": pd.array(rng.integers(0, 2, n), dtype="Int64"),
            "g": pd.array(rng.choice(["a", "b", "c"], n), dtype="string[pyarrow]"),
            "h": pd.Categorical(rng.choice(["u", "v"], n), categories=["u", "v", "w"]),
        },
        index=pd.RangeIndex(n, 0, -1),
    )


@pytest.mark.parametrize("kind", sorted(EXTRA))
def test_a_column_pandas_cannot_type_back_is_set_aside(tmp_path, kind, capsys):
    frame = _frame()
    frame.to_parquet(tmp_path / "plain.parquet")
    frame["extra"] = EXTRA[kind](len(frame))
    path = tmp_path / "d.parquet"
    frame.to_parquet(path)
    roles = Roles(y_true="y", y_pred="p", protected=("g", "h"))
    got, plain = read_rows(str(path), roles), read_rows(str(tmp_path / "plain.parquet"), roles)
    pd.testing.assert_frame_equal(got, plain)
    said = {}
    for engine in ("pandas", "duckdb"):
        out = tmp_path / f"{engine}.json"
        argv = ["audit", str(path), "--y-true", "y", "--y-pred", "p", "--protected", "g"]
        assert main([*argv, "--engine", engine, "--json", str(out)]) in (0, 1)
        report = json.loads(out.read_text())
        said[engine] = [report[k] for k in ("attributes", "comparisons", "headlines", "summary")]
    capsys.readouterr()
    assert said["pandas"] == said["duckdb"]
