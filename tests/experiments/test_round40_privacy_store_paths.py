"""Round 40: a results store's path that is no path (None, a number, bytes, True, a NUL, '')
given to open_existing, ResultsStore, export_store or the pcer commands' functions raised
pathlib's TypeError/ValueError (or read '' as the folder '.'); now one refusal naming it."""

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.experiments import (
    ResultsStore,
    export_store,
    export_to_file,
    open_existing,
    tables_to_folder,
)

BAD = [None, 123, True, b"runs.sqlite", "a\x00b.sqlite", ""]
WORDS = ("must be a file path", "cannot hold a NUL character", "must not be empty")


@pytest.mark.parametrize("path", BAD)
@pytest.mark.parametrize(
    "call",
    [
        open_existing,
        lambda p: ResultsStore(p, "hash"),
        lambda p: export_store(p, "runs.csv"),
        lambda p: export_to_file(p, "runs.csv"),
        lambda p: tables_to_folder(p, "tables"),
    ],
)
def test_a_store_path_that_is_no_path_is_refused_in_words(call, path, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(EthicLensInputError) as info:
        call(path)
    msg = str(info.value)
    assert any(w in msg for w in WORDS), msg
    assert "'STORE'" in msg or "'--store'" in msg, msg
    assert list(tmp_path.iterdir()) == []  # nothing written
