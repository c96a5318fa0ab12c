"""Round 21: the audit of arrays reads ``bins={'age': '18,40,60,80'}`` as the command line reads
``--bins age=18,40,60,80`` (it used to refuse the edges as a list of characters, ['1', '8',
',', ...]), and takes a legacy ``np.random.RandomState`` as ``random_state`` as it takes a
Generator: one seed drawn from it, recorded. A refused seed says a generator is taken too."""

from __future__ import annotations

import numpy as np
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError

RNG = np.random.default_rng(1)
N = 600
AGE = RNG.uniform(18, 80, N)
Y_TRUE = RNG.integers(0, 2, N)
Y_PRED = RNG.integers(0, 2, N)
EDGES = {"age": [18, 40, 60, 80]}


def _audit(**options):
    return ethiclens.audit(Y_TRUE, Y_PRED, {"age": AGE}, n_boot=100, **options)


def test_bin_edges_as_text_are_read_as_the_command_line_reads_them():
    as_text = _audit(bins={"age": "18, 40,60,80"}, random_state=0)
    as_list = _audit(bins={"age": [18, 40, 60, 80]}, random_state=0)
    assert as_text.to_dict()["attributes"] == as_list.to_dict()["attributes"]


@pytest.mark.parametrize("text", ["18,x,60", "80,60", "18,,60"])
def test_bad_bin_text_is_quoted_as_typed(text):
    with pytest.raises(EthicLensInputError) as caught:
        _audit(bins={"age": text})
    message = str(caught.value)
    assert f"(value: {text!r})" in message and "['1'" not in message, message


def test_a_random_state_draws_one_recorded_seed():
    expected = int(np.random.RandomState(7).randint(2**32, dtype=np.int64))
    result = _audit(bins=EDGES, random_state=np.random.RandomState(7))
    again = _audit(bins=EDGES, random_state=expected)
    assert result.to_dict()["config"]["random_state"] == expected
    assert result.to_dict()["attributes"] == again.to_dict()["attributes"]


def test_a_refused_seed_says_a_generator_is_taken():
    with pytest.raises(EthicLensInputError, match="non-negative integer") as caught:
        _audit(bins=EDGES, random_state="x")
    assert "np.random.default_rng" in str(caught.value)
