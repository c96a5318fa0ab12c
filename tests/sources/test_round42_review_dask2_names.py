"""Round 42 review (rdask2) of e0bebf2a (audit_frame's role names). Was, after it: protected
given as a pandas Series or Index of names (audit_frame's older callers' form) a ValueError
traceback ('The truth value of a Index is ambiguous'); a column named 0 (or '') given twice
audited once without a word (the repeat test read the name 0 as false); protected=None or []
refused before a bad option, and a repeated group before a bad n_bins, where ethiclens.audit
refuses the option first (and the tree before e0bebf2a did for [] and n_bins)."""

import pandas as pd
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError
from ethiclens.sources import audit_frame

dd = pytest.importorskip("dask.dataframe")

FRAME = pd.DataFrame({"y": [0, 1] * 4, "p": [1, 0, 0, 1] * 2, "g": ["a", "b"] * 4, 0: ["u"] * 8})


def _frame():
    return dd.from_pandas(FRAME, npartitions=2)


@pytest.mark.parametrize("names", [pd.Index(["g"]), pd.Series(["g"])])
def test_protected_as_an_index_or_series_of_names_is_audited(names):
    got = audit_frame(_frame(), y_pred="p", protected=names, y_true="y", random_state=0)
    want = audit_frame(_frame(), y_pred="p", protected=["g"], y_true="y", random_state=0)
    assert got.to_json() == want.to_json()


@pytest.mark.parametrize("name", [0, ""])
def test_a_falsy_column_name_given_twice_is_refused(name):
    with pytest.raises(EthicLensInputError, match="protected attribute named twice"):
        audit_frame(_frame(), y_pred="p", protected=[name, name], y_true="y")


@pytest.mark.parametrize(
    ("protected", "option"),
    [
        (None, {"ci": 2}),
        ([], {"ci": 2}),
        ([], {"confidence_level": 2}),
        (["g", "g"], {"n_bins": 5}),
    ],
)
def test_an_option_is_refused_first_as_audit_refuses_it(protected, option):
    with pytest.raises(EthicLensInputError) as rows:
        ethiclens.audit(FRAME["y"], FRAME["p"], FRAME[list(protected or [])], **option)
    with pytest.raises(EthicLensInputError) as frame:
        audit_frame(_frame(), y_pred="p", protected=protected, y_true="y", **option)
    assert str(frame.value) == str(rows.value)


def test_no_protected_attribute_without_a_bad_option_keeps_its_refusal():
    with pytest.raises(EthicLensInputError, match="argument 'protected': must name one or more"):
        audit_frame(_frame(), y_pred="p", protected=[], y_true="y")
