"""Round 34 review: a reference a merge took in (reference A, merge A,B:AB) was followed to the
merged group by a spec, the command line, a config file and a file's audit ('g: reference
group AB (given as A, merged into AB)', docs/methodology.md; docs/monitoring.md: "a reference
given as A follows the merge"), while audit, audit_counts, compare and threshold_table given
arrays refused it. Every face now follows it; an excluded reference is still refused."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.fairness import audit, compare, threshold_table

RNG = np.random.default_rng(0)
N = 1200
GROUPS = pd.DataFrame({"g": RNG.choice(["A", "B", "C"], N), "s": RNG.choice(["x", "y"], N)})
Y, P, SCORE = RNG.integers(0, 2, N), RNG.integers(0, 2, N), RNG.random(N)
MERGE = {"g": {"AB": ["A", "B"]}}


def _references(kind, **kw):
    if kind == "audit":
        return {a.name: a.reference for a in audit(Y, P, GROUPS, n_boot=100, **kw).attributes}
    if kind == "compare":
        return {
            v.attribute: v.reference
            for v in compare(Y, P, 1 - P, GROUPS, n_boot=100, **kw).verdicts
        }
    frame = threshold_table(Y, SCORE, GROUPS, n_boot=100, **kw).frame
    return dict(frame[["attribute", "reference"]].drop_duplicates().values.tolist())


@pytest.mark.parametrize("kind", ["audit", "compare", "thresholds"])
def test_a_merged_reference_is_followed_to_the_merged_group(kind):
    got = _references(
        kind, reference={"g": "A", "s": "x"}, merge_groups=MERGE, intersections=[("g", "s")]
    )
    assert got == {"g": "AB", "s": "x", "g&s": "AB&x"}


def test_a_single_attributes_reference_follows_too():
    result = audit(Y, P, GROUPS[["g"]], reference="B", merge_groups=MERGE, n_boot=100)
    assert result.attributes[0].reference == "AB"
    assert result.attributes[0].reference_source == "given"


@pytest.mark.parametrize("kind", ["audit", "compare", "thresholds"])
def test_an_excluded_reference_is_still_refused(kind):
    with pytest.raises(EthicLensInputError, match="the reference group 'A' of g is excluded"):
        _references(kind, reference={"g": "A"}, exclude_groups={"g": ["A"]})
