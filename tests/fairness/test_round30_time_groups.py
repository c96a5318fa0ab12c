"""Round 30: a date, time or duration column as a protected attribute is refused as continuous
past 50 distinct values, as a numeric one is (it was audited as hundreds of one-row groups, all
INSUFFICIENT_DATA), and binning one is refused as such on every engine (it was "values outside
the bin edges", its data range in nanoseconds); a column of a few dates stays a set of groups."""

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError
from ethiclens.fairness import bin_attribute

N = 300


def _labels():
    rng = np.random.default_rng(0)
    return rng.integers(0, 2, N), rng.integers(0, 2, N)


def _times(kind: str, distinct: int) -> pd.Series:
    days = pd.to_timedelta(np.arange(N) % distinct, unit="D")
    return pd.Series(pd.Timestamp("2020-01-01") + days if kind == "dates" else days)


@pytest.mark.parametrize("kind", ["dates", "durations"])
def test_many_dates_or_times_are_refused_as_continuous(kind):
    y, p = _labels()
    with pytest.raises(EthicLensInputError) as err:
        ethiclens.audit(y, p, {"when": _times(kind, 200)})
    assert err.value.column == "when"
    assert (
        err.value.problem == "looks continuous: 200 distinct dates or times (more than 50 groups)"
    )
    assert "dt.year" in err.value.fix


def test_a_few_dates_are_groups():
    y, p = _labels()
    result = ethiclens.audit(y, p, {"when": _times("dates", 3)}, n_boot=100, random_state=0)
    assert len(result.comparisons) == 2


@pytest.mark.parametrize("distinct", [3, 200])
def test_binning_dates_is_refused_as_such(distinct):
    y, p = _labels()
    with pytest.raises(EthicLensInputError, match="dates or times") as err:
        ethiclens.audit(y, p, {"when": _times("dates", distinct)}, bins={"when": [0, 5]})
    assert err.value.column == "when"
    with pytest.raises(EthicLensInputError, match="dates or times"):
        bin_attribute(_times("dates", distinct), [0, 5], "when")


def test_the_engines_refuse_a_timestamp_column_alike(tmp_path):
    y, p = _labels()
    path = tmp_path / "t.parquet"
    pd.DataFrame({"y_true": y, "y_pred": p, "when": _times("dates", 200)}).to_parquet(path)
    messages = set()
    for engine in ("pandas", "duckdb"):
        with pytest.raises(EthicLensInputError) as err:
            ethiclens.audit(
                str(path), y_true="y_true", y_pred="y_pred", protected=["when"], engine=engine
            )
        messages.add(str(err.value))
    assert len(messages) == 1 and "dates or times" in messages.pop()
