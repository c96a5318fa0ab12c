"""Round 34c: a signalling decimal NaN (``Decimal('sNaN')``, which a SQL NUMERIC column can
hand over) in an audit's column is the missing value a quiet ``Decimal('NaN')`` is: refused
(or kept, binned) in the same words, never decimal.InvalidOperation or a wrong reason."""

from decimal import Decimal

import numpy as np
import pandas as pd
import pytest

import ethiclens as el
from ethiclens.errors import EthicLensInputError
from ethiclens.fairness._bins import bin_attribute


def _refusal(column, value, wrap=list):
    kw = {"y_true": [0, 1, 0, 1], "y_pred": [0, 1, 1, 0]}
    groups = ["a", "b", "a", "b"]
    if column == "y_score":
        kw["y_score"] = [0.1, 0.2, 0.3, 0.4]
    if column == "sample_weight":
        kw["sample_weight"] = [1, 1, 1, 1]
    cells = groups if column == "g" else kw[column]
    cells[2] = value
    if column != "g":
        kw[column] = wrap(cells)
    with pytest.raises(EthicLensInputError) as info:
        el.audit(sensitive_features={"g": wrap(groups)}, **kw)
    return str(info.value)


@pytest.mark.parametrize("wrap", [list, pd.Series])
@pytest.mark.parametrize("column", ["y_true", "y_pred", "y_score", "sample_weight", "g"])
def test_a_signalling_nan_is_refused_as_the_quiet_nan_is(column, wrap):
    quiet = _refusal(column, Decimal("NaN"), wrap)
    assert "missing" in quiet or "finite" in quiet
    assert _refusal(column, Decimal("sNaN"), wrap) == quiet


def test_a_signalling_nan_is_binned_as_the_quiet_nan_is():
    for keep in (False, True):
        got = []
        for value in (Decimal("NaN"), Decimal("sNaN")):
            try:
                got.append(bin_attribute([1, value, 30], [0, 25, 50], "age", keep_missing=keep))
            except EthicLensInputError as exc:
                got.append(str(exc))
        if keep:
            assert got[0].isna().tolist() == got[1].isna().tolist() == [False, True, False]
        else:
            assert got[0] == got[1] and "missing" in got[0]
    refusals = []
    for value in (Decimal("NaN"), Decimal("sNaN")):
        with pytest.raises(EthicLensInputError) as info:
            el.audit(
                y_true=[0, 1, 0, 1],
                y_pred=[0, 1, 1, 0],
                sensitive_features={"age": [1, value, 30, 40]},
                bins={"age": [0, 25, 50]},
            )
        refusals.append(str(info.value))
    assert refusals[0] == refusals[1]


@pytest.mark.parametrize("nan", [Decimal("NaN"), Decimal("sNaN"), np.float32("nan")])
def test_a_nan_pos_label_is_refused_as_a_float_nan_is(nan):
    def refusal(value):
        with pytest.raises(EthicLensInputError) as info:
            el.audit(
                y_true=[0, 1, 0, 1],
                y_pred=[0, 1, 1, 0],
                sensitive_features={"g": list("abab")},
                pos_label=value,
            )
        # a NumPy NaN is shown as written since ad2b7941 ('nan', as a float's): one spelling
        return (
            str(info.value).replace(repr(value), "<nan>").replace("(value: nan)", "(value: <nan>)")
        )

    assert refusal(nan) == refusal(float("nan"))
    assert "pos_label': must be one label" in refusal(nan)
