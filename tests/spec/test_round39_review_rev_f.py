"""Round 39 review (rev_f) of 2a65bb73: a user's string is prose, not the start of a command,
only where it holds the command's "ethiclens CMD" and more (or exactly it, in quotes); a value
that is exactly "ethiclens audit" left the real "run ethiclens audit --bins ..." of the same
fix with its flag renamed ("ethiclens audit groups.bins age=0,40"), a broken command. A path
value reading like a command is the user's string too."""

from __future__ import annotations

from pathlib import Path

import pytest

from ethiclens.errors import EthicLensInputError

_FLAGS = {"--bins": "groups.bins"}
_FIX = "or run ethiclens audit --bins age=0,40 data.csv"


@pytest.mark.parametrize("where", ["value", "column"])
def test_a_value_that_is_only_the_commands_head_leaves_it_whole(where):
    given = {"value": "ethiclens audit"} if where == "value" else {"column": "ethiclens audit"}
    exc = EthicLensInputError("needs --bins", fix=_FIX, **given)
    assert exc.renamed({}, None, _FLAGS).fix == _FIX


def test_the_same_value_quoted_is_still_prose():
    exc = EthicLensInputError(
        "the column 'ethiclens audit' needs --bins", column="--bins", value="ethiclens audit"
    )
    assert exc.renamed({}, None, _FLAGS).problem == "the column 'ethiclens audit' needs groups.bins"


def test_a_path_value_reading_like_a_command_is_prose():
    value = Path("ethiclens audit.csv")
    exc = EthicLensInputError("cannot bin ethiclens audit.csv with --bins", value=value, fix=_FIX)
    said = exc.renamed({}, None, _FLAGS)
    assert said.problem == "cannot bin ethiclens audit.csv with groups.bins"
    assert said.fix == _FIX


def test_a_zstd_compressed_spec_is_named_as_such(tmp_path):
    # 1a1d97e9 named gzip, bzip2, xz and ZIP; a zstd file still got "iconv -f latin1"
    from ethiclens.io import read_config_file

    path = tmp_path / "spec.yaml"
    path.write_bytes(b"(\xb5/\xfd\x04\x58\xb1\x00\x00target: {dataset: compas}\n")
    with pytest.raises(EthicLensInputError) as info:
        read_config_file(path, "--config", what="YAML or JSON spec")
    assert info.value.problem == "spec.yaml is zstd-compressed, not text"
    assert "iconv" not in str(info.value) and "decompressed" in str(info.value.fix)
