"""Round 22: a stray 0.5 among a 0/1 prediction column (held by few rows) is rows to drop or
correct for ``pcer audit`` as for ``audit`` (round 21's rule, ``is_zero_one_with_strays`` given
the rows holding it), not scores to threshold; many rows of 0.5 still look like scores."""

from __future__ import annotations

import numpy as np
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.privacy import SplitPredictions
from tests.test_checks_round17_labels import _three_faces

DROP = "drop those rows or correct their values to 0/1 (1 = the positive outcome)"


def _one_half(column):
    out = column.astype(float)
    out.iloc[3] = 0.5
    return out


def test_pcer_audit_gives_the_audits_advice_for_a_stray_half(tmp_path, capsys):
    errs = _three_faces(tmp_path, capsys, "pred", _one_half)
    for face in ("audit", "pcer"):
        assert DROP in errs[face], (face, errs[face])
        assert ">= 0.5" not in errs[face] and "threshold" not in errs[face], (face, errs[face])


def _split(pred):
    n = len(pred)
    return SplitPredictions(
        np.tile([0, 1], n // 2), pred, np.tile(["a", "b"], n // 2), name="train"
    )


@pytest.mark.parametrize(("halves", "stray"), [(1, True), (50, False)])
def test_split_predictions_weigh_the_half_by_its_rows(halves, stray):
    pred = np.tile([0.0, 1.0], 100)
    pred[:halves] = 0.5
    with pytest.raises(EthicLensInputError) as exc:
        _split(pred)
    fix = exc.value.fix
    assert (DROP in fix) == stray, fix
    assert ("(df['y_pred'] >= 0.5)" in fix) == (not stray), fix
