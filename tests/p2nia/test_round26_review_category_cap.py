"""Round 26 review: the cap of 20 category values is a release's (its manifest publishes the
domain), not the experiments' fits: the P2NIA paper's workload releases every feature of
adult, whose native-country holds 41 text values, and writes no manifest."""

import numpy as np
import pandas as pd

from ethiclens.p2nia import _synth


def test_an_experiment_fit_encodes_a_text_column_of_more_than_20_values():
    rng = np.random.default_rng(0)
    n = 400
    audit = pd.DataFrame(
        {
            "sex": rng.choice(["F", "M"], n),
            "country": [f"c{i % 30}" for i in range(n)],
            "_y": rng.integers(0, 2, n),
            "_pred": rng.integers(0, 2, n),
        }
    )
    drawn = _synth.experiment_columns(audit, "sex", ["F", "M"], [], {}, workload="paper")
    data, meta, _ = _synth._encode(drawn, False)
    assert meta["country"]["k"] == 30
    assert data["country"].max() == 29
