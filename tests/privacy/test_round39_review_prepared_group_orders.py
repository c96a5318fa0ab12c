"""Round 39 review: pcer_audit refuses a set as group_order (4adc42d6), but a PreparedData whose
group_orders gave a set still reached it through DPTrainingRun.group_order, turned into a tuple
in the set's per-process hash order (the order the sweep runner audits with). Refused now,
naming the attribute's order; a tuple or list is read as before."""

import numpy as np
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.privacy import DPTrainingRun, PreparedData


def _run(order) -> DPTrainingRun:
    names = {"g": np.array(["A", "B"])}
    data = PreparedData(
        dataset="toy",
        X_train=np.zeros((2, 1), dtype=np.float32),
        X_test=np.zeros((2, 1), dtype=np.float32),
        y_train=np.zeros(2, dtype=np.float32),
        y_test=np.zeros(2, dtype=np.float32),
        groups_train=names,
        groups_test=names,
        positive_is_favorable=True,
        description="toy",
        group_orders={"g": order},
    )
    run = object.__new__(DPTrainingRun)  # only its data is read
    object.__setattr__(run, "data", data)
    return run


@pytest.mark.parametrize("order", [{"B", "A"}, frozenset({"A", "B"}), {"B": 0, "A": 1}])
def test_unordered_group_orders_refused(order):
    with pytest.raises(EthicLensInputError) as info:
        _run(order).group_order("g")
    assert info.value.column == "group_orders.g"
    assert "its order is not the one you wrote" in str(info.value)


@pytest.mark.parametrize("order", [("B", "A"), ["B", "A"]])
def test_sequences_read_as_before(order):
    assert _run(order).group_order("g") == ("B", "A")
