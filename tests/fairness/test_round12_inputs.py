"""Python inputs that were silently misread: two attributes whose names print alike (0 and
"0": one vanished), a list of arrays (read as rows, transposed when it happened to fit), a
numpy masked array (its hidden entries counted under their hidden values)."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError

N = 300
RNG = np.random.default_rng(0)
YT, YP = RNG.integers(0, 2, N), RNG.integers(0, 2, N)
RACE, SEX = RNG.choice(["a", "b"], N), RNG.choice(["F", "M"], N)
KW = {"n_boot": 100, "random_state": 0}
MASK = np.r_[True, np.zeros(N - 1, bool)]


@pytest.mark.parametrize(
    "features",
    [pd.DataFrame({0: RACE, "0": SEX}), {0: RACE, "0": SEX}],
    ids=["frame", "dict"],
)
def test_names_printing_alike_are_refused(features):
    with pytest.raises(EthicLensInputError, match="named twice"):
        ethiclens.audit(YT, YP, features, **KW)


@pytest.mark.parametrize("features", [[RACE, SEX], (RACE, SEX), [RACE[:2], SEX[:2]]])
def test_a_list_of_arrays_is_refused_with_the_fix(features):
    with pytest.raises(EthicLensInputError, match="list of arrays") as err:
        ethiclens.audit(YT, YP, features, **KW)
    assert "dict of columns" in str(err.value)


def test_a_list_of_labels_is_one_attribute():
    result = ethiclens.audit(list(YT), list(YP), list(RACE), **KW)
    assert [g.group for g in result.attributes[0].groups] == ["a", "b"]


@pytest.mark.parametrize("role", ["y_true", "y_pred", "sensitive_features", "dict"])
def test_masked_arrays_are_refused(role):
    args = {"y_true": YT, "y_pred": YP, "sensitive_features": RACE}
    if role == "dict":
        args["sensitive_features"] = {"race": np.ma.masked_array(RACE, mask=MASK)}
    else:
        args[role] = np.ma.masked_array(args[role], mask=MASK)
    with pytest.raises(EthicLensInputError, match="masked array"):
        ethiclens.audit(args["y_true"], args["y_pred"], args["sensitive_features"], **KW)


def test_a_result_is_looked_up_by_the_callers_own_key():
    result = ethiclens.audit(YT, YP, {0: RACE}, **KW)
    assert list(result.by_group(0).index) == ["a", "b"]
    (only,) = result.comparisons  # the larger group is the reference
    assert result.comparison(0, only.group).attribute == "0"
    with pytest.raises(KeyError, match=rf"the comparisons are \['0:{only.group}'\]"):
        result.comparison(0, "zz")


def test_plots_refuse_what_they_cannot_show():
    unlabelled = ethiclens.audit(None, YP, {"g": RACE}, **KW)
    with pytest.raises(EthicLensInputError, match="needs labels"):
        unlabelled.plot("rates")
    labelled = ethiclens.audit(YT, YP, {0: RACE}, **KW)
    with pytest.raises(EthicLensInputError, match="every attribute"):
        labelled.plot("forest", attribute=0)
    with pytest.raises(EthicLensInputError, match="no such protected attribute"):
        labelled.plot("rates", attribute="nope")
    assert labelled.plot("rates", attribute=0) is not None
