"""A keyword one letter off the engine's own arguments (sample_weights=, sensitive_feature=,
y_scores=, tabel=) is one UnknownKeywordError pointing to the argument, on every engine
function and both of its doors (ethiclens.audit, ethiclens.fairness.audit): the hint's
vocabulary held only the options, and a misspelt row argument raised Python's bare "missing a
required positional argument" about the argument that seemed not given."""

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens import fairness
from ethiclens.errors import EthicLensInputError

Y = np.array([0, 1] * 10)
G = np.array(["a"] * 10 + ["b"] * 10)
S = np.linspace(0.05, 0.95, 20)
TABLE = pd.DataFrame({"g": ["a", "b"], "y_pred": [1, 0], "count": [3, 4]})

CALLS = [
    ("audit", (Y, Y, G), {"sample_weights": np.ones(20)}, "sample_weight"),
    ("audit", (Y, Y, G), {"y_scores": S}, "y_score"),
    ("audit", (Y, Y), {"sensitive_feature": G}, "sensitive_features"),
    ("compare", (Y, Y, Y), {"sensitve_features": G}, "sensitive_features"),
    ("compare", (Y, Y, Y, G), {"weights": np.ones(20)}, "sample_weight"),
    ("threshold_table", (Y,), {"y_scores": S, "sensitive_features": G}, "y_score"),
    ("audit_counts", (), {"tabel": TABLE, "protected": "g"}, "table"),
]


@pytest.mark.parametrize("door", [ethiclens, fairness], ids=["ethiclens", "fairness"])
@pytest.mark.parametrize(("name", "args", "kwargs", "meant"), CALLS)
def test_misspelt_argument_named(door, name, args, kwargs, meant):
    with pytest.raises(EthicLensInputError) as info:
        getattr(door, name)(*args, **kwargs)
    assert isinstance(info.value, TypeError)  # still Python's kind for a bad keyword
    assert f"did you mean {meant!r}?" in str(info.value)
    assert repr(next(iter(kwargs))) in str(info.value)


def test_missing_argument_without_typo_is_pythons_own():
    with pytest.raises(TypeError, match="missing 1 required positional argument"):
        ethiclens.audit(Y, Y)


def test_config_names_and_policy_keywords_still_taken():
    result = ethiclens.audit(Y, Y, G, seed=3, n_boot=100, min_labels=2, min_group_size=5)
    assert result.to_dict()["config"]["random_state"] == 3
