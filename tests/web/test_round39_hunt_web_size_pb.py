"""Round 39 (hunt_web): ``--max-upload`` says it takes a size "from 1 byte to 1 PB", yet 1PB
itself was refused (no PB unit; 1024TB was taken): the largest size it names is accepted in
its own unit, anything past it still refused."""

from __future__ import annotations

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.web._settings import MAX_SIZE, parse_size


@pytest.mark.parametrize("text", ["1PB", "1pb", "1P", "1024TB"])
def test_one_petabyte_is_the_largest(text):
    assert parse_size(text) == MAX_SIZE == 1 << 50


@pytest.mark.parametrize("text", ["2PB", "1.5PB", "1025TB", "1EB"])
def test_past_it_is_refused(text):
    with pytest.raises(EthicLensInputError, match="from 1 byte to 1 PB"):
        parse_size(text)
