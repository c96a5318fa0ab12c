"""Round 27: the P2NIA estimate page takes an interval with one bound missing (null in the
estimate's JSON: an unbounded or undefined end) and shows that end as —, as the audit's tables
show it; it raised ``TypeError: unsupported format string passed to NoneType.__format__``."""

from __future__ import annotations

from ethiclens.report import estimate_html

ROW = {"value": 0.2, "ci_low": 0.1, "ci_high": 0.3, "status": "REPORTED", "reason": None}


def test_a_missing_upper_or_lower_bound_reads_as_a_dash():
    page = estimate_html("t", "b", {"dp": {**ROW, "ci_high": None}}, "percentile")
    assert "[0.1000, —]" in page
    page = estimate_html("t", "b", {"dp": {**ROW, "ci_low": None}}, "percentile")
    assert "[—, 0.3000]" in page


def test_whole_and_missing_intervals_read_as_before():
    assert "[0.1000, 0.3000]" in estimate_html("t", "b", {"dp": ROW}, "percentile")
    none = {"dp": {**ROW, "ci_low": None, "ci_high": None, "value": None}}
    page = estimate_html("t", "b", none, "not computed")
    assert "<td class='num'>undefined</td><td class='num'>—</td>" in page
