"""Review of 9c21ee7b: an output named as a folder through a '.' segment before its trailing
'/' ('a/./', 'r.json/./') was refused with a fix that names no file: "drop the trailing '/' to
write the file a/." ('a/.' is the folder a). The fix now names the file the text stands for
(a, r.json) and drops the whole end ('/./'); 'out/./../' names no file at all."""

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.io import check_outputs, check_writable


@pytest.mark.parametrize(
    "path, end, name",
    [("a/./", "/./", "a"), ("r.json/./", "/./", "r.json"), ("x/.//./", "/.//./", "x")],
)
def test_a_dot_segment_before_the_slash_names_the_file(tmp_path, monkeypatch, path, end, name):
    monkeypatch.chdir(tmp_path)
    for check in (
        lambda: check_writable(path, flag="--json"),
        lambda: check_outputs({"--json": path}),
    ):
        with pytest.raises(EthicLensInputError) as err:
            check()
        text = str(err.value)
        assert f"ends with {end!r}: a folder, not a file" in text
        assert f"Fix: drop the trailing {end!r} to write the file {name}, or" in text
    assert not list(tmp_path.iterdir())  # nothing written


@pytest.mark.parametrize("path", ["out/../", "out/./../"])
def test_a_path_naming_no_file_gets_only_the_folder_fix(tmp_path, monkeypatch, path):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(EthicLensInputError, match="a folder, not a file") as err:
        check_writable(path, flag="--json")
    assert str(err.value).endswith("Fix: give a file name inside the folder")
