"""Round 30 review: a release made in memory by release() for a request that tracks the
budget estimates as any release made in memory does (its budget record is written by
write_release): it was refused as a manifest missing its budget record, with the fix to ask
the platform for the original release."""

from __future__ import annotations

import numpy as np
import pandas as pd

from ethiclens.p2nia import estimate, make_request, read_release, release, write_release


def test_a_tracked_release_made_in_memory_estimates(tmp_path):
    rng = np.random.default_rng(0)
    n = 600
    data = pd.DataFrame(
        {"sex": rng.choice(["F", "M"], n), "y": rng.integers(0, 2, n), "p": rng.integers(0, 2, n)}
    )
    req = make_request(400, "sex", epsilon=5, protected_domain=["F", "M"], track_budget=True)
    rel = release(req, data, "y", "p", random_state=1)
    est = estimate(rel, n_boot=0)
    write_release(rel, tmp_path / "r")
    assert est.values == estimate(read_release(tmp_path / "r"), n_boot=0).values
    assert "budget" not in rel.manifest
