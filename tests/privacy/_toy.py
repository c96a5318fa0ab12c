"""A toy prepared split the trainer tests share: 40 rows, two features, groups A/B of one
attribute ``g``, labels alternating (enough for either trainer's one quick epoch)."""

from __future__ import annotations

import numpy as np

from ethiclens.privacy import PreparedData


def toy_split(name: str = "toy") -> PreparedData:
    """The toy split, its ``dataset`` named ``name``."""
    y = np.tile(np.array([0.0, 1.0], dtype=np.float32), 20)
    names = {"g": np.tile(np.array(["A", "B"]), 20)}
    return PreparedData(
        dataset=name,
        X_train=np.zeros((40, 2), dtype=np.float32),
        X_test=np.zeros((40, 2), dtype=np.float32),
        y_train=y,
        y_test=y,
        groups_train=names,
        groups_test=names,
        positive_is_favorable=True,
        description="toy",
        group_orders={"g": ("A", "B")},
    )
