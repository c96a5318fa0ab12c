"""A string where one value per row belongs is refused as such on every engine function (not
"shape ()"), and a counts table's ``protected="sex"`` is one attribute (round 4)."""

import pandas as pd
import pytest

from ethiclens import fairness
from ethiclens.errors import EthicLensInputError

S = {"g": ["a", "b", "a", "b", "a"]}
Y = [0, 1, 0, 1, 1]


@pytest.mark.parametrize(
    ("call", "named"),
    [
        (lambda: fairness.audit(Y, "pred", S), "y_pred"),
        (lambda: fairness.compare(Y, "a", Y, S), "pred_a"),
        (lambda: fairness.compare(Y, Y, "b", S), "pred_b"),
        (lambda: fairness.audit("label", Y, S), "y_true"),
    ],
)
def test_a_column_name_for_the_values_is_refused_as_a_string(call, named):
    with pytest.raises(EthicLensInputError) as raised:
        call()
    assert f"'{named}': is a string, not one value per row" in str(raised.value)


def test_a_counts_tables_protected_name_is_one_attribute():
    table = pd.DataFrame(
        {"sex": ["a", "a", "b", "b"], "y_pred": [0, 1, 0, 1], "count": [10, 10, 10, 10]}
    )
    by_name = fairness.audit_counts(table, protected="sex", random_state=0).to_dict()
    by_list = fairness.audit_counts(table, protected=["sex"], random_state=0).to_dict()
    by_name["run"] = by_list["run"] = None
    assert by_name["comparisons"] == by_list["comparisons"]
