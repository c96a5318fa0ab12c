"""Round 40 (monitor3): the monitor's DuckDB path on a CSV file ending lines in a lone \\r
beside \\r\\n, and its Dask path on object columns holding equal values of several types."""

import re

import pandas as pd
import pytest

import ethiclens.sources as sources
from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import Columns, count_windows

pytest.importorskip("duckdb")
try:  # imported with the module (seconds on a busy machine), not inside a test
    import dask.dataframe as dd
except ImportError:  # the core install: the Dask tests skip
    dd = None
needs_dask = pytest.mark.skipif(dd is None, reason="needs dask")

COLS = Columns(time="ts", y_pred="p", y_true="y", protected=("g",))
LONE_CR = (
    b"ts,y,p,g\r\n2024-01-01,1,1,A\r\n2024-01-01,0,1,B\r"
    b"2024-01-02,1,0,A\r\n2024-01-02,0,0,B\r\n2024-01-02,1,1,B\r\n"
)


def _table(counted) -> list:
    table = counted.table
    return table.sort_values(list(table.columns)).astype(str).to_numpy().tolist()


def test_auto_reads_a_lone_cr_file_with_pandas_and_duckdb_refuses_it(tmp_path):
    path = tmp_path / "lone.csv"
    path.write_bytes(LONE_CR)
    auto = count_windows(str(path), COLS, "1d", engine="auto")
    pandas = count_windows(str(path), COLS, "1d", engine="pandas")
    assert auto.engine == "pandas"
    assert _table(auto) == _table(pandas)
    assert auto.table.filter(like="count").sum().iloc[0] == 5
    with pytest.raises(EthicLensInputError, match=r"ends line 3 with a lone \\r") as exc:
        count_windows(str(path), COLS, "1d", engine="duckdb")
    assert "could not count" not in str(exc.value)
    # a file with one line end is still DuckDB's under auto
    plain = tmp_path / "plain.csv"
    plain.write_bytes(LONE_CR.replace(b"B\r2024", b"B\r\n2024"))
    assert count_windows(str(plain), COLS, "1d", engine="auto").engine == "duckdb"


def _threads(address):  # the count on Dask's threads, not a LocalCluster (seconds to start)
    return _SCHEDULER(None)


_SCHEDULER = sources.dask_scheduler


def _frame(groups) -> pd.DataFrame:
    n = len(groups)
    return pd.DataFrame({
        "ts": pd.to_datetime(["2024-01-01"] * n, utc=True),
        "p": [1, 0] * (n // 2), "y": [1, 1, 0] * (n // 3),
        "g": pd.Series(groups, dtype=object),
    })  # fmt: skip


@needs_dask
def test_a_dask_frame_groups_equal_values_as_the_pandas_frame(monkeypatch):
    monkeypatch.setattr(sources, "dask_scheduler", _threads)
    frame = _frame([1, 1.0, 1.0, 1, "b", "b"])  # True beside 1: refused (round 50)
    pandas = count_windows(frame, COLS, "1d", engine="pandas")
    dask = count_windows(dd.from_pandas(frame, npartitions=2), COLS, "1d", engine="dask")
    assert _table(dask) == _table(pandas)
    assert sorted(set(dask.table["g"])) == ["1", "b"]
    # 1 beside '1': one group on every monitor engine (a batch read as a file's text, round 28)
    texts = _frame([1, "1", 1, "b", "b", "b"])
    pandas = count_windows(texts, COLS, "1d", engine="pandas")
    dask = count_windows(dd.from_pandas(texts, npartitions=2), COLS, "1d", engine="dask")
    assert _table(dask) == _table(pandas) and sorted(set(dask.table["g"])) == ["1", "b"]


@needs_dask
@pytest.mark.parametrize("column", ["g", "p"])
def test_a_dask_frame_holding_a_list_is_refused_as_the_pandas_frame(monkeypatch, column):
    """Dask's text counted the list [1] as the group '[1]' (or the prediction '[1]')."""
    monkeypatch.setattr(sources, "dask_scheduler", _threads)
    frame = _frame(["a", "a", "a", "b", "b", "b"])
    frame[column] = pd.Series([1, [1], 1, 0, 1, 0], dtype=object)
    with pytest.raises(EthicLensInputError, match=r"row 1 \(value: \[1\]\)") as want:
        count_windows(frame, COLS, "1d", engine="pandas")
    with pytest.raises(EthicLensInputError) as got:
        count_windows(dd.from_pandas(frame, npartitions=2), COLS, "1d", engine="dask")
    assert str(got.value) == str(want.value)


@needs_dask
def test_a_dask_frame_with_an_unused_category_is_refused_as_the_pandas_frame(monkeypatch):
    """Dask counted the frame (its unused category 'c' silently dropped)."""
    monkeypatch.setattr(sources, "dask_scheduler", _threads)
    frame = _frame(["a", "b"] * 3).astype({"g": pd.CategoricalDtype(["a", "b", "c"])})
    with pytest.raises(EthicLensInputError, match=r"group\(s\) c have no rows") as want:
        count_windows(frame, COLS, "1d", engine="pandas")
    with pytest.raises(EthicLensInputError) as got:
        count_windows(dd.from_pandas(frame, npartitions=2), COLS, "1d", engine="dask")
    assert str(got.value) == str(want.value)


@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
def test_a_frame_with_look_alike_column_names_is_refused_as_a_file(tmp_path, engine):
    """'café' composed beside 'café' with a combining accent: a CSV header is refused, a
    DataFrame was counted (two columns printed alike)."""
    frame = _frame(["a", "b"] * 3).assign(**{"caf\u00e9": "x", "cafe\u0301": "y"})
    path = tmp_path / "alike.csv"
    frame.to_csv(path, index=False)
    alike = "cafe\u0301"
    words = re.escape(
        f"two columns named {alike!r} ('caf\\xe9' and 'cafe\\u0301': two Unicode forms)"
    )
    with pytest.raises(EthicLensInputError, match=words):
        count_windows(str(path), COLS, "1d", engine=engine)
    with pytest.raises(EthicLensInputError, match=words) as exc:
        count_windows(frame, COLS, "1d", engine=engine)
    assert exc.value.fix == "rename the columns so each name is unique"
    # names that are not text (and NaN, unequal to itself) are no look-alikes
    plain = frame.drop(columns="cafe\u0301")
    plain[7], plain[float("nan")] = 1, 2
    assert set(count_windows(plain, COLS, "1d", engine=engine).table["g"]) == {"a", "b"}


@needs_dask
def test_a_dask_frame_refuses_a_true_weight_in_the_pandas_frame_words(monkeypatch):
    """Dask's text named the weight 'True' where the pandas frame names True."""
    monkeypatch.setattr(sources, "dask_scheduler", _threads)
    frame = _frame(["a", "b"] * 3).assign(w=pd.Series([1, 2.0, True, 2, 1, 1], dtype=object))
    cols = Columns(time="ts", y_pred="p", protected=("g",), weight="w")
    with pytest.raises(EthicLensInputError, match=r"row 2: True\. Fix") as want:
        count_windows(frame, cols, "1d", engine="pandas")
    with pytest.raises(EthicLensInputError) as got:
        count_windows(dd.from_pandas(frame, npartitions=2), cols, "1d", engine="dask")
    assert str(got.value) == str(want.value)


def test_duckdb_counts_a_lone_cr_beside_newlines_as_pandas(tmp_path):
    """A lone \\r beside \\n line ends (no \\r\\n): the monitor's DuckDB read ended in 'The CSV
    Parser state machine reached an invalid state' (the audit's DuckDB reads it)."""
    path = tmp_path / "cr_lf.csv"
    path.write_bytes(LONE_CR.replace(b"\r\n", b"\n"))
    pandas = count_windows(str(path), COLS, "1d", engine="pandas")
    for engine in ("duckdb", "auto"):
        counted = count_windows(str(path), COLS, "1d", engine=engine)
        assert counted.engine == "duckdb"
        assert _table(counted) == _table(pandas)
