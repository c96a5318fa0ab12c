"""Round 27: a group label holding a lone surrogate (text no file can hold, e.g. a name decoded
with ``surrogateescape``) is refused naming it, whatever form the groups take; it crashed with
pandas' UnicodeEncodeError (a dict or an array), or audited and then failed writing the HTML
report (a DataFrame)."""

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError

N = 200
GROUPS = ["a\ud800"] * 100 + ["b"] * 100


@pytest.mark.parametrize(
    "groups",
    [
        {"g": GROUPS},
        np.array(GROUPS, dtype=object),
        pd.DataFrame({"g": pd.Series(GROUPS, dtype=object)}),
    ],
    ids=["dict", "array", "frame"],
)
def test_a_lone_surrogate_in_a_group_label_is_refused(groups):
    with pytest.raises(EthicLensInputError) as exc:
        ethiclens.audit(np.arange(N) % 2, (np.arange(N) // 3) % 2, groups, n_boot=100)
    text = str(exc.value)
    assert "not valid Unicode text" in text and "'a\\ud800'" in text and "Fix:" in text
