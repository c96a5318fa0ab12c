"""``--propensity`` with rows kept with π = 1 exactly beside rows kept rarely ("label every
negative, sample 2 % of the positives"): a window whose drawn rows of a group all have π = 1
is not the unweighted one when a cell is empty (docs/monitoring.md, "Uneven sampling")."""

import math
import warnings

import numpy as np
import pandas as pd
import pytest

from ethiclens._jsonschema import validate
from ethiclens.monitor import read_store, run_monitor
from ethiclens.monitor._evidence import effective_counts
from ethiclens.monitor._sim import small_cell_false_alarms

from .conftest import SCHEMA
from .conftest import request_of as _req


def test_an_empty_cell_is_not_bet_on_even_when_every_drawn_row_has_propensity_one():
    """Every drawn π = 1, no predicted positive drawn: no effective rows, and the warning."""
    ones = {"n": (np.array([10.0]), np.array([10.0])), "sel": (np.array([0.0]), np.array([0.0]))}
    with pytest.warns(RuntimeWarning, match="not bet on"):
        out = effective_counts(ones)
    assert out["n"][0] == 0.0 and out["sel"][0] == 0.0


def _sampled_feed(folder, days):
    """Black's predicted positives kept with π = 0.02, every other row with π = 1; on day 2
    none of Black's predicted positives was drawn."""
    for f in sorted(days(folder, range(4)).glob("*.csv")):
        frame = pd.read_csv(f)
        black_pos = (frame["race"] == "Black") & (frame["pred"] == 1)
        frame["prop"] = np.where(black_pos, 0.02, 1.0)
        if f.name == "day002.csv":
            frame = frame[~black_pos]
        frame.to_csv(f, index=False)
    return folder


def test_a_window_of_propensity_one_rows_with_an_empty_cell_is_not_bet_on(tmp_path, days):
    """Day 2: Black's drawn rows all have π = 1 and none is predicted positive. Its rates are
    not bet on (the e-values stay those of day 1; before, its selection rate read 0 over all
    its rows and the DI bet won), the JSON says why, and the store opens again to go on."""
    feed = _sampled_feed(tmp_path / "feed", days)
    first = tmp_path / "first"
    first.mkdir()
    for f in sorted(feed.glob("*.csv"))[:3]:
        (first / f.name).write_bytes(f.read_bytes())
    store = tmp_path / "s.sqlite"
    with pytest.warns(RuntimeWarning, match="not bet on"):
        doc = run_monitor(_req(first, propensity="prop"), store).data
    validate(doc, SCHEMA)
    history = {c["group"]: c["history"] for c in doc["comparisons"]}
    day1, day2 = history["Black"][1], history["Black"][2]
    assert day2["counts"]["group"]["n"] > 50 and day2["counts"]["group"]["sel"] == 0
    assert all(day2["weighted"]["group"][k] == 0.0 for k in ("n", "sel", "pos", "neg"))
    reason = day2["weighted"]["reason"]
    for part in (
        "the group's selection rate (no predicted positive row)",
        "the group's TPR (no positive predicted positive row)",
        "the group's FPR (no negative predicted positive row)",
    ):
        assert part in reason
    for test in ("disparate_impact", "equalized_odds"):
        assert math.isclose(
            day2["tests"][test]["log_e_value"], day1["tests"][test]["log_e_value"], abs_tol=1e-12
        )
    assert "reason" not in day1["weighted"]
    assert all("reason" not in h["weighted"] for h in history["Asian"])
    assert read_store(store)  # a result holding the reason is a stored result's shape
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        more = run_monitor(_req(feed, propensity="prop"), store).data
    assert len(next(c for c in more["comparisons"] if c["group"] == "Black")["history"]) == 4


def test_propensity_one_beside_rare_propensities_keeps_the_false_alarm_rate():
    """100 rows per group per day at the null's boundary, every row kept with π = 1 but the
    compared group's predicted positives (π = 0.02), 1,000 streams × 100 days: before, every
    stream alarmed falsely (a window with no positive drawn read as unweighted)."""
    alpha = 0.05
    slack = 3 * math.sqrt(alpha * (1 - alpha) / 1000)
    rates = small_cell_false_alarms(100, (0.02, 1.0), alpha, streams=1000, seed=2041, ref_pi=1.0)
    assert rates["disparate_impact"] <= alpha + slack, rates
    assert rates["equalized_odds"] <= alpha + slack, rates
