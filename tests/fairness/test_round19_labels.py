"""Labels, round 19 of the tester's findings.

- labels of two types that print the same (1 and '1': a folder of files of two types, a
  database column) are refused whatever ``pos_label`` is given: with ``pos_label='1'`` every
  integer 1 was counted as negative (wrong numbers, exit 0).
"""

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
        ethiclens.audit(Y, P, G, pos_label=pos_label, n_boot=20, random_state=0)
