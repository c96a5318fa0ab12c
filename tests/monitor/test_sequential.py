"""The statistics: validity of the per-window multiplier, agreement with the per-observation
update, confidence sequences."""

import itertools
import math

import numpy as np
from scipy.stats import binom

from ethiclens.monitor import Evidence
from ethiclens.monitor._sequential import (
    CSFamily,
    cs_bounds,
    cs_init,
    cs_update,
    di_nulls,
    gap_nulls,
    ons_init,
    ons_update,
    ons_update_obs,
    pair_probs,
)


def test_pair_probs_are_the_product_of_the_marginals():
    m, p = pair_probs(10, 3, 4, 1)
    assert m == 4
    np.testing.assert_allclose(p, [0.7 * 0.75, 0.7 * 0.25, 0.3 * 0.75, 0.3 * 0.25])
    m, p = pair_probs(0, 0, 5, 2)
    assert m == 0 and not p.any()


def test_first_window_mixture_is_an_e_value_and_alarms_on_a_clear_disparity():
    null = di_nulls(0.8)[0]
    for n_a, n_b, pa, pb in [(4, 3, 0.5, 0.4), (6, 6, 0.3, 0.24)]:
        total = 0.0
        for s_a, s_b in itertools.product(range(n_a + 1), range(n_b + 1)):
            prob = binom.pmf(s_a, n_a, pa) * binom.pmf(s_b, n_b, pb)
            out = ons_update(ons_init(), null, *pair_probs(n_a, s_a, n_b, s_b))
            total += prob * math.exp(out["log_wealth"])
        assert total <= 1 + 1e-12
    # one window of 300 rows each, selection 0.5 vs 0.2: the first window alone reaches 1/α
    out = ons_update(ons_init(), null, *pair_probs(300, 150, 300, 60))
    assert out["log_wealth"] > math.log(20)


def test_window_multiplier_has_expectation_at_most_one_under_the_null():
    """Exact expectation over every count outcome (small windows, any fixed bet): the
    counts-only multiplier exp(m Σ P̂ log(1 + λz)) is an e-value at the null's boundary."""
    for null, (pa, pb) in [
        (di_nulls(0.8)[0], (0.5, 0.4)),  # DI exactly 0.8
        (di_nulls(0.8)[1], (0.4, 0.5)),  # DI exactly 1.25
        (gap_nulls(0.1, "tpr")[0], (0.6, 0.7)),  # gap exactly +0.1
        (gap_nulls(0.1, "tpr")[1], (0.7, 0.6)),
    ]:
        for n_a, n_b in [(3, 3), (5, 2), (4, 7)]:
            for lam in (0.1, 0.3, null.lam_max):
                total = 0.0
                for s_a, s_b in itertools.product(range(n_a + 1), range(n_b + 1)):
                    prob = binom.pmf(s_a, n_a, pa) * binom.pmf(s_b, n_b, pb)
                    state = {"log_wealth": 0.0, "lam": np.float64(lam), "A": 1.0}
                    out = ons_update(state, null, *pair_probs(n_a, s_a, n_b, s_b))
                    total += prob * math.exp(out["log_wealth"])
                assert total <= 1 + 1e-12, (null, n_a, n_b, lam, total)


def test_one_pair_windows_equal_the_per_observation_update():
    rng = np.random.default_rng(0)
    a, b = rng.random((2, 200)) < np.array([[0.5], [0.3]])
    for null in di_nulls() + gap_nulls(0.1, "tpr"):
        win, obs = ons_init(), ons_init()
        for x, y in zip(a, b, strict=True):
            win = ons_update(win, null, *pair_probs(1, int(x), 1, int(y)), first_mix=False)
            obs = ons_update_obs(obs, null, x, y)
        for k in win:
            np.testing.assert_allclose(win[k], obs[k], rtol=1e-12)


def test_no_bet_is_staked_before_evidence_and_a_strict_null_keeps_wealth():
    ev = Evidence(shape=(50,))
    rng = np.random.default_rng(1)
    for _ in range(30):
        n = np.full(50, 300.0)
        ref = {"n": n, "sel": rng.binomial(300, 0.5, 50) * 1.0}
        grp = {"n": n, "sel": rng.binomial(300, 0.5, 50) * 1.0}
        for k in ("pos", "tp", "neg", "fp"):
            ref[k] = grp[k] = np.zeros(50)
        ev.update(ref, grp)
    # DI = 1, deep inside the band: after the first window's mixture (which can lose at most a
    # factor 2) the bets stay (almost always) at 0 and the e-value where the first window left it
    log_e = ev.log_evalue("disparate_impact")
    assert np.all(log_e <= 0.5) and np.median(log_e) >= -math.log(2) - 1e-9


def test_detects_a_clear_disparity_within_a_few_windows():
    ev = Evidence(shape=(20,), labels=False)
    rng = np.random.default_rng(2)
    first = np.full(20, -1)
    for t in range(15):
        n = np.full(20, 300.0)
        ev.update(
            {"n": n, "sel": rng.binomial(300, 0.5, 20) * 1.0},
            {"n": n, "sel": rng.binomial(300, 0.25, 20) * 1.0},
        )
        hit = ev.alarm("disparate_impact")
        first = np.where((first < 0) & hit, t, first)
    assert np.all(first >= 0) and np.median(first) <= 4


def test_confidence_sequence_covers_and_shrinks():
    fam = CSFamily("gap", np.linspace(-0.5, 0.5, 201))
    state = cs_init(fam, (200,))
    rng = np.random.default_rng(3)
    for _ in range(40):
        n = np.full(200, 200.0)
        state = cs_update(
            state, fam, n, rng.binomial(200, 0.5, 200), n, rng.binomial(200, 0.4, 200), 0.05
        )
    lo, hi = cs_bounds(state, fam)
    truth = -0.1
    assert np.mean((lo <= truth) & (truth <= hi)) >= 0.95
    assert np.median(hi - lo) < 0.06
    ratio = CSFamily("ratio", np.geomspace(0.5, 2, 301))
    state = cs_init(ratio, (100,))
    for _ in range(40):
        n = np.full(100, 200.0)
        state = cs_update(
            state, ratio, n, rng.binomial(200, 0.5, 100), n, rng.binomial(200, 0.4, 100), 0.05
        )
    lo, hi = cs_bounds(state, ratio)
    assert np.mean((lo <= 0.8) & (0.8 <= hi)) >= 0.95


def test_state_arrays_round_trip():
    ev = Evidence()
    ev.update(
        {"n": 100.0, "sel": 50.0, "pos": 50.0, "tp": 30.0, "neg": 50.0, "fp": 20.0},
        {"n": 80.0, "sel": 20.0, "pos": 40.0, "tp": 15.0, "neg": 40.0, "fp": 5.0},
    )
    again = Evidence()
    again.load_arrays(ev.arrays())
    for k, v in ev.arrays().items():
        np.testing.assert_array_equal(again.arrays()[k], v)


def test_the_vectorised_per_observation_loop_equals_the_plain_reference():
    """ethiclens.monitor._sim.run_per_observation (vectorised over streams) is the plain loop of
    tests/monitor/reference.py, to rounding; the per-window comparison rests on it."""
    from ethiclens.monitor._sim import BOUNDARY, run_per_observation, simulate_rows

    from .reference import di_test

    rows = simulate_rows(BOUNDARY, 3, 4, 50, seed=7)
    got = run_per_observation(rows)["disparate_impact"]
    for s in range(3):
        pairs = [
            (int(rows["pa"][s, t, i]), int(rows["pb"][s, t, i]))
            for t in range(4)
            for i in range(50)
        ]
        ref = di_test(pairs)
        np.testing.assert_allclose(got[s], [ref[50 * (t + 1) - 1] for t in range(4)], rtol=1e-10)
