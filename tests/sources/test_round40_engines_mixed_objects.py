"""Round 40: one rule for an object column mixing value types, on every engine. Numerically
equal values (1, 1.0, True; Decimal 1.1 and 1.10) are one group, labelled by the first row, as
ethiclens.audit and SQL's GROUP BY count them; values of two types that print the same (1 and
'1') are refused in one message. Was: audit_frame on dd.from_pandas(frame) counted the text
Dask made of the column (dataframe.convert-string): 1, 1.0 and True three groups, 1 with '1' one
group."""

import sqlite3
from decimal import Decimal

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError
from ethiclens.sources import Roles, audit_frame, sql_counts

dd = pytest.importorskip("dask.dataframe")
OPTS = {"n_boot": 100, "min_group_size": 1, "min_label_count": 1}
CASES = {
    "1, 1.0": [1, 1.0, 1.0, "b"],
    "Decimal 1.1, 1.10": [Decimal("1.1"), Decimal("1.10"), "b", "b"],
    "1.0, 1": [1.0, 1, "b", "b"],
}
# True beside 1 (a flag beside a code): refused on every engine since round 50
TRUE_CASES = {"1, 1.0, True": [1, 1.0, True, "b"], "True, 1": [True, 1, "b", "b"]}


def _frame(values) -> pd.DataFrame:
    n = 16
    return pd.DataFrame(
        {
            "y": np.arange(n) % 2,
            "p": (np.arange(n) // 2) % 2,
            "g": pd.Series(values * (n // len(values)), dtype=object),
        }
    )


def _groups(result) -> list:
    return sorted((g["group"], g["n"]) for g in result.to_dict()["attributes"][0]["groups"])


def _pandas(frame):
    return ethiclens.audit(frame["y"], frame["p"], frame[["g"]], **OPTS)


def _dask(frame):
    ddf = dd.from_pandas(frame, npartitions=2)
    return audit_frame(ddf, y_true="y", y_pred="p", protected="g", **OPTS)


def _sqlite(frame, tmp_path):
    path = tmp_path / "t.db"
    with sqlite3.connect(path) as con:
        con.execute("create table t (y, p, g)")
        cells = [
            (int(a), int(b), float(g) if isinstance(g, Decimal) else g)
            for a, b, g in frame.itertuples(index=False)
        ]
        con.executemany("insert into t values (?, ?, ?)", cells)
    con.close()
    table = sql_counts(f"sqlite:///{path}", Roles("p", ["g"], "y"), table="t")
    return ethiclens.audit_counts(table, **OPTS)


@pytest.mark.parametrize("case", CASES)
def test_numerically_equal_values_are_one_group_on_every_engine(case, tmp_path):
    frame = _frame(CASES[case])
    expected = _groups(_pandas(frame))
    assert len(expected) == 2  # one group for the equal values, one for 'b'
    assert _groups(_dask(frame)) == expected
    assert _groups(_sqlite(frame, tmp_path)) == expected


@pytest.mark.parametrize("case", TRUE_CASES)
def test_true_beside_one_is_refused_alike_on_pandas_and_dask(case):
    frame = _frame(TRUE_CASES[case])
    messages = []
    for count in (_pandas, _dask):
        with pytest.raises(EthicLensInputError) as caught:
            count(frame)
        messages.append(str(caught.value))
    assert "one group is written two ways: True (a true/false value) and 1" in messages[0]
    assert messages[1] == messages[0]


def test_one_beside_text_one_is_refused_in_one_message_on_every_engine(tmp_path):
    frame = _frame([1, "1", "b", "b"])
    messages = []
    for count in (_pandas, _dask, lambda f: _sqlite(f, tmp_path)):
        with pytest.raises(EthicLensInputError) as caught:
            count(frame)
        messages.append(str(caught.value))
    assert messages[0].startswith("column 'g': distinct values print the same")
    assert "found [1, '1', 'b']" in messages[0]
    assert messages[1:] == messages[:1] * 2


def test_a_dask_frame_of_mixed_labels_is_audited_as_pandas_audits_it():
    """Predictions 1, 0.0, True, 0 (two labels to pandas): Dask's text made four of them."""
    frame = _frame(["a", "b"])
    frame["p"] = pd.Series([1, 0.0, True, 0] * 4, dtype=object)

    def rates(result):
        keys = ("group", "n", "n_positive_label", "n_negative_label")
        groups = result.to_dict()["attributes"][0]["groups"]
        return [(*(g[k] for k in keys), g["metrics"]["selection_rate"]["value"]) for g in groups]

    expected = rates(_pandas(frame))
    assert [r[-1] for r in expected] == [1.0, 0.0]
    assert rates(_dask(frame)) == expected


def test_a_dask_frame_of_list_cells_is_no_traceback():
    """A list cell beside 1: read unconverted, Dask's groupby ended in TypeError 'unhashable
    type'; such a column is now refused as the pandas frame is (it was Dask's text)."""
    frame = _frame([[1, 2], 1, "b", "b"])
    with pytest.raises(EthicLensInputError, match="group values must be scalars") as pandas_way:
        _pandas(frame)
    with pytest.raises(EthicLensInputError) as dask_way:
        _dask(frame)
    assert str(dask_way.value) == str(pandas_way.value)
