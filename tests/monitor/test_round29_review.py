"""Round 29's review: the places the monitor's shortening rewrote, pinned as they were before it
(each assertion passes on ce7a0870, before the cut, and after it)."""

import dataclasses

import numpy as np
import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import Columns, MonitorRequest
from ethiclens.monitor._sim import counts_of_rows
from ethiclens.monitor._spelling import lookalike
from ethiclens.monitor._windows import _FRAME_ROWS, COUNT, TS, NoRows, _epoch_seconds, cells


@pytest.mark.parametrize(
    ("group", "groups", "expected"),
    [
        (" a ", ["A", "a"], "a"),  # its spaces first, whatever the order
        ("A ", ["a", "A "], "A "),  # then its case
        ("A ", ["a", " A"], "a"),  # then any spelling alike
        ("a", ["a", "A"], "a"),
        ("x", ["a", "b"], None),
        ("x", [], None),
    ],
)
def test_lookalike_prefers_spaces_then_case_then_any(group, groups, expected):
    assert lookalike(group, groups) == expected


def _rows():
    return pd.DataFrame(
        {
            TS: [1.0, 5.0, 3.0, 2.0],
            "g": ["a", "a", "b", "a"],
            "_ethiclens_w": [1.0, np.nan, 2.0, 4.0],
            "_ethiclens_w2": [1.0, np.nan, 4.0, 16.0],
            "_ethiclens_p": [0.5, 0.25, np.nan, 2.0],
        }
    )


def test_cells_weight_sums_by_weighting():
    plain = cells(_rows(), ["g"], None)
    assert list(plain.columns) == ["g", COUNT, "_ethiclens_tmin", "_ethiclens_tmax"]
    sums = ["_ethiclens_w", "_ethiclens_w2", "_ethiclens_pmin"]
    propensity = cells(_rows(), ["g"], "propensity")
    assert list(propensity.columns) == [*plain.columns, *sums]
    weight = cells(_rows(), ["g"], "weight")
    assert list(weight.columns) == [*plain.columns, *sums, "_ethiclens_pmax"]
    assert weight["g"].tolist() == ["a", "b"]
    assert weight[COUNT].tolist() == [3, 1]
    # pandas' sums and extremes skip a NaN (the rows holding one are refused before)
    assert weight["_ethiclens_w"].tolist() == [5.0, 2.0]
    assert weight["_ethiclens_w2"].tolist() == [17.0, 4.0]
    assert weight["_ethiclens_pmin"].tolist()[0] == 0.25
    assert weight["_ethiclens_pmax"].tolist()[0] == 2.0
    assert np.isnan(weight["_ethiclens_pmin"].tolist()[1])


def test_epoch_seconds_refusals():
    empty = pd.DataFrame({"t": [], "_ethiclens_file": [], "_ethiclens_line": []}, dtype=object)
    with pytest.raises(NoRows, match="x.csv has no data rows"):
        _epoch_seconds(empty, "t", "x.csv")
    frame = pd.DataFrame({"t": ["2024-01-01", None, "nope", "2024-01-02"]})
    frame["_ethiclens_file"], frame["_ethiclens_line"] = _FRAME_ROWS, [0, 1, 2, 3]
    with pytest.raises(EthicLensInputError) as err:
        _epoch_seconds(frame, "t", "x.csv")
    assert "1 of 4 rows have no time" in str(err.value)
    assert "1 more holds a value that is not a date or time" in str(err.value)
    assert "first at the DataFrame's row 1; " in str(err.value)
    assert "first at the DataFrame's row 2 " in str(err.value)
    assert err.value.value == "nope"
    one = pd.DataFrame({"t": ["1970-01-02T00:00:00Z"], "_ethiclens_file": "x.csv"})
    ok = _epoch_seconds(one.assign(_ethiclens_line=2), "t", "x.csv")
    assert ok.tolist() == [86400.0]


def test_counts_of_rows_fields_and_dtype():
    rng = np.random.default_rng(0)
    rows = {k: rng.random((2, 3, 5)) > 0.5 for k in ("ya", "pa", "yb", "pb")}
    a, _ = counts_of_rows(rows)
    assert list(a) == ["n", "sel", "pos", "tp", "neg", "fp"]
    assert all(v.dtype == float and v.shape == (2, 3) for v in a.values())
    y, p = rows["ya"], rows["pa"]
    assert a["fp"].tolist() == (~y & p).sum(-1).astype(float).tolist()
    assert (a["pos"] + a["neg"]).tolist() == a["n"].tolist()


def test_roles_carry_every_column_field():
    request = MonitorRequest(
        target="x.csv",
        time="t",
        window="1d",
        y_pred="p",
        y_true="y",
        protected=("race=White", "age"),
        weight="w",
        pos_label="yes",
        bins={"age": [0, 30, 99]},
    )
    roles = request.roles()
    assert roles.protected == ("race", "age")
    assert dataclasses.astuple(roles) == (
        "t",
        "p",
        ("race", "age"),
        "y",
        None,
        "yes",
        "w",
        {"age": [0.0, 30.0, 99.0]},
        (),  # held: the spans of rows a last run held back (d9cc2121), none for a request
        None,  # label_values: the values a store has seen beside --pos-label, none for a request
        None,  # stored_label_values: which of them the store has seen (a baseline's), none
    )
    assert isinstance(roles, Columns)
