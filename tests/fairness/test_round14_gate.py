"""Round 14: a baseline refused for a different default reference names the references, not two
identical lists of protected columns."""

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError


def _csv(path, race_values, seed=0):
    rng = np.random.default_rng(seed)
    n = 900
    frame = pd.DataFrame(
        {
            "y": rng.integers(0, 2, n),
            "p": rng.integers(0, 2, n),
            "race": rng.choice(race_values, n, p=[0.6, 0.3, 0.1]),
        }
    )
    frame.to_csv(path, index=False)
    return str(path)


def test_a_default_reference_that_moved_is_named(tmp_path):
    kw = {"y_true": "y", "y_pred": "p", "protected": ["race"], "n_boot": 100, "random_state": 0}
    old = ethiclens.audit(_csv(tmp_path / "old.csv", ["A", "B", "C"]), **kw)
    new = ethiclens.audit(_csv(tmp_path / "new.csv", ["Ämé", "B", "C"]), **kw)
    with pytest.raises(EthicLensInputError) as err:
        new.gate(baseline=old.to_dict())
    text = str(err.value)
    assert "(the reference group each used) ['race=A'] -> ['race=Ämé']" in text
    assert "['race'] -> ['race']" not in text
