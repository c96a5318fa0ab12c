"""Round 27: an estimate with one interval end missing (a P2NIA estimate's) keeps its interval
in the HTML tables, the missing end read as —, not the value alone as if no interval had been
drawn; the estimate page's lead says the level when only upper ends exist."""

from ethiclens.fairness import MetricEstimate, estimates_html
from ethiclens.report import estimate_html


def test_the_table_keeps_a_half_interval():
    html = estimates_html("t", {"dp": MetricEstimate(0.1, None, 0.3, "m", "REPORTED")})
    assert "0.100 [—, 0.300]" in html
    both = estimates_html("t", {"dp": MetricEstimate(0.1, None, None, "m", "REPORTED")})
    assert "0.100" in both and "[" not in both.split("0.100")[1].split("<")[0]


def test_the_estimate_page_says_its_level_for_upper_ends_only():
    values = {
        "dp": {"value": 0.1, "ci_low": None, "ci_high": 0.3, "status": "REPORTED", "reason": ""}
    }
    page = estimate_html("t", "basis", values, "m")
    assert "95% intervals: m" in page
