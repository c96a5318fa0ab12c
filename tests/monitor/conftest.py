import numpy as np
import pandas as pd
import pytest


def write_days(folder, days, n=400, seed=0, change_day=None, start="2024-03-01", groups=None):
    """Daily CSV files day000.csv ... with ts, label, pred, race; from ``change_day`` on the
    group Black gets TPR 0.45 / FPR 0.15 (DI ≈ 0.6, EO gap 0.25)."""
    rng = np.random.default_rng(seed)
    folder.mkdir(parents=True, exist_ok=True)
    names, probs = groups or (["White", "Black", "Asian"], [0.6, 0.3, 0.1])
    for d in days:
        race = rng.choice(names, size=n, p=probs)
        y = rng.random(n) < 0.5
        late = change_day is not None and d >= change_day
        tpr = np.where((race == "Black") & late, 0.45, 0.7)
        fpr = np.where((race == "Black") & late, 0.15, 0.3)
        p = np.where(y, rng.random(n) < tpr, rng.random(n) < fpr)
        ts = (
            pd.Timestamp(start, tz="UTC")
            + pd.Timedelta(days=d)
            + pd.to_timedelta(rng.integers(0, 86400, n), unit="s")
        )
        pd.DataFrame(
            {
                "ts": ts.strftime("%Y-%m-%dT%H:%M:%SZ"),
                "label": y.astype(int),
                "pred": p.astype(int),
                "race": race,
            }
        ).to_csv(folder / f"day{d:03d}.csv", index=False)
    return folder


@pytest.fixture
def days():
    return write_days
