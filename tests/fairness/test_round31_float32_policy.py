"""Round 31: a float32 policy threshold (``di_threshold=np.float32(0.8)``, as a float32 column
of settings gives it) was kept as 0.800000011920929: written so into the JSON and the report's
run record, and judged against. It is read as the 0.8 it prints as, as float32 edges,
thresholds and columns are."""

import json

import numpy as np

import ethiclens


def test_a_float32_threshold_is_the_decimal_it_prints_as():
    policy = ethiclens.Policy(di_threshold=np.float32(0.8), eo_threshold=np.float32(0.1))
    assert (policy.di_threshold, policy.eo_threshold) == (0.8, 0.1)
    r = np.random.default_rng(0)
    n = 300
    y, p = r.integers(0, 2, n), r.integers(0, 2, n)
    g = np.array(["x", "y"])[np.arange(n) % 2]
    result = ethiclens.audit(y, p, g, n_boot=100, random_state=0, di_threshold=np.float32(0.8))
    assert json.loads(result.to_json())["config"]["policy"]["di_threshold"] == 0.8
