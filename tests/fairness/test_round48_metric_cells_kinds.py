"""Round 48 (api battery, class: a metric function's cells given as no array of counts).

The exported metric functions of ``ethiclens.fairness`` (selection_rate, true_positive_rate,
false_positive_rate, accuracy, theil_index; the registry's built-ins, which README and ADR
0010 show) given None, text, bytes, a set, a dict, a 0-d array, an empty frame or a generator
crashed with numpy's TypeError/ValueError ("float() argument must be ... not 'set'") or an
IndexError (two counts where four are read). Each now refuses them naming ``cells`` and the
fix; counts given as an array, a list or a list of rows are read as before."""

import numpy as np
import pandas as pd
import pytest

from ethiclens import EthicLensInputError
from ethiclens import fairness as fx

FUNCTIONS = {
    "selection_rate": lambda cells: fx.selection_rate(cells, True),
    "true_positive_rate": fx.true_positive_rate,
    "false_positive_rate": fx.false_positive_rate,
    "accuracy": fx.accuracy,
    "theil_index": fx.theil_index,
}
BAD = [None, "x", b"x", bytearray(b"x"), {1, 2}, {"a": 1}, np.array(1.0), pd.DataFrame()]


@pytest.mark.parametrize("bad", BAD, ids=lambda v: type(v).__name__)
@pytest.mark.parametrize("fn", FUNCTIONS.values(), ids=FUNCTIONS)
def test_cells_that_are_no_counts_are_refused(fn, bad):
    with pytest.raises(EthicLensInputError, match="^argument 'cells': must "):
        fn(bad)


@pytest.mark.parametrize("name", ["true_positive_rate", "accuracy", "theil_index"])
def test_too_few_counts_are_refused(name):
    with pytest.raises(EthicLensInputError, match="must hold 4 counts .tp, fp, fn, tn."):
        FUNCTIONS[name]([[1, 2]])


def test_counts_are_read_as_before():
    assert fx.accuracy([40, 10, 5, 45]) == 0.85
    assert fx.true_positive_rate(np.array([[40, 10, 5, 45]]))[0] == 40 / 45
    assert fx.true_positive_rate.__name__ == "true_positive_rate"
    assert fx.selection_rate([[30, 70]], False)[0] == 0.3
