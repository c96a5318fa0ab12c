"""The interval kit (fairness/_intervals.py): batched intervals are the per-column ones, bit for
bit, and the audit's vectorised intervals are the quantiles of its draws."""

from __future__ import annotations

import inspect

import numpy as np
import pytest

import ethiclens
from ethiclens import EthicLensInputError
from ethiclens._checks import MAX_DRAWS, MIN_DRAWS, check_draws
from ethiclens.fairness._bootstrap import (
    JEFFREYS_METHOD,
    Interval,
    bootstrap_interval,
    draw_dirichlet_cells,
)
from ethiclens.fairness._intervals import (
    ON_BOUNDARY,
    Intervals,
    bootstrap_intervals,
    check_ci,
    contain,
    contain_one,
    equal_tailed,
    fold,
    interval,
    metric_status,
    quantiles,
)


@pytest.mark.parametrize("n", [1, 2, 7, 100, 1000])
def test_quantiles_are_numpys_bit_for_bit(n):
    rng = np.random.default_rng(n)
    rows = rng.normal(size=(50, n))
    rows[:10] = np.round(rows[:10], 1)  # ties
    rows[10] = 3.0  # all equal
    s = np.sort(rows, axis=1)
    for q in (0.0, 0.025, 0.5, 0.975, 1.0, 1 / 3):
        expected = np.array([np.quantile(r, q) for r in rows])
        assert np.array_equal(quantiles(s, q), expected)
    q_rows = rng.random(50)  # one quantile per row (BCa)
    q_rows[:3] = (0.0, 1.0, 0.5)
    expected = np.array([np.quantile(r, q) for r, q in zip(rows, q_rows, strict=True)])
    assert np.array_equal(quantiles(s, q_rows), expected)


def _reference(point, col, name):
    """The per-column path the kit replaces: one bootstrap_interval call, renamed."""
    iv = bootstrap_interval(point, col, None, None, method="percentile", level=0.95)
    return Interval(iv.low, iv.high, iv.method.replace("percentile", name, 1))


def test_equal_tailed_matches_the_per_column_path_with_undefined_draws():
    rng = np.random.default_rng(0)
    draws = rng.gamma(2.0, size=(400, 6))
    draws[:2, 1] = np.nan  # 0.5% undefined: excluded, said
    draws[:40, 2] = np.inf  # 10%: not reported
    draws[:, 3] = np.nan  # none finite
    draws[:, 4] = 1.5  # degenerate
    ivs = equal_tailed(draws, name="jeffreys-like")
    for j in range(draws.shape[1]):
        assert ivs.at(j) == _reference(0.0, draws[:, j], "jeffreys-like")
        assert ivs[j] == ivs.at(j)
    assert "(2 of 400 replicates undefined (0.5%), excluded)" in ivs.methods[1]
    assert ivs.methods[2].startswith("jeffreys-like: not reported, 40 of 400")
    assert not ivs.reported[3]
    part = equal_tailed(draws, columns=[True, False, True, False, False, False])
    assert part.at(0) == ivs.at(0).__class__(ivs.low[0], ivs.high[0], "percentile")
    assert not part.reported[1] and part.reported[2] is np.False_


@pytest.mark.parametrize("method", ["bca", "percentile"])
def test_bootstrap_intervals_are_the_per_column_calls(method):
    rng = np.random.default_rng(1)
    draws = rng.normal(0.2, 0.05, size=(300, 4))
    points = np.array([0.2, 0.21, np.nan, np.inf])
    jack = [rng.normal(0.2, 0.01, size=5) for _ in range(4)]
    mult = [np.arange(1.0, 6.0) for _ in range(4)]
    ivs = bootstrap_intervals(points, draws, jack, mult, method=method)
    for j in range(3):
        iv = bootstrap_interval(points[j], draws[:, j], jack[j], mult[j], method=method)
        assert ivs.at(j) == iv
    # an infinite estimate (a log of 0) has no BCa: the finite replicates' percentiles
    assert ivs.at(3) == bootstrap_interval(0.0, draws[:, 3], None, None, method="percentile")


def test_contain_extends_to_the_estimate_and_says_so():
    ivs = Intervals(np.array([0.1, 0.1, np.nan, 0.1]), np.array([0.2, 0.2, np.nan, 0.2]), ["m"] * 4)
    out = contain(ivs, [0.0, 0.15, 0.3, -np.inf])
    assert out.at(0) == Interval(0.0, 0.2, f"m; {ON_BOUNDARY}")
    assert out.at(1) == Interval(0.1, 0.2, "m")
    assert out.at(2) == Interval(None, None, "m")
    assert out.at(3).low == -np.inf  # a log of 0: the ratio's interval reaches 0
    assert contain(ivs, [np.nan] * 4) is ivs


def test_fold_covers_zero_and_keeps_missing():
    ivs = Intervals(
        np.array([-0.1, 0.05, -0.3, np.nan]), np.array([0.2, 0.1, -0.1, np.nan]), [""] * 4
    )
    lo, hi = fold(ivs)
    assert lo[:3].tolist() == [0.0, 0.05, 0.1] and hi[:3].tolist() == [0.2, 0.1, 0.3]
    assert np.isnan(lo[3]) and np.isnan(hi[3])


def test_scalar_interval_and_status():
    draws = np.random.default_rng(2).beta(0.5, 50.5, size=1000)
    iv = interval(0.0, draws, name=JEFFREYS_METHOD)
    assert iv.low == 0.0 and iv.high > 0 and iv.method.endswith(ON_BOUNDARY)
    assert interval(0.0, draws, extend=False).low > 0
    silent = interval(0.0, draws, note=None)  # compare extends without saying so
    assert silent.low == 0.0 and silent.method == "percentile"
    assert contain_one(interval(0.0, draws, extend=False), 0.0, "x").method == "percentile; x"
    assert metric_status(float("nan"), iv, undefined="no rows") == ("UNDEFINED", "no rows")
    assert metric_status(0.0, iv, below_floor="n = 7") == ("INSUFFICIENT_DATA", "n = 7")
    assert metric_status(0.0, iv) == ("REPORTED", None)


def test_cell_major_draws_are_the_same_draws():
    cells = np.array([[10.0, 0.0, 3.0, 40.0], [5.0, 5.0, 5.0, 5.0], [0.0, 0.0, 1.0, 0.0]])
    totals = cells.sum(axis=1)
    a = draw_dirichlet_cells(cells, totals, 200, np.random.default_rng(3))
    b = draw_dirichlet_cells(cells, totals, 200, np.random.default_rng(3), cell_major=True)
    assert a.shape == b.shape and np.array_equal(a, b)
    assert np.array_equal(a.sum(axis=-1), b.sum(axis=-1))


def test_audit_intervals_are_the_quantiles_of_its_draws_at_many_groups():
    """60 groups, some tiny or never selected: every comparison's DI and SPD interval is the
    per-column quantile of the same draws the engine made (same seed, same draws)."""
    rng = np.random.default_rng(4)
    n_groups, n = 60, 30_000
    codes = rng.integers(0, n_groups, n)
    codes[:40] = n_groups  # a tiny group, below the floor
    y = (rng.random(n) < 0.4).astype(int)
    p = (rng.random(n) < np.where(y == 1, 0.7, 0.2)).astype(int)
    p[codes == 7] = 0  # never selected
    names = np.array([f"g{i:02d}" for i in range(n_groups + 1)])[codes]
    seed = 11
    res = ethiclens.audit(y, p, names, n_boot=500, random_state=seed, reference="g00")
    groups = sorted(set(names))
    ref = "g00"
    # the engine's draws, reproduced: the attribute's seed, its first child, Dirichlet per group
    # of the (selected, not) cells, drawn before the four labelled cells (Jeffreys for the
    # selection rate, labels or not)
    attr_rng = np.random.default_rng(np.random.SeedSequence(seed).spawn(1)[0])
    boot_rng, _ = attr_rng.spawn(2)
    g_idx = {g: i for i, g in enumerate(groups)}
    cells = np.zeros((len(groups), 2))
    np.add.at(cells, ([g_idx[g] for g in names], 1 - p), 1)
    draws = draw_dirichlet_cells(cells, cells.sum(axis=1), 500, boot_rng)
    sel = draws[..., 0] / draws.sum(axis=-1)
    r = g_idx[ref]
    tails = [(1 - 0.95) / 2, 1 - (1 - 0.95) / 2]  # as the engine writes them (not 0.025)
    seen = 0
    for c in res.comparisons:
        g = g_idx[c.group]
        di, spd = c.metrics["disparate_impact"], c.metrics["statistical_parity_difference"]
        if di.status == "INSUFFICIENT_DATA":
            assert di.ci_low is None
            continue
        lo, hi = np.quantile(np.log(sel[:, g]) - np.log(sel[:, r]), tails)
        point = np.log(di.value) if di.value > 0 else -np.inf
        lo, hi = min(lo, point), max(hi, point)
        assert (di.ci_low, di.ci_high) == (float(np.exp(lo)), float(np.exp(hi)))
        lo, hi = np.quantile(sel[:, g] - sel[:, r], tails)
        assert (spd.ci_low, spd.ci_high) == (min(lo, spd.value), max(hi, spd.value))
        seen += 1
    assert seen >= n_groups - 2
    never = next(c for c in res.comparisons if c.group == "g07")
    assert never.metrics["disparate_impact"].ci_low == 0.0 and never.flagged


@pytest.mark.parametrize(
    "value,needle",
    [(150.5, "whole number"), (True, "integer"), (99, "too few"), (10**11, "1,000,000")],
)
def test_one_vocabulary_for_draws(value, needle):
    with pytest.raises(EthicLensInputError, match=needle):
        check_draws(value)
    assert check_draws(MIN_DRAWS) == MIN_DRAWS and check_draws(np.int64(MAX_DRAWS)) == MAX_DRAWS
    assert check_draws(0, allow_zero=True) == 0


@pytest.mark.parametrize(
    "call",
    [
        lambda n: ethiclens.audit([0, 1] * 100, [0, 1] * 100, {"g": ["a", "b"] * 100}, n_boot=n),
        lambda n: __import__("ethiclens.probes", fromlist=["x"]).analyze_counterfactuals(
            __import__("pandas").DataFrame(), [], n_boot=n
        ),
    ],
)
def test_every_command_says_the_same_about_draws(call):
    with pytest.raises(EthicLensInputError) as err:
        call(99)
    assert err.value.problem == "too few draws for an interval: at least 100"


def test_one_spelling_of_interval_choices():
    assert check_ci("bca") == "bca"
    with pytest.raises(EthicLensInputError, match="unknown interval method") as err:
        check_ci("BCA")
    assert "jeffreys" in err.value.fix


def test_one_definition_of_epsilon_and_delta():
    from ethiclens import _checks
    from ethiclens.p2nia import _common

    # one function, whichever copy the package's unknown-keyword wrapper left where (0d1329a6)
    same = inspect.unwrap
    assert same(_common.check_epsilon) is same(_checks.check_epsilon)
    assert same(_common.check_delta) is same(_checks.check_delta)
    assert _checks.check_epsilon(2) == 2.0 and _checks.check_delta(None) is None
    for bad, needle in ((True, "number"), (0, "> 0"), (1e5, "above")):
        with pytest.raises(EthicLensInputError, match=needle):
            _checks.check_epsilon(bad)
    with pytest.raises(EthicLensInputError, match="δ must be in"):
        _checks.check_delta(0.5)


@pytest.mark.parametrize("method", ["bca", "percentile"])
def test_batched_bca_takes_every_fallback_of_the_per_column_path(method):
    """Near-0 |differences| (estimate excluded), ties, every draw on one side, undefined and
    infinite estimates, undefined draws, a degenerate column, missing or undefined jackknives."""
    rng = np.random.default_rng(5)
    for n_draws in (100, 333, 1000):
        m = 30
        draws = rng.normal(0.1, 0.05, size=(n_draws, m))
        draws[:, :10] = np.abs(draws[:, :10])
        draws[:, 10:15] = np.round(draws[:, 10:15], 2)
        points = draws.mean(axis=0) + rng.normal(0, 0.02, m)
        points[:10] = np.abs(points[:10]) * 0.1
        points[10:15] = draws[5, 10:15]
        points[15], points[16], points[17], points[18] = -1.0, 5.0, np.nan, np.inf
        draws[:3, 19] = np.nan
        draws[:, 20], points[20] = 0.3, 0.3
        jack = [rng.normal(0.1, 0.01, size=rng.integers(2, 9)) for _ in range(m)]
        jack[21], jack[22], jack[23] = None, np.array([np.nan, 1.0]), np.array([0.2, 0.2])
        mult = [None if j is None else rng.integers(1, 50, size=len(j)).astype(float) for j in jack]
        ivs = bootstrap_intervals(points, draws, jack, mult, method=method)
        for j in range(m):
            if np.isinf(points[j]):
                ref = bootstrap_interval(0.0, draws[:, j], None, None, method="percentile")
            else:
                ref = bootstrap_interval(points[j], draws[:, j], jack[j], mult[j], method=method)
            assert ivs.at(j) == ref, j


@pytest.mark.parametrize("ci", ["jeffreys", "bca"])
def test_metrics_of_the_draws_by_slabs_of_groups_change_nothing(monkeypatch, ci):
    import ethiclens.fairness._engine as engine

    rng = np.random.default_rng(6)
    n = 20_000
    g = rng.integers(0, 40, n).astype(str)
    y = rng.integers(0, 2, n)
    p = (rng.random(n) < 0.3 + 0.01 * (g == "3")).astype(int)
    w = rng.choice([0.5, 1.0, 2.0], n)
    for weights in (None, w):
        whole = ethiclens.audit(y, p, g, sample_weight=weights, n_boot=200, ci=ci, random_state=1)
        monkeypatch.setattr(engine, "METRIC_SLAB", 1_000)  # 5 groups a slab
        slabs = ethiclens.audit(y, p, g, sample_weight=weights, n_boot=200, ci=ci, random_state=1)
        monkeypatch.undo()
        assert slabs.to_dict() == whole.to_dict()


def test_equal_tailed_in_place_is_the_copying_path():
    """``overwrite=True`` sorts the caller's draws instead of a copy: the same intervals, with
    undefined draws, masked columns and a non-contiguous input (which is then copied)."""
    rng = np.random.default_rng(3)
    draws = np.asfortranarray(rng.gamma(2.0, size=(400, 7)))  # each column contiguous
    draws[:2, 1] = np.nan
    draws[:40, 2] = np.inf
    draws[:, 3] = np.nan
    draws[:, 4] = 1.5
    mask = np.array([True, True, True, True, False, True, False])
    for columns in (None, mask):
        expected = equal_tailed(draws.copy(), columns=columns)
        for given in (draws.copy(order="F"), draws.copy(order="C")):
            got = equal_tailed(given, columns=columns, overwrite=True)
            assert got.methods == expected.methods
            assert np.array_equal(got.low, expected.low, equal_nan=True)
            assert np.array_equal(got.high, expected.high, equal_nan=True)
    s = np.sort(draws[:, [0, 5]].T, axis=1)
    assert np.array_equal(quantiles(np.sort(draws.T, axis=1), 0.025, [0, 5]), quantiles(s, 0.025))
