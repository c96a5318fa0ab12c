"""Round 42: ``check_ci`` (the counterfactual probe's ``ci``, ``run_oracle``'s ``methods``,
``pcer_audit``'s ``ci``) told a list, set, mapping or NumPy array holding a valid method
'unknown interval method ... use one of [...]', where the audit's ``ci`` now says what is
wrong with its shape (``check_interval_method``). Now both say it with the same code; a
string's refusal and every valid spelling are unchanged."""

import numpy as np
import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.fairness import check_ci
from ethiclens.privacy import SplitPredictions, pcer_audit
from ethiclens.probes import counterfactual, run_oracle

SHAPES = [
    (["bca"], "a list", "'bca'"),
    (("bca",), "a list", "'bca'"),
    ({"bca"}, "a set", "'bca'"),
    ({"method": "bca", "level": 0.9}, "a mapping", "'bca'"),
    (np.array(["bca"]), "a list", "'bca'"),
    (["bca", "percentile"], "a list", None),  # two: neither is the one meant
]


@pytest.mark.parametrize(("value", "shape", "named"), SHAPES)
def test_check_ci_names_the_shape(value, shape, named):
    with pytest.raises(EthicLensInputError) as err:
        check_ci(value)
    assert err.value.problem == f"is {shape}: the interval method is one word, not {shape}"
    said = f", {named}" if named else ""
    assert err.value.fix == f"write it as one word{said}: use one of jeffreys, bca, percentile"


@pytest.mark.parametrize("value", ["BCA", " bca", None, 1, True, np.array("bca"), b"bca"])
def test_other_refusals_unchanged(value):
    with pytest.raises(EthicLensInputError) as err:
        check_ci(value)
    assert err.value.problem == "unknown interval method"
    # round 44: a text's near miss first, as every other choice names it (_checks.use_one_of)
    near = "did you mean 'bca'? " if isinstance(value, str) else ""
    assert err.value.fix == near + "use one of jeffreys, bca, percentile"


def test_valid_spellings_unchanged():
    for method in ("jeffreys", "bca", "percentile", np.str_("bca")):
        assert check_ci(method) == method


def test_probe_oracle_and_pcer_faces():
    with pytest.raises(EthicLensInputError) as err:
        counterfactual(None, pd.DataFrame({"g": ["a"]}), "g", ci={"method": "bca"})
    assert err.value.problem.startswith("is a mapping: the interval method is one word")
    assert "'bca': use one of bca, percentile" in err.value.fix
    with pytest.raises(EthicLensInputError) as err:
        run_oracle(methods=[["jeffreys"]])
    assert err.value.column == "methods" and err.value.problem.startswith("is a list")
    split = SplitPredictions(np.array([0, 1] * 4), np.array([0, 1] * 4), np.array(list("ab") * 4))
    with pytest.raises(EthicLensInputError) as err:
        pcer_audit(split, split, ci=("percentile",))
    assert err.value.problem.startswith("is a list: the interval method is one word")
    assert "'percentile': use one of jeffreys, percentile" in err.value.fix
