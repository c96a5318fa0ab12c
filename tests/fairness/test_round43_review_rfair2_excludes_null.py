"""Round 43 review (rfair2): the compare JSON wrote interval_excludes_zero: false for a B − A
with no interval (a group below its sample floor), as if the data gave an interval spanning
0; undefined is null, never false. Now null there (the schema takes it), true/false where an
interval was drawn, and summary.intervals_excluding_zero unchanged."""

from __future__ import annotations

import numpy as np

from ethiclens.fairness import compare
from ethiclens.report import validate_comparison


def test_no_interval_is_null_and_drawn_intervals_stay_boolean():
    rng = np.random.default_rng(0)
    n = 2000
    g = np.where(np.arange(n) < 12, "small", np.where(np.arange(n) % 2, "a", "b"))
    y, a = rng.integers(0, 2, n), rng.integers(0, 2, n)
    b = a.copy()
    b[:400] = 1
    doc = compare(y, a, b, g, n_boot=100, random_state=0, reference="a").to_dict()
    validate_comparison(doc)  # null is the schema's
    said = {}
    for d in doc["differences"] + doc["group_differences"]:
        drawn = d["difference"]["ci_low"] is not None and d["difference"]["ci_high"] is not None
        said.setdefault(drawn, []).append(d["interval_excludes_zero"])
    assert said[False] and all(v is None for v in said[False])
    assert said[True] and all(isinstance(v, bool) for v in said[True]) and any(said[True])
    excluding = [
        f"{d['attribute']}:{d['group']} {d['metric']}"
        for d in doc["differences"]
        if d["interval_excludes_zero"] is True
    ]
    assert doc["summary"]["intervals_excluding_zero"] == excluding
    assert not any("small" in k for k in excluding)
