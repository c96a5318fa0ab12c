"""Round 47 review of 314e7724, its sibling with keywords: a dict of one value per row given
as the only positional argument before the arrays form's keywords
(ethiclens.audit({'r0': 1, ...}, y_pred=Y, sensitive_features=G)) was taken for a spec and
refused as "key 'r0': unknown key. Fix: valid: $schema, gate, ...", where with the arrays
positional it is refused in y_true's words. A dict holding a spec's key stays a spec."""

import numpy as np
import pytest

import ethiclens

Y = np.array([0, 1, 0, 1])
G = np.array(["a", "a", "b", "b"])
ROWS = {f"r{i}": int(y) for i, y in enumerate(Y)}


@pytest.mark.parametrize(
    "call",
    [
        lambda: ethiclens.audit(ROWS, y_pred=Y, sensitive_features=G),
        lambda: ethiclens.audit(dict(enumerate(Y)), y_pred=Y, sensitive_features=G),
        lambda: ethiclens.compare(ROWS, pred_a=Y, pred_b=1 - Y, sensitive_features=G),
        lambda: ethiclens.threshold_table(ROWS, y_score=Y * 0.5, sensitive_features=G),
    ],
    ids=["audit", "int keys", "compare", "thresholds"],
)
def test_a_rows_dict_before_the_arrays_keywords_is_refused_as_y_true(call):
    with pytest.raises(ethiclens.EthicLensInputError) as info:
        call()
    assert str(info.value).startswith("argument 'y_true': is a dict (4 keys), not one value per")


def test_a_spec_dict_with_a_row_keyword_stays_a_spec():
    with pytest.raises(ethiclens.EthicLensInputError) as info:
        ethiclens.audit({"target": {"dataset": "compas"}}, y_pred=Y)
    assert "unknown key" not in str(info.value) and "'y_pred'" in str(info.value)


def test_a_dict_of_counts_columns_with_protected_is_refused_as_a_table():
    # was "key 'count': unknown key. Fix: valid: $schema, gate, ..." (taken for a spec)
    table = {"g": ["a", "b"], "y_true": [1, 1], "y_pred": [1, 0], "count": [5, 5]}
    with pytest.raises(ethiclens.EthicLensInputError) as info:
        ethiclens.audit_counts(table, protected="g")
    assert str(info.value).startswith("argument 'table': must be a pandas DataFrame of cells")
