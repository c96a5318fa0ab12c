"""Round 32 review (experiments): ``pcer export --out runs.CSV`` (or .Parquet) writes that type,
as io reads a '.CSV' input (was "unknown export type (value: '.CSV')"); ``pcer tables --out``
given a file is refused in the words of every other folder option (FOLDER: "is a file, not a
folder", was click's "Directory 'f' is a file. Fix: check the path")."""

from pathlib import Path

import pandas as pd
import pytest

from ethiclens.cli import main
from ethiclens.experiments import export_store

STORE = Path(__file__).parent / "data" / "store_v1.sqlite"


@pytest.mark.parametrize("suffix", [".CSV", ".Parquet", ".PARQUET"])
def test_export_suffix_in_any_case(tmp_path, capsys, suffix):
    out = tmp_path / f"runs{suffix}"
    assert main(["pcer", "export", str(STORE), "--out", str(out)]) == 0
    lower = export_store(STORE, tmp_path / f"lower{suffix.lower()}")
    read = pd.read_parquet if suffix.lower() == ".parquet" else pd.read_csv
    pd.testing.assert_frame_equal(read(out), read(lower))


def test_export_other_type_still_refused(tmp_path, capsys):
    assert main(["pcer", "export", str(STORE), "--out", str(tmp_path / "runs.txt")]) == 2
    assert "unknown export type (value: '.txt')" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_tables_out_a_file_in_the_folder_options_words(tmp_path, capsys):
    (tmp_path / "f").write_text("x")
    assert main(["pcer", "tables", str(STORE), "--out", str(tmp_path / "f")]) == 2
    err = capsys.readouterr().err
    assert "option '--out'" in err and "is a file, not a folder. Fix: give a folder" in err
    assert [p.name for p in tmp_path.iterdir()] == ["f"]
