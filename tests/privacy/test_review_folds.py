"""Messages kept word for word when repeated code was folded into one helper."""

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.privacy._dpsgd import _checked_inputs


def test_data_that_is_not_prepared_splits_is_named_with_its_type():
    with pytest.raises(EthicLensInputError) as err:
        _checked_inputs(None, None, {"X": 1}, {})
    assert str(err.value) == (
        "column 'data': needs the prepared splits of the dataset (value: 'dict'). "
        "Fix: data=ethiclens.experiments.prepare(dataset, seed) for a benchmark dataset"
    )


def test_attack_on_a_group_missing_from_a_split_names_the_argument():
    import numpy as np

    from ethiclens.privacy import SplitPredictions
    from ethiclens.privacy._mia import _attack_group

    one = np.array([1, 0, 1, 0])
    train = SplitPredictions(one, one, np.array(["a", "a", "b", "b"]), np.full(4, 0.5), "train")
    test = SplitPredictions(one, one, np.array(["a"] * 4), np.full(4, 0.5), "test")
    with pytest.raises(EthicLensInputError) as err:
        _attack_group(train, test, "b")
    assert str(err.value) == "argument 'groups': group 'b' is missing from the test split"
