"""Round 35: MonitorRequest(protected=...) from Python in the shapes a notebook holds names.
A generator or iterator was read up by the first look ("column 'sensitive_features': no
protected attribute given", the audit's words), a pandas Index was a ValueError ('truth value
of a Index is ambiguous'), a number or None a TypeError, and a dict {'race': 'White'} kept its
keys only (its reference silently dropped). Now any iterable of names is its items, and the
others are refused naming the argument."""

import numpy as np
import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import MonitorRequest

KW = {"target": "preds.csv", "time": "ts", "window": "1d", "y_pred": "pred"}


@pytest.mark.parametrize(
    "given",
    [
        lambda: (name for name in ["race", "sex"]),
        lambda: iter(["race", "sex"]),
        lambda: pd.Index(["race", "sex"]),
        lambda: np.array(["race", "sex"]),
        lambda: ["race", "sex"],
    ],
    ids=["generator", "iterator", "index", "ndarray", "list"],
)
def test_any_iterable_of_names_is_its_items(given):
    assert MonitorRequest(protected=given(), **KW).protected == ("race", "sex")


@pytest.mark.parametrize(
    ("given", "kind"),
    [({"race": "White"}, "a dict"), (5, "an int"), (None, "a NoneType"), (b"race", "a bytes")],
)
def test_other_shapes_are_refused_naming_the_argument(given, kind):
    with pytest.raises(EthicLensInputError) as caught:
        MonitorRequest(protected=given, **KW)
    assert str(caught.value) == (
        f"argument 'protected': must be a column name or a tuple of them, not {kind}. Fix: "
        "e.g. protected=('race', 'sex=Female'): a reference as COL=REFERENCE"
    )
