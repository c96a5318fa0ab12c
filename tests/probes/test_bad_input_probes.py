"""Bad input to the probes' Python API: an ``EthicLensInputError`` naming the argument and the
fix, raised before a model is called or a large table is built."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from ethiclens import EthicLensInputError
from ethiclens.probes import (
    analyze_counterfactuals,
    counterfactual,
    make_counterfactuals,
    run_oracle,
)


class _Model:
    """Predicts 1 for group 'a': uses the attribute directly. Counts its calls."""

    calls = 0

    def predict(self, frame):
        _Model.calls += 1
        return (frame["g"] == "a").astype(int).to_numpy()


@pytest.fixture
def records():
    return pd.DataFrame({"x": np.arange(60), "g": ["a", "b", "c"] * 20})


def _scored(records):
    cf = make_counterfactuals(records, "g")
    return cf, (cf["g"] == "a").astype(int)


CF_CASES = [
    ("n-boot-0", {"n_boot": 0}, ["n_boot", "100"]),
    ("n-boot-1e11", {"n_boot": 10**11}, ["n_boot"]),
    ("n-boot-float", {"n_boot": 150.5}, ["n_boot", "whole number"]),
    ("seed-negative", {"random_state": -1}, ["random_state"]),
    ("seed-float", {"random_state": 0.5}, ["random_state"]),
    ("ci-unknown", {"ci": "jeffreys"}, ["ci", "bca"]),
]


@pytest.mark.parametrize("kwargs,needles", [c[1:] for c in CF_CASES], ids=[c[0] for c in CF_CASES])
def test_counterfactual_checks_options_before_calling_the_model(records, kwargs, needles):
    _Model.calls = 0
    with pytest.raises(EthicLensInputError) as info:
        counterfactual(_Model(), records, "g", **kwargs)
    assert _Model.calls == 0
    for needle in [*needles, "Fix:"]:
        assert needle in str(info.value)


@pytest.mark.parametrize("kwargs,needles", [c[1:] for c in CF_CASES], ids=[c[0] for c in CF_CASES])
def test_analyze_checks_the_same_options(records, kwargs, needles):
    cf, pred = _scored(records)
    with pytest.raises(EthicLensInputError) as info:
        analyze_counterfactuals(cf, pred, **kwargs)
    for needle in [*needles, "Fix:"]:
        assert needle in str(info.value)


def test_analyze_refuses_a_favorable_label_other_than_0_or_1(records):
    cf, pred = _scored(records)
    with pytest.raises(EthicLensInputError, match="favorable_label"):
        analyze_counterfactuals(cf, pred, favorable_label=2)


MAKE_CASES = [
    ("bookkeeping-column", lambda r: r.assign(_cf_row=0), "g", ["_cf_row", "rename"]),
    (
        "lists",
        lambda r: r.assign(g=[["a"]] * len(r)),
        "g",
        ["'g'", "group values must be scalars", "first at row 0"],
    ),
    (
        "continuous",
        lambda r: pd.DataFrame({"x": np.arange(120), "s": np.arange(120) / 7}),
        "s",
        ["'s'", "continuous"],
    ),
    ("one-group", lambda r: r.assign(g="a"), "g", ["two or more"]),
    ("missing", lambda r: r.assign(g=[None] + ["a"] * (len(r) - 1)), "g", ["missing"]),
    ("not-a-column", lambda r: r, "zz", ["'zz'"]),
    ("duplicated-column", lambda r: r.set_axis(["g", "g"], axis=1), "g", ["'g'", "unique"]),
]


@pytest.mark.parametrize(
    "edit,column,needles", [c[1:] for c in MAKE_CASES], ids=[c[0] for c in MAKE_CASES]
)
def test_make_counterfactuals_refuses(records, edit, column, needles):
    with pytest.raises(EthicLensInputError) as info:
        make_counterfactuals(edit(records), column)
    for needle in needles:
        assert needle in str(info.value)


def test_a_numeric_attribute_with_explicit_targets_is_allowed(records):
    frame = pd.DataFrame({"x": np.arange(120), "s": np.arange(120) % 60})
    out = make_counterfactuals(frame, "s", groups=[0, 1])
    assert set(out["_cf_target"]) <= set(range(60))


ORACLE_CASES = [
    ("n-negative", {"n": -5}, ["'n'"]),
    ("n-float", {"n": 500.5}, ["'n'"]),
    ("n-huge", {"n": 10**11}, ["'n'"]),
    ("seed-negative", {"random_state": -1}, ["random_state"]),
    ("repetitions-float", {"repetitions": 2.5}, ["repetitions"]),
    ("repetitions-1", {"repetitions": 1}, ["repetitions"]),
]


@pytest.mark.parametrize(
    "kwargs,needles", [c[1:] for c in ORACLE_CASES], ids=[c[0] for c in ORACLE_CASES]
)
def test_run_oracle_refuses(kwargs, needles):
    args = {"n": 500, "repetitions": 2, "n_boot": 100, **kwargs}
    with pytest.raises(EthicLensInputError) as info:
        run_oracle(**args)
    for needle in [*needles, "Fix:"]:
        assert needle in str(info.value)
