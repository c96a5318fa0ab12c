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
