"""Round 30 review: a Parquet date column (date32) reads as Python dates on pandas and DuckDB
but as datetime64 on Dask: past 50 dates, or binned, it was refused on Dask only (pandas and
DuckDB audited 60 one-day groups, and binning said 'holds non-numeric values'); every engine
now refuses it in one text, and a few dates stay groups everywhere."""

import datetime as dt

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError

N = 300
ENGINES = ("pandas", "duckdb", "dask")


def _file(tmp_path, distinct: int) -> str:
    rng = np.random.default_rng(0)
    days = [dt.date(2020, 1, 1) + dt.timedelta(days=int(i) % distinct) for i in range(N)]
    path = tmp_path / "d.parquet"
    frame = {"y_true": rng.integers(0, 2, N), "y_pred": rng.integers(0, 2, N), "day": days}
    pd.DataFrame(frame).to_parquet(path)
    return str(path)


def _refusal(path, engine, **kw) -> str:
    with pytest.raises(EthicLensInputError) as err:
        ethiclens.audit(
            path, y_true="y_true", y_pred="y_pred", protected=["day"], engine=engine, **kw
        )
    return str(err.value)


@pytest.mark.parametrize("bins", [None, {"day": [0, 5]}])
def test_every_engine_refuses_many_or_binned_dates_alike(tmp_path, bins):
    path = _file(tmp_path, 60)
    kw = {"bins": bins} if bins else {}
    messages = {_refusal(path, engine, **kw) for engine in ENGINES}
    assert len(messages) == 1, messages
    assert "dates or times" in messages.pop()


def test_python_dates_past_50_are_refused():
    days = [dt.date(2020, 1, 1) + dt.timedelta(days=i % 60) for i in range(N)]
    with pytest.raises(EthicLensInputError, match="60 distinct dates or times"):
        ethiclens.audit(np.zeros(N, int), np.ones(N, int), {"day": days})


def test_a_few_dates_are_groups_on_every_engine(tmp_path):
    path = _file(tmp_path, 3)
    for engine in ENGINES:
        result = ethiclens.audit(
            path, y_true="y_true", y_pred="y_pred", protected=["day"], engine=engine, n_boot=100
        )
        assert [g.group for g in result.attributes[0].groups] == [
            "2020-01-01",
            "2020-01-02",
            "2020-01-03",
        ]
