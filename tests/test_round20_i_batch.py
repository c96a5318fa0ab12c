"""Round 20 (I): a batch size of ~330 digits or more crashed ``pcer train`` with
"ZeroDivisionError: float division by zero" (the Poisson rate 1 / ceil(n / batch) was computed
before the batch was checked against the data: n / batch underflows to 0.0), and one of 320
digits was refused echoing every digit. The range is now checked before dividing, the batch
shown shortened."""

from __future__ import annotations

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.privacy import TrainConfig
from ethiclens.privacy._dpsgd import check_settings

TOO_LARGE = "sample rate batch_size / n_train = 999999999999…999999 ({} digits)/1000 >= 1"


@pytest.mark.parametrize("digits", [320, 330, 400, 5000])
def test_a_huge_batch_is_refused_before_dividing_shortened(digits):
    with pytest.raises(EthicLensInputError) as info:
        check_settings(1000, TrainConfig(batch_size=10**digits - 1))
    message = str(info.value)
    assert f"'batch_size': {TOO_LARGE.format(f'{digits:,}')}: Poisson" in message, message
    assert "9" * 40 not in message and message.endswith("Fix: use a batch size below 1000")


def test_a_batch_below_the_data_still_gives_its_rate():
    assert check_settings(1000, TrainConfig(batch_size=256)) == 0.25  # 1 / ceil(1000 / 256)


@pytest.mark.parametrize("trainer", ["opacus", "vectorized"])
def test_pcer_train_refuses_a_400_digit_batch_in_one_line(trainer, capsys):
    from ethiclens.cli import main

    args = ["pcer", "train", "compas", "--n-boot", "100", "--epochs", "1", "--trainer", trainer]
    assert main([*args, "--batch-size", "9" * 400]) == 2
    err = capsys.readouterr().err
    lines = [x for x in err.splitlines() if x.strip() and not x.startswith("note:")]
    assert len(lines) == 1 and "Traceback" not in err, err[-500:]
    assert lines[0].startswith("error: option '--batch-size': sample rate"), lines[0][:300]
    assert "(400 digits)" in lines[0] and "9" * 40 not in lines[0]


def test_a_batch_past_4300_digits_is_shown_as_typed():
    from ethiclens._checks import LongInteger  # what the CLI reads "9" * 5000 as

    with pytest.raises(EthicLensInputError) as info:
        check_settings(1000, TrainConfig(batch_size=LongInteger("9" * 5000)))
    assert TOO_LARGE.format("5,000") in str(info.value), str(info.value)
