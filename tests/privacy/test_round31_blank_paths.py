"""Round 31: ``read_split('')`` and ``read_splits('', ...)`` said '. is a folder' (the working
folder), naming no argument, and a blank path 'file   does not exist'; each is refused naming
the argument, as the command line refuses ``--train ''`` by its flag."""

from __future__ import annotations

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.privacy import read_split, read_splits

COLUMNS = {"y_true": "y", "y_pred": "p", "protected": "g"}


@pytest.mark.parametrize("blank", ["", "   "])
def test_a_blank_path_is_refused_by_its_argument(blank):
    with pytest.raises(EthicLensInputError, match=r"^argument 'path': must not be empty"):
        read_split(blank, name="train", **COLUMNS)
    with pytest.raises(EthicLensInputError, match=r"^argument 'test_path': must not be empty"):
        read_splits("train.csv", blank, **COLUMNS)
