"""Labels, round 19 of the tester's findings.

- labels of two types that print the same (1 and '1': a folder of files of two types, a
  database column) are refused whatever ``pos_label`` is given: with ``pos_label='1'`` every
  integer 1 was counted as negative (wrong numbers, exit 0);
- decimal labels and predictions equal to exactly 0 and 1 are 0/1 (they are numbers), as
  DuckDB counts them; a decimal like 0.50 is refused as the scores it looks like.
"""

from decimal import Decimal

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError

Y = pd.Series([1, 0, "1", "0", 1, 0, 1, 0] * 10, dtype=object)
P = pd.Series([1, 0, 1, 0, 0, 1, 1, 0] * 10)
G = pd.DataFrame({"g": ["A", "A", "B", "B"] * 20})


@pytest.mark.parametrize("pos_label", [None, "1", 1])
def test_labels_that_print_the_same_are_refused_whatever_pos_label(pos_label):
    with pytest.raises(EthicLensInputError, match=r"distinct values print the same"):
        ethiclens.audit(Y, P, G, pos_label=pos_label, n_boot=100, random_state=0)


def _decimals(values) -> pd.Series:
    return pd.Series([Decimal(v) for v in values], dtype=object)


def test_decimal_zero_one_labels_and_predictions_are_audited_as_numbers():
    y, p = [1, 0, 1, 0] * 10, [1, 1, 0, 0] * 10
    groups = pd.DataFrame({"g": ["A", "B"] * 20})
    plain = ethiclens.audit(y, p, groups, n_boot=100, random_state=0).to_json()
    as_decimals = ethiclens.audit(
        _decimals([f"{v}.00" for v in y]),
        _decimals(map(str, p)),
        groups,
        n_boot=100,
        random_state=0,
    )
    assert as_decimals.to_json() == plain
    with_pos_label = ethiclens.audit(
        _decimals([f"{v}.00" for v in y]), p, groups, pos_label=1, n_boot=100, random_state=0
    )
    assert with_pos_label.to_json() == plain


def test_a_decimal_half_label_is_refused_as_scores():
    y = _decimals(["0.00", "0.50", "1.00", "1.00"] * 5)
    with pytest.raises(EthicLensInputError, match=r"looks like scores.*0\.0, 0\.5, 1\.0\)"):
        ethiclens.audit(y, np.ones(20, int), G.head(20), n_boot=100, random_state=0)
