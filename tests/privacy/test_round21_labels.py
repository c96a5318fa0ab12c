"""Round 21: a 0/1 prediction column with a stray 1.5 is rows to drop or correct, as a stray 2
is, on every face (``audit``, ``pcer audit``, ``p2nia release``); the threshold advice
"(df['pred'] >= T)" is for scores, which a stray value beside 0/1 is not."""

from __future__ import annotations

import numpy as np
import pytest

from ethiclens._checks import label_fix
from tests.test_checks_round17_labels import _three_faces

DROP = "drop those rows or correct their values to 0/1 (1 = the positive outcome)"


def _stray(value):
    def change(column):
        out = column.astype(float)
        out.iloc[3] = value
        return out

    return change


@pytest.mark.parametrize("value", [1.5, 2.0])
def test_a_stray_value_among_zero_one_predictions_is_dropped_or_corrected_everywhere(
    tmp_path, capsys, value
):
    errs = _three_faces(tmp_path, capsys, "pred", _stray(value))
    for face, err in errs.items():
        assert DROP in err, (face, err)
        assert "threshold" not in err and ">= T" not in err, (face, err)


@pytest.mark.parametrize(
    ("values", "words"),
    [
        ([0.0, 1.0, 1.5], DROP),
        ([0, 1, -1, 7.25], DROP),
        ([0, 1, 2, 3], DROP),
        ([0.0, 0.5, 1.0], "(df['y'] >= 0.5).astype(int)"),  # a stray 0.5 may be a score
        ([0, 1, 1.5, 2.5, 3.5], "(df['y'] >= T).astype(int)"),  # three others: scores
        (list(np.linspace(0, 1, 11)), "(df['y'] >= 0.5).astype(int)"),
    ],
)
def test_strays_beside_zero_one_are_told_apart_from_scores(values, words):
    assert words in label_fix("y", values)
