"""Round 46: a value of the wrong type is shown in its refusal when it is a short scalar
(``hold_last=1+2j`` said ``(value: 'complex')``, the type's name read as the value given);
a frame, a list or a long text is still named by its type, never a long repr."""

import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import MonitorRequest


def _request(**given):
    fields = dict(target="x.csv", time="t", window="1d", y_pred="p", protected="g")
    return MonitorRequest(**{**fields, **given})


@pytest.mark.parametrize(
    "value, shown",
    [(1 + 2j, "(1+2j)"), (pd.NA, "<NA>"), (2.5, "2.5"), (b"yes", "b'yes'"), ("yes", "'yes'")],
)
def test_a_short_scalar_of_the_wrong_type_is_shown(value, shown):
    with pytest.raises(EthicLensInputError, match="hold_last") as caught:
        _request(hold_last=value)
    assert f"(value: {shown})" in str(caught.value)


@pytest.mark.parametrize(
    "value, name", [([True], "list"), (pd.DataFrame({"a": [1]}), "DataFrame"), ("x" * 99, "str")]
)
def test_data_or_a_long_text_is_named_by_its_type(value, name):
    with pytest.raises(EthicLensInputError, match="hold_last") as caught:
        _request(hold_last=value)
    assert f"(value: '{name}')" in str(caught.value)


def test_a_text_field_given_a_number_shows_the_number():
    with pytest.raises(EthicLensInputError, match="must be text") as caught:
        _request(window=7)
    assert "(value: 7)" in str(caught.value)
