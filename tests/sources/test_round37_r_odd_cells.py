"""Round 37 (R): a DataFrame cell that is not one value (a Series, a slice, an object whose
__hash__ or __eq__ raises, a DataFrame) escaped ethiclens.audit and sources.counts_of as a bare
TypeError or RuntimeError; a score that is not a number escaped counts_of as pandas' error. Each
is refused now naming the column, the row, the value and the fix (io._not_one_value)."""

import fractions

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError
from ethiclens.sources import Roles, counts_of

from ._odd_cells import RaisingEq, RaisingHash

CELLS = [
    (pd.Series([1]), "Series", "[1]"),
    (slice(1), "slice", "slice(None, 1, None)"),
    (RaisingEq(), "RaisingEq", "RaisingEq()"),
    (RaisingHash(), "RaisingHash", "RaisingHash()"),
    (pd.DataFrame({"a": [1]}), "DataFrame", "a DataFrame object"),
]


def _frame(column, cell):
    n = 8
    frame = pd.DataFrame(
        {
            "g": ["A", "B"] * (n // 2),
            "y": [0, 1, 1, 0] * (n // 4),
            "p": [1, 0, 1, 0] * (n // 4),
            "s": np.linspace(0, 1, n),
            "w": np.ones(n),
        }
    )
    frame[column] = frame[column].astype(object)
    frame.at[3, column] = cell
    return frame


@pytest.mark.parametrize(("cell", "kind", "shown"), CELLS)
def test_audit_refuses_a_cell_that_is_not_one_value(cell, kind, shown):
    frame = _frame("g", cell)
    with pytest.raises(EthicLensInputError) as exc:
        ethiclens.audit(frame["y"], frame["p"], frame[["g"]], n_boot=100)
    assert str(exc.value) == (
        "column 'g': group values must be scalars (found a list, tuple "
        "or other cell that is not one value), "
        f"first at row 3 (value: {shown}). Fix: give one group label per row, e.g. a string"
    )
    frame = _frame("p", cell)
    with pytest.raises(EthicLensInputError) as exc:
        ethiclens.audit(frame["y"], frame["p"], frame[["g"]], n_boot=100)
    assert str(exc.value) == (
        f"column 'p (y_pred)': values must be single labels, found a {kind} at row 3 "
        f"(value: {shown}). Fix: give one label per row (flatten or recode the column)"
    )


@pytest.mark.parametrize("column", ["g", "y", "p"])
@pytest.mark.parametrize(("cell", "kind", "shown"), CELLS)
def test_counts_of_refuses_a_cell_that_is_not_one_value(column, cell, kind, shown):
    with pytest.raises(EthicLensInputError) as exc:
        counts_of(_frame(column, cell), Roles("p", ["g"], "y"))
    if column == "g":  # in the audit's words (round 37 review: one wording on every entry)
        expected = (
            "column 'g': group values must be scalars (found a list, tuple "
            "or other cell that is not one value), "
            f"first at row 3 (value: {shown}). Fix: give one group label per row, e.g. a string"
        )
    else:
        role = {"y": "y_true", "p": "y_pred"}[column]
        expected = (
            f"column '{column} ({role})': values must be single labels, found a {kind} at row 3 "
            f"(value: {shown}). Fix: give one label per row (flatten or recode the column)"
        )
    assert str(exc.value) == expected


@pytest.mark.parametrize("cell", [RaisingHash(), 1 + 2j, slice(1)])
def test_counts_of_refuses_scores_as_the_audit_does_and_weights(cell):
    roles = Roles("p", ["g"], "y", "s", "w", 10)
    frame = _frame("s", cell)
    with pytest.raises(EthicLensInputError) as exc:
        counts_of(frame, roles)
    with pytest.raises(EthicLensInputError) as audited:
        ethiclens.audit(frame["y"], frame["p"], frame[["g"]], y_score=frame["s"], n_boot=100)
    assert str(exc.value) == str(audited.value)
    assert isinstance(cell, complex) or "row 3" in str(exc.value)  # the audit names no row
    with pytest.raises(EthicLensInputError) as exc:
        counts_of(_frame("w", cell), roles)
    assert exc.value.column == "w (sample_weight)"


def test_counts_of_reads_a_fraction_score_and_a_bytearray_group_as_the_audit_does():
    frame = _frame("s", fractions.Fraction(1, 2))
    frame["g"] = frame["g"].astype(object)
    frame.at[0, "g"] = bytearray(b"A")
    table = counts_of(frame, Roles("p", ["g"], "y", "s", None, 10))
    assert set(table["g"]) == {b"A", "A", "B"}
    expected = counts_of(_frame("s", 0.5), Roles("p", ["g"], "y", "s", None, 10))
    assert table["count"].sum() == expected["count"].sum() == 8
    assert table["score_sum"].sum() == pytest.approx(expected["score_sum"].sum())
