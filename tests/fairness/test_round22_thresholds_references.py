"""Round 22: the threshold view refers an intersection to the crossing of its attributes'
given references, as the audit and compare do (``Caucasian&Female``), not to its largest
crossed group; so at the audited threshold its intersectional rows are the audit's."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import ethiclens


def _data(integer: bool, seed=3, n=4000):
    rng = np.random.default_rng(seed)
    scores = rng.uniform(0, 1, n)
    labels = (rng.random(n) < scores).astype(int)
    if integer:
        race = rng.choice([1, 2, 3], n, p=[0.6, 0.3, 0.1])
        sex = rng.choice([0, 1], n, p=[0.3, 0.7])
        reference = {"race": 2, "sex": 0}  # the largest crossing is 1&1
    else:
        race = rng.choice(["A", "B", "C"], n, p=[0.6, 0.3, 0.1])
        sex = rng.choice(["F", "M"], n, p=[0.3, 0.7])
        reference = {"race": "B", "sex": "F"}  # the largest crossing is A&M
    return scores, labels, {"race": race, "sex": sex}, reference


@pytest.mark.parametrize("integer", [False, True])
@pytest.mark.parametrize("frame", [False, True])
def test_intersection_reference_and_intervals_are_the_audits(integer, frame):
    scores, labels, groups, reference = _data(integer)
    groups = pd.DataFrame(groups) if frame else groups  # a frame, or a dict of arrays
    common = dict(reference=reference, intersections=[("race", "sex")], n_boot=400, random_state=11)
    table = ethiclens.threshold_table(labels, scores, groups, step=0.1, **common)
    audit = ethiclens.audit(labels, (scores >= 0.5).astype(int), groups, **common)
    crossed = f"{reference['race']}&{reference['sex']}"
    refs = table.frame.groupby("attribute")["reference"].unique()
    assert [str(r) for r in refs["race&sex"]] == [crossed]
    assert {a.name: a.reference for a in audit.attributes}["race&sex"] == crossed
    rows = table.frame[table.frame["audited"] & (table.frame["attribute"] == "race&sex")]
    checked = 0
    for comp in (c for c in audit.comparisons if c.attribute == "race&sex"):
        row = rows[rows["group"].astype(str) == comp.group].iloc[0]
        assert str(row["reference"]) == comp.reference
        for short, name in (("di", "disparate_impact"), ("eo", "equalized_odds_difference")):
            m = comp.metrics[name]
            got = [row[f"{short}_ci_low"], row[f"{short}_ci_high"]]
            assert got == [m.ci_low, m.ci_high], (comp.group, short)
            checked += 1
    assert checked >= 8


def test_an_unknown_attributes_reference_is_refused_as_by_the_audit():
    scores, labels, groups, _ = _data(False)
    with pytest.raises(ethiclens.EthicLensInputError) as exc:
        ethiclens.threshold_table(labels, scores, groups, reference={"rase": "A"}, n_boot=100)
    assert "reference given for an unknown attribute" in str(exc.value)
