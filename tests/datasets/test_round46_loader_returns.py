"""Round 46: a registered loader that returns no Dataset (None, a DataFrame) was an
AttributeError traceback ('NoneType' object has no attribute 'provenance') from load(); it is
refused naming the entry, the loader and what it returned."""

import pandas as pd
import pytest

from ethiclens import datasets
from ethiclens.datasets import DatasetEntry
from ethiclens.errors import EthicLensInputError


@pytest.mark.parametrize("returned", [None, pd.DataFrame({"a": [1]})])
def test_a_loader_returning_no_dataset_is_refused(returned):
    entry = DatasetEntry(
        name="toy46", loader=lambda: returned, description="d", positive_is_favorable=True
    )
    with pytest.raises(EthicLensInputError, match="not a Dataset") as info:
        entry.load()
    assert info.value.column == "loader" and "toy46" in str(info.value)
    assert type(returned).__name__ in str(info.value)


def test_a_dataset_is_returned_as_before():
    assert datasets.get_entry("german").load().name == "german"
