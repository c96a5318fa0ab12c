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


def _estimate(values):
    """A GRR estimate of ``values`` whose intervals are method "m", leaving "left out" out."""
    return Estimate(
        values=values,
        mechanism="grr",
        epsilon=1.0,
        delta=None,
        rows=10,
        basis="b",
        interval_method="m",
        interval_leaves_out="left out",
    )


def test_half_open_interval_reads_dash():
    values = {"dp": _metric(None, 0.3), "eo": _metric(0.05, None), "eopp": _metric(None, None)}
    est = _estimate(values)
    assert est.lines() == [
        "  DP    0.1000 [—, 0.3000]  REPORTED (left out)",
        "  EO    0.1000 [0.0500, —]  REPORTED (left out)",
        "  EOPP  0.1000  REPORTED",
        "  intervals: m",
    ]


def test_only_upper_ends_still_name_the_method():
    est = _estimate({"dp": _metric(None, 0.3)})
    assert est.lines()[-1] == "  intervals: m"
    assert "for every metric, left out." in est.described()


def test_method_note_keeps_its_closing_parenthesis():
    """What an interval adds to the method is shown whole: stripping '()' from its ends left
    'signed: (1 of 100 replicates undefined (1.0%), excluded' (and a boundary note's
    '(a rate of 0 or 1') without their closing parenthesis."""
    base = "percentile bootstrap, of the signed difference(s), folded at 0"
    excluded = base + "; signed: (1 of 100 replicates undefined (1.0%), excluded)"
    boundary = base + "; signed: extended to the estimate, which lies on the boundary (a rate of 0)"
    wrapped = base + " (3 of 100 replicates undefined (3.0%), excluded)"
    values = {
        "dp": {**_metric(0.0, 0.3), "ci_method": excluded},
        "eo": {**_metric(0.0, 0.3), "ci_method": boundary},
        "eopp": {**_metric(0.0, 0.3), "ci_method": wrapped},
    }
    est = Estimate(values, "grr", 1.0, None, 10, "b", interval_method=base)
    assert est.lines()[:3] == [
        "  DP    0.1000 [0.0000, 0.3000]  REPORTED "
        "(signed: 1 of 100 replicates undefined (1.0%), excluded)",
        "  EO    0.1000 [0.0000, 0.3000]  REPORTED "
        "(signed: extended to the estimate, which lies on the boundary (a rate of 0))",
        "  EOPP  0.1000 [0.0000, 0.3000]  REPORTED "
        "(3 of 100 replicates undefined (3.0%), excluded)",
    ]


def test_level_words_and_undefined_replicates_read_in_one_level_of_parentheses():
    """Round 47: a gap of several signed differences with a replicate undefined read
    "REPORTED ((each of its 2 signed differences ...); signed: (1 of 500 replicates undefined
    (0.2%), excluded))" on the terminal, and "for EO: (each ...); signed: (...)" in the
    methods the HTML page prints: each part now reads without the parentheses around it."""
    base = "percentile bootstrap, of the signed difference(s), folded at 0"
    said = (
        "each of its 2 signed differences, the TPR and FPR gaps of the 2 groups, at the "
        "Bonferroni level 1 − 0.05/2 = 0.975, so that they hold together"
    )
    undefined = "1 of 500 replicates undefined (0.2%), excluded"
    method = f"{base} ({said}); signed: ({undefined})"
    values = {"eo": {**_metric(0.0, 0.3), "ci_method": method}}
    est = Estimate(values, "grr", 1.0, None, 10, "b", interval_method=base)
    clean = f"{said}; signed: {undefined}"
    assert est.lines()[0] == f"  EO    0.1000 [0.0000, 0.3000]  REPORTED ({clean})"
    assert est.methods() == f"{base}; for EO: {clean}"
    raised = f"{method}; from 600 draws, not 500: n_boot not given"
    est = Estimate(
        {"eo": {**values["eo"], "ci_method": raised}},
        "grr",
        1.0,
        None,
        10,
        "b",
        interval_method=base,
    )
    assert est.lines()[0].endswith(f"({clean}; from 600 draws, not 500: n_boot not given)")
