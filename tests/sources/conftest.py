"""Shared data for the data-engine tests: weights and scores that are multiples of a power of two,
so every engine's floating-point sums are exact in any order and reports compare bit for bit."""

import numpy as np
import pandas as pd
import pytest


def make_frame(seed: int = 0, n: int = 3000) -> pd.DataFrame:
    r = np.random.default_rng(seed)
    race = r.choice(["A", "B", "C", "D"], n, p=[0.5, 0.3, 0.15, 0.05])
    return pd.DataFrame(
        {
            "race": race,
            "sex": r.choice(["F", "M"], n),
            "y": r.integers(0, 2, n),
            "p": (r.random(n) < 0.3 + 0.2 * (race == "A")).astype(int),
            "s": np.round(r.random(n) * 1024) / 1024,
            "w": r.choice([0.5, 1.0, 1.5, 2.0, 3.25], n),
        }
    )


@pytest.fixture
def frame():
    return make_frame(0)
