"""Round 20 (Q): the oracle's "flag fired" line states the EO truth and whether a flag is
expected, so a flag fired by a true EO gap does not read as a false alarm of the DI rule."""

import warnings

from ethiclens.probes import run_oracle
from ethiclens.probes._oracle import _expectation


def _lines(di, eo_gap):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the few-repetitions warning
        res = run_oracle(
            2000,
            repetitions=2,
            n_boot=100,
            methods=("jeffreys",),
            disparate_impact=di,
            eo_gap=eo_gap,
        )
    return [line for line in res.summary(di, 100)[1:] if line.startswith("flag fired")]


def test_a_true_eo_gap_says_a_flag_is_expected():
    (line,) = _lines(0.8, 0.15)
    assert line.startswith(
        "flag fired (jeffreys, truth DI 0.8 inside the policy band [0.80, 1.25])"
    )
    assert "truth EO gap 0.150 above the EO limit 0.10, so a flag is expected:" in line


def test_the_expectation_follows_both_rules():
    assert _expectation(0.9, 0.05).endswith("so no flag is expected (each is a false alarm)")
    assert "within the EO limit 0.10, so a flag is expected" in _expectation(0.6, 0.05)
    assert "above the EO limit 0.10, so a flag is expected" in _expectation(0.9, 0.2)
