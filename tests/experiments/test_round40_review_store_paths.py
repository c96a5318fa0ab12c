"""Round 40 review of fb84d62f (store paths): a store path naming a folder ('.', '/', Path('.'))
is still refused as 'a folder, not a results store' (a read was told 'not a file to write'),
while None, a NUL and blank text keep their refusals."""

from pathlib import Path

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.experiments import ResultsStore, open_existing


@pytest.mark.parametrize("path", [".", "..", "/", Path(".")])
def test_a_folder_is_named_a_folder_not_a_store(path):
    with pytest.raises(EthicLensInputError, match="is a folder, not a results store") as info:
        open_existing(path)
    assert "to write" not in str(info.value)


def test_a_new_store_at_a_folder_is_named_a_folder(tmp_path):
    with pytest.raises(EthicLensInputError, match="is a folder, not a results store"):
        ResultsStore(tmp_path, "h")


@pytest.mark.parametrize(
    "path, words", [(None, "must be a file path"), ("a\x00b", "NUL"), (" ", "must not be empty")]
)
def test_no_path_is_still_refused(path, words):
    with pytest.raises(EthicLensInputError, match=words):
        open_existing(path)
