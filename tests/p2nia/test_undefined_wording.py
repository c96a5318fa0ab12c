"""An UNDEFINED metric has no interval, and says so as PCER does: ci_method "none (undefined)",
not the bootstrap's name."""

import numpy as np
import pandas as pd

from ethiclens.p2nia import estimate, make_request, release


def test_an_undefined_metric_names_no_interval_method():
    rng = np.random.default_rng(0)
    n = 4000
    group = rng.choice(["A", "B"], n)
    label = np.where(group == "B", 0, rng.integers(0, 2, n))  # B: no positive labels
    data = pd.DataFrame({"g": group, "y": label, "p": rng.integers(0, 2, n)})
    rel = release(make_request(3000, "g", epsilon=10_000), data, "y", "p", random_state=0)
    values = estimate(rel, n_boot=200, random_state=0).values
    for metric in ("eo", "eopp"):
        assert values[metric]["status"] == "UNDEFINED"
        assert values[metric]["ci_low"] is None and values[metric]["ci_high"] is None
        assert values[metric]["ci_method"] == "none (undefined)"
    assert values["dp"]["ci_method"].startswith("percentile bootstrap")
