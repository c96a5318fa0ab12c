"""Round 31: per-example losses of a kind that is no number. A whole number past float's range
(10**400) made ``SplitPredictions`` raise OverflowError (a traceback); it is infinite, refused
as one (the CSV face already read it so). Dates, times and durations were taken as their
nanoseconds (a silent AUC and mean loss of timestamps), and a timezone-aware column or periods
were refused as '0 loss value(s) are not numbers': each is refused counting every such value."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.privacy import SplitPredictions

N = 40


def _split(loss):
    y = np.tile([0, 1], N // 2)
    return SplitPredictions(y, y, np.repeat(["a", "b"], N // 2), loss, name="train")


def test_a_whole_number_past_float_range_is_an_infinite_loss():
    loss = np.array([10**400, *[1] * (N - 1)], dtype=object)
    with pytest.raises(EthicLensInputError, match=r"1 loss value\(s\) are NaN or infinite"):
        _split(loss)


@pytest.mark.parametrize(
    "loss",
    [
        pd.Series(pd.date_range("2020", periods=N)),
        pd.Series(pd.date_range("2020", periods=N, tz="UTC")),
        pd.Series(pd.to_timedelta(np.arange(N), unit="s")),
        np.arange(N).astype("datetime64[D]"),
        pd.Series(pd.period_range("2020", periods=N, freq="D")),
    ],
    ids=["datetime", "datetime-tz", "timedelta", "numpy-datetime", "period"],
)
def test_dates_and_durations_are_no_losses(loss):
    with pytest.raises(EthicLensInputError, match=rf"{N} loss value\(s\) are not numbers"):
        _split(loss)


def test_numbers_among_them_still_read():
    import decimal

    loss = np.array([decimal.Decimal("0.5"), "0.25", 2**64, 1.0, *[0.5] * (N - 4)], dtype=object)
    assert _split(loss).loss[:4].tolist() == [0.5, 0.25, 2.0**64, 1.0]


def test_a_timezone_aware_parquet_loss_column(tmp_path, capsys):
    pytest.importorskip("pyarrow")
    rng = np.random.default_rng(0)
    paths = []
    for name, n in (("train", 60), ("test", 60)):
        y = rng.integers(0, 2, n)
        frame = pd.DataFrame(
            {"y": y, "p": y, "g": np.repeat(["a", "b"], n // 2)},
        ).assign(loss=pd.date_range("2020", periods=n, tz="UTC"))
        frame.to_parquet(tmp_path / f"{name}.parquet")
        paths.append(str(tmp_path / f"{name}.parquet"))
    args = ["pcer", "audit", "--train", paths[0], "--test", paths[1], "--y-true", "y"]
    code = main([*args, "--y-pred", "p", "--protected", "g", "--loss", "loss"])
    err = capsys.readouterr().err
    assert code == 2
    assert "60 loss value(s) are not numbers, first at train.parquet row 1" in err
