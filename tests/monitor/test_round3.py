"""The third tester's round on the monitor: the Python face (``MonitorRequest``) refuses what
the command line refuses, in the vocabulary's words, before anything is written; a protected
attribute the audit refuses as continuous is refused on every engine."""

import math
import sqlite3

import numpy as np
import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import MonitorRequest, run_monitor

from .conftest import FLAGS, run_cli

ROLES = dict(time="ts", window="1d", y_pred="pred", y_true="label", protected=("race",))

# (field, value, what the refusal names, words of the refusal): a number by its argument (round 44,
# before: its option, '--n-boot'), the other checks of a type still by their option
BAD_FIELDS = [
    ("n_draws", 1, "n_draws", "too few draws"),
    ("n_draws", 99, "n_draws", "too few draws"),
    ("n_draws", 10**9, "n_draws", "at most 1,000,000 draws"),
    ("n_draws", 5.0, "n_draws", "whole number"),
    ("n_draws", "abc", "n_draws", "whole number"),
    ("n_draws", True, "n_draws", "whole number"),
    ("seed", -1, "seed", "non-negative integer"),
    ("seed", "abc", "seed", "non-negative integer"),
    ("seed", math.nan, "seed", "non-negative integer"),
    ("seed", 5.0, "seed", "written without a decimal point"),
    ("seed", True, "seed", "non-negative integer"),
    ("alpha", "0.05", "alpha", "strictly between 0 and 1"),
    ("alpha", math.nan, "alpha", "strictly between 0 and 1"),
    ("alpha", True, "alpha", "strictly between 0 and 1"),
    ("di_threshold", "0.8", "di_threshold", "from 0.01 up to (not including) 1"),
    ("di_threshold", math.nan, "di_threshold", "from 0.01 up to (not including) 1"),
    ("eo_threshold", math.inf, "eo_threshold", "strictly between 0 and 1"),
    ("min_group_size", "100", "min_group_size", "whole number of at least 1"),
    ("min_group_size", math.nan, "min_group_size", "whole number of at least 1"),
    ("min_group_size", 100.0, "min_group_size", "whole number, written without a decimal point"),
    ("min_group_size", 0, "min_group_size", "whole number of at least 1"),
    ("min_group_size", True, "min_group_size", "whole number of at least 1"),
    ("min_labels", 30.5, "min_labels", "whole number of at least 1"),
    ("baseline_windows", 0, "baseline_windows", "whole number of at least 1"),
    ("baseline_windows", 2.0, "baseline_windows", "whole number, written without a decimal point"),
    ("hold_last", "yes", "hold_last", "True or False"),
    ("engine", "polars", "engine", "DuckDB, pandas, Dask or Spark"),
    ("engine", 5, "engine", "DuckDB, pandas, Dask or Spark"),
    ("time", 5, "time", "must be text"),
    ("window", 7, "window", "must be text"),
    ("y_pred", None, "y_pred", "must be text"),
    ("y_true", 3, "y_true", "must be text"),
    ("weight", ["w"], "weight", "must be text"),
    ("pos_label", [1], "pos_label", "label value"),
    ("protected", ("race", 5), "protected", "column names"),
    ("target", 5, "target", "a path"),
    ("intersections", 5, "intersections", "tuple of tuples"),
]


@pytest.mark.parametrize(
    ("name", "value", "column", "words"), BAD_FIELDS, ids=[f"{b[0]}={b[1]!r}" for b in BAD_FIELDS]
)
def test_every_field_is_checked_when_the_request_is_made(tmp_path, name, value, column, words):
    store = tmp_path / "m.sqlite"
    with pytest.raises(EthicLensInputError) as exc:
        run_monitor(MonitorRequest(**{"target": "feed/", **ROLES, name: value}), store)
    assert exc.value.column == column
    assert words in exc.value.problem
    assert not store.exists()  # refused before anything is written


@pytest.mark.parametrize(
    ("flag", "text", "name", "value"),
    [
        ("--n-boot", "1", "n_draws", 1),
        ("--n-boot", "2000000", "n_draws", 2_000_000),
        ("--seed", "-1", "seed", -1),
        ("--min-group-size", "0", "min_group_size", 0),
        ("--min-labels", "0", "min_labels", 0),
        ("--alpha", "nan", "alpha", math.nan),
        ("--di-threshold", "1", "di_threshold", 1.0),
    ],
)
def test_python_refuses_as_the_command_line_naming_its_argument(
    tmp_path, capsys, days, flag, text, name, value
):
    """The same problem on both faces; Python names the argument (round 44: it named the flag,
    which a Python caller never typed), the command line its flag."""
    data = days(tmp_path / "data", range(2), n=200)
    argv = ["monitor", data, *FLAGS, "--protected", "race", "--store", tmp_path / "m.sqlite"]
    rc, _, err = run_cli(capsys, *argv, flag, text)
    assert rc == 2
    with pytest.raises(EthicLensInputError) as exc:
        MonitorRequest(target=str(data), **{**ROLES, name: value})
    assert exc.value.column == name and f"option '{flag}'" in err
    assert exc.value.problem in err


def test_numpy_numbers_are_taken_as_python_numbers(tmp_path, days):
    """A NumPy integer is a whole number (the seed hashed as the same text, the floors
    stored as JSON); the intervals are those of the same Python int."""
    data = days(tmp_path / "data", range(2), n=200)
    numpy = MonitorRequest(
        target=str(data), **ROLES, seed=np.int64(5), n_draws=np.int32(200),
        min_group_size=np.int64(20), alpha=np.float64(0.05),
    )  # fmt: skip
    assert type(numpy.seed) is int and type(numpy.min_group_size) is int
    plain = MonitorRequest(target=str(data), **ROLES, seed=5, n_draws=200, min_group_size=20)
    docs = [run_monitor(r, tmp_path / f"{i}.sqlite").data for i, r in enumerate((numpy, plain))]
    assert docs[0]["comparisons"] == docs[1]["comparisons"]


# -- the audit's rule for a numeric attribute with many values, on every engine -----------------


def _ages(tmp_path, days) -> pd.DataFrame:
    data = days(tmp_path / "data", range(2), n=200)
    frame = pd.concat([pd.read_csv(f) for f in sorted(data.glob("*.csv"))], ignore_index=True)
    return frame.assign(age=np.arange(len(frame)) % 72 + 18)


def _target(tmp_path, frame, engine) -> dict:
    """The request's target for ``engine``: a CSV file, or a table of a SQLite database."""
    if engine == "sql":
        db = tmp_path / "rows.db"
        with sqlite3.connect(db) as con:
            frame.to_sql("preds", con, index=False)
        return dict(target="db", db=f"sqlite:///{db}", table="preds")
    path = tmp_path / "rows.csv"
    frame.to_csv(path, index=False)
    return dict(target=str(path), engine=engine)


@pytest.mark.parametrize("engine", ["pandas", "duckdb", "dask", "sql"])
def test_a_continuous_attribute_is_refused_as_the_audit_refuses_it(tmp_path, days, engine):
    if engine in ("duckdb", "dask"):
        pytest.importorskip(engine)
    frame = _ages(tmp_path, days)
    store, target = tmp_path / "m.sqlite", _target(tmp_path, frame, engine)
    request = MonitorRequest(**target, **{**ROLES, "protected": "age"})
    with pytest.raises(EthicLensInputError) as exc:
        run_monitor(request, store)
    assert exc.value.column == "age"
    assert exc.value.problem == (
        "looks continuous: 72 distinct numeric values (more than 50 groups)"
    )
    assert not store.exists()
    binned = MonitorRequest(**target, **{**ROLES, "protected": "age"}, bins={"age": [0, 40, 100]})
    assert run_monitor(binned, tmp_path / "b.sqlite").data["comparisons"]


def test_the_cli_refuses_what_the_audit_refuses_in_its_words(tmp_path, capsys, days):
    frame = _ages(tmp_path, days)
    path = tmp_path / "rows.csv"
    frame.to_csv(path, index=False)
    rc, _, audit_err = run_cli(capsys, "audit", path, "--y-pred", "pred", "--protected", "age")
    store = tmp_path / "m.sqlite"
    rc_m, _, err = run_cli(capsys, "monitor", path, *FLAGS, "--protected", "age", "--store", store)
    assert (rc, rc_m) == (2, 2)
    assert err.strip().splitlines()[-1] == audit_err.strip().splitlines()[-1]
    assert not store.exists()


@pytest.mark.parametrize("engine", ["pandas", "duckdb", "sql"])
def test_an_attribute_left_with_one_group_is_refused_as_the_audit_refuses_it(
    tmp_path, days, engine
):
    """One bin over every age leaves nothing to compare, ever: the audit's refusal (a raw
    attribute with one group so far is only noted, as more groups may come)."""
    if engine == "duckdb":
        pytest.importorskip(engine)
    frame = _ages(tmp_path, days)
    store, target = tmp_path / "m.sqlite", _target(tmp_path, frame, engine)
    one_bin = MonitorRequest(
        **target, **{**ROLES, "protected": "age"}, bins={"age": [0, 1_000_000_000]}
    )
    with pytest.raises(EthicLensInputError) as exc:
        run_monitor(one_bin, store)
    assert exc.value.column == "age" and "has a single group" in exc.value.problem
    assert not store.exists()


def test_the_cli_refuses_a_single_group_with_the_audits_line(tmp_path, capsys, days):
    frame = _ages(tmp_path, days)
    path = tmp_path / "rows.csv"
    frame.to_csv(path, index=False)
    one_bin = ["--protected", "age", "--bins", "age=0,1e9"]
    rc, _, audit_err = run_cli(capsys, "audit", path, "--y-pred", "pred", *one_bin)
    store = tmp_path / "m.sqlite"
    rc_m, _, err = run_cli(capsys, "monitor", path, *FLAGS, *one_bin, "--store", store)
    assert (rc, rc_m) == (2, 2)
    assert err.strip().splitlines()[-1] == audit_err.strip().splitlines()[-1]
    assert "has a single group" in err and not store.exists()
