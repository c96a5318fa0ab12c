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


# -- a list column as a group or label; hive folder values URL-decoded -----------------------


def _engine_ready(engine):
    if engine == "dask":
        pytest.importorskip("dask.dataframe")
        pytest.importorskip("distributed")
    if engine == "duckdb":
        pytest.importorskip("duckdb")


@pytest.fixture(scope="module")
def list_feed(tmp_path_factory):
    import pyarrow as pa
    import pyarrow.parquet as pq

    n = 120
    groups = [i % 2 for i in range(n)]
    table = pa.table(
        {
            "y": pa.array([(i // 2) % 2 for i in range(n)], pa.int64()),
            "p": pa.array([(i // 3) % 2 for i in range(n)], pa.int64()),
            "g": pa.array(groups, pa.int64()),
            "t": pa.array(pd.date_range("2024-01-01", periods=n, freq="h", tz="UTC")),
            "lst": pa.array([[v] for v in groups], pa.list_(pa.int64())),
        }
    )
    path = tmp_path_factory.mktemp("lists") / "wl.parquet"
    pq.write_table(table, path)
    return path


GROUP_REFUSAL = (
    "column 'lst': group values must be scalars (found a list, tuple "
    "or other cell that is not one value), "
    "first at wl.parquet row 1 (value: [0]). Fix: give one group label per row, e.g. a string"
)
LABEL_REFUSAL = (
    "column 'lst (y_true)': values must be single labels, found a list at wl.parquet row 1 "
    "(value: [0]). Fix: give one label per row (flatten or recode the column)"
)


@pytest.mark.parametrize("engine", ["pandas", "duckdb", "dask"])
@pytest.mark.parametrize(
    ("roles", "words"),
    [
        ({"y_true": "y", "protected": ("lst",)}, GROUP_REFUSAL),
        ({"y_true": "lst", "protected": ("g",)}, LABEL_REFUSAL),
    ],
    ids=["group", "label"],
)
def test_a_parquet_list_label_or_group_is_refused_in_the_audits_words(
    list_feed, tmp_path, engine, roles, words
):
    from ethiclens.errors import EthicLensInputError

    _engine_ready(engine)
    request = MonitorRequest(
        target=str(list_feed), time="t", window="1d", y_pred="p", engine=engine, **roles
    )
    with pytest.raises(EthicLensInputError) as caught:
        run_monitor(request, tmp_path / "s.sqlite")
    assert str(caught.value) == words


@pytest.fixture(scope="module")
def hive_feed(tmp_path_factory):
    import pyarrow as pa
    import pyarrow.parquet as pq

    root = tmp_path_factory.mktemp("hive")
    n = 96
    t = pa.array(pd.date_range("2024-01-01", periods=n, freq="h", tz="UTC"))
    for shift, race in enumerate(["Native%20American", "White"]):
        folder = root / f"race={race}"
        folder.mkdir()
        table = pa.table(
            {
                "t": t,
                "y": pa.array([(i // 2) % 2 for i in range(n)], pa.int64()),
                "p": pa.array([int((i + shift) % 3 == 0) for i in range(n)], pa.int64()),
            }
        )
        pq.write_table(table, folder / "part.parquet")
    return root


@pytest.mark.parametrize("engine", ["pandas", "duckdb", "dask"])
def test_hive_folder_values_are_url_decoded_on_every_engine(hive_feed, tmp_path, engine):
    _engine_ready(engine)
    request = MonitorRequest(
        target=str(hive_feed),
        time="t",
        window="1d",
        y_true="y",
        y_pred="p",
        protected=("race=White",),
        engine=engine,
    )
    comparisons = run_monitor(request, tmp_path / "s.sqlite").data["comparisons"]
    assert [(c["group"], c["reference"]) for c in comparisons] == [("Native American", "White")], (
        comparisons
    )


@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
def test_a_list_group_in_a_dataframe_is_refused_not_crashed(tmp_path, engine):
    from ethiclens.errors import EthicLensInputError

    _engine_ready(engine)
    frame = pd.DataFrame(
        {
            "t": pd.date_range("2024-01-01", periods=4, freq="h", tz="UTC"),
            "y": [0, 1, 0, 1],
            "p": [1, 1, 0, 0],
            "lst": [[0], [1], [0], [1]],
        }
    )
    request = MonitorRequest(
        target=frame, time="t", window="1d", y_pred="p", protected=("lst",), engine=engine
    )
    with pytest.raises(EthicLensInputError, match="group values must be scalars") as caught:
        run_monitor(request, tmp_path / "s.sqlite")
    assert "(value: [0])" in str(caught.value)
