"""An output path that is no str or os.PathLike (None, a number, bytes) is refused by the
writers' path checks naming the flag or the argument ``path``, as the fairness writers refuse
it: not Python's TypeError 'expected str, bytes or os.PathLike object'."""

import re

import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.io import check_outputs, check_writable, ensure_output_folder, write_atomic
from ethiclens.sources._counts_table import write_counts

SAID = re.escape("must be a file path (a str or os.PathLike)")


@pytest.mark.parametrize("bad", [5, b"out.json"])
@pytest.mark.parametrize(
    "call, named",
    [
        (check_writable, "argument 'path'"),
        (lambda p: write_atomic(p, "x"), "argument 'path'"),
        (lambda p: write_counts(pd.DataFrame({"n": [1]}), p), "argument 'path'"),
        (lambda p: check_outputs({"--json": p}), "option '--json'"),
        (lambda p: ensure_output_folder(p, "--out"), "option '--out'"),
    ],
)
def test_a_path_of_another_type_is_refused(call, named, bad):
    with pytest.raises(EthicLensInputError, match=f"{named}: {SAID}"):
        call(bad)


def test_none_is_refused_where_it_is_not_the_unrequested_output():
    with pytest.raises(EthicLensInputError, match=f"argument 'path': {SAID}"):
        write_atomic(None, "x")
    check_outputs({"--json": None})  # None: not requested
