"""Round 20: a float32 attribute or score is binned, and meets a threshold, as the decimal it
prints as (float32 0.7 is 0.7, not the 0.699999988 it widens to): a Parquet file and its CSV
copy give one answer on every engine."""

import json

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main

ROLES = ["--y-true", "y", "--y-pred", "p", "--protected", "x"]
ENGINES = ["pandas", "duckdb", "dask"]


@pytest.fixture(scope="module")
def copies(tmp_path_factory):
    """(parquet, csv, frame): one dataset, x and s stored as float32 in the Parquet file."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    folder = tmp_path_factory.mktemp("f32")
    rng = np.random.default_rng(0)
    n = 400
    x = rng.choice(np.array([0.5, 0.7, 0.9], dtype=np.float32), n)
    s = rng.choice(np.array([0.3, 0.6, 0.7], dtype=np.float32), n)
    y, p = rng.integers(0, 2, n), rng.integers(0, 2, n)
    parquet, csv = folder / "rows.parquet", folder / "rows.csv"
    pq.write_table(pa.table({"y": y, "p": p, "x": pa.array(x), "s": pa.array(s)}), parquet)
    frame = pd.read_parquet(parquet)
    assert frame["x"].dtype == np.float32 and frame["s"].dtype == np.float32
    frame.to_csv(csv, index=False)
    assert "0.7," in csv.read_text()  # the CSV copy holds the decimal the value prints as
    return parquet, csv, frame


def _report(capsys, tmp_path, argv) -> dict:
    out = tmp_path / "r.json"
    assert main([*argv, "--n-boot", "100", "--json", str(out)]) == 0, capsys.readouterr().err
    return json.loads(out.read_text())


def _groups(doc) -> dict:
    return {g["group"]: g["n"] for g in doc["attributes"][0]["groups"]}


@pytest.mark.parametrize("engine", ENGINES)
def test_a_float32_attribute_is_binned_as_it_prints(copies, tmp_path, capsys, engine):
    parquet, csv, frame = copies
    n_low = int((frame["x"] == np.float32(0.5)).sum())
    expected = {"[0, 0.7)": n_low, "[0.7, 1]": len(frame) - n_low}
    for path in (parquet, csv):
        argv = ["audit", str(path), *ROLES, "--bins", "x=0,0.7,1", "--engine", engine]
        assert _groups(_report(capsys, tmp_path, argv)) == expected, path


@pytest.mark.parametrize("engine", ENGINES)
def test_a_float32_value_on_the_first_edge_is_inside(copies, tmp_path, capsys, engine):
    parquet, _, frame = copies
    n_low = int((frame["x"] == np.float32(0.5)).sum())
    argv = ["audit", str(parquet), *ROLES, "--bins", "x=0.7,0.8,1", "--engine", engine]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert f"{n_low} row(s) with values outside the bin edges [0.7, 1]" in err, err


def test_a_float32_counts_table_is_binned_as_it_prints(copies, tmp_path, capsys):
    parquet, _, frame = copies
    out = tmp_path / "c.parquet"
    assert main(["counts", str(parquet), *ROLES, "--engine", "duckdb", "--out", str(out)]) == 0
    assert pd.read_parquet(out)["x"].dtype == np.float32
    n_low = int((frame["x"] == np.float32(0.5)).sum())
    doc = _report(capsys, tmp_path, ["audit", "--counts", str(out), "--bins", "x=0,0.7,1"])
    assert _groups(doc) == {"[0, 0.7)": n_low, "[0.7, 1]": len(frame) - n_low}


def _reliability(doc) -> list:
    return [
        [(c["lower"], c["n"], c["mean_score"]) for c in g["calibration"]]
        for g in doc["attributes"][0]["groups"]
    ]


@pytest.mark.parametrize("engine", ENGINES)
def test_a_float32_score_falls_in_the_bin_it_prints_in(copies, tmp_path, capsys, engine):
    parquet, csv, frame = copies
    argv = [*ROLES, "--y-score", "s", "--engine", engine]
    bins = [
        _reliability(_report(capsys, tmp_path, ["audit", str(f), *argv])) for f in (parquet, csv)
    ]
    assert bins[0] == bins[1]  # bins, rows and mean scores (summed as 0.7, not 0.699999988)
    n_high = int((frame["s"] == np.float32(0.7)).sum())
    assert sum(n for group in bins[0] for lower, n, _ in group if lower == 0.7) == n_high
    means = [mean for group in bins[0] for lower, _, mean in group if lower == 0.7]
    assert means == pytest.approx([0.7] * len(means), rel=1e-12)  # 0.699999988: 2e-8 off


@pytest.mark.parametrize("engine", ENGINES)
def test_a_float32_score_meets_the_threshold_it_prints_as(copies, tmp_path, capsys, engine):
    parquet, csv, frame = copies
    argv = ["--y-true", "y", "--protected", "x", "--y-score", "s", "--engine", engine]
    argv += ["--step", "0.1"]

    def rate_at(path, group="0.5"):
        doc = _report(capsys, tmp_path, ["thresholds", str(path), *argv])
        rows = [r for r in doc["rows"] if r["group"] == group and r["threshold"] == 0.7]
        return rows[0]["selection_rate"]

    low = frame[frame["x"] == np.float32(0.5)]
    expected = float((low["s"] == np.float32(0.7)).mean())
    assert rate_at(parquet) == rate_at(csv) == pytest.approx(expected)


def test_printed_floats_reads_each_width_as_it_prints():
    from ethiclens._text import printed_floats

    values = np.array([0.7, np.nan, 0.1, 1 / 3], dtype=np.float32)
    expected = [0.7, np.nan, 0.1, 0.33333334]
    np.testing.assert_array_equal(printed_floats(values), expected)
    series = pd.Series(values, index=[4, 5, 6, 7], name="s")
    for column in (series, series.astype("Float32"), series.astype("float32[pyarrow]")):
        out = printed_floats(column)
        assert list(out.index) == [4, 5, 6, 7] and out.name == "s"
        np.testing.assert_array_equal(out.to_numpy(), expected)
    # float16 at float32's width, as its groups are labelled (0.099975586)
    assert printed_floats(np.array([0.1], dtype=np.float16))[0] == 0.099975586
    wide = np.array([0.699999988079071])
    assert printed_floats(wide) is wide  # float64 and other values: unchanged


def test_bin_attribute_bins_a_float32_column_as_it_prints():
    from ethiclens.fairness import bin_attribute

    values = pd.Series(np.array([0.5, 0.7, 0.7, 1.0], dtype=np.float32), index=[3, 1, 2, 0])
    out = bin_attribute(values, [0, 0.7, 1], "x")
    assert out.to_dict() == {3: "[0, 0.7)", 1: "[0.7, 1]", 2: "[0.7, 1]", 0: "[0.7, 1]"}


def _score_bins(table) -> dict:
    sums = table.groupby("score_bin")[["count", "score_sum"]].sum()
    return {b: (int(row["count"]), round(row["score_sum"], 9)) for b, row in sums.iterrows()}


@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
def test_a_float32_score_is_counted_as_it_prints(copies, engine):
    from ethiclens.sources import Roles, duckdb_counts, pandas_counts

    parquet, csv, frame = copies
    roles = Roles(y_true="y", y_pred="p", protected=["x"], y_score="s")
    count = pandas_counts if engine == "pandas" else duckdb_counts
    expected = _score_bins(count(str(csv), roles))
    assert expected[7][0] == int((frame["s"] == np.float32(0.7)).sum())
    assert _score_bins(count(str(parquet), roles)) == expected


def test_spark_bins_a_float32_score_as_it_prints(copies, spark):
    from ethiclens.sources import Roles, pandas_counts, spark_file_counts

    parquet, csv, frame = copies
    roles = Roles(y_true="y", y_pred="p", protected=["x"], y_score="s")
    expected = _score_bins(pandas_counts(str(csv), roles))
    assert expected[7][0] == int((frame["s"] == np.float32(0.7)).sum())
    assert _score_bins(spark_file_counts(str(parquet), roles)) == expected
    assert _score_bins(spark_file_counts(str(csv), roles)) == expected
