"""Round 46: a complex number or pd.NA given to ``ethiclens.run`` is refused in the field's
words, never a TypeError from the schema's comparison (a complex is a numbers.Number, which
the default "number" type takes; pd.NA's equality with a choice has no truth)."""

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError


@pytest.fixture(scope="module")
def data_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("odd") / "d.csv"
    path.write_text("y,p,g\n1,1,a\n0,1,b\n1,0,a\n0,0,b\n")
    return str(path)


@pytest.mark.parametrize("value", [1 + 2j, np.complex128(1), pd.NA], ids=["complex", "np", "NA"])
@pytest.mark.parametrize(
    "keyword, words",
    [
        ("n_boot", "whole number"),
        ("seed", "non-negative integer"),
        ("di_threshold", "from 0.01"),
        ("eo_threshold", "strictly between 0 and 1"),
        ("confidence_level", "strictly between 0.5 and 1"),
        ("min_group_size", "at least 1"),
        ("ci", "interval method"),
        ("di_rule", "two_sided, below"),
        ("fail_on", "flagged"),
        ("engine", "pandas"),
        ("pos_label", "must be text"),
    ],
)
def test_an_odd_scalar_is_refused_in_the_fields_words(data_file, keyword, words, value):
    with pytest.raises(EthicLensInputError, match=rf"argument '{keyword}'.*{words}"):
        ethiclens.run(data_file, y_true="y", y_pred="p", protected="g", **{keyword: value})
