"""Round 49: report.format_number refused a figure that is no number naming its own parameter,
"argument 'v': must be a number or None", which a page printing a stored record's figure would
pass on to the user; a stored policy's threshold that is no number (or missing) made
report.policy_edges raise KeyError/TypeError. format_number names its argument 'value';
policy_edges gives no edges for such a policy; the web's pages print a stored figure that is no
number as a damaged record's note in its cell (the stores' readers already refuse such a record
as damaged: 410, or the monitor store at start; this is the cell's own guard)."""

from __future__ import annotations

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.report import format_number, policy_edges

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


def test_a_damaged_figure_is_a_note_in_its_cell():
    """The stores' readers refuse such a record as damaged (410, or the monitor store at
    start); a figure that reaches a page all the same is said in its cell."""
    from ethiclens.web._routes_history import _diff_rows
    from ethiclens.web._web import _di_bound

    metrics = {"disparate_impact": {"value": "abc", "ci_low": 0.7, "ci_high": True}}
    comparison = {"attribute": "g", "group": "B", "reference": "A", "status": "PASS"}
    result = {"comparisons": [{**comparison, "metrics": metrics}], "config": {"policy": {}}}
    (row,) = _diff_rows(result, result)
    assert row["di_old"] == (
        "— (damaged record: 'abc' is no number) [0.700, — (damaged record: True is no number)]"
    )
    assert _di_bound("abc", 0.8) == "— (damaged record: 'abc' is no number)"
    assert _di_bound(0.79996, 0.8) == "0.79996"


def test_format_number_names_its_argument_value():
    with pytest.raises(EthicLensInputError, match="^argument 'value': must be a number"):
        format_number("abc")
    assert format_number(value=0.5) == "0.500"
    assert policy_edges("equalized_odds_difference", {"eo_threshold": "x"}) == ()
    assert policy_edges("disparate_impact", {}) == ()
