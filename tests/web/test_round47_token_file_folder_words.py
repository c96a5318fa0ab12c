"""Review of 26dd2c11: read_token_file took the writers' path check (io._refuse_no_path), so a
token file given as a folder ('.', 'a/..') was refused as "names a folder, not a file to
write", a file the server only reads. It now says a reader's words; a writer's path keeps its."""

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.io import _refuse_no_path
from ethiclens.web import read_token_file


@pytest.mark.parametrize("path", [".", "a/.."])
def test_a_token_file_naming_a_folder_is_refused_in_a_readers_words(path):
    with pytest.raises(EthicLensInputError) as err:
        read_token_file(path)
    said = str(err.value)
    assert "option '--token-file': names a folder, not a file (value:" in said, said
    assert "to write" not in said


def test_a_writers_path_naming_a_folder_keeps_its_words():
    with pytest.raises(EthicLensInputError, match="names a folder, not a file to write"):
        _refuse_no_path(".", "--out", "give a file")
