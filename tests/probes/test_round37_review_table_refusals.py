"""Round 37 review of 53c8905a (the counterfactual table's refusals built by one _table_error).

The cut kept every message; several of them (the fixes it folded into defaults, the orphan's
value, the row-id fix split over two strings) were pinned by no test. These pin each refusal
whole: its text, column, value and fix. And a row id read from a file (an int64 or float64
column) was shown as ``np.int64(-1)`` in the message: now as ``-1``, a missing one as 'missing',
as the module's other refusals show a table's value."""

import numpy as np
import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.probes import analyze_counterfactuals, make_counterfactuals

TABLE = make_counterfactuals(pd.DataFrame({"g": ["a", "b", "a", "c"], "x": [1, 2, 3, 4]}), "g")
OBSERVED = TABLE.index[TABLE["_cf_source"] == TABLE["_cf_target"]]
WROTE = "use the table make-counterfactuals wrote"
SCORE_ALL = "score every row of the make-counterfactuals output"
ROW_FIX = WROTE + ", unchanged except for added prediction columns"


def _refusal(frame: pd.DataFrame) -> EthicLensInputError:
    with pytest.raises(EthicLensInputError) as info:
        analyze_counterfactuals(frame, np.zeros(len(frame), int), n_boot=100, random_state=0)
    return info.value


def _source_of_a_flip_changed(frame):
    i = frame.index[(frame["_cf_row"] == 0) & (frame["_cf_target"] == "c")][0]
    return frame.assign(_cf_source=frame["_cf_source"].where(frame.index != i, "b"))


CASES = [
    (
        lambda f: f.drop(columns="_cf_source"),
        "not a counterfactual table",
        "_cf_source",
        None,
        "use the output of make-counterfactuals",
    ),
    (
        lambda f: f.assign(_cf_target=f["_cf_target"].where(f.index != 3)),
        "1 row(s) miss a group value in the bookkeeping columns, first at row 3",
        "_cf_source/_cf_target",
        None,
        WROTE,
    ),
    (
        lambda f: f.loc[OBSERVED].reset_index(drop=True),
        "the table has no flipped rows, so nothing can be compared",
        "_cf_target",
        None,
        "score the whole make-counterfactuals output, not only the observed rows",
    ),
    (
        _source_of_a_flip_changed,
        "row id 0 has copies with different source groups",
        "_cf_source",
        None,
        WROTE,
    ),
    (
        lambda f: f.drop(index=OBSERVED[0]).reset_index(drop=True),
        "2 flipped row(s) have no observed copy (a row with the same _cf_row whose _cf_source "
        "equals its _cf_target), first at row 5",
        "_cf_row",
        0,
        SCORE_ALL,
    ),
    (
        lambda f: f.assign(_cf_row=f["_cf_row"].where(f.index != 1, -1)),
        "1 row id(s) are not non-negative integers, first at row 1",
        "_cf_row",
        -1,
        ROW_FIX,
    ),
    (
        lambda f: f.assign(_cf_row=f["_cf_row"].where(f.index != 1, 2**60)),
        "1 row id(s) are 9,007,199,254,740,992 or more (the limit: make-counterfactuals "
        "numbers records 0, 1, 2, …, and larger ids cannot be told apart once read as "
        "numbers), first at row 1",
        "_cf_row",
        2**60,
        ROW_FIX,
    ),
    (
        lambda f: f.assign(_cf_row=f["_cf_row"].astype(float).where(f.index != 1)),
        "1 row id(s) are not non-negative integers, first at row 1",
        "_cf_row",
        "missing",
        ROW_FIX,
    ),
]


@pytest.mark.parametrize(("edit", "problem", "column", "value", "fix"), CASES)
def test_each_refusal_whole(edit, problem, column, value, fix):
    exc = _refusal(edit(TABLE.copy()))
    assert (exc.problem, exc.column, exc.value, exc.fix) == (problem, column, value, fix)
    assert type(exc.value) is type(value)  # -1, not np.int64(-1)


def test_a_row_id_read_as_int64_is_shown_as_a_number():
    frame = TABLE.assign(_cf_row=TABLE["_cf_row"].astype("int64").where(TABLE.index != 2, -7))
    assert frame["_cf_row"].dtype == "int64"
    assert "(value: -7). Fix: " + ROW_FIX in str(_refusal(frame))
