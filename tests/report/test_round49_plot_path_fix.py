"""AuditResult.plot takes a kind and returns a Figure, where ThresholdTable.plot takes a path:
result.plot('p.png') was refused "unknown plot ... Fix: kind='forest' or kind='rates'" with no
word on saving. A kind that names a file now says how: .plot().savefig('p.png')."""

import pathlib

import numpy as np
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError

Y = np.array([0, 1] * 50)
RESULT = ethiclens.audit(Y, Y, ["a", "b"] * 50, n_boot=100)


@pytest.mark.parametrize("kind", ["p.png", pathlib.Path("out") / "p.svg", "report.pdf"])
def test_a_file_name_as_kind_gets_the_save_call(kind):
    with pytest.raises(EthicLensInputError, match="unknown plot") as info:
        RESULT.plot(kind)
    assert f"save it with .plot().savefig({str(kind)!r})" in str(info.value)


def test_an_unknown_kind_keeps_its_words():
    with pytest.raises(EthicLensInputError) as info:
        RESULT.plot("forrest")
    assert str(info.value).endswith("Fix: kind='forest' or kind='rates'")
