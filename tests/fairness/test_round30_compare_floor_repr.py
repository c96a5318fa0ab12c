"""Round 30: a comparison's B − A below a sample floor reads, in its repr and notebook table,
as the CLI and HTML report write it ("0.206 (n = 1, below the floor of 100 (g:z): no
interval)"), not as a bare number that looks like any other estimate."""

import numpy as np

import ethiclens


def _comparison():
    rng = np.random.default_rng(0)
    n = 600
    y, a, b = rng.integers(0, 2, n), rng.integers(0, 2, n), rng.integers(0, 2, n)
    groups = rng.choice(["a", "b", "c"], n)
    groups[0] = "z"  # one row: below every floor
    return ethiclens.compare(y, a, b, {"g": groups}, n_boot=200, random_state=1)


def test_a_difference_below_the_floor_says_so():
    comparison = _comparison()
    d = comparison.difference("g", "z", "disparate_impact").difference
    assert d.status == "INSUFFICIENT_DATA" and d.ci_low is None
    said = f"{d.value:.3f} ({d.reason}: no interval)"
    assert f"g:z Disparate impact: B − A = {said}" in repr(comparison)
    assert said in comparison._repr_html_()
