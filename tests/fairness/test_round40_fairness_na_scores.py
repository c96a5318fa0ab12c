"""Round 40: a score (or weight) column of objects holding pd.NA or NaT beside numbers said
'scores must be numbers in [0, 1]. Fix: pass probabilities' (no row, no value, and not that
it is missing), where the same column with None or NaN says '1 missing score(s), first at row
0'. Now pd.NA and NaT are missing as None and NaN are, on audit and threshold_table alike."""

import decimal

import numpy as np
import pandas as pd
import pytest

import ethiclens as el
import ethiclens.fairness  # noqa: F401 - imported at collection, not in the first test
from ethiclens.errors import EthicLensInputError

RNG = np.random.default_rng(0)
N = 200
G = RNG.choice(["a", "b"], N)
Y = RNG.integers(0, 2, N)
S = RNG.uniform(size=N)
P = (S > 0.5).astype(int)


def _faces(scores):
    yield lambda: el.audit(Y, P, {"g": G}, y_score=scores, n_boot=100)
    yield lambda: el.threshold_table(Y, scores, {"g": G}, n_boot=100)


@pytest.mark.parametrize("missing", [None, np.nan, pd.NA, pd.NaT])
def test_a_missing_score_is_named_missing_whatever_its_spelling(missing):
    scores = pd.Series([*S[:7], missing, *S[8:]], dtype=object)
    for face in _faces(scores):
        with pytest.raises(EthicLensInputError) as err:
            face()
        assert str(err.value).startswith("argument 'y_score': 1 missing score(s), first at row 7")


def test_decimals_beside_pd_na_and_bad_text_keep_their_words():
    scores = pd.Series([decimal.Decimal("0.5")] * (N - 1) + [pd.NA], dtype=object)
    with pytest.raises(EthicLensInputError, match=r"1 missing score\(s\), first at row 199"):
        el.audit(Y, P, {"g": G}, y_score=scores, n_boot=100)
    scores = pd.Series(["x", *[0.5] * (N - 2), pd.NA], dtype=object)
    with pytest.raises(EthicLensInputError, match=r"not a number, first at row 0 \(value: 'x'\)"):
        el.audit(Y, P, {"g": G}, y_score=scores, n_boot=100)
    weights = pd.Series([pd.NA] + [1.0] * (N - 1), dtype=object)
    with pytest.raises(EthicLensInputError, match=r"first at row 0 \(value: <NA>\)"):
        el.audit(Y, P, {"g": G}, sample_weight=weights, n_boot=100)
