"""Round 27: an estimate whose interval has one end null (unbounded or undefined) prints it
as — in the terminal view, as the HTML page does, instead of raising TypeError; the interval
keeps its method and what it leaves out."""

from ethiclens.p2nia import Estimate


def _metric(low, high):
    return {
        "value": 0.1,
        "ci_low": low,
        "ci_high": high,
        "ci_method": "m",
        "status": "REPORTED",
        "reason": None,
    }


def test_half_open_interval_reads_dash():
    values = {"dp": _metric(None, 0.3), "eo": _metric(0.05, None), "eopp": _metric(None, None)}
    est = Estimate(
        values=values,
        mechanism="grr",
        epsilon=1.0,
        delta=None,
        rows=10,
        basis="b",
        interval_method="m",
        interval_leaves_out="left out",
    )
    assert est.lines() == [
        "  DP    0.1000 [—, 0.3000]  REPORTED (left out)",
        "  EO    0.1000 [0.0500, —]  REPORTED (left out)",
        "  EOPP  0.1000  REPORTED",
        "  intervals: m",
    ]


def test_only_upper_ends_still_name_the_method():
    est = Estimate(
        values={"dp": _metric(None, 0.3)},
        mechanism="grr",
        epsilon=1.0,
        delta=None,
        rows=10,
        basis="b",
        interval_method="m",
        interval_leaves_out="left out",
    )
    assert est.lines()[-1] == "  intervals: m"
    assert "for every metric, left out." in est.described()
