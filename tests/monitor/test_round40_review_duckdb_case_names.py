"""Review of 1f72386c (DuckDB and columns ``g`` beside ``G``). Its check folded every column
name with ``str.casefold``, over all the target's columns:

- ``é`` beside ``É`` (DuckDB folds ASCII letters only: two columns to it) were counted by
  DuckDB before and then refused with ``--engine duckdb`` (auto: pandas recorded);
- a Parquet file or DataFrame with ``k`` beside ``K``, neither counted, was counted by DuckDB
  before and then refused with ``--engine duckdb``;
- one of the two counted (``K``), the other not, DuckDB counted the FIRST of them: silently
  the other column's groups (before and after 1f72386c). Now auto counts it with pandas."""

import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import MonitorRequest, run_monitor

N = 24


def _frame(first: str, second: str) -> pd.DataFrame:
    return pd.DataFrame(
        {
            "ts": [f"2024-03-0{1 + i % 2}T00:00:00Z" for i in range(N)],
            first: ["p" if i % 2 else "q" for i in range(N)],
            second: ["x" if i % 3 else "y" for i in range(N)],
            "pred": [(i // 3) % 2 for i in range(N)],
        }
    )


def _counted(target, engine: str, store, protected) -> tuple:
    request = MonitorRequest(
        target=target, time="ts", window="1d", y_pred="pred", protected=protected, engine=engine
    )
    doc = run_monitor(request, store).data
    return doc["run"]["engine"], [
        (c["attribute"], c["group"], [h["counts"] for h in c["history"]])
        for c in doc["comparisons"]
    ]


def test_one_counted_beside_its_case_twin_is_counted_as_pandas_does(tmp_path):
    frame = _frame("k", "K")
    frame.to_parquet(tmp_path / "f.parquet")
    for name, target in {"parquet": str(tmp_path / "f.parquet"), "frame": frame}.items():
        expected = _counted(target, "pandas", tmp_path / f"p{name}.sqlite", ("K",))
        assert [c[1] for c in expected[1]] == ["y"], name  # K's groups, not k's (p, q)
        assert _counted(target, "auto", tmp_path / f"a{name}.sqlite", ("K",)) == expected, name
        with pytest.raises(EthicLensInputError, match="'k' and 'K'"):
            _counted(target, "duckdb", tmp_path / f"d{name}.sqlite", ("K",))


def test_non_ascii_case_twins_stay_duckdb(tmp_path):
    frame = _frame("é", "É")
    frame.to_csv(tmp_path / "f.csv", index=False)
    for name, target in {"csv": str(tmp_path / "f.csv"), "frame": frame}.items():
        pandas = _counted(target, "pandas", tmp_path / f"p{name}.sqlite", ("é", "É"))
        duckdb = _counted(target, "auto", tmp_path / f"a{name}.sqlite", ("é", "É"))
        assert duckdb == ("duckdb", pandas[1]), name


def test_uncounted_twins_of_a_parquet_file_or_frame_stay_duckdb(tmp_path):
    frame = _frame("k", "K").assign(a=lambda f: f["k"])
    frame.to_parquet(tmp_path / "f.parquet")
    for name, target in {"parquet": str(tmp_path / "f.parquet"), "frame": frame}.items():
        pandas = _counted(target, "pandas", tmp_path / f"p{name}.sqlite", ("a",))
        duckdb = _counted(target, "duckdb", tmp_path / f"d{name}.sqlite", ("a",))
        assert duckdb == ("duckdb", pandas[1]), name
