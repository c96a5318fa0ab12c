"""Round 32: load_bios's arguments and $ETHICLENS_BIOS: a folder, a blank or non-path ``path``
and ``occupations`` that are not two different titles were tracebacks (IsADirectoryError,
TypeError) or a misleading 'no rows for both'."""

import pytest

from ethiclens import datasets
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError


@pytest.mark.parametrize("path", ["", " ", 5, "."])
def test_a_bad_path_is_refused_naming_it(path):
    with pytest.raises(EthicLensInputError) as info:
        datasets.load("bios", path=path)
    assert info.value.column == "path" or "folder" in str(info.value)


def test_a_folder_in_the_environment_is_exit_2(monkeypatch, tmp_path, capsys):
    monkeypatch.setenv("ETHICLENS_BIOS", str(tmp_path))
    assert main(["datasets", "info", "bios"]) == 2
    assert "is a folder" in capsys.readouterr().err


@pytest.mark.parametrize(
    "occupations", ["surgeon", ("surgeon",), ("surgeon", "surgeon"), ("surgeon", 1), None]
)
def test_occupations_must_be_two_different_titles(tmp_path, occupations):
    path = tmp_path / "b.csv"
    path.write_text("text,occupation,gender\nhi,surgeon,M\nho,nurse,F\n")
    with pytest.raises(EthicLensInputError, match="two different occupation titles") as info:
        datasets.load("bios", path=path, occupations=occupations)
    assert info.value.column == "occupations"
    assert len(datasets.load("bios", path=path, occupations=["nurse", "surgeon"])) == 2
