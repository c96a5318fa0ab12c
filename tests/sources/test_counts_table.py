"""audit_counts(counts_of(rows)) is audit(rows), bit for bit; the table's form is checked."""

import pandas as pd
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError
from ethiclens.sources import (
    Roles,
    counts_of,
    read_counts,
    suppress_small_cells,
    write_counts,
)
from tests.sources.conftest import make_frame

CASES = {
    "plain": ({}, {}),
    "weights": ({}, {"weight": "w"}),
    "weights_scores_intersection": (
        {"intersections": [("race", "sex")]},
        {"weight": "w", "y_score": "s"},
    ),
    "bca_scores": ({"ci": "bca"}, {"y_score": "s"}),
    "percentile": ({"ci": "percentile", "confidence_level": 0.9}, {}),
    "edits": (
        {"merge_groups": {"race": {"CD": ["C", "D"]}}, "exclude_groups": {"race": ["B"]}},
        {},
    ),
    "reference": ({"reference": {"race": "B", "sex": "F"}}, {"weight": "w"}),
}


def _rows_audit(d, kw, rk, seed, labelled=True):
    return ethiclens.audit(
        d["y"] if labelled else None,
        d["p"],
        d[["race", "sex"]],
        sample_weight=d["w"] if rk.get("weight") else None,
        y_score=d["s"] if rk.get("y_score") else None,
        n_boot=200,
        random_state=seed,
        **kw,
    )


@pytest.mark.parametrize("seed", [0, 7])
@pytest.mark.parametrize("case", list(CASES))
def test_counts_audit_is_bit_identical(seed, case):
    kw, rk = CASES[case]
    d = make_frame(seed)
    table = counts_of(d, Roles(y_pred="p", y_true="y", protected=["race", "sex"], **rk))
    assert len(table) < len(d) / 5 and table["count"].sum() == len(d)
    got = ethiclens.audit_counts(table, n_boot=200, random_state=seed, **kw)
    assert got.to_json() == _rows_audit(d, kw, rk, seed).to_json()


def test_unlabelled_counts(frame):
    table = counts_of(frame, Roles(y_pred="p", protected=["race", "sex"]))
    assert "y_true" not in table.columns
    got = ethiclens.audit_counts(table, n_boot=200, random_state=1)
    assert got.to_json() == _rows_audit(frame, {}, {}, 1, labelled=False).to_json()


def test_parquet_round_trip_keeps_bins_and_names(frame, tmp_path):
    roles = Roles(y_pred="p", y_true="y", protected=["race"], y_score="s", n_bins=5)
    path = tmp_path / "counts.parquet"
    write_counts(counts_of(frame, roles), path)
    back = read_counts(path)
    assert back.attrs["ethiclens_n_bins"] == 5
    assert back.attrs["ethiclens_columns"]["y_pred"] == "p"
    rows = ethiclens.audit(
        frame["y"],
        frame["p"],
        frame[["race"]],
        y_score=frame["s"],
        n_bins=5,
        n_boot=200,
        random_state=0,
    )
    assert ethiclens.audit_counts(back, n_boot=200, random_state=0).to_json() == rows.to_json()


def test_min_cell_drops_small_cells_and_says_so(frame):
    table = counts_of(frame, Roles(y_pred="p", y_true="y", protected=["race", "sex"]))
    small = table[table["count"] < 40]
    out = suppress_small_cells(table, 40)
    info = out.attrs["ethiclens_suppression"]
    assert info["cells_dropped"] == len(small) > 0
    assert info["rows_dropped"] == small["count"].sum()
    assert out["count"].min() >= 40 and out["count"].sum() == len(frame) - info["rows_dropped"]


def _table(**cols):
    base = {"g": ["a", "b"], "y_pred": [1, 0], "count": [5, 6]}
    base.update(cols)
    return pd.DataFrame(base)


@pytest.mark.parametrize(
    "table, column, words",
    [
        (_table(count=[5, -1]), "count", "whole numbers >= 0"),
        (_table(count=[5, 2.5]), "count", "whole numbers >= 0"),
        (_table(weight_sum=[1.0, 2.0]), "weight_sq_sum", "has weight_sum but not"),
        (_table(y_pred=[1, None]), "y_pred", "6 missing value(s)"),
        (_table(y_pred=[1, 2]), "y_pred", "not binary"),
        (_table(g=["a", None]), "g", "6 missing value(s)"),
        (pd.DataFrame({"g": ["a"], "y_pred": [1]}), "count", "missing from the counts table"),
    ],
)
def test_bad_counts_tables_are_refused(table, column, words):
    with pytest.raises(EthicLensInputError) as exc:
        ethiclens.audit_counts(table, n_boot=200, random_state=0)
    assert exc.value.column.startswith(column) and words in str(exc.value)


def test_weighted_bootstrap_from_counts_is_refused(frame):
    table = counts_of(frame, Roles(y_pred="p", y_true="y", protected=["race"], weight="w"))
    with pytest.raises(EthicLensInputError, match="resample rows"):
        ethiclens.audit_counts(table, ci="bca", n_boot=200, random_state=0)


@pytest.mark.parametrize("suffix", ["csv", "parquet"])
def test_written_cells_do_not_depend_on_the_order_counted(frame, tmp_path, suffix):
    # DuckDB's parallel GROUP BY hands cells back in any order; the file must not follow it.
    table = counts_of(frame, Roles(y_pred="p", y_true="y", protected=["race", "sex"]))
    shuffled = table.sample(frac=1.0, random_state=3)
    shuffled.attrs = dict(table.attrs)
    write_counts(table, tmp_path / f"a.{suffix}")
    write_counts(shuffled, tmp_path / f"b.{suffix}")
    a, b = read_counts(tmp_path / f"a.{suffix}"), read_counts(tmp_path / f"b.{suffix}")
    pd.testing.assert_frame_equal(a, b)
    keys = ["race", "sex", "y_true", "y_pred"]
    assert a[keys].apply(tuple, axis=1).is_monotonic_increasing
