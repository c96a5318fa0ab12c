"""Round 42: a spec field given data (a pandas Series, a numpy array, a DataFrame) where a
choice or a list of names goes (policy.ci, di_rule, target.engine, roles.intersections)
crashed inside the schema's check with pandas' "truth value of a Series is ambiguous". Each
is now one refusal naming the key (or the keyword) and what was given."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError
from ethiclens.spec import AuditSpec

ROLES = {"y_true": "y", "y_pred": "p", "protected": ["g"]}
CASES = [
    ("policy", "ci", pd.Series(["bca"]), "a pandas Series of 1 value"),
    ("policy", "di_rule", np.array(["below", "x"]), "a numpy array of 2 values"),
    # round 46: was "1 rows"
    ("target", "engine", pd.DataFrame({"e": ["pandas"]}), "a pandas DataFrame of 1 row"),
    ("roles", "positive", pd.Series(["harmful"]), "a pandas Series of 1 value"),
    ("gate", "fail_on", pd.Series(["never"]), "a pandas Series of 1 value"),
    ("roles", "intersections", [pd.Series(["g"])], "a pandas Series of 1 value"),
    ("roles", "intersections", [["g", pd.Series(["g"])]], "a pandas Series of 1 value"),
]


@pytest.mark.parametrize(("section", "key", "value", "words"), CASES)
def test_data_in_a_spec_field_is_one_refusal(tmp_path, section, key, value, words):
    path = str(tmp_path / "d.csv")
    spec = {"target": {"file": path}, "roles": dict(ROLES)}
    spec.setdefault(section, {})[key] = value
    for call in (lambda: ethiclens.run(spec), lambda: AuditSpec.from_dict(spec)):
        with pytest.raises(EthicLensInputError) as caught:
            call()
        said = str(caught.value)
        assert said.startswith(f"key '{section}.{key}") and f"not {words}" in said, said
    with pytest.raises(EthicLensInputError) as caught:
        AuditSpec.of(path, **{**ROLES, key: value})
    assert f"not {words}" in str(caught.value) and f"{key}" in str(caught.value)
