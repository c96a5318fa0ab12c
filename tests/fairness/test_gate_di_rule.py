"""One rule for "DI got worse" in both gates: the distance from 1 on the log scale.

``compare --fail-on`` once counted a DI change as worse only when A and B lay on the same side
of 1, so B's DI going from 1.06 to 0.88 failed ``--baseline`` and passed ``compare``.
"""

import pytest

from ethiclens.fairness._gate import _moved, gate_comparison


def _comparison(va, vb, lo, hi):
    return {
        "models": {"a": "prod", "b": "cand"},
        "verdicts": [],
        "differences": [
            {
                "attribute": "race",
                "group": "B",
                "metric": "disparate_impact",
                "value_a": va,
                "value_b": vb,
                "difference": {"value": vb - va, "ci_low": lo, "ci_high": hi},
            }
        ],
    }


def _interval(v, half=0.02):
    return {"value": v, "ci_low": v - half, "ci_high": v + half}


@pytest.mark.parametrize(
    ("va", "vb", "worse"),
    [
        (1.06, 0.88, True),  # crosses 1 and moves away from it: worse in both gates
        (0.95, 1.04, False),  # crosses 1 and moves closer to it
        (0.90, 0.80, True),
        (1.10, 1.25, True),
        (0.80, 0.90, False),
    ],
)
def test_compare_and_baseline_rank_a_di_move_alike(va, vb, worse):
    diff = vb - va
    lo, hi = sorted((diff - 0.01, diff + 0.01))
    outcome = gate_comparison(_comparison(va, vb, lo, hi), fail_on="flagged")
    assert bool(outcome.regressions) is worse, outcome.regressions
    moved = _moved(_interval(va), _interval(vb), "disparate_impact")
    assert (moved[0] == "worse") is worse


def test_a_change_within_the_paired_interval_is_not_a_regression():
    outcome = gate_comparison(_comparison(1.06, 0.88, -0.25, 0.02), fail_on="flagged")
    assert outcome.regressions == ()
