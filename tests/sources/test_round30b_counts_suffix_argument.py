"""A counts table written in Python under an unknown suffix is refused naming the argument
``path`` (was "column 'path'", as if a data column); the CLI's --out keeps its option."""

import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.sources import write_counts
from ethiclens.sources._counts_table import counts_format


def test_python_names_the_argument(tmp_path):
    with pytest.raises(EthicLensInputError, match="^argument 'path': cannot write a counts table"):
        write_counts(pd.DataFrame({"n": [1]}), tmp_path / "c.txt")


def test_cli_names_the_option():
    with pytest.raises(EthicLensInputError, match="^option '--out': cannot write a counts table"):
        counts_format("c.txt", "--out")
