"""One column in two of the label, prediction, score and weight roles (a 0/1 prediction given
as its own score, --y-score pred --y-pred pred, which the command line accepts) was read twice:
Dask failed with a traceback ('DataFrame' object has no attribute 'dtype', exit 1) where pandas,
DuckDB and Spark audit it, and the Python counting functions given such Roles disagreed (DuckDB
counted, pandas and Dask raised ValueError/AttributeError). Each column is now read once."""

import json

import numpy as np
import pandas as pd
import pytest

from ethiclens import sources
from ethiclens.cli import main


@pytest.fixture
def rows(tmp_path):
    rng = np.random.default_rng(3)
    n = 400
    frame = pd.DataFrame(
        {
            "y": rng.integers(0, 2, n),
            "pred": rng.integers(0, 2, n),
            "score": rng.random(n).round(4),
            "g": rng.choice(["a", "b"], n),
        }
    )
    frame.to_parquet(tmp_path / "d.parquet", index=False)
    return tmp_path / "d.parquet"


def _groups(path, engine, out):
    argv = ["audit", str(path), "--engine", engine, "--y-true", "y", "--y-pred", "pred"]
    assert main([*argv, "--y-score", "pred", "--protected", "g", "--json", str(out)]) == 0
    return json.loads(out.read_text())["attributes"]


def test_a_prediction_given_as_its_score_is_audited_alike_by_dask(rows, tmp_path):
    want = _groups(rows, "pandas", tmp_path / "p.json")
    assert _groups(rows, "dask", tmp_path / "k.json") == want
    assert _groups(rows, "duckdb", tmp_path / "d.json") == want


@pytest.mark.parametrize(
    "shared",
    [
        {"y_true": "pred"},
        {"y_score": "pred"},
        {"y_score": "y"},
        {"weight": "pred"},
        {"y_score": "score", "weight": "score"},
    ],
)
def test_every_engine_counts_a_shared_column_alike(rows, shared):
    roles = sources.Roles(**{"y_true": "y", "y_pred": "pred", "protected": ["g"], **shared})
    want = sources.duckdb_counts(str(rows), roles)
    for count in (sources.pandas_counts, sources.dask_file_counts):
        got = count(str(rows), roles)
        pd.testing.assert_frame_equal(got, want, check_dtype=False)
