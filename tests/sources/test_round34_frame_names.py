"""Round 34: an in-memory Dask frame as users hold it gives the pandas audit's answer or its
refusal. A frame with int column names (``pd.DataFrame(array)``) was audited without its labels
when they were column 0 (``audit_frame(y_true=0, ...)``: 0 read as "no label column", so a
perfect model got no accuracy), and ``audit_frame(protected=2)`` raised TypeError ('int' object
is not iterable); a categorical group with a category no row has was audited silently where
``ethiclens.audit`` (and a Parquet file on every engine) refuses it."""

import numpy as np
import pandas as pd
import pytest

import ethiclens as el
from ethiclens.errors import EthicLensInputError
from ethiclens.sources import Roles, audit_frame, counts_of, dask_counts

dd = pytest.importorskip("dask.dataframe")


def _frame(n: int = 400) -> pd.DataFrame:
    r = np.random.default_rng(1)
    return pd.DataFrame(
        {"y": r.integers(0, 2, n), "p": r.integers(0, 2, n), "g": r.choice(list("abc"), n)}
    )


def _values(result) -> list:
    return [
        (a["name"], g["group"], g["n"], {m: v["value"] for m, v in g["metrics"].items()})
        for a in result.to_dict()["attributes"]
        for g in a["groups"]
    ]


def test_an_int_protected_name_is_one_column():
    frame = _frame()
    frame.columns = [5, 6, 7]
    got = audit_frame(dd.from_pandas(frame, npartitions=2), y_true=5, y_pred=6, protected=7)
    want = el.audit(y_true=frame[5], y_pred=frame[6], sensitive_features=frame[[7]])
    assert _values(got) == _values(want)


@pytest.mark.parametrize("role", ["y_true", "y_pred", "y_score", "weight"])
@pytest.mark.parametrize("name", [0, np.int64(0), 0.0])
def test_a_name_that_reads_as_none_is_refused(role, name):
    given = {"y_pred": "p", "protected": ["g"], "y_true": "y", role: name}
    with pytest.raises(EthicLensInputError) as caught:
        Roles(**given)
    words = str(caught.value)
    assert f"argument '{'sample_weight' if role == 'weight' else role}'" in words, words
    assert "rename" in caught.value.fix


def test_column_zero_as_labels_is_refused_not_dropped():
    frame = _frame()
    frame.columns = [0, 1, 2]
    with pytest.raises(EthicLensInputError, match="argument 'y_true'"):
        audit_frame(dd.from_pandas(frame, npartitions=2), y_true=0, y_pred=1, protected=[2])


@pytest.mark.parametrize("unused", [["z"], ["a", "b", "c", "z"]])
def test_unused_categories_are_refused_as_the_audit_refuses_them(unused):
    frame = _frame()
    categories = ["a", "b", "c", "z"] if unused == ["z"] else ["z", "c", "b", "a"]
    frame["g"] = pd.Categorical(frame["g"], categories=categories)
    with pytest.raises(EthicLensInputError) as want:
        el.audit(y_true=frame["y"], y_pred=frame["p"], sensitive_features=frame[["g"]])
    ddf = dd.from_pandas(frame, npartitions=2)
    with pytest.raises(EthicLensInputError) as got:
        audit_frame(ddf, y_true="y", y_pred="p", protected="g")
    assert str(got.value) == str(want.value)
    with pytest.raises(EthicLensInputError) as counted:
        dask_counts(ddf, Roles(y_pred="p", protected=["g"], y_true="y"))
    assert str(counted.value) == str(want.value)


def test_used_categories_still_count():
    frame = _frame()
    frame["g"] = pd.Categorical(frame["g"], categories=["c", "b", "a"])
    roles = Roles(y_pred="p", protected=["g"], y_true="y")
    got = dask_counts(dd.from_pandas(frame, npartitions=2), roles)
    want = counts_of(frame.assign(g=frame["g"].astype(object)), roles)
    keys = ["g", "y_true", "y_pred"]
    got, want = (t.sort_values(keys).reset_index(drop=True) for t in (got, want))
    pd.testing.assert_frame_equal(got, want)
