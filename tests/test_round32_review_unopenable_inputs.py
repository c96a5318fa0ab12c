"""An input path no file system opens (a name over 255 bytes, a folder name so long, a loop of
symbolic links) given to a Python entry that reads a path was a raw OSError [Errno 36] (or,
for the loop, 'does not exist'); the command line refuses it in one line (io.os_error_line).
Every Python entry now raises EthicLensInputError in those words, naming its argument."""

import os

import pytest

import ethiclens
from ethiclens import sources
from ethiclens.errors import EthicLensInputError
from ethiclens.io import read_table

ROLES = {"y_true": "y", "y_pred": "p", "protected": ["g"]}
COUNTED = sources.Roles(y_pred="p", protected=["g"])
ENTRIES = {
    "audit": lambda p: ethiclens.audit(p, **ROLES),
    "compare": lambda p: ethiclens.compare(p, y_true="y", y_pred=["p", "q"], protected=["g"]),
    "threshold_table": lambda p: ethiclens.threshold_table(
        p, y_true="y", y_score="s", protected=["g"]
    ),
    "audit_counts": ethiclens.audit_counts,
    "read_table": read_table,
    "pandas_counts": lambda p: sources.pandas_counts(p, COUNTED),
    "duckdb_counts": lambda p: sources.duckdb_counts(p, COUNTED),
    "dask_file_counts": lambda p: sources.dask_file_counts(p, COUNTED),
}
PATHS = {
    "long name": ("x" * 300 + ".csv", "has a file or folder name that is too long"),
    "long folder": ("d" * 300 + "/x.csv", "has a file or folder name that is too long"),
    "loop": ("loop.csv", "is a loop of symbolic links"),
}


@pytest.mark.parametrize("case", PATHS)
@pytest.mark.parametrize("entry", ENTRIES)
def test_an_unopenable_input_path_is_refused_in_the_cli_words(tmp_path, monkeypatch, entry, case):
    monkeypatch.chdir(tmp_path)
    os.symlink("back.csv", "loop.csv")
    os.symlink("loop.csv", "back.csv")
    path, words = PATHS[case]
    with pytest.raises(EthicLensInputError) as info:
        ENTRIES[entry](path)
    assert words in str(info.value) and "Fix: " in str(info.value)
