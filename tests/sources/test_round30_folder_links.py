"""A folder or glob holding a data file's name that is no regular file (a link to a path that
does not exist, a named pipe) was read without it: its rows were dropped silently, the counts
those of the other files. Refused on every engine, naming it; a folder named ``x.csv`` (as
Spark writes one) and the writer's own files (``_SUCCESS``) are still passed over."""

import os

import pytest

from ethiclens.cli import main

ROWS = "y,p,g\n1,1,a\n0,0,b\n1,0,a\n0,1,b\n"
ROLES = ["--y-true", "y", "--y-pred", "p", "--protected", "g"]


@pytest.mark.parametrize("engine", ["pandas", "duckdb", "dask"])
@pytest.mark.parametrize("kind", ["dangling", "fifo"])
def test_a_data_name_that_is_no_file_is_refused(tmp_path, capsys, engine, kind):
    folder = tmp_path / "d"
    (folder / "x=1").mkdir(parents=True)
    (folder / "x=1" / "a.csv").write_text(ROWS)
    odd = folder / "x=2" / "b.csv"
    odd.parent.mkdir()
    if kind == "dangling":
        odd.symlink_to(tmp_path / "gone.csv")
    else:
        os.mkfifo(odd)
    for target in (folder, f"{folder}/*/*.csv"):
        assert main(["audit", str(target), *ROLES, "--engine", engine]) == 2
        err = capsys.readouterr().err
        assert f"holds {odd}, " in err and "Traceback" not in err, err
        assert ("does not exist" if kind == "dangling" else "not a regular file") in err


def test_a_folder_named_like_a_file_and_the_writers_files_pass(tmp_path, capsys):
    folder = tmp_path / "d"
    (folder / "out.csv").mkdir(parents=True)  # Spark's output folder
    (folder / "out.csv" / "part-0.csv").write_text(ROWS)
    (folder / "_tmp.csv").symlink_to(tmp_path / "gone.csv")  # the writer's
    assert main(["audit", str(folder), *ROLES, "--engine", "pandas"]) == 0, capsys.readouterr()
