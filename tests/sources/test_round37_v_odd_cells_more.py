"""Round 37 V: io's one rule for a cell that is not one value, on the entries 0d6906b7/dab1ba94
left: a counts table's key columns (audit_counts; RuntimeError from a raising __hash__ before),
the counterfactual probe's group and bookkeeping columns, and P2NIA release's roles."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens import p2nia
from ethiclens.errors import EthicLensInputError
from ethiclens.probes import analyze_counterfactuals, make_counterfactuals

from ._odd_cells import RaisingHash

ODD = [
    pytest.param(lambda: [1], "a list", "[1]", id="list"),
    pytest.param(lambda: pd.Series([1]), "a Series", "[1]", id="Series"),
    pytest.param(RaisingHash, "a RaisingHash", "RaisingHash()", id="raising-hash"),
]
GROUP = (
    "group values must be scalars (found a list, tuple or other cell that is not one value), "
    "first at"
)
LABEL = "values must be single labels, found {kind} at"


def _refusal(call) -> str:
    with pytest.raises(EthicLensInputError) as exc:
        call()
    return str(exc.value)


@pytest.mark.parametrize(("make", "kind", "shown"), ODD)
@pytest.mark.parametrize("col", ["g", "y_true", "y_pred"])
def test_audit_counts_key_cell(make, kind, shown, col):
    t = pd.DataFrame({"g": list("AABB"), "y_true": [0, 1, 0, 1], "y_pred": [0, 1, 1, 0]})
    t["count"] = [5, 6, 7, 8]
    t[col] = t[col].astype(object)
    t.at[2, col] = make()
    said = _refusal(lambda: ethiclens.audit_counts(t, protected=["g"]))
    rule = GROUP if col == "g" else LABEL.format(kind=kind)
    assert said.startswith(f"column '{col}': {rule} row 2 of the counts table (value: {shown})")


@pytest.mark.parametrize(("make", "kind", "shown"), ODD)
def test_make_counterfactuals_group_cell(make, kind, shown):
    x = pd.DataFrame({"g": ["A", "B"] * 4, "x": np.arange(8.0)}).astype({"g": object})
    x.at[3, "g"] = make()
    said = _refusal(lambda: make_counterfactuals(x, "g"))
    assert said.startswith(f"column 'g': {GROUP} row 3 (value: {shown})")


@pytest.mark.parametrize(("make", "kind", "shown"), ODD)
@pytest.mark.parametrize("col", ["_cf_source", "_cf_target", "pred"])
def test_analyze_counterfactuals_cell(make, kind, shown, col):
    t = make_counterfactuals(pd.DataFrame({"g": ["A", "B"] * 4, "x": np.arange(8.0)}), "g")
    t["pred"] = (t["x"] > 3).astype(int)
    t[col] = t[col].astype(object)
    t.at[3, col] = make()
    said = _refusal(lambda: analyze_counterfactuals(t, t["pred"], n_boot=100))
    rule = LABEL.format(kind=kind) if col == "pred" else GROUP
    name = "pred (y_pred)" if col == "pred" else col
    assert said.startswith(f"column '{name}': {rule} row 3 (value: {shown})")


def test_make_counterfactuals_bytearray_is_its_bytes():
    x = pd.DataFrame({"g": [bytearray(b"A"), b"B"] * 4, "x": np.arange(8.0)})
    out = make_counterfactuals(x, "g")
    assert set(out["_cf_target"]) == {b"A", b"B"}


@pytest.mark.parametrize(("make", "kind", "shown"), ODD)
@pytest.mark.parametrize("col", ["g", "y", "p"])
def test_p2nia_release_role_cell(make, kind, shown, col):
    data = pd.DataFrame({"g": ["A", "B"] * 20, "y": [0, 1, 1, 0] * 10, "p": [1, 0, 0, 1] * 10})
    data[col] = data[col].astype(object)
    data.at[3, col] = make()
    req = p2nia.make_request(20, "g", epsilon=2.0, metrics="dp,eo", protected_domain=["A", "B"])
    said = _refusal(lambda: p2nia.release(req, data, "y", "p", random_state=1))
    rule = GROUP if col == "g" else LABEL.format(kind=kind)
    assert said.startswith(f"column '{col}': {rule} row 3 (value: {shown})")
