"""read_table (and io.refuse_missing, every engine's missing-file check) refuses a path holding
a NUL or of another type (None, 5, bytes) naming the argument: was "file a<NUL>.csv does not
exist" with the raw NUL in the message, or Python's TypeError."""

import re
from pathlib import Path

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.io import read_table, refuse_missing

NUL = re.escape("a path cannot hold a NUL character (\\x00)")
TYPE = re.escape("must be a file path (a str or os.PathLike)")


@pytest.mark.parametrize(
    "path, said", [("a\x00.csv", NUL), (Path("a\x00.csv"), NUL), (5, TYPE), (None, TYPE)]
)
def test_read_table_refuses_it_naming_the_argument(path, said):
    with pytest.raises(EthicLensInputError, match=f"argument 'path': {said}"):
        read_table(path)


def test_refuse_missing_names_the_flag():
    with pytest.raises(EthicLensInputError, match=f"option '--counts': {TYPE}"):
        refuse_missing(b"x.csv", "--counts")
