"""Round 33: a missing Bias in Bios file named neither where its path came from ($ETHICLENS_BIOS)
nor, on the command line (which has no path argument), a fix in its words: it said
"pass path=...", a Python keyword."""

import pytest

from ethiclens import datasets
from ethiclens.cli import main
from ethiclens.errors import DataFileError


def test_a_missing_file_from_the_environment_names_the_variable(tmp_path, monkeypatch, capsys):
    absent = tmp_path / "absent.csv"
    monkeypatch.setenv("ETHICLENS_BIOS", str(absent))
    with pytest.raises(
        DataFileError, match=r"not found \(\$ETHICLENS_BIOS names .*absent.csv\)"
    ) as info:
        datasets.load("bios")
    assert "path=" in info.value.fix  # the Python face's words
    assert main(["datasets", "info", "bios"]) == 2
    err = capsys.readouterr().err
    assert "$ETHICLENS_BIOS" in err and "absent.csv" in err and "path=" not in err
    assert err.count("\n") == 1


def test_a_missing_path_argument_keeps_its_words(tmp_path):
    with pytest.raises(DataFileError, match=r"Bias in Bios file not found \(.*nope.csv\)") as info:
        datasets.load("bios", path=tmp_path / "nope.csv")
    assert "pass path=" in info.value.fix
