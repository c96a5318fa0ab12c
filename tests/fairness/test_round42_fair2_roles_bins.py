"""Round 42: ``counts_of(df, Roles('p', ['g'], 'y', n_bins=5))`` wrote a table recorded as of
5 score bins with no score column, where ``audit_counts(..., n_bins=5)`` on such a table (and
``ethiclens counts --n-bins 5`` without ``--y-score``) refuses it: it would change nothing.
Now Roles refuses it in the audit's words; None (the default) and 10 stay as they were, and a
table an earlier version wrote that way is still read and audited."""

import json

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError
from ethiclens.sources import Roles, counts_of, read_counts

FRAME = pd.DataFrame(
    {"y": [0, 1, 1, 0] * 3, "p": [1, 1, 0, 0] * 3, "g": list("aabb") * 3, "s": [0.1, 0.9] * 6}
)


@pytest.mark.parametrize("n_bins", [5, np.int64(4), 1000, 2])
def test_bins_without_a_score_refused_as_the_audit_refuses_them(n_bins):
    with pytest.raises(EthicLensInputError) as err:
        Roles("p", ["g"], "y", n_bins=n_bins)
    assert err.value.column == "n_bins"
    assert "there is no y_score: it would change nothing" in err.value.problem
    table = counts_of(FRAME, Roles("p", ["g"], "y"))
    with pytest.raises(EthicLensInputError) as audit_err:  # the audit's refusal, same words
        ethiclens.audit_counts(table, protected=["g"], n_bins=n_bins)
    assert "it would change nothing" in audit_err.value.problem


def test_bad_bins_without_a_score_still_named_as_bad():
    with pytest.raises(EthicLensInputError, match=r"must be an integer in \[2, 1000\]"):
        Roles("p", ["g"], "y", n_bins=0)


def test_default_and_scored_bins_unchanged():
    assert Roles("p", ["g"], "y").n_bins == 10 == Roles("p", ["g"], "y", n_bins=10).n_bins
    assert counts_of(FRAME, Roles("p", ["g"], "y")).attrs["ethiclens_n_bins"] == 10
    scored = counts_of(FRAME, Roles("p", ["g"], "y", "s", n_bins=5))
    assert scored.attrs["ethiclens_n_bins"] == 5
    assert Roles("p", ["g"], "y", "s").n_bins == 10  # None: the default with a score too


def test_earlier_table_recording_bins_without_scores_still_audits(tmp_path):
    table = counts_of(FRAME, Roles("p", ["g"], "y"))
    path = tmp_path / "old.csv"
    table.to_csv(path, index=False)
    meta = {**table.attrs, "ethiclens_n_bins": 5}  # as counts_of wrote it before round 42
    (tmp_path / "old.csv.ethiclens.json").write_text(json.dumps(meta))
    back = read_counts(path)
    assert back.attrs["ethiclens_n_bins"] == 5
    got = ethiclens.audit_counts(back, protected=["g"], n_boot=100, random_state=0)
    want = ethiclens.audit_counts(table, protected=["g"], n_boot=100, random_state=0)
    pd.testing.assert_frame_equal(got.to_frame(), want.to_frame())
