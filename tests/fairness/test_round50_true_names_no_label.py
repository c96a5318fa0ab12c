"""pos_label=True on labels 1/2 (round 50): True == 1 in Python, so the 1s were counted as
positive without a word, though labels 1/2 hold no True (the positive could as well be 2).
True and False name 1 and 0 only of labels 0/1 (or True/False); of other numbers they name no
value and are refused, the labels named, as the text 'true' is on an integer column."""

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.sources import Roles, counts_of

dd = pytest.importorskip("dask.dataframe")

_RNG = np.random.default_rng(5)
_ROWS = pd.DataFrame(
    {
        "y": _RNG.integers(1, 3, 200),
        "p": _RNG.integers(1, 3, 200),
        "g": _RNG.choice(["a", "b"], 200),
    }
)


def _audit(face, rows, pos_label):
    if face == "arrays":
        return ethiclens.audit(rows.y, rows.p, rows.g, pos_label=pos_label, n_boot=100)
    if face == "counts":
        table = counts_of(rows, Roles(y_true="y", y_pred="p", protected=["g"]))
        return ethiclens.audit_counts(table, pos_label=pos_label, n_boot=100)
    frame = dd.from_pandas(rows, npartitions=2)
    return ethiclens.audit_frame(
        frame, y_true="y", y_pred="p", protected="g", pos_label=pos_label, n_boot=100
    )


@pytest.mark.parametrize("face", ["arrays", "counts", "dask"])
@pytest.mark.parametrize("flag", [True, np.False_])
def test_true_or_false_on_labels_one_two_is_refused(face, flag):
    with pytest.raises(ethiclens.EthicLensInputError) as exc:
        _audit(face, _ROWS, flag)
    text = str(exc.value)
    assert "pos_label" in text and "1, 2" in text


@pytest.mark.parametrize("face", ["arrays", "counts"])
def test_true_on_labels_zero_one_is_still_one(face):
    rows = _ROWS.assign(y=_ROWS.y - 1, p=_ROWS.p - 1)
    got = _audit(face, rows, True).by_group()["selection_rate"].tolist()
    assert got == _audit(face, rows, 1).by_group()["selection_rate"].tolist()
