"""report.format_number and report.table refuse a wrong kind of argument by name (one
EthicLensInputError naming it and the fix), never a raw TypeError/ValueError; the kinds the
library's own callers pass (numpy numbers, tuples, ranges, generators) still work."""

import numpy as np
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.report import format_number, table


@pytest.mark.parametrize(
    ("args", "kwargs", "name"),
    [
        (({1, 2},), {}, "value"),
        ((b"x",), {}, "value"),
        (("",), {}, "value"),
        ((True,), {}, "value"),
        ((0.5,), {"digits": None}, "digits"),
        ((0.5,), {"digits": 2.5}, "digits"),
        ((0.5,), {"edges": {1, 2}}, "edges"),
        ((0.5,), {"edges": ("a",)}, "edges"),
    ],
)
def test_format_number_refuses_by_name(args, kwargs, name):
    with pytest.raises(EthicLensInputError, match=f"argument '{name}'"):
        format_number(*args, **kwargs)


def test_format_number_keeps_what_callers_pass():
    assert format_number(np.float64(0.79996), edges=(0.8, 1.25)) == "0.79996"
    assert format_number(None) == format_number(float("nan")) == "—"
    assert format_number(np.int64(3), 1) == "3.0"
    assert format_number(0.5, edges=0.4) == "0.500"
    assert format_number(2, 2, []) == "2.00"


@pytest.mark.parametrize(
    ("kwargs", "name"),
    [
        ({"headers": None}, "headers"),
        ({"rows": None}, "rows"),
        ({"numeric": None}, "numeric"),
        ({"notes": {1, 2}}, "notes"),
        ({"notes": "ab"}, "notes"),
    ],
)
def test_table_refuses_by_name(kwargs, name):
    given = {"headers": ["a"], "rows": [[1], [2]], **kwargs}
    with pytest.raises(EthicLensInputError, match=f"argument '{name}'"):
        table(**given)


def test_table_takes_generators_tuples_and_ranges():
    html = table(
        (h for h in ["a", "b"]),
        ((i, i) for i in range(2)),
        numeric=(i for i in range(1, 2)),
        notes=(n for n in ["x", ""]),
    )
    assert "<td class='num'>1</td>" in html and "colspan='2'>x<" in html
    assert table(("a",), [("b",)], numeric=range(0, 1)).count("class='num'") == 1
