"""Round 48 (review of 1ca0a313, class: a metric's cells narrower than it reads, with labels).

``selection_rate(cells, labelled=True)`` reads (tp, fp, fn, tn), but its guard asked for one
cell (the unlabelled (selected, not) layout): ``[[1, 2]]`` with labels gave a silent 1.0
(tp + fp was the whole row) and ``[[5]]`` an IndexError; disparate_impact and
statistical_parity_difference alike. Now refused naming ``cells``; unlabelled cells as before."""

import numpy as np
import pytest

from ethiclens import EthicLensInputError
from ethiclens.fairness import _metrics as m


@pytest.mark.parametrize(
    "call",
    [
        lambda c: m.selection_rate(c, True),
        lambda c: m.disparate_impact(c, [[40, 10, 5, 45]], True),
        lambda c: m.statistical_parity_difference(c, [[40, 10, 5, 45]], True),
    ],
    ids=["selection_rate", "disparate_impact", "statistical_parity_difference"],
)
@pytest.mark.parametrize("cells", [[[1, 2]], [[5]], np.ones((3, 2))], ids=["2", "1", "3x2"])
def test_labelled_cells_narrower_than_four_are_refused(call, cells):
    with pytest.raises(EthicLensInputError, match=r"^argument 'cells': must hold 4 counts"):
        call(cells)


def test_unlabelled_and_four_cells_read_as_before():
    assert m.selection_rate([[1, 2]], False)[0] == pytest.approx(1 / 3)
    assert m.selection_rate([40, 10, 5, 45], True) == pytest.approx(0.5)
