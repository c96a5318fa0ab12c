"""Round 45 (engines): a glob matching a folder named as a data file (Spark writes
``df.write.csv('out/b.csv')`` as a folder of part files) read the files it matched and dropped
the folder's rows silently, on every engine: 'ethiclens counts "out/*.csv"' counted out/a.csv
alone. Such a folder is now refused, naming it and a glob that reads it too; a glob that
matches its files as well ('out/**/*.csv') counts them, and an empty folder so named is no
loss."""

from __future__ import annotations

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.sources import Roles, pandas_counts, resolve_files

ROLES = Roles("p", ["g"], y_true="y")


@pytest.fixture
def out(tmp_path):
    (tmp_path / "a.csv").write_text("y,p,g\n1,1,a\n0,1,a\n1,0,b\n")
    (tmp_path / "b.csv").mkdir()
    (tmp_path / "b.csv" / "part-0000.csv").write_text("y,p,g\n1,1,z\n")
    (tmp_path / "b.csv" / "_SUCCESS").write_text("")
    return tmp_path


def test_a_glob_matching_a_folder_of_data_is_refused(out):
    target = str(out / "*.csv")
    with pytest.raises(EthicLensInputError) as caught:
        resolve_files(target)
    said = str(caught.value)
    assert "b.csv, a folder of data files, whose rows the glob does not read" in said
    assert str(out / "**" / "*.csv") in said


def test_a_glob_reaching_its_files_counts_them(out):
    table = pandas_counts(str(out / "**" / "*.csv"), ROLES)
    assert sorted(table["g"]) == ["a", "a", "b", "z"]


def test_an_empty_folder_so_named_is_no_loss(tmp_path):
    (tmp_path / "a.csv").write_text("y,p,g\n1,1,a\n")
    (tmp_path / "b.csv").mkdir()
    files, kind, _ = resolve_files(str(tmp_path / "*.csv"))
    assert files == [str(tmp_path / "a.csv")] and kind == "csv"
