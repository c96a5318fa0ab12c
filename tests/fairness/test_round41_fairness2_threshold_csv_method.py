"""The threshold table's CSV (ThresholdTable.to_csv, ``ethiclens thresholds --csv``) says the
method and level of its intervals: its di_ci_low/eo_ci_high columns had neither (a CSV has no
config), unlike the JSON and every report."""

import io

import numpy as np
import pandas as pd

from ethiclens.fairness import threshold_table


def test_csv_intervals_say_their_method_and_level():
    rng = np.random.default_rng(0)
    n = 600
    y, s = rng.integers(0, 2, n), rng.random(n)
    g = pd.Series(rng.choice(["F", "M"], n), name="sex")
    t = threshold_table(y, s, g, n_boot=100, random_state=0, confidence_level=0.9)
    back = pd.read_csv(io.StringIO(t.to_csv()))
    drawn = back["di_ci_low"].notna() | back["eo_ci_low"].notna()
    assert drawn.any() and (~drawn).any()  # reference rows have no interval
    assert (back.loc[drawn, "ci_method"] == t.config["ci_method"]).all()
    assert (back.loc[drawn, "confidence_level"] == 0.9).all()
    assert back.loc[~drawn, ["ci_method", "confidence_level"]].isna().all().all()
    assert list(back.columns[: len(t.frame.columns)]) == list(t.frame.columns)  # kept, in order
