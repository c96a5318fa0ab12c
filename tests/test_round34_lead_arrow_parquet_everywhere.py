"""Round 34 (lead): a Parquet file whose pandas metadata names a dtype pandas cannot parse back
(a ``list<...>[pyarrow]`` column written from pandas) is read by every pandas reader of Parquet,
not only the audit's (ab37fdc9): ``io.read_table`` (probes, P2NIA folders), the monitor's pandas
engine and the Dask engine were a TypeError traceback ("data type 'list<item: int64>[pyarrow]'
not understood"). One reader, ``io._read_parquet``, serves them all."""

import json

import numpy as np
import pandas as pd
import pyarrow as pa
import pytest

from ethiclens.cli import main
from ethiclens.io import read_table


def _files(tmp_path, n=400):
    rng = np.random.default_rng(5)
    days = pd.date_range("2024-01-01", periods=4, freq="D")
    frame = pd.DataFrame(
        {
            "ts": np.repeat(days, n // 4).astype(str),
            "y": rng.integers(0, 2, n),
            "p": rng.integers(0, 2, n),
            "g": rng.choice(["a", "b"], n),
        }
    )
    frame.to_parquet(tmp_path / "plain.parquet", index=False)
    frame["extra"] = pd.array([[1, 2]] * n, dtype=pd.ArrowDtype(pa.list_(pa.int64())))
    frame.to_parquet(tmp_path / "d.parquet", index=False)
    return tmp_path / "d.parquet", tmp_path / "plain.parquet"


def test_read_table_reads_it(tmp_path):
    path, plain = _files(tmp_path)
    got = read_table(path)
    assert list(got.columns) == ["ts", "y", "p", "g", "extra"]
    pd.testing.assert_frame_equal(got.drop(columns="extra"), read_table(plain))


def test_the_monitor_reads_it_with_pandas_as_with_duckdb(tmp_path, capsys):
    path, _ = _files(tmp_path)
    said = {}
    for engine in ("pandas", "duckdb"):
        out = tmp_path / f"{engine}.json"
        argv = ["monitor", str(path), "--time", "ts", "--window", "1d", "--y-pred", "p"]
        argv += ["--protected", "g", "--engine", engine, "--store", str(tmp_path / f"{engine}.db")]
        assert main([*argv, "--json", str(out)]) in (0, 1), capsys.readouterr().err[-600:]
        said[engine] = json.loads(out.read_text())["windows"]
    capsys.readouterr()
    assert said["pandas"] == said["duckdb"]


@pytest.mark.slow
def test_the_dask_engine_audits_it_as_duckdb(tmp_path, capsys):
    path, _ = _files(tmp_path)
    said = {}
    for engine in ("dask", "duckdb"):
        out = tmp_path / f"{engine}.json"
        argv = ["audit", str(path), "--y-true", "y", "--y-pred", "p", "--protected", "g"]
        assert main([*argv, "--engine", engine, "--json", str(out)]) in (0, 1), (
            capsys.readouterr().err[-600:]
        )
        said[engine] = json.loads(out.read_text())["comparisons"]
    capsys.readouterr()
    assert said["dask"] == said["duckdb"]
