import json
import shutil
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from tests.conftest import PG_PASSWORD


def write_many_groups(path, groups: int = 75, n: int = 2000, seed: int = 27):
    """One day's CSV (ts, g, pred) of ``groups`` groups g00, g01, ... beside the reference A
    (a quarter of the rows): more comparisons than the dashboard draws trend plots of."""
    rng = np.random.default_rng(seed)
    labels = ["A" if i % 4 == 0 else f"g{i % groups:02d}" for i in range(n)]
    pd.DataFrame(
        {"ts": ["2024-01-01T00:00:00"] * n, "g": labels, "pred": rng.integers(0, 2, n)}
    ).to_csv(path, index=False)


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


# The throw-away PostgreSQL server is tests/conftest.py's postgres_url (one per test process, as
# tests/sources' and tests/web's): a server of its own here was a third, 4 to 5 s to start.
PASSWORD = PG_PASSWORD  # in the server's URL: tests check it is never printed


@pytest.fixture(scope="session")
def pg_url(postgres_url):
    """The session's throw-away PostgreSQL server (its database ``postgres``, user
    ``ethiclens``, password :data:`PASSWORD`), shared with tests/sources and tests/web."""
    return postgres_url


# Helpers the monitor's test modules share (imported: ``from .conftest import FLAGS, ...``).
SCHEMA = json.loads(
    (Path(__file__).resolve().parents[2] / "src/ethiclens/monitor/monitor.schema.json").read_text()
)
FLAGS = ["--time", "ts", "--window", "1d", "--y-pred", "pred", "--y-true", "label"]


def run_cli(capsys, *argv):
    """(exit code, stdout, stderr) of ``ethiclens`` with ``argv``."""
    from ethiclens.cli import main

    rc = main([str(a) for a in argv])
    out = capsys.readouterr()
    return rc, out.out, out.err


def request_of(target, **kw):
    """A MonitorRequest over the generated daily feed's columns (race=White by default)."""
    from ethiclens.monitor import MonitorRequest

    base = dict(target=str(target), time="ts", window="1d", y_pred="pred", y_true="label")
    base.update(kw)
    base.setdefault("protected", ("race=White",))
    return MonitorRequest(**base)


def damaged_copy(store, tmp_path, sql):
    """A copy of ``store`` in ``tmp_path`` with ``sql`` run on it: a damaged store to refuse."""
    import sqlite3

    copy = tmp_path / "s.sqlite"
    shutil.copy(store, copy)
    with sqlite3.connect(copy) as con:
        con.executescript(sql)  # one statement or several
    con.close()
    return copy


@pytest.fixture(scope="module")
def alarmed(tmp_path_factory):
    """A feed of 8 days whose group Black drifts from day 2, its store over the first 6:
    (the feed, the first six days, the store) for tests that edit a store by hand."""
    import sqlite3

    from ethiclens.monitor import run_monitor

    folder = tmp_path_factory.mktemp("alarmed")
    feed = write_days(folder / "feed", range(8), n=2000, change_day=2)
    first = folder / "first"
    first.mkdir()
    for d in range(6):
        shutil.copy(feed / f"day{d:03d}.csv", first)
    store = folder / "good.sqlite"
    run_monitor(request_of(first), store)
    with sqlite3.connect(store) as con:
        assert con.execute("SELECT count(*) FROM alarms").fetchone()[0] > 0
    con.close()
    return feed, first, store
