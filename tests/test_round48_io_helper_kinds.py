"""API battery (io's exported helpers): column_not_found, json_fields and
refuse_password_names given None, a number past the int-to-text limit, bytes or a set crashed
with Python's TypeError/AttributeError; each refuses naming the argument."""

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.io import column_not_found, json_fields, refuse_password_names

BIG = 10**5000


@pytest.mark.parametrize(
    "call, name",
    [
        (lambda: column_not_found("a", None, "d.csv"), "names"),
        (lambda: column_not_found("a", BIG, "d.csv"), "names"),
        (lambda: column_not_found("a", b"ab", "d.csv"), "names"),
        (lambda: column_not_found("a", ["b"], BIG), "source"),
        (lambda: json_fields(None, "n"), "obj"),
        (lambda: json_fields({"n": 1}, "n"), "obj"),
        (lambda: json_fields(object(), None), "names"),
        (lambda: json_fields(object(), b"n"), "names"),
        (lambda: refuse_password_names(None), "columns"),
        (lambda: refuse_password_names(BIG), "columns"),
        (lambda: refuse_password_names("postgresql://u:pw@h/db"), "columns"),
    ],
)
def test_a_wrong_kind_is_refused_naming_the_argument(call, name):
    with pytest.raises(EthicLensInputError, match=f"argument '{name}'"):
        call()


def test_right_kinds_answer_as_before():
    assert "did you mean 'A'" in column_not_found("a", {"A", "b"}, "d.csv").fix
    assert json_fields(type("R", (), {"n": 2})(), "n", m="n") == {"n": 2, "m": 2}
    refuse_password_names(c for c in ["a", "b"])
    with pytest.raises(EthicLensInputError, match="password"):
        refuse_password_names({"postgresql://u:pw@h/db"})
