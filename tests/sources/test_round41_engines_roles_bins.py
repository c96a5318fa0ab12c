"""Round 41: ``Roles(n_bins=0)`` (or 1, True) made counts_of write a counts table of score bin
-1 (or one bin) that only the auditor's ``audit_counts`` refused, and ``n_bins=10**30`` or NaN
escaped as a bare TypeError / ValueError. Now Roles refuses them as the audit does."""

import numpy as np
import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.sources import Roles, counts_of

FRAME = pd.DataFrame(
    {"y": [0, 1, 1, 0], "p": [1, 1, 0, 0], "g": list("aabb"), "s": [0.1, 0.9, 0.5, 0.2]}
)


@pytest.mark.parametrize("bad", [0, 1, True, np.bool_(True), 5.5, 1001, 10**30, float("nan"), "5"])
def test_bad_bin_counts_refused_as_the_audit_does(bad):
    with pytest.raises(EthicLensInputError) as err:
        Roles(y_true="y", y_pred="p", protected=["g"], y_score="s", n_bins=bad)
    assert str(err.value).startswith("argument 'n_bins': must be an integer in [2, 1000]")


def test_good_bin_counts_still_count():
    for good in (2, np.int64(5), 1000):
        roles = Roles(y_true="y", y_pred="p", protected=["g"], y_score="s", n_bins=good)
        assert counts_of(FRAME, roles).attrs["ethiclens_n_bins"] == int(good)
