"""Round 47: the oracle's refusals printed the user's numbers with ':g' (a reference rate of
0.1234567 read 'the reference selection rate is 0.123457', an EO gap of 0.9876543 as
0.987654), and its summary the injected DI alike; they are now shown as written
(number_text), as p2nia shows a given ε."""

from __future__ import annotations

import warnings

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.probes import inject_bias, run_oracle
from tests.conftest import printed


@pytest.mark.parametrize(
    ("args", "shown"),
    [
        (
            dict(disparate_impact=9, reference_rate=0.1234567),
            "(the reference selection rate is 0.1234567)",
        ),
        (
            dict(
                disparate_impact=0.8,
                reference_rate=0.1234567,
                separation=0.9,
                base_rates=(0.3333333, 0.5),
            ),
            "at reference_rate 0.1234567 and base rate 0.3333333 ",
        ),
        (
            dict(disparate_impact=0.8123456, eo_gap=0.9876543),
            "no valid classifier has an EO gap of 0.9876543 at DI 0.8123456 ",
        ),
    ],
    ids=["reference-rate", "separation", "eo-gap"],
)
def test_oracle_refusals_show_the_numbers_as_written(args, shown):
    with pytest.raises(EthicLensInputError) as err:
        inject_bias(1000, **args)
    assert shown in str(err.value)


def test_oracle_summary_shows_the_injected_di_as_written():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        result = run_oracle(
            200, disparate_impact=0.8123456, repetitions=2, n_boot=100, methods=("jeffreys",)
        )
    assert "truth DI 0.8123456 " in printed(result.summary(0.8123456, 100))
