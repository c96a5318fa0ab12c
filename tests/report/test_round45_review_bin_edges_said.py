"""Round 45 review of 193d9a68: the HTML report's 'Audit settings' list printed the new
config.bins as the JSON's floats ('age: bin edges 0.0, 40.0, 120.0') where the group changes
above it say 'age: binned at edges 0, 40, 120': one edge, two spellings in one report."""

import re

import matplotlib.figure  # noqa: F401 - imported when collected, not in a test's time
import numpy as np
import pandas as pd

from ethiclens import audit
from ethiclens.report import render_html

R = np.random.default_rng(0)
N = 400
FRAME = pd.DataFrame({"age": R.integers(18, 90, N), "y": R.integers(0, 2, N)})
FRAME["p"] = R.integers(0, 2, N)


def test_settings_list_prints_edges_as_the_group_changes_do():
    result = audit(FRAME.y, FRAME.p, FRAME[["age"]], bins={"age": [0, 40.5, 120]}, n_boot=100)
    assert result.config["bins"] == {"age": [0.0, 40.5, 120.0]}  # the JSON keeps its floats
    html = render_html(result)
    assert "age: binned at edges 0, 40.5, 120" in html
    listed = re.search(r"age: bin edges</dt><dd>([^<]*)", html).group(1)
    assert listed == "0, 40.5, 120"
