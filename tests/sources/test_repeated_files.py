"""A target that holds one file twice (a copy under another name, a link to it) is refused
on every engine, the monitor's too, in one line naming both files: its rows would otherwise
be counted twice and silently double the evidence. Identical bytes in two hive partitions
are different rows and are read."""

from __future__ import annotations

import importlib.util
import json
import shutil

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main

ENGINES = [[], ["--engine", "pandas"], ["--engine", "duckdb"]]
if importlib.util.find_spec("dask") and importlib.util.find_spec("distributed"):
    ENGINES.append(["--engine", "dask"])
AUDIT = ["--y-true", "y", "--y-pred", "p", "--protected", "g", "--n-boot", "200"]


def _days(folder, n_days=3, suffix=".csv"):
    rng = np.random.default_rng(0)
    folder.mkdir(parents=True, exist_ok=True)
    for d in range(n_days):
        n = 120
        frame = pd.DataFrame(
            {
                "ts": pd.Timestamp("2024-03-01", tz="UTC") + pd.Timedelta(days=d),
                "y": rng.integers(0, 2, n),
                "p": rng.integers(0, 2, n),
                "g": rng.choice(["a", "b"], n),
            }
        )
        frame["ts"] = frame["ts"].dt.strftime("%Y-%m-%dT%H:%M:%SZ")
        path = folder / f"day{d}{suffix}"
        frame.to_csv(path, index=False) if suffix == ".csv" else frame.to_parquet(path)
    return folder


def _run(capsys, *args) -> tuple[int, str]:
    rc = main([str(a) for a in args])
    return rc, capsys.readouterr().err


@pytest.mark.parametrize("engine", ENGINES, ids=lambda e: e[-1] if e else "default")
def test_a_copied_csv_is_refused_on_every_engine(tmp_path, capsys, engine):
    folder = _days(tmp_path / "feed")
    shutil.copy(folder / "day1.csv", folder / "day1 (1).csv")
    rc, err = _run(capsys, "audit", folder, *AUDIT, *engine)
    assert rc == 2
    assert "holds the same file twice" in err
    assert "day1.csv" in err and "day1 (1).csv" in err
    assert "Traceback" not in err


def test_a_link_a_glob_and_parquet_are_refused_alike(tmp_path, capsys):
    folder = _days(tmp_path / "pq", suffix=".parquet")
    (folder / "again.parquet").symlink_to(folder / "day0.parquet")
    rc, err = _run(capsys, "audit", folder, *AUDIT)
    assert rc == 2 and "holds the same file twice" in err
    rc, err = _run(capsys, "audit", str(folder / "*.parquet"), *AUDIT)
    assert rc == 2 and "again.parquet" in err and "day0.parquet" in err


def test_the_monitor_refuses_a_copied_batch_before_writing(tmp_path, capsys):
    folder = _days(tmp_path / "feed")
    shutil.copy(folder / "day2.csv", folder / "day2-copy.csv")
    store = tmp_path / "store.sqlite"
    rc, err = _run(
        capsys, "monitor", folder, "--time", "ts", "--window", "1d", "--y-pred", "p",
        "--y-true", "y", "--protected", "g=a", "--store", store,
    )  # fmt: skip
    assert rc == 2 and "holds the same file twice" in err
    assert not store.exists()


def test_identical_bytes_in_two_hive_partitions_are_two_sets_of_rows(tmp_path, capsys):
    folder = tmp_path / "hive"
    _days(folder / "region=north", n_days=1)
    (folder / "region=south").mkdir()
    shutil.copy(folder / "region=north" / "day0.csv", folder / "region=south" / "day0.csv")
    out = tmp_path / "a.json"
    rc, err = _run(capsys, "audit", folder, *AUDIT, "--json", out, "--engine", "duckdb")
    assert rc == 0, err
    assert json.loads(out.read_text())["data"]["n_rows"] == 240


def test_different_files_of_one_size_are_read(tmp_path, capsys):
    folder = tmp_path / "same-size"
    folder.mkdir()
    (folder / "a.csv").write_text("y,p,g\n" + "1,1,a\n0,0,b\n" * 30)
    (folder / "b.csv").write_text("y,p,g\n" + "0,1,a\n1,0,b\n" * 30)
    out = tmp_path / "a.json"
    rc, err = _run(capsys, "audit", folder, *AUDIT, "--json", out)
    assert rc == 0, err
    assert json.loads(out.read_text())["data"]["n_rows"] == 120


@pytest.mark.parametrize("engine", ENGINES, ids=lambda e: e[-1] if e else "default")
def test_a_gzipped_copy_beside_its_csv_is_refused_on_every_engine(tmp_path, capsys, engine):
    """x.csv and x.csv.gz hold the same rows: read both and every count doubles."""
    import gzip

    folder = _days(tmp_path / "feed")
    data = (folder / "day1.csv").read_bytes().replace(b"\n", b"\r\n")
    (folder / "day1.csv.gz").write_bytes(gzip.compress(data))
    rc, err = _run(capsys, "audit", folder, *AUDIT, *engine)
    assert rc == 2, err
    assert "holds the same file twice" in err and "day1.csv.gz" in err
    assert "Traceback" not in err


def test_a_broken_gzip_beside_a_csv_is_refused_by_the_reader_not_this_check(tmp_path, capsys):
    folder = _days(tmp_path / "feed")
    (folder / "day9.csv.gz").write_bytes(b"\x1f\x8b not gzip at all")
    rc, err = _run(capsys, "audit", folder, *AUDIT)
    assert rc == 2 and "Traceback" not in err and "same file twice" not in err
