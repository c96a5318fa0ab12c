"""Round 27: ExperimentConfig's extra_columns (MST/AIM's released non-protected columns)."""

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.experiments import ExperimentConfig


@pytest.mark.parametrize("value", [-1, "x", 2.5, True])
def test_extra_columns_that_is_no_count_is_refused(value):
    # -1 used to drop the last column unsaid (a slice [:-1]); "x" failed in each worker
    with pytest.raises(EthicLensInputError) as err:
        ExperimentConfig.from_options("adult", extra_columns=value)
    assert err.value.column == "extra_columns"
    assert err.value.value == value


@pytest.mark.parametrize("value", [0, 8, 30])
def test_extra_columns_counts_pass(value):
    assert ExperimentConfig.from_options("adult", extra_columns=value).extra_columns == value
