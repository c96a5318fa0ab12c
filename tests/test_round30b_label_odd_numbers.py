"""A label or prediction column holding inf or a whole number no float holds exactly
(beyond 2**53) is refused with one fix, drop or correct those rows: not an OverflowError
(10**400), a threshold T (0/inf) or a recoding that compares with the odd value (0/2**64)."""

import pytest

import ethiclens
from ethiclens._checks import label_fix
from ethiclens.errors import EthicLensInputError

DROP = "drop those rows or correct their values to 0/1"


@pytest.mark.parametrize(
    "values",
    [[10**400, 0], [10**400, 0, 1], [0, float("inf")], [0, -float("inf")], [0, 2**64], [1, 2**64]],
)
def test_label_fix_drops_odd_numbers(values):
    fix = label_fix("y", values, pos_label=True)
    assert fix.startswith(DROP)
    assert "threshold" not in fix and "recode" not in fix


@pytest.mark.parametrize("big", [10**400, 2**64, float("inf")])
def test_audit_and_compare_refuse_naming_the_column(big):
    groups = ["a", "b"] * 3
    with pytest.raises(EthicLensInputError, match="y_true.*not binary.*" + DROP):
        ethiclens.audit(y_true=[big, 0, 0, big, 0, 0], y_pred=[0, 1] * 3, sensitive_features=groups)
    with pytest.raises(EthicLensInputError, match="pred_b.*" + DROP):
        ethiclens.compare([0, 1] * 3, [1, 0] * 3, [big, 0, 1, 0, 1, 0], groups)


def test_plain_pairs_keep_their_fixes():
    assert "recode it to 0/1" in label_fix("y", [-1, 1])
    assert ">= T" in label_fix("y", [0.0, 2.5, 7.0, 9.0, 11.0])
    assert ">= 0.5" in label_fix("y", [0.0, 0.25])
