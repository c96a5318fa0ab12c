"""A label past Python's int-to-text limit (10**5000) is refused naming the column and the
value, shortened: not Python's ValueError 'Exceeds the limit (4300 digits) for integer string
conversion'."""

import pytest

import ethiclens
from ethiclens._checks import check_labels_print_apart
from ethiclens.errors import EthicLensInputError

SAID = "holds a whole number too long to be a label or a group"


def test_check_names_the_column_and_the_shortened_value():
    with pytest.raises(EthicLensInputError, match=f"'y': {SAID}") as err:
        check_labels_print_apart([0, 10**5000, 1], "y")
    assert "(5,001 digits)" in str(err.value)


def test_audit_refuses_it():
    with pytest.raises(EthicLensInputError, match=f"'y_true': {SAID}"):
        ethiclens.audit(
            y_true=[10**5000, 0, 1, 0, 1, 1], y_pred=[0, 1] * 3, sensitive_features=["a", "b"] * 3
        )
