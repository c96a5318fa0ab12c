"""Round 46: n_bins=None is the default number of ECE bins (10) on every face of the engine.
audit(..., n_bins=None) was refused ('must be an integer in [2, 1000]', no value shown) where
audit_counts, audit_frame, sources.Roles and check_score_bins read None as the default."""

import numpy as np
import pandas as pd

import ethiclens
from ethiclens.sources import Roles, counts_of

RNG = np.random.default_rng(0)
N = 400
FRAME = pd.DataFrame(
    {"y": RNG.integers(0, 2, N), "s": RNG.random(N), "g": RNG.choice(["a", "b"], N)}
)
FRAME["p"] = (FRAME.s > 0.5).astype(int)
KW = dict(n_boot=100, random_state=0)


def test_audit_reads_none_as_the_default_bins():
    none = ethiclens.audit(FRAME.y, FRAME.p, FRAME.g, y_score=FRAME.s, n_bins=None, **KW)
    default = ethiclens.audit(FRAME.y, FRAME.p, FRAME.g, y_score=FRAME.s, **KW)
    assert none.to_dict()["config"]["ece_bins"] == 10
    pd.testing.assert_frame_equal(none.by_group(), default.by_group())
    table = counts_of(FRAME, Roles(y_true="y", y_pred="p", y_score="s", protected=["g"]))
    counted = ethiclens.audit_counts(table, n_bins=None, **KW)
    assert counted.to_dict()["config"]["ece_bins"] == 10


def test_audit_without_scores_takes_none_too():
    result = ethiclens.audit(FRAME.y, FRAME.p, FRAME.g, n_bins=None, **KW)
    assert result.to_dict()["config"]["ece_bins"] == 10
