"""Round 45: an attribute named '' or only blanks or invisible characters is refused on every
array entry point (the spec and --protected refuse it: "must not be empty"); every report would
head its groups with a name that prints as nothing."""

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError
from ethiclens.sources import Roles, counts_of

BLANKS = ["", " ", "\u200b", "\t\u3164"]
Y = [0, 1] * 50
G = ["a", "b"] * 50


@pytest.mark.parametrize("name", BLANKS)
@pytest.mark.parametrize(
    "call",
    [
        lambda g: ethiclens.audit(Y, Y, g),
        lambda g: ethiclens.compare(Y, Y, Y[::-1], g),
        lambda g: ethiclens.threshold_table(Y, np.linspace(0, 1, 100), g),
    ],
    ids=["audit", "compare", "threshold_table"],
)
@pytest.mark.parametrize(
    "shape",
    [lambda n: {n: G}, lambda n: pd.DataFrame({n: G}), lambda n: pd.Series(G, name=n)],
    ids=["dict", "frame", "series"],
)
def test_blank_attribute_name_refused(name, call, shape):
    with pytest.raises(EthicLensInputError, match="must not be empty") as err:
        call(shape(name))
    assert "sensitive_features" in str(err.value)
    assert ascii(name) in str(err.value) or repr(name) in str(err.value)


@pytest.mark.parametrize("name", BLANKS)
def test_counts_table_blank_attribute_refused(name):
    df = pd.DataFrame({"y": Y, "p": Y, name: G})
    table = counts_of(df, Roles(y_true="y", y_pred="p", protected=[name]))
    with pytest.raises(EthicLensInputError, match="argument 'protected'.*must not be empty"):
        ethiclens.audit_counts(table)
    with pytest.raises(EthicLensInputError, match="must not be empty"):
        ethiclens.audit_counts(table, protected=[name])


def test_named_attribute_still_audited():
    attributes = ethiclens.audit(Y, Y, {"g": G}).to_dict()["attributes"]
    assert [a["name"] for a in attributes] == ["g"]
