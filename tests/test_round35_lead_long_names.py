"""Round 35 (lead): a refusal naming a column whose name is over 300 characters shows the name
cut in its middle, as a value is (a 10,000-character attribute name was printed whole, a
10,234-character message); the error's column keeps the whole name for the faces that look it
up."""

import numpy as np
import pytest

import ethiclens


def test_a_very_long_column_name_is_cut_in_the_message_not_in_the_error():
    name = "z" * 10_000
    groups = {name: [name] * 50 + ["a"] * 50}
    with pytest.raises(ethiclens.EthicLensInputError) as err:
        ethiclens.threshold_table(np.array([0, 1] * 50), np.linspace(0, 1, 100), groups)
    assert len(str(err.value)) < 1_000 and "..." in str(err.value)
    assert err.value.column == name


def test_a_short_name_reads_as_before():
    err = ethiclens.EthicLensInputError("is missing", column="race", fix="add it")
    assert str(err) == "column 'race': is missing. Fix: add it"
