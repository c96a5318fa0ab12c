"""One rule reads a number typed as text on every face: ASCII digits, a sign, and for a number a
decimal point and an exponent. Python's int()/float() also read "0_8" as 8, "٣" as 3 and " 5";
nobody typing them means that."""

from __future__ import annotations

import pytest

from ethiclens._checks import check_delta, check_dp_epsilon, number_text, split_numbers
from ethiclens.errors import EthicLensInputError

MISREAD = ["0_8", "1_000", "٣", "３", " 5", "5 ", "\t5", "1e3_0"]


@pytest.mark.parametrize("text", MISREAD)
def test_text_int_and_float_would_misread_is_refused(text):
    for whole in (True, False):
        with pytest.raises(EthicLensInputError) as caught:
            number_text(text, "--n", whole=whole)
        assert caught.value.value == text
        assert "give a whole number" in str(caught.value) or "give a number" in str(caught.value)


@pytest.mark.parametrize(
    ("text", "whole", "value"),
    [("12", True, 12), ("-3", True, -3), ("+4", True, 4), ("0.5", False, 0.5)]
    + [(".5", False, 0.5), ("1.", False, 1.0), ("1e-3", False, 1e-3), ("2E+2", False, 200.0)],
)
def test_plain_numbers_are_read(text, whole, value):
    assert number_text(text, "--n", whole=whole) == value


def test_a_number_list_refuses_a_digit_separator():
    with pytest.raises(EthicLensInputError, match="not an integer"):
        split_numbers("500,2_000", "--sizes", kind=int)
    with pytest.raises(EthicLensInputError, match="not a number"):
        split_numbers("1,٣", "--epsilons")
    assert split_numbers("500, 2000", "--sizes", kind=int) == [500, 2000]


@pytest.mark.parametrize("text", ["0_5", "٣", " 1", " None "])
def test_a_dp_budget_typed_as_text_is_read_by_the_rule(text):
    # one space rule for a number and a no-DP word typed alone (a list's items are stripped)
    with pytest.raises(EthicLensInputError, match="ε must be a number"):
        check_dp_epsilon(text, "--epsilon")
    assert check_dp_epsilon("0.5") == 0.5 and check_dp_epsilon("None") is None


def test_delta_at_or_above_one_over_n_prime_is_refused_as_its_message_says():
    with pytest.raises(EthicLensInputError, match=r"below 1/n′ = 1e-05 for n′ = 100,000"):
        check_delta(1e-3, n=100_000)
    with pytest.raises(EthicLensInputError, match=r"below 1/n′"):
        check_delta(1e-5, n=100_000)
    assert check_delta(1e-6, n=100_000) == 1e-6
    with pytest.raises(EthicLensInputError) as caught:
        check_delta(1e-2)
    assert "1/n′" not in caught.value.problem  # the range check says what it checks
