"""Round 41 (engines2): io's messages quoted a path as it was: a NUL ('file \\x00 does not
exist', a name no file system has) or a newline ('rep.json\\n' broke the Python face's one
line); the command line escaped them. Now every face shows them escaped; a NUL is refused."""

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.io import read_config_file, read_table


def message(call, *args) -> str:
    with pytest.raises(EthicLensInputError) as info:
        call(*args)
    return str(info.value)


def test_config_path_with_nul_is_refused_as_such():
    said = message(read_config_file, "\x00", "--baseline", "baseline report")
    assert "a path cannot hold a NUL character (\\x00)" in said
    assert "\x00" not in said


@pytest.mark.parametrize("name", ["rep.json\n", "a\x1bb.json", "x\u202ey.json"])
def test_config_path_escaped(tmp_path, name):
    said = message(read_config_file, str(tmp_path / name), "--baseline", "baseline report")
    assert "does not exist" in said
    assert said.isprintable() and "\u202e" not in said


def test_data_paths_escaped(tmp_path):
    said = message(read_table, str(tmp_path / "da\nta.csv"))
    assert "da\\nta.csv does not exist" in said and "\n" not in said
    empty = tmp_path / "e\rmpty.csv"
    empty.write_text("")
    said = message(read_table, str(empty))
    assert "e\\x0dmpty.csv" in said and "\r" not in said
