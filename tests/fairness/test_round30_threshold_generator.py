"""Round 30: thresholds given as a generator (or any iterator) are read once as the thresholds
they yield, as bin edges are; they were refused as "1 threshold(s) are not numbers" showing the
generator object."""

import numpy as np

import ethiclens


def test_thresholds_from_a_generator_are_the_thresholds():
    rng = np.random.default_rng(0)
    y, s, g = rng.integers(0, 2, 200), rng.uniform(0, 1, 200), rng.choice(["a", "b"], 200)
    given = ethiclens.threshold_table(
        y, s, {"g": g}, thresholds=[0.3, 0.7], n_boot=100, random_state=0
    )
    made = ethiclens.threshold_table(
        y, s, {"g": g}, thresholds=(t / 10 for t in (3, 7)), n_boot=100, random_state=0
    )
    assert made.config["thresholds"] == given.config["thresholds"] == [0.3, 0.5, 0.7]
    assert made.frame.equals(given.frame)
