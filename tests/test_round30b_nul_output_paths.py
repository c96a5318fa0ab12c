"""An output path holding a NUL is refused at the top of every writer's path check, naming
the flag (check_outputs, ensure_output_folder) or the argument ``path``, in the words the
fairness writers use: not os's ValueError 'embedded null byte'."""

import re

import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.io import check_outputs, check_writable, ensure_output_folder, write_atomic
from ethiclens.sources._counts_table import write_counts

NUL = re.escape("a path cannot hold a NUL character (\\x00)")


@pytest.mark.parametrize(
    "call, named",
    [
        (lambda p: check_writable(p / "a\x00b.json"), "argument 'path'"),
        (lambda p: write_atomic(p / "a\x00b.json", "x"), "argument 'path'"),
        (lambda p: write_counts(pd.DataFrame({"n": [1]}), f"{p}/a\x00b.csv"), "argument 'path'"),
        (lambda p: check_outputs({"--json": f"{p}/a\x00b.json"}), "option '--json'"),
        (lambda p: ensure_output_folder(f"{p}/a\x00b", "--out"), "option '--out'"),
        (lambda p: ensure_output_folder(f"{p}/a\x00b", "--out", create=False), "option '--out'"),
    ],
)
def test_nul_in_output_path_is_refused(tmp_path, call, named):
    with pytest.raises(EthicLensInputError, match=f"{named}: {NUL}") as err:
        call(tmp_path)
    assert "Fix: remove it: no file or folder name holds one" in str(err.value)
    assert list(tmp_path.iterdir()) == []
