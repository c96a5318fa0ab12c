"""Round 18: a float32 group column is labelled as the audit and pandas print it ('0.1'), not
by the float64 it widens to ('0.10000000149011612'), on every engine."""

import numpy as np
import pandas as pd
import pytest

from ethiclens.monitor import MonitorRequest, run_monitor
from ethiclens.monitor._windows import role_text


@pytest.fixture(scope="module")
def float32_feed(tmp_path_factory):
    rng = np.random.default_rng(3)
    n = 3000
    ts = pd.date_range("2024-01-01", periods=n, freq="2min")
    frame = pd.DataFrame(
        {
            "ts": ts.strftime("%Y-%m-%dT%H:%M:%SZ"),
            "y": rng.integers(0, 2, n),
            "p": rng.integers(0, 2, n),
            "g": rng.choice(np.array([0.1, 0.2], dtype=np.float32), n),
        }
    )
    path = tmp_path_factory.mktemp("f32") / "f.parquet"
    frame.to_parquet(path)
    assert pd.read_parquet(path)["g"].dtype == np.float32
    return path


@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
def test_a_float32_group_column_is_labelled_as_pandas_prints_it(float32_feed, tmp_path, engine):
    request = MonitorRequest(
        target=str(float32_feed),
        time="ts",
        window="1d",
        y_true="y",
        y_pred="p",
        protected=("g=0.2",),  # the reference as the audit names it
        engine=engine,
    )
    result = run_monitor(request, tmp_path / "s.sqlite")
    comparisons = result.data["comparisons"]
    assert [(c["attribute"], c["group"], c["reference"]) for c in comparisons] == [
        ("g", "0.1", "0.2")
    ], comparisons


def test_role_text_keeps_each_float_width_and_missing_values():
    values = pd.Series(np.array([0.1, 0.2, np.nan, -0.0], dtype=np.float32), name="g")
    assert role_text(values).tolist()[:2] == ["0.1", "0.2"]
    assert pd.isna(role_text(values)[2]) and role_text(values)[3] == "0.0"
    wide = pd.Series([0.1, 1 / 3], name="g")
    assert role_text(wide).tolist() == ["0.1", str(1 / 3)]
    nullable = pd.Series([0.1, None], dtype="Float32", name="g")
    assert role_text(nullable)[0] == "0.1" and pd.isna(role_text(nullable)[1])
