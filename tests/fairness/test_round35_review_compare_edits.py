"""Round 35 review: compare runs two audits on one merge_groups/exclude_groups, so a
generator among its groups (which 05f68c58 takes) is read once for both (was: the second audit
found it used up, 'a merge needs two or more groups (value: [])', or an exclusion not made and
'argument 'group': no comparison race:d')."""

import numpy as np
import pandas as pd
import pytest

import ethiclens


def _data():
    rng = np.random.default_rng(3)
    n = 800
    y, p = rng.integers(0, 2, n), rng.integers(0, 2, n)
    q = np.where(np.arange(n) < 80, 1 - p, p)
    return y, p, q, pd.DataFrame({"race": rng.choice(["a", "b", "c", "d"], n)})


@pytest.mark.parametrize(
    ("key", "listed", "given"),
    [
        ("exclude_groups", {"race": ["d"]}, lambda: {"race": (g for g in ["d"])}),
        ("exclude_groups", {"race": ["d"]}, lambda: {"race": iter(["d"])}),
        ("merge_groups", {"race": {"cd": ["c", "d"]}}, lambda: {"race": {"cd": iter("cd")}}),
    ],
    ids=["exclude-generator", "exclude-iterator", "merge-iterator"],
)
def test_compare_reads_a_generator_of_groups_once_for_both_audits(key, listed, given):
    y, p, q, sf = _data()
    kw = dict(sensitive_features=sf, n_boot=100, random_state=0)
    want = ethiclens.compare(y, p, q, **{key: listed}, **kw).to_dict()
    got = ethiclens.compare(y, p, q, **{key: given()}, **kw).to_dict()
    assert got == want
