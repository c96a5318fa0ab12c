"""Round 41 review of ε = +∞ and the trainers' dataset label. A number past a double's range
that is no infinity as given (a Python int of 10**5000 digits, a NumPy longdouble 1e400) is
the overflow on every face: 10**5000 escaped as a raw ValueError (str() of the int), 10**400
was quoted as its first 40 digits (a finite 1e39), and np.longdouble('1e400') trained with no
DP. The dataset-name refusal's fix no longer offers "the data prepared from None"."""

from __future__ import annotations

import numpy as np
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.experiments import SweepGrid
from ethiclens.experiments._pcer_commands import TrainRequest, _check_train_request
from ethiclens.privacy._dpsgd import check_dataset_name, dp_epsilon

from ._toy import toy_split

FACES = {
    "trainer": lambda e: dp_epsilon(e),
    "request": lambda e: _check_train_request(TrainRequest(dataset="compas", epsilon=e)),
    "grid": lambda e: SweepGrid(datasets=["compas"], epsilons=[e, 1.0]),
}


@pytest.mark.parametrize("face", FACES)
@pytest.mark.parametrize(
    ("value", "shown"),
    [
        (10**400, "1e+400"),
        (10**5000, "1e+5000"),
        (2**1024, "1.797694e+308"),  # rounded up: the text overflows as the int does
        ("longdouble", "1e+400"),
    ],
    ids=["10**400", "10**5000", "2**1024", "longdouble"],
)
def test_a_number_past_a_double_is_the_overflow_quoted_short(face, value, shown):
    if value == "longdouble":
        if np.finfo(np.longdouble).max <= np.finfo(np.float64).max:
            pytest.skip("longdouble is a double on this platform")
        value = np.longdouble("1e400")
    with pytest.raises(EthicLensInputError, match="ε is above .*: DP-SGD.s noise is then") as info:
        FACES[face](value)
    assert info.value.value == shown


def test_a_huge_negative_int_is_refused_as_below_zero():
    with pytest.raises(EthicLensInputError, match="ε must be a finite number > 0"):
        dp_epsilon(-(10**5000))


@pytest.mark.parametrize(("name", "offers_other"), [(None, False), (3, False), ("adult", True)])
def test_the_dataset_names_fix_offers_other_data_only_for_a_name(name, offers_other):
    # train_dp_mlp's check (test_round41_privacy_dataset_label trains through it; torch's
    # import alone takes seconds)
    with pytest.raises(EthicLensInputError, match="names another dataset") as info:
        check_dataset_name(name, toy_split("toy"), "dataset")
    assert info.value.fix.startswith("pass dataset='toy'")
    assert ("prepared from" in info.value.fix) is offers_other
    assert "None" not in info.value.fix and "3" not in info.value.fix
