"""The estimate's HTML page spells an undefined value one way: a NaN (a table's undefined)
reads as None does ('undefined', no interval, intervals not computed), never '—' / '[—, —]'."""

import re

from ethiclens.report import estimate_html


def _cells(value, low, high):
    row = {"status": "UNDEFINED", "reason": "no rows", "ci_method": "m"}
    values = {"dp": {**row, "value": value, "ci_low": low, "ci_high": high}}
    page = estimate_html("t", "b", values, "m")
    return re.findall(r"<td[^>]*>([^<]*)</td>", page)[1:3], "95% intervals" in page


def test_nan_reads_as_none():
    nan = float("nan")
    assert _cells(nan, nan, nan) == _cells(None, None, None) == (["undefined", "—"], False)


def test_a_defined_value_keeps_its_interval():
    assert _cells(0.25, 0.1, 0.4) == (["0.2500", "[0.1000, 0.4000]"], True)
