"""Round 28 review: train_many refuses seeds and datas that are no list, a bad seed and a
split that is no prepared split in one line naming the argument (Python's TypeError and
AttributeError before: 'NoneType' object is not iterable / has no attribute 'y_train');
pcer_audit refuses etas given as a set or a dict (no order of their own; a dict's keys)."""

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.privacy import train_many


@pytest.mark.parametrize(
    ("seeds", "datas", "column", "said"),
    [
        (None, [], "seeds", "must be a list"),
        (5, [], "seeds", "must be a list"),
        ("01", [None, None], "seeds", "must be a list"),
        ([0], None, "datas", "must be a list"),
        ([-1], [None], "seeds", "must be a non-negative integer"),
        ([0], [None], "datas", "holds no prepared split"),
    ],
)
def test_train_many_refuses_what_it_cannot_train(seeds, datas, column, said):
    with pytest.raises(EthicLensInputError) as err:
        train_many("adult", epsilon=1.0, seeds=seeds, datas=datas)
    assert err.value.column == column and said in err.value.problem, str(err.value)
    assert "prepare" in err.value.fix or "seeds=[0, 1, 2]" in err.value.fix or column == "seeds"


@pytest.mark.parametrize("etas", [{0.01, 0.1}, {0.01: 1}], ids=["set", "dict"])
def test_pcer_etas_in_no_order_of_their_own_are_refused(etas):
    from ethiclens.privacy import SplitPredictions, pcer_audit

    y = [0, 1] * 50
    split = SplitPredictions(y, y, ["a", "b"] * 50)
    with pytest.raises(EthicLensInputError, match="must be a sequence of floor constants"):
        pcer_audit(split, SplitPredictions(y, y[::-1], ["a", "b"] * 50), etas=etas, n_boot=100)
