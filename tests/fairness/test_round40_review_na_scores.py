"""Review of 6686f1da (pd.NA/NaT scores read as missing): a NUMPY date or duration among the
objects of a score or weight column took numpy's float() instead: a date was the weight 18262
(accepted, its rows weighted by the days since 1970), a 5 s duration the weight 5, and
np.datetime64('NaT') a score or weight of -9.2e18 ('must lie in [0, 1]'). A pd.Timestamp cell
was refused as not a number and pd.NaT read as missing; the numpy ones now are too."""

import numpy as np
import pandas as pd
import pytest

import ethiclens as el
import ethiclens.fairness  # noqa: F401 - imported at collection, not in the first test
from ethiclens.errors import EthicLensInputError

N = 200
G = np.repeat(["a", "b"], N // 2)
Y, P = np.arange(N) % 2, (np.arange(N) // 2) % 2
S = np.linspace(0.05, 0.95, N)


def _with(values, cell):
    out = pd.Series(values, dtype=object)
    out.iloc[3] = cell
    return out


def _weight(cell):
    return el.audit(Y, P, {"g": G}, sample_weight=_with(np.ones(N), cell), n_boot=100)


def _score(cell):
    return el.threshold_table(
        Y, _with(S, cell), {"g": G}, thresholds=[0.5], n_boot=100, random_state=0
    )


@pytest.mark.parametrize("cell", [np.datetime64("2020-01-01"), np.timedelta64(5, "s")])
@pytest.mark.parametrize(("face", "words"), [(_weight, "weights"), (_score, "scores")])
def test_a_numpy_date_or_duration_cell_is_not_a_number(cell, face, words):
    with pytest.raises(EthicLensInputError, match=f"{words} must be numbers") as err:
        face(cell)
    assert "1 value is not a number, first at row 3" in str(err.value)


@pytest.mark.parametrize("cell", [np.datetime64("NaT"), np.timedelta64("NaT")])
def test_a_numpy_nat_is_missing_as_pd_nat_is(cell):
    with pytest.raises(EthicLensInputError, match=r"1 missing score\(s\), first at row 3"):
        _score(cell)
    with pytest.raises(EthicLensInputError, match=r"first at row 3 \(value: NaT\)"):
        _weight(cell)


def test_numbers_as_objects_still_read_as_the_floats():
    as_objects = _score(0.25).frame
    as_floats = el.threshold_table(
        Y,
        np.where(np.arange(N) == 3, 0.25, S),
        {"g": G},
        thresholds=[0.5],
        n_boot=100,
        random_state=0,
    ).frame
    pd.testing.assert_frame_equal(as_objects, as_floats)
