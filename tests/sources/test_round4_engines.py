"""Every engine refuses what the pandas engine refuses, in its words (round 4 of the tester's
findings): a huge or all-zero weight; a score or a second model's predictions counted as a key
(``thresholds``, ``compare``) named as that role, at the row of the file where it first goes
wrong; columns whose names differ only by case read as pandas reads them.
"""

import sqlite3
import warnings

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.sources import Roles, dask_file_counts, duckdb_counts, pandas_counts, sql_counts

pytest.importorskip("duckdb")
pytest.importorskip("dask.dataframe")

ENGINES = ["pandas", "duckdb", "dask"]


def _rows(n=60, seed=0) -> pd.DataFrame:
    r = np.random.default_rng(seed)
    return pd.DataFrame(
        {
            "label": r.integers(0, 2, n),
            "pred": r.integers(0, 2, n),
            "race": r.choice(["A", "B"], n),
            "score": r.uniform(0, 1, n).round(3),
            "pred2": r.integers(0, 2, n),
            "w": r.uniform(0.5, 2, n).round(3),
        }
    )


def _error_line(capsys, *argv) -> str:
    assert main(list(argv)) == 2
    return capsys.readouterr().err.strip().splitlines()[-1]


def _refusal(count, target, roles) -> str:
    with pytest.raises(EthicLensInputError) as err:
        count(target, roles)
    return str(err.value)


COUNTERS = {"duckdb": duckdb_counts, "dask": dask_file_counts}


# -- weights: the pandas path's words on every engine, a database too -------------------------


@pytest.mark.parametrize(
    "weights, words",
    [
        ({3: 1e308}, "the largest weight is 1e+308: too large to square"),
        ({3: 1e-200}, "the largest weight is 1e-200: too small to square"),
        ("zero", "every weight is 0; nothing would be audited"),
    ],
)
def test_a_weight_too_large_or_all_zero_is_refused_alike(tmp_path, capsys, weights, words):
    rows = _rows()
    if weights == "zero":
        rows["w"] = 0.0
    elif 1e-200 in weights.values():
        rows["w"] = 1e-200
    else:
        rows.loc[list(weights), "w"] = list(weights.values())
    path = tmp_path / "w.csv"
    rows.to_csv(path, index=False)
    roles = ["--y-true", "label", "--y-pred", "pred", "--protected", "race", "--weight", "w"]
    with warnings.catch_warnings():
        warnings.simplefilter("error", RuntimeWarning)  # dask squared 1e308 loudly
        lines = {e: _error_line(capsys, "audit", str(path), *roles, "--engine", e) for e in ENGINES}
    db = tmp_path / "w.db"
    with sqlite3.connect(db) as con:
        rows.to_sql("t", con, index=False)
    lines["sql"] = _error_line(capsys, "audit", "--db", f"sqlite:///{db}", "--table", "t", *roles)
    assert words in lines["pandas"] and "'w (sample_weight)'" in lines["pandas"]
    assert set(lines.values()) == {lines["pandas"]}


# -- a score or a second prediction counted as a key ------------------------------------------

SCORE_KEY = Roles("label", ["race", "score"], key_roles={"score": "y_score"}, y_pred_role="y_true")
PRED_B_KEY = Roles("pred", ["race", "pred2"], "label", key_roles={"pred2": "pred_b"})


@pytest.mark.parametrize("engine", COUNTERS)
@pytest.mark.parametrize(
    "value, words",
    [
        (-0.5, "scores must lie in [0, 1]; 1 do not, first at s.csv line 7 (value: -0.5)"),
        (1.5, "scores must lie in [0, 1]; 1 do not, first at s.csv line 7 (value: 1.5)"),
        (None, "1 missing score(s), first at s.csv line 7."),
        (
            "abc",
            "scores must be numbers in [0, 1]; 1 value is not a number, first at s.csv line 7 "
            "(value: 'abc')",
        ),
    ],
)
def test_a_score_counted_as_a_key_is_refused_as_a_score(tmp_path, engine, value, words):
    rows = _rows().astype({"score": object})
    rows.loc[5, "score"] = value
    path = tmp_path / "s.csv"
    rows.to_csv(path, index=False)
    message = _refusal(COUNTERS[engine], str(path), SCORE_KEY)
    assert message.startswith(f"column 'score (y_score)': {words}")


@pytest.mark.parametrize("engine", COUNTERS)
def test_a_second_prediction_counted_as_a_key_is_refused_as_a_prediction(tmp_path, engine):
    rows = _rows().astype({"pred2": object})
    rows.loc[7, "pred2"] = None
    path = tmp_path / "p.csv"
    rows.to_csv(path, index=False)
    message = _refusal(COUNTERS[engine], str(path), PRED_B_KEY)
    said = "column 'pred2 (pred_b)': 1 missing value(s), first at p.csv line 9 (an empty field)."
    assert message.startswith(said)


def test_a_missing_score_on_the_pandas_engine_says_the_same(tmp_path, capsys):
    rows = _rows().astype({"score": object})
    rows.loc[5, "score"] = None
    path = tmp_path / "s.csv"
    rows.to_csv(path, index=False)
    line = _error_line(
        capsys,
        *("thresholds", str(path), "--engine", "pandas", "--y-true", "label"),
        *("--y-score", "score", "--protected", "race"),
    )
    assert "'score (y_score)': 1 missing score(s), first at s.csv line 7." in line


# -- names that differ only by case --------------------------------------------------------


def _cells(table: pd.DataFrame) -> list:
    table = table.astype({c: str for c in table.columns if c != "count"})
    return sorted(map(tuple, table[sorted(table.columns)].to_numpy().tolist()))


@pytest.mark.parametrize("kind", ["csv", "parquet"])
@pytest.mark.parametrize(
    "roles",
    [
        Roles("pred", ["race"], "label"),  # x and X are no role
        Roles("pred", ["x", "X"], "label"),  # both are groups
        Roles("X", ["race"], "x"),  # labels and predictions apart by case
    ],
)
@pytest.mark.parametrize("engine", COUNTERS)
def test_columns_differing_only_by_case_are_read_as_pandas_reads_them(
    tmp_path, engine, kind, roles
):
    rows = _rows()[["label", "pred", "race"]]
    rows["x"] = np.arange(len(rows)) % 2
    rows["X"] = 1 - rows["x"]
    path = tmp_path / f"case.{kind}"
    rows.to_csv(path, index=False) if kind == "csv" else rows.to_parquet(path, index=False)
    assert _cells(COUNTERS[engine](str(path), roles)) == _cells(pandas_counts(str(path), roles))


def test_a_case_clash_no_longer_stops_the_default_engine(tmp_path, capsys):
    rows = _rows()[["label", "pred", "race"]].assign(x=1, X=2)
    path = tmp_path / "case.csv"
    rows.to_csv(path, index=False)
    roles = ["--y-true", "label", "--y-pred", "pred", "--protected", "race", "--n-boot", "100"]
    assert main(["audit", str(path), *roles, "--json", "-"]) == 0
    assert '"n_rows": 60' in capsys.readouterr().out


def test_sql_counts_gives_the_weight_words_too(tmp_path):
    rows = _rows().assign(w=0.0)
    db = tmp_path / "z.db"
    with sqlite3.connect(db) as con:
        rows.to_sql("t", con, index=False)
    with pytest.raises(EthicLensInputError, match="every weight is 0") as err:
        sql_counts(f"sqlite:///{db}", Roles("pred", ["race"], "label", weight="w"), table="t")
    assert err.value.column == "w (sample_weight)"
