"""Round 27: blackbox_audit refuses what it cannot read instead of a silent number: a model
answering probabilities (truncated to 0 they read as no positive prediction, every gap 0), a
value other than 0/1 (a bare ValueError), one group (every gap 0) and no queries (NaN)."""

import numpy as np
import pytest

from ethiclens import EthicLensInputError
from ethiclens.p2nia import blackbox_audit

DOMAINS = {"g": ["a", "b"], "x": (0.0, 1.0)}


def test_zero_one_answers_are_read():
    est = blackbox_audit(lambda q: q["x"] > 0.5, DOMAINS, "g", 1000, random_state=0)
    same = blackbox_audit(lambda q: (q["x"] > 0.5) * 1.0, DOMAINS, "g", 1000, random_state=0)
    assert est == same and 0 < est["dp"] < 0.2


@pytest.mark.parametrize(
    "predict",
    [
        lambda q: q["x"].to_numpy(),  # probabilities: were all 0, every gap 0.0
        lambda q: (q["x"] > 0.5) * np.where(q["g"] == "a", 1.0, 0.6),
        lambda q: (q["x"] > 0.5) * 2,  # was ValueError: cannot reshape array
        lambda q: np.ones((len(q), 2)),
    ],
)
def test_scores_are_refused(predict):
    with pytest.raises(EthicLensInputError, match="predict.*0/1 prediction per query"):
        blackbox_audit(predict, DOMAINS, "g", 1000, random_state=0)


def test_one_group_and_no_queries_are_refused():
    with pytest.raises(EthicLensInputError, match="'g'.*single value"):
        blackbox_audit(lambda q: q["x"] > 0.5, {"g": ["a"], "x": (0.0, 1.0)}, "g", 100)
    with pytest.raises(EthicLensInputError, match="'n'"):
        blackbox_audit(lambda q: q["x"] > 0.5, DOMAINS, "g", 0)
