"""Round 37 review (privacy): ``DPTrainingRun.splits`` refuses an unknown attribute through the
check ``group_order`` and the trainers use, so its refusal names the value given (it printed
"no attribute 'x' for toy. Fix: ..." without "(value: 'x')"); the refusals of
``membership_inference``'s ``positive_rates`` folded in 335066bc are pinned whole (column,
value, fix, order: the first problem of several is named)."""

from __future__ import annotations

import numpy as np
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.privacy import DPTrainingRun, PreparedData, SplitPredictions, membership_inference


def _run(groups=("race",), orders=("race",)) -> DPTrainingRun:
    y = np.array([0.0, 1.0, 1.0, 0.0], dtype=np.float32)
    names = {a: np.array(["A", "B", "A", "B"]) for a in groups}
    data = PreparedData(
        dataset="toy",
        X_train=np.zeros((4, 1), dtype=np.float32),
        X_test=np.zeros((4, 1), dtype=np.float32),
        y_train=y,
        y_test=y,
        groups_train=names,
        groups_test=names,
        positive_is_favorable=True,
        description="toy",
        group_orders={a: ("A", "B") for a in orders},
    )
    proba, loss = np.array([0.2, 0.8, 0.6, 0.4]), np.full(4, 0.5)
    return DPTrainingRun(
        dataset="toy",
        seed=0,
        epsilon_requested=None,
        epsilon_spent=None,
        noise_multiplier=None,
        sample_rate=0.5,
        accountant=None,
        config=None,
        trainer="no-dp",
        wall_time_s=0.0,
        data=data,
        train_proba=proba,
        test_proba=proba,
        train_loss=loss,
        test_loss=loss,
    )


WHOLE = "column 'attribute': no attribute 'sex' for toy (value: 'sex'). Fix: use one of race"


@pytest.mark.parametrize("call", ["splits", "group_order"])
def test_an_unknown_attribute_is_refused_alike_by_splits_and_group_order(call):
    with pytest.raises(EthicLensInputError) as info:
        getattr(_run(), call)("sex")
    exc = info.value
    assert (exc.column, exc.value, exc.fix) == ("attribute", "sex", "use one of race")
    assert str(exc) == WHOLE


def test_splits_of_a_known_attribute_are_unchanged():
    train, test = _run().splits("race")
    assert (train.name, test.name) == ("train", "test")
    assert list(train.groups) == ["A", "B", "A", "B"] and list(train.y_pred) == [0, 1, 1, 0]
    assert list(test.ids) == [4, 5, 6, 7]


def test_splits_needs_no_group_order():
    """A PreparedData built by hand with no group_orders (its default) still splits: splits
    reads no order; group_order, which does, refuses it as before."""
    run = _run(orders=())
    assert len(run.splits("race")[0].y_true) == 4
    with pytest.raises(EthicLensInputError, match="no attribute 'race' for toy"):
        run.group_order("race")


def _split(seed: int) -> SplitPredictions:
    r = np.random.default_rng(seed)
    y = r.integers(0, 2, 60)
    pred = np.where(r.random(60) < 0.85, y, 1 - y)
    groups = np.array(["A", "B"])[np.arange(60) % 2]
    return SplitPredictions(y, pred, groups, loss=r.exponential(0.4, 60))


RATES_FIX = "give each of A, B its positive-prediction rate, e.g. {'A': 0.4}"


@pytest.mark.parametrize(
    ("rates", "problem", "value"),
    [
        ("x", "must be a dict of group -> rate", "x"),
        ({"C": 2}, "no rate for group(s) A, B", {"C": 2}),  # missing before extra
        (
            {"A": 0.5, "B": 0.4, "C": 9},
            "no group C in the splits, which hold A, B",
            {"A": 0.5, "B": 0.4, "C": 9},
        ),
        ({"B": "0.4", "A": -1}, "the rate of group 'A' must be a number from 0 to 1", -1),
    ],
)
def test_positive_rates_refusals_whole(rates, problem, value):
    with pytest.raises(EthicLensInputError) as info:
        membership_inference(_split(1), _split(2), positive_rates=rates, delta_pcer=float("nan"))
    exc = info.value
    assert (exc.problem, exc.column, exc.value, exc.fix) == (
        problem,
        "positive_rates",
        value,
        RATES_FIX,
    )
