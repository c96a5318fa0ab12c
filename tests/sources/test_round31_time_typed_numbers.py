"""A Parquet score or weight column of dates, times or durations is refused in the audit's
words ('holds durations, not weights') on every engine, as pandas refuses it: DuckDB counted
durations as numbers (exit 0) and refused dates in its own words."""

import pandas as pd
import pytest

from ethiclens.cli import main


@pytest.fixture
def parquet(tmp_path):
    n = 20
    frame = pd.DataFrame(
        {
            "y": [1, 0, 1, 0] * 5,
            "p": [1, 0, 0, 1] * 5,
            "g": list("abab") * 5,
            "w": pd.to_timedelta([1, 2, 3, 4] * 5, unit="D"),
            "d": pd.to_datetime(["2020-01-01"] * n),
            "z": pd.to_datetime(["2020-01-01"] * n).tz_localize("UTC"),
            "ok": [1.0, 2.0, 3.0, 4.0] * 5,
        }
    )
    path = tmp_path / "tw.parquet"
    frame.to_parquet(path)
    return path


@pytest.mark.parametrize("engine", ["pandas", "duckdb", "dask"])
@pytest.mark.parametrize(
    ("column", "said"),
    [("w", "holds durations"), ("d", "holds dates or times"), ("z", "holds dates or times")],
)
def test_time_typed_weights_refused_alike(parquet, capsys, engine, column, said):
    args = ["audit", str(parquet), "--y-true", "y", "--y-pred", "p", "--protected", "g"]
    assert main([*args, "--weight", column, "--engine", engine]) == 2
    assert f"column '{column} (sample_weight)': {said}, not weights" in capsys.readouterr().err


@pytest.mark.parametrize("engine", ["pandas", "duckdb", "dask"])
def test_number_weights_still_audit(parquet, tmp_path, engine):
    out = tmp_path / f"{engine}.json"
    args = ["audit", str(parquet), "--y-true", "y", "--y-pred", "p", "--protected", "g"]
    assert main([*args, "--weight", "ok", "--engine", engine, "--json", str(out)]) == 0
    assert out.exists()
