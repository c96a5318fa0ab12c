"""Round 33: a refused score of ``analyze_counterfactuals`` told a Python caller to "drop
--y-score", a flag Python has not; its fix names both faces' words, as the oracle's do."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.probes import analyze_counterfactuals, make_counterfactuals


def test_a_refused_score_names_the_python_keyword_too():
    cf = make_counterfactuals(pd.DataFrame({"sex": ["M", "F", "M"], "age": [1, 2, 3]}), "sex")
    n = len(cf)
    with pytest.raises(ethiclens.EthicLensInputError) as info:
        analyze_counterfactuals(cf, np.ones(n, int), y_score=np.r_[np.nan, np.full(n - 1, 0.5)])
    assert "y_score in Python" in info.value.fix and "--y-score" in info.value.fix
