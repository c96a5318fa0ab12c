"""Round 27: ``pcer audit`` reads a CSV's group names as written, as a P2NIA release reads
its protected column: parsed as numbers, the groups '1', '01' and '1.0' were all the group
1.0 (merged into one; the audit then refused 'needs at least two groups', or audited fewer
groups than the file holds)."""

import numpy as np
import pandas as pd

from ethiclens.privacy import pcer_audit, read_splits


def _write(path, groups, rng):
    n = len(groups)
    y = rng.integers(0, 2, n)
    frame = pd.DataFrame({"g": groups, "y": y, "p": np.where(rng.random(n) < 0.85, y, 1 - y)})
    frame.to_csv(path, index=False)


def test_numeric_looking_groups_stay_apart(tmp_path):
    rng = np.random.default_rng(0)
    names = ["1", "01", "1.0", "007"]
    _write(tmp_path / "train.csv", np.repeat(names, 60), rng)
    _write(tmp_path / "test.csv", np.repeat(names, 40), rng)
    train, test = read_splits(
        tmp_path / "train.csv", tmp_path / "test.csv", y_true="y", y_pred="p", protected="g"
    )
    result = pcer_audit(train, test, n_boot=240)  # 4 groups: 240 for 1 − 0.05/12
    assert sorted(result.group_order) == sorted(names)
    assert [g.n_train for g in result.groups] == [60] * 4
