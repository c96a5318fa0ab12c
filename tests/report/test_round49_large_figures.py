"""Round 49: format_number(1e300) printed a 301-digit integer part ('1000000000000000052504...
.000'), as did the notebook's tables and a bound set against a policy threshold. A figure of
magnitude 1e15 or more now prints in scientific form on every face (one rule,
_text.figure_text); below that, fixed places as before. The JSON keeps the float."""

import json

import pytest

from ethiclens.fairness import MetricEstimate
from ethiclens.fairness._display import estimates_html, value_ci
from ethiclens.report import format_number


@pytest.mark.parametrize(
    ("value", "said"),
    [
        (1e300, "1.000e+300"),
        (-1.5e16, "-1.500e+16"),
        (1e15, "1.000e+15"),
        (9.99e14, "999000000000000.000"),
        (123.4567, "123.457"),
        (float("inf"), "inf"),
    ],
)
def test_format_number_writes_a_large_figure_in_scientific_form(value, said):
    assert format_number(value) == said
    assert format_number(value, edges=(0.8, 1.25)) == said  # beside a threshold too


def test_the_notebook_tables_use_the_same_rule_and_the_json_keeps_the_float():
    m = MetricEstimate(
        value=1e300, ci_low=1e299, ci_high=2e300, status="ESTIMATED", ci_method="bootstrap"
    )
    assert value_ci(m) == "1.000e+300 [1.000e+299, 2.000e+300]"
    html = estimates_html("PCER", {"dispersion": m})
    assert "1.000e+300" in html and "0000000000" not in html
    assert json.loads(json.dumps(m.to_dict()))["value"] == 1e300
