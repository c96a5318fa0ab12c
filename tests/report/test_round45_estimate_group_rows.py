"""Round 45 (review of 2ea71a9a): the estimate page's Groups table wrote every estimated count
to one decimal ('38.0', a mass of 0.03 as '0.0') and a missing one as 'unknown', where the
estimate's own reasons on the same page say '38 ... below the floor', '<0.1' (never rounded to
0) and a null reads 'undefined'. Both now use one rule, ethiclens._text.mass_text."""

import html

from ethiclens.p2nia._estimate import _mass
from ethiclens.report import estimate_html

VALUES = {"dp": {"value": 0.1, "ci_low": None, "ci_high": None, "status": "INSUFFICIENT_DATA",
                 "reason": "n = 38, below the floor of 100 (sex:F)"}}  # fmt: skip


def test_group_rows_read_as_the_reasons_say_them():
    groups = [("F", 38.0), ("M", 1234.56), ("X", 0.03), ("Y", None), ("Z", float("nan"))]
    doc = {"groups": [{"group": g, "n_estimated": n} for g, n in groups]}
    page = html.unescape(estimate_html("t", "b", VALUES, "m", doc))
    for group, shown in [("F", "38"), ("M", "1,234.6"), ("X", "<0.1"), ("Y", "undefined"),
                         ("Z", "undefined")]:  # fmt: skip
        assert f"<td>{group}</td><td class='num'>{shown}</td>" in page, group
    assert "n = 38, below the floor" in page and "38.0" not in page
    assert _mass(38.0) == "38" and _mass(0.03) == "<0.1"  # the reasons' rule, one source


def test_the_label_floor_says_which_labels_each_metric_counts():
    doc = {"groups": [{"group": "F", "n_estimated": 38.0}],
           "policy": {"min_group_size": 100, "min_label_count": 30}}  # fmt: skip
    page = html.unescape(estimate_html("t", "b", VALUES, "m", doc))
    assert "Floors: 100 estimated rows a group (DP), 30 estimated positive labels (EOpp), " in page
    assert "positive and negative labels each (EO)" in page  # as the reasons' 'each'
