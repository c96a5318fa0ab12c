"""Round 20 (E): a float32 weight is read as the decimal it prints as (0.7, not the
0.699999988 it widens to) on every engine, so a Parquet file whose weights are float32 and its
CSV copy give one report: the same weight sums and the same weighted rates."""

import json

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main

ROLES = ["--y-true", "y", "--y-pred", "p", "--protected", "g", "--weight", "w"]
WEIGHTS = [0.7, 1.3, 0.1, 2.2, 0.35]  # none a float32 holds exactly, each off by its own share


@pytest.fixture(scope="module")
def copies(tmp_path_factory):
    """(parquet, csv): one dataset, its weight w stored as float32 in the Parquet file."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    folder = tmp_path_factory.mktemp("f32w")
    rng = np.random.default_rng(3)
    n = 600
    w = rng.choice(np.array(WEIGHTS, dtype=np.float32), n)
    columns = {
        "y": rng.integers(0, 2, n),
        "p": rng.integers(0, 2, n),
        "g": rng.choice(["a", "b"], n),
        "s": rng.choice([0.2, 0.5, 0.9], n),
        "w": pa.array(w),
    }
    parquet, csv = folder / "rows.parquet", folder / "rows.csv"
    pq.write_table(pa.table(columns), parquet)
    frame = pd.read_parquet(parquet)
    assert frame["w"].dtype == np.float32
    frame.to_csv(csv, index=False)
    assert ",0.7\n" in csv.read_text()  # the CSV copy holds the decimal the weight prints as
    return parquet, csv


def _sums(table) -> dict:
    """Each cell's sums to 9 decimals (engines add in their own order); a float32 weight read
    by its float64 value moves them by about 1e-6."""
    cells = table.groupby(["g", "y_true", "y_pred"])
    return cells[["weight_sum", "weight_sq_sum", "score_sum"]].sum().round(9).to_dict()


def _counts_roles():
    from ethiclens.sources import Roles

    return Roles(y_true="y", y_pred="p", protected=["g"], y_score="s", weight="w")


@pytest.mark.parametrize("engine", ["pandas", "duckdb", "dask"])
def test_a_float32_weight_is_counted_as_it_prints(copies, engine):
    from ethiclens import sources

    count = getattr(sources, f"{engine}_counts" if engine != "dask" else "dask_file_counts")
    parquet, csv = copies
    expected = _sums(count(str(csv), _counts_roles()))
    assert _sums(count(str(parquet), _counts_roles())) == expected


def test_spark_counts_a_float32_weight_as_it_prints(copies, spark):
    from ethiclens.sources import pandas_counts, spark_file_counts

    parquet, csv = copies
    expected = _sums(pandas_counts(str(csv), _counts_roles()))
    assert _sums(spark_file_counts(str(parquet), _counts_roles())) == expected


def _groups(tmp_path, capsys, argv) -> list:
    out = tmp_path / "r.json"
    assert main([*argv, "--n-boot", "100", "--json", str(out)]) == 0, capsys.readouterr().err
    return json.loads(out.read_text())["attributes"][0]["groups"]


@pytest.mark.parametrize("engine", ["pandas", "duckdb", "dask"])
def test_a_parquet_file_and_its_csv_copy_give_one_weighted_report(copies, tmp_path, capsys, engine):
    parquet, csv = copies
    argv = [*ROLES, "--y-score", "s", "--engine", engine]
    expected = _groups(tmp_path, capsys, ["audit", str(csv), *argv])
    assert _groups(tmp_path, capsys, ["audit", str(parquet), *argv]) == expected


def test_the_library_weighs_a_float32_weight_as_it_prints():
    from ethiclens.fairness import as_weights

    w = np.array(WEIGHTS, dtype=np.float32)
    assert as_weights(w, len(w)).tolist() == WEIGHTS
    assert as_weights(pd.Series(w).astype("Float32"), len(w)).tolist() == WEIGHTS
