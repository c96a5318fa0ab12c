"""Round 27: the default reference is the largest group among those with weight on every
engine. threshold_table took the largest group by rows even when its weights were all 0, so
every comparison at every threshold was UNDEFINED where audit, compare and audit_counts
compared with the next largest group."""

from __future__ import annotations

import numpy as np
import pandas as pd

from ethiclens.fairness import audit, audit_counts, compare, threshold_table
from ethiclens.sources import counts_of
from ethiclens.sources._counts_table import Roles


def _rows():
    rng = np.random.default_rng(0)
    n = 600
    g = rng.choice(["a", "b", "c"], n, p=[0.5, 0.3, 0.2])  # a: the largest, weighted all 0
    y = rng.integers(0, 2, n)
    s = rng.uniform(0, 1, n)
    w = np.where(g == "a", 0.0, rng.uniform(0.5, 2, n))
    return g, y, s, w


def test_every_engine_refers_to_the_largest_group_with_weight():
    g, y, s, w = _rows()
    p = (s >= 0.5).astype(int)
    result = audit(y, p, g, sample_weight=w, random_state=0, n_boot=200)
    assert result.attributes[0].reference == "b"
    table = threshold_table(y, s, g, sample_weight=w, thresholds=[0.5], random_state=0, n_boot=200)
    frame = table.frame
    assert set(frame["reference"]) == {"b"}
    at = frame[frame["threshold"] == 0.5].set_index("group")
    for c in result.comparisons:  # the audited threshold's verdicts are the audit's
        assert at.loc[c.group, "status"] == c.status
    assert at.loc["c", "status"] != "UNDEFINED"
    other = np.random.default_rng(1).integers(0, 2, len(y))
    pairs = compare(y, p, other, g, sample_weight=w, random_state=0, n_boot=200).to_dict()
    assert {d["reference"] for d in pairs["differences"]} == {"b"}
    frame = pd.DataFrame({"g": g, "y_true": y, "y_pred": p, "w": w})
    roles = Roles(y_pred="y_pred", protected=["g"], y_true="y_true", weight="w")
    assert audit_counts(counts_of(frame, roles), random_state=0).attributes[0].reference == "b"


def test_a_given_reference_is_kept_and_unweighted_keeps_the_largest():
    g, y, s, w = _rows()
    given = threshold_table(y, s, g, sample_weight=w, reference="a", thresholds=[0.5], n_boot=100)
    assert set(given.frame["reference"]) == {"a"}
    plain = threshold_table(y, s, g, thresholds=[0.5], n_boot=100)
    assert set(plain.frame["reference"]) == {"a"}
