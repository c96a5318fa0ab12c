"""Shared builders of the P2NIA tests."""

from __future__ import annotations

import numpy as np
import pandas as pd


def audit_frame(n: int, seed: int, **extra) -> pd.DataFrame:
    """Audit rows for a release: the group ``sex`` (F/M), labels ``y`` and predictions ``pred``
    right 80% of the time, then each ``extra`` column as ``extra[name](rng, n)`` draws it, in
    the order given, from the same generator after those three."""
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 2, n)
    columns = {
        "sex": rng.choice(["F", "M"], n),
        "y": y,
        "pred": np.where(rng.random(n) < 0.8, y, 1 - y),
    }
    columns.update({name: draw(rng, n) for name, draw in extra.items()})
    return pd.DataFrame(columns)
