"""Bad input through the Python API (``ethiclens.audit``): refused with an
``EthicLensInputError`` naming the argument and the fix, never a traceback or a silent guess."""

from __future__ import annotations

import json

import numpy as np
import pandas as pd
import pytest

from ethiclens import EthicLensInputError, audit

N = 200


@pytest.fixture
def data():
    idx = np.arange(N)
    y = pd.Series(idx % 2, index=idx, name="y")
    p = pd.Series((idx // 2) % 2, index=idx, name="p")
    g = pd.Series(np.where(idx < N // 2, "a", "b"), index=idx, name="g")
    return y, p, g


def _shift(obj, k=1000):
    return obj.set_axis(obj.index + k)


CASES = [
    # (id, keyword overrides as a function of (y, p, g), substrings of the message)
    ("sensitive-index-shifted", lambda y, p, g: {"sensitive_features": _shift(g)}, ["index"]),
    (
        "sensitive-frame-index-shifted",
        lambda y, p, g: {"sensitive_features": _shift(g.to_frame(), 3)},
        ["sensitive_features", "reset_index"],
    ),
    (
        "weight-index-shifted",
        lambda y, p, g: {"sample_weight": pd.Series(np.ones(N), index=y.index + 5)},
        ["sample_weight", "index"],
    ),
    ("y-pred-index-shifted", lambda y, p, g: {"y_pred": _shift(p)}, ["y_pred", "y_true"]),
    (
        "score-index-duplicated",
        lambda y, p, g: {"y_score": pd.Series(0.5, index=np.r_[0, np.arange(N - 1)])},
        ["y_score"],
    ),
    ("score-2d", lambda y, p, g: {"y_score": np.full((N, 2), 0.5)}, ["y_score", "model.classes_"]),
    ("y-true-2d", lambda y, p, g: {"y_true": np.c_[y, y]}, ["y_true", "one-dimensional"]),
    ("y-pred-frame", lambda y, p, g: {"y_pred": p.to_frame()}, ["y_pred", "one-dimensional"]),
    ("weight-2d", lambda y, p, g: {"sample_weight": np.ones((N, 1))}, ["sample_weight"]),
    ("y-true-lists", lambda y, p, g: {"y_true": pd.Series([[1]] * N)}, ["y_true", "list"]),
    ("y-pred-dicts", lambda y, p, g: {"y_pred": pd.Series([{"a": 1}] * N)}, ["y_pred", "dict"]),
    ("pos-label-list", lambda y, p, g: {"pos_label": [1]}, ["pos_label", "one label"]),
    ("pos-label-nan", lambda y, p, g: {"pos_label": float("nan")}, ["pos_label"]),
    ("pos-label-absent", lambda y, p, g: {"pos_label": 3}, ["pos_label", "no row of the column"]),
    ("favorable-string", lambda y, p, g: {"positive_is_favorable": "no"}, ["positive_is_fav"]),
    ("favorable-none", lambda y, p, g: {"positive_is_favorable": None}, ["positive_is_fav"]),
    ("sensitive-none", lambda y, p, g: {"sensitive_features": None}, ["sensitive_features"]),
    ("sensitive-scalar", lambda y, p, g: {"sensitive_features": "a"}, ["sensitive_features"]),
    (
        "sensitive-lists",
        lambda y, p, g: {"sensitive_features": pd.Series([["a"]] * N, name="g")},
        ["'g'", "scalars"],
    ),
    (
        "sensitive-duplicate-columns",
        lambda y, p, g: {"sensitive_features": pd.concat([g, g], axis=1)},
        ["twice"],
    ),
    (
        "sensitive-integer-ids",
        lambda y, p, g: {"sensitive_features": pd.Series(np.arange(N), name="id")},
        ["'id'", "continuous"],
    ),
    ("weight-1e300", lambda y, p, g: {"sample_weight": np.r_[1e300, np.ones(N - 1)]}, ["divide"]),
    ("weight-all-1e200", lambda y, p, g: {"sample_weight": np.full(N, 1e200)}, ["overflow"]),
    ("weight-all-1e-200", lambda y, p, g: {"sample_weight": np.full(N, 1e-200)}, ["multiply"]),
    ("weight-negative", lambda y, p, g: {"sample_weight": -np.ones(N)}, [">= 0"]),
    ("weight-all-zero", lambda y, p, g: {"sample_weight": np.zeros(N)}, ["every weight is 0"]),
    ("weight-text", lambda y, p, g: {"sample_weight": np.array(["x"] * N)}, ["numbers"]),
    ("n-boot-150.5", lambda y, p, g: {"n_boot": 150.5}, ["n_boot", "integer"]),
    ("n-boot-1e11-float", lambda y, p, g: {"n_boot": 1e11}, ["n_boot", "integer"]),
    ("n-boot-1e11-int", lambda y, p, g: {"n_boot": 10**11}, ["n_boot", "GiB"]),
    ("n-boot-string", lambda y, p, g: {"n_boot": "200"}, ["n_boot"]),
    ("n-boot-99", lambda y, p, g: {"n_boot": 99}, ["n_boot", "100"]),
    ("seed-negative", lambda y, p, g: {"random_state": -1}, ["random_state"]),
    ("seed-numpy-negative", lambda y, p, g: {"random_state": np.int64(-1)}, ["random_state"]),
    ("seed-float", lambda y, p, g: {"random_state": 1.5}, ["random_state"]),
    ("ci-unknown", lambda y, p, g: {"ci": "BCA"}, ["ci", "jeffreys"]),
    ("y-true-short", lambda y, p, g: {"y_true": y[:10]}, ["y_true", "lengths differ"]),
    ("scores-inf", lambda y, p, g: {"y_score": np.r_[np.inf, np.full(N - 1, 0.5)]}, ["y_score"]),
    ("scores-nan", lambda y, p, g: {"y_score": np.r_[np.nan, np.full(N - 1, 0.5)]}, ["y_score"]),
    ("exclude-not-dict", lambda y, p, g: {"exclude_groups": ["a"]}, ["exclude_groups"]),
    ("reference-unknown", lambda y, p, g: {"reference": "z"}, ["'g'", "reference"]),
]


@pytest.mark.parametrize("override,needles", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_api_refuses_bad_input(data, override, needles):
    y, p, g = data
    kwargs = {"y_true": y, "y_pred": p, "sensitive_features": g, "n_boot": 200}
    kwargs.update(override(y, p, g))
    with pytest.raises(EthicLensInputError) as info:
        audit(**kwargs)
    text = str(info.value)
    assert "Fix:" in text, text
    for needle in needles:
        assert needle in text, (needle, text)


def _doc(result):
    doc = json.loads(result.to_json())
    doc.pop("provenance", None)
    return doc["attributes"], doc["comparisons"]


def test_permuted_pandas_inputs_are_aligned_by_index(data):
    """Same index labels in another order: paired by label, the result equals the sorted one.
    (Labels 1000.., not 0..n-1: an index of positions beside reordered labels is ambiguous and
    refused, round 13.)"""
    y, p, g = (_shift(s) for s in data)
    order = np.random.default_rng(0).permutation(N)
    aligned = audit(y, p, g, n_boot=200, random_state=0)
    shuffled = audit(y.iloc[order], p, g.iloc[order[::-1]], n_boot=200, random_state=0)
    assert _doc(aligned) == _doc(shuffled)
    with pytest.raises(EthicLensInputError, match="another order"):
        audit(*(s.set_axis(s.index - 1000) for s in (y.iloc[order], p)), g.set_axis(g.index - 1000))


def test_numpy_inputs_stay_positional(data):
    y, p, g = data
    a = audit(y.to_numpy(), p.to_numpy(), _shift(g), n_boot=200, random_state=0)
    b = audit(y.to_numpy(), p.to_numpy(), g.to_numpy(), n_boot=200, random_state=0)
    assert a.comparisons[0].metrics["disparate_impact"].value == pytest.approx(
        b.comparisons[0].metrics["disparate_impact"].value
    )


@pytest.mark.parametrize(
    "y,p,label",
    [
        ([1, 2] * 100, [2, 2, 1, 1] * 50, 2),
        ([-1, 1] * 100, [1, 1, -1, -1] * 50, "1"),
        ([True, False] * 100, [True, True, False, False] * 50, "true"),
        ([1.0, 0.0] * 100, [1.0, 1.0, 0.0, 0.0] * 50, "1.0"),
        (["yes", "no"] * 100, ["yes", "yes", "no", "no"] * 50, "yes"),
    ],
    ids=["int-1-2", "int-minus1-1-as-text", "bool-as-text", "float-as-text", "strings"],
)
def test_pos_label_is_compared_in_the_columns_own_type(y, p, label):
    g = np.where(np.arange(N) < N // 2, "a", "b")
    res = audit(pd.Series(y), pd.Series(p), pd.Series(g, name="g"), pos_label=label, n_boot=200)
    rates = {grp.group: grp.metrics["selection_rate"].value for grp in res.attributes[0].groups}
    assert rates == {"a": pytest.approx(0.5), "b": pytest.approx(0.5)}
    base = {grp.group: grp.metrics["base_rate"].value for grp in res.attributes[0].groups}
    assert base == {"a": pytest.approx(0.5), "b": pytest.approx(0.5)}


def test_threshold_table_pairs_pandas_inputs_by_index(data):
    from ethiclens import threshold_table

    y, _, g = (_shift(s) for s in data)  # labels, not positions (see above)
    scores = pd.Series(np.linspace(0, 1, N), index=y.index)
    with pytest.raises(EthicLensInputError, match="y_score.*index|index.*y_score"):
        threshold_table(y, scores.set_axis(scores.index + 7), g, n_boot=200)
    with pytest.raises(EthicLensInputError, match="1,000"):
        threshold_table(y, scores, g, thresholds=np.linspace(0.001, 0.999, 5000), n_boot=200)
    order = np.random.default_rng(1).permutation(N)
    a = threshold_table(y, scores, g, n_boot=200, random_state=0)
    b = threshold_table(y.iloc[order], scores, g.iloc[order[::-1]], n_boot=200, random_state=0)
    pd.testing.assert_frame_equal(a.frame, b.frame)


def test_pcer_audit_refuses_an_n_boot_that_would_not_fit_in_memory(data):
    from ethiclens.privacy import SplitPredictions, pcer_audit

    y, p, g = data
    train = SplitPredictions(y.to_numpy(), p.to_numpy(), g.to_numpy(), name="train")
    # a distinct test split: since round 38 n_boot is checked once the splits (and so the
    # groups, whose count sets the fix's draws) are, and one object as both is refused first
    test = SplitPredictions(y.to_numpy()[:150], p.to_numpy()[:150], g.to_numpy()[:150], name="test")
    with pytest.raises(EthicLensInputError, match="n_boot.*1,000,000"):
        pcer_audit(train, test, n_boot=10**11)
