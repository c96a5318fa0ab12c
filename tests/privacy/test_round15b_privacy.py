"""Round 15b: membership_inference checks its arguments as pcer_audit does (one place), and a
shuffled copy of train given as test is refused on every face, like an identical one."""

import copy

import numpy as np
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.privacy import SplitPredictions, membership_inference, pcer_audit

NOTHING = (
    "the same rows as train and test make every accuracy gap δ_g = acc_train − acc_test "
    "exactly 0, so PCER measures nothing"
)
FIX = "Fix: give the model's held-out rows as the test split and its training rows as train"


def _split(seed: int, names="AB", n: int = 300, name: str = "split") -> SplitPredictions:
    r = np.random.default_rng(seed)
    y = r.integers(0, 2, n)
    pred = np.where(r.random(n) < 0.85, y, 1 - y)
    groups = np.array(list(names))[np.arange(n) % len(names)]
    return SplitPredictions(y, pred, groups, loss=r.exponential(0.4, n), name=name)


def _shuffled(split: SplitPredictions) -> SplitPredictions:
    order = np.random.default_rng(9).permutation(len(split.y_true))
    fields = (split.y_true, split.y_pred, split.groups, split.loss)
    return SplitPredictions(*(f[order] for f in fields), name="test")


# --- identical splits: membership_inference refuses them in pcer_audit's words ---


def test_attack_refuses_the_train_object_again():
    train = _split(1)
    with pytest.raises(EthicLensInputError) as info:
        membership_inference(train, train, positive_rates={"A": 0.5, "B": 0.4})
    assert str(info.value) == f"argument 'test': is the train object again: {NOTHING}. {FIX}"


@pytest.mark.parametrize(
    ("make", "order"), [(copy.deepcopy, "in the same order"), (_shuffled, "in another order")]
)
def test_attack_refuses_the_same_rows(make, order):
    train = _split(1)
    with pytest.raises(EthicLensInputError) as info:
        membership_inference(train, make(train), positive_rates={"A": 0.5, "B": 0.4})
    assert str(info.value) == (
        f"argument 'test': holds the same rows as train, {order}: {NOTHING}. {FIX}"
    )


# --- group_order: pcer_audit's check ---


@pytest.mark.parametrize(
    ("group_order", "message"),
    [
        (
            "ABC",
            "argument 'group_order': must be a sequence of group names, not one string (it "
            "would be read character by character) (value: 'ABC'). Fix: e.g. "
            "group_order=['A', 'B']",
        ),
        (
            ["A", "B"],
            "argument 'group_order': group_order must list every group exactly once (value: "
            "['A', 'B']). Fix: use an order of ['A', 'B', 'C']",
        ),
        (
            ["A", "A", "B", "C"],
            "argument 'group_order': group_order must list every group exactly once (value: "
            "['A', 'A', 'B', 'C']). Fix: use an order of ['A', 'B', 'C']",
        ),
        (
            ["A", "B", "Z"],
            "argument 'group_order': group_order must list every group exactly once (value: "
            "['A', 'B', 'Z']). Fix: use an order of ['A', 'B', 'C']",
        ),
    ],
)
def test_attack_group_order_checked_as_by_pcer_audit(group_order, message):
    train, test = _split(1, "ABC", name="train"), _split(2, "ABC", name="test")
    for audit in (membership_inference, pcer_audit):
        with pytest.raises(EthicLensInputError) as info:
            audit(train, test, group_order=group_order)
        assert str(info.value) == message


def test_attack_group_order_all_groups_runs():
    train, test = _split(1, "ABC"), _split(2, "ABC")
    res = membership_inference(train, test, group_order=["C", "A", "B"])
    assert res.group_order == ("C", "A", "B") and [g.group for g in res.groups] == ["C", "A", "B"]


def test_attack_different_groups_named_as_by_pcer_audit():
    with pytest.raises(EthicLensInputError) as info:
        membership_inference(_split(1, "AB"), _split(2, "AC"))
    assert str(info.value).startswith(
        "argument 'groups': train and test have different groups: only in train ['B'], "
        "only in test ['C']"
    )


# --- positive_rates and delta_pcer ---

RATES_FIX = "Fix: give each of A, B its positive-prediction rate, e.g. {'A': 0.4}"


@pytest.mark.parametrize(
    ("rates", "problem"),
    [
        ({"A": 2.0, "B": -1}, "the rate of group 'A' must be a number from 0 to 1 (value: 2.0)"),
        ({"A": 0.5, "B": -1}, "the rate of group 'B' must be a number from 0 to 1 (value: -1)"),
        (
            {"A": float("nan"), "B": 0.5},
            "the rate of group 'A' must be a number from 0 to 1 (value: nan)",
        ),
        ({"A": "x", "B": 0.5}, "the rate of group 'A' must be a number from 0 to 1 (value: 'x')"),
        ({"A": 0.5}, "no rate for group(s) B (value: {'A': 0.5})"),
        ([0.5, 0.4], "must be a dict of group -> rate (value: [0.5, 0.4])"),
    ],
)
def test_positive_rates_checked(rates, problem):
    with pytest.raises(EthicLensInputError) as info:
        membership_inference(_split(1), _split(2), positive_rates=rates)
    assert str(info.value) == f"argument 'positive_rates': {problem}. {RATES_FIX}"


@pytest.mark.parametrize("value", [float("nan"), float("inf"), "1", True])
def test_delta_pcer_checked(value):
    with pytest.raises(EthicLensInputError) as info:
        membership_inference(
            _split(1), _split(2), positive_rates={"A": 0.5, "B": 0.4}, delta_pcer=value
        )
    assert str(info.value) == (
        f"argument 'delta_pcer': must be a finite number (or None: no sign comparison) "
        f"(value: {value!r}). Fix: pass pcer_audit's result.delta_pcer, e.g. 0.8"
    )


def test_valid_comparison_still_computed():
    res = membership_inference(
        _split(1), _split(2), positive_rates={"A": 0.0, "B": 1.0}, delta_pcer=-0.5
    )
    assert res.delta_pcer_mia is not None and res.sign_agrees is not None


# --- pcer_audit: a shuffled copy of train as test, on both faces ---


def test_pcer_audit_refuses_a_shuffled_copy_of_train():
    train = _split(1, name="train")
    with pytest.raises(EthicLensInputError) as info:
        pcer_audit(train, _shuffled(train), n_boot=100)
    assert str(info.value) == (
        f"argument 'test': holds the same rows as train, in another order: {NOTHING}. {FIX}"
    )


def test_pcer_audit_runs_on_a_shuffled_test_with_other_losses():
    # the same labels, predictions and groups but other losses are other rows: it runs
    train = _split(1, name="train")
    other = _shuffled(train)
    other.loss = other.loss + 0.1
    assert pcer_audit(train, other, n_boot=100).delta_pcer is not None


def test_cli_refuses_a_shuffled_copy_of_train(tmp_path, capsys):
    import pandas as pd

    from ethiclens.cli import main

    train = _split(1)
    frame = pd.DataFrame({"y": train.y_true, "p": train.y_pred, "g": train.groups})
    frame.to_csv(tmp_path / "train.csv", index=False)
    frame.sample(frac=1, random_state=0).to_csv(tmp_path / "shuf.csv", index=False)
    args = ["pcer", "audit", "--train", str(tmp_path / "train.csv"), "--test"]
    flags = ["--y-true", "y", "--y-pred", "p", "--protected", "g"]
    code = main([*args, str(tmp_path / "shuf.csv"), *flags])
    err = " ".join(capsys.readouterr().err.split())
    assert code == 2
    assert (
        f"error: option '--test': holds the same rows as train, in another order: {NOTHING}. {FIX}"
    ) in err
