"""Round 33 review, a sibling of e1e79229: $ETHICLENS_BIOS naming a folder (the shared
datasets/bios folder rather than the file in it) was refused as 'is a folder, not a file. Fix:
name one .csv, .parquet, .json or .jsonl file inside it', naming neither the variable nor where
to name the file; a path= folder keeps its words."""

import pytest

from ethiclens import datasets
from ethiclens.cli import main
from ethiclens.errors import DataFileError


def test_a_folder_from_the_environment_names_the_variable(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("ETHICLENS_BIOS", str(tmp_path))
    with pytest.raises(
        DataFileError, match=r"\$ETHICLENS_BIOS names .*, which is a folder, not a file"
    ) as info:
        datasets.load("bios")
    assert str(tmp_path) in str(info.value) and "set ETHICLENS_BIOS" in info.value.fix
    assert main(["datasets", "info", "bios"]) == 2
    err = capsys.readouterr().err
    assert "$ETHICLENS_BIOS names" in err and "is a folder" in err and err.count("\n") == 1


def test_a_folder_given_as_path_keeps_its_words(tmp_path):
    with pytest.raises(DataFileError, match="is a folder, not a file") as info:
        datasets.load("bios", path=tmp_path)
    assert info.value.fix == "name one .csv, .parquet, .json or .jsonl file inside it"
