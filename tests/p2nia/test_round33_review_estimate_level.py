"""Round 33 review (P2NIA): an estimate at another confidence level says so where its intervals
are named, as the audit's "90% intervals: ..." does: ``estimate(level=0.9)``'s terminal line read
"intervals: ..." as at 95% (only the JSON's config.confidence_level told them apart). The
default level's line is unchanged."""

import numpy as np
import pandas as pd

from ethiclens.p2nia import estimate, make_request, release


def _release():
    rng = np.random.default_rng(0)
    n = 2000
    data = pd.DataFrame(
        {"sex": rng.choice(["F", "M"], n), "y": rng.integers(0, 2, n), "p": rng.integers(0, 2, n)}
    )
    req = make_request(2000, "sex", epsilon=10.0, protected_domain=["F", "M"])
    return release(req, data, "y", "p", random_state=0)


def test_the_level_is_stated_beside_the_intervals():
    rel = _release()
    line = estimate(rel, n_boot=100, random_state=0, level=0.9).lines()[-1]
    default = estimate(rel, n_boot=100, random_state=0)
    assert line == "  90% intervals: " + default.interval_method
    assert default.lines()[-1] == "  intervals: " + default.interval_method
    none = estimate(rel, n_boot=0, level=0.9).lines()[-1]
    assert none == "  intervals: not computed (--n-boot 0; n_boot=0 in Python)"
