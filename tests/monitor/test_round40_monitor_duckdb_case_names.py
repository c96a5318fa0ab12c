"""Columns ``g`` beside ``G``: the monitor's default engine (DuckDB, whose names ignore case)
refused a CSV file with its binder error ("duplicate column name G", the file's format blamed)
and crashed on a pandas DataFrame (KeyError "Column 'G' not found", a traceback); pandas, Dask
and Spark tell them apart. ``engine='auto'`` now counts such a target with pandas (the same
windows); an explicit ``duckdb`` is one refusal naming both columns."""

import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import MonitorRequest, run_monitor

N = 24
FRAME = pd.DataFrame(
    {
        "ts": [f"2024-03-0{1 + i % 2}T00:00:00Z" for i in range(N)],
        "g": ["a" if i % 2 else "b" for i in range(N)],
        "G": ["x" if i % 3 else "y" for i in range(N)],
        "pred": [(i // 3) % 2 for i in range(N)],
    }
)


def _counted(target, engine: str, store) -> tuple:
    request = MonitorRequest(
        target=target, time="ts", window="1d", y_pred="pred", protected=("G", "g"), engine=engine
    )
    doc = run_monitor(request, store).data
    return doc["run"]["engine"], [
        (c["attribute"], c["group"], [h["counts"] for h in c["history"]])
        for c in doc["comparisons"]
    ]


def test_auto_counts_g_beside_G_as_pandas_does(tmp_path):
    FRAME.to_csv(tmp_path / "f.csv", index=False)
    engine, expected = _counted(str(tmp_path / "f.csv"), "pandas", tmp_path / "p.sqlite")
    assert [c[0] for c in expected] == ["G", "g"]
    assert _counted(str(tmp_path / "f.csv"), "auto", tmp_path / "a.sqlite") == (engine, expected)
    assert _counted(FRAME, "auto", tmp_path / "f.sqlite") == (engine, expected)


@pytest.mark.parametrize("frame", [True, False])
def test_an_explicit_duckdb_is_refused_naming_both(tmp_path, frame):
    FRAME.to_csv(tmp_path / "f.csv", index=False)
    target = FRAME if frame else str(tmp_path / "f.csv")
    with pytest.raises(EthicLensInputError, match="'g' and 'G'") as refused:
        _counted(target, "duckdb", tmp_path / "d.sqlite")
    # a Python caller is named its argument (78651497: MonitorRequest names arguments)
    assert (refused.value.column, refused.value.kind) == ("engine", "argument")
