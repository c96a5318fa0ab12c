"""Round 34: a Bias in Bios file (the user's own) whose rows of the two occupations lack a text
or a gender lost those rows silently (the audit ran on fewer people than the file holds, and
nothing said so); they are refused naming the column, the count and the fix, as a gender that is
not M/F already was."""

import pytest

from ethiclens import datasets
from ethiclens.cli import main
from ethiclens.errors import DataFileError


@pytest.mark.parametrize(
    ("rows", "column"),
    [("He cuts.,surgeon,\n", "gender"), (",nurse,F\n", "text")],
    ids=["gender", "text"],
)
def test_rows_without_a_text_or_a_gender_are_refused(tmp_path, monkeypatch, capsys, rows, column):
    path = tmp_path / "mine.csv"
    path.write_text("text,occupation,gender\nShe operates.,surgeon,F\nHe nurses.,nurse,M\n" + rows)
    with pytest.raises(DataFileError, match=f"1 row of mine.csv has no {column}") as info:
        datasets.load("bios", path=path)
    assert info.value.column == column and "fill in or drop" in info.value.fix
    monkeypatch.setenv("ETHICLENS_BIOS", str(path))
    assert main(["datasets", "info", "bios"]) == 2
    assert f"1 row of mine.csv has no {column}" in capsys.readouterr().err


def test_rows_of_other_occupations_may_lack_them(tmp_path):
    path = tmp_path / "mine.csv"
    path.write_text("text,occupation,gender\nA.,surgeon,F\nB.,nurse,M\n,teacher,\n")
    assert len(datasets.load("bios", path=path)) == 2
