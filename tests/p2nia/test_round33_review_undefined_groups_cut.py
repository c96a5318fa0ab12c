"""Round 33 review (P2NIA): an UNDEFINED estimate's reason names the first ten groups with no
estimated rows (or labels), and how many more, as the audit names an intersection's first
crossings without rows: for 500 groups it listed ~490 names (4,000 characters a metric);
a few groups are still named each."""

import warnings

import numpy as np
import pandas as pd

from ethiclens.p2nia import estimate, make_request, release


def test_many_groups_without_rows_are_named_ten_and_counted():
    rng = np.random.default_rng(0)
    n = 600
    data = pd.DataFrame(
        {
            "g": [f"g{i % 200}" for i in range(n)],
            "y": rng.integers(0, 2, n),
            "pred": rng.integers(0, 2, n),
        }
    )
    req = make_request(400, "g", epsilon=3, protected_domain=sorted(set(data["g"])))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        est = estimate(release(req, data, "y", "pred", random_state=0), n_boot=0)
    for v in est.values.values():
        assert v["status"] == "UNDEFINED"
        assert len(v["reason"]) < 800, v["reason"]
        assert "group(s) g0, g1, g10, g100," in v["reason"], v["reason"]
        assert " more: the " in v["reason"] and " more: a release may" in v["reason"]
