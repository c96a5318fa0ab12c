"""The empty-cell warning of weighted rows ("… not bet on …") names the windows a run absorbs:
a resumed run whose TARGET still holds a window an earlier run absorbed (a growing file) does
not warn of it again, not even a run that adds no window."""

import warnings

import numpy as np
import pandas as pd

from ethiclens.monitor import run_monitor

from .conftest import request_of


def _feed(path, days: int, thin_days=(0,)):
    """Groups A (weighted, uneven) and B (weight 1); on ``thin_days`` no row of A predicted
    positive was drawn, an empty (label, prediction) cell."""
    rng = np.random.default_rng(3)
    rows = []
    for d in range(days):
        day = pd.Timestamp("2024-01-01", tz="UTC") + pd.Timedelta(days=d)
        for g, n in (("A", 120), ("B", 60)):
            label = rng.random(n) < 0.5
            pred = rng.random(n) < np.where(label, 0.7, 0.3)
            if g == "A" and d in thin_days:
                pred[:] = False
            wt = np.where(g == "A", 1 + (np.arange(n) % 4) / 3, 1.0).round(4)
            ts = [(day + pd.Timedelta(minutes=int(i))).isoformat() for i in range(n)]
            rows.append(
                pd.DataFrame({"ts": ts, "g": g, "label": label.astype(int)}).assign(
                    pred=pred.astype(int), wt=wt
                )
            )
    pd.concat(rows).to_csv(path, index=False)
    return path


def _run(target, store):
    req = request_of(target, protected=("g=A",), weight="wt")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        run_monitor(req, store)
    return [str(w.message) for w in caught if "not bet on" in str(w.message)]


def test_a_window_absorbed_earlier_is_not_warned_of_again(tmp_path):
    store = tmp_path / "s.sqlite"
    assert len(_run(_feed(tmp_path / "d3.csv", 3), store)) == 1  # day 0: A's cell is empty
    grown = _feed(tmp_path / "d6.csv", 6)  # the same first days, three more
    assert _run(grown, store) == []  # days 3-5 absorbed, day 0 by the run before
    assert _run(grown, store) == []  # no window added


def test_a_resumed_run_warns_of_a_window_it_absorbs(tmp_path):
    store = tmp_path / "s.sqlite"
    assert _run(_feed(tmp_path / "d3.csv", 3, thin_days=(4,)), store) == []
    assert len(_run(_feed(tmp_path / "d6.csv", 6, thin_days=(4,)), store)) == 1
