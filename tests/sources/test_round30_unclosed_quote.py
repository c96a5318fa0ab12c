"""A quote a data row opens and the file never closes was refused in three engines' words:
pandas' "cannot read d.csv: Error tokenizing data. C error: EOF inside string starting at row
1", DuckDB's "could not count …: CSV Error on Line: 2" (or, after a quoted line break, a
traceback), Dask's naming the whole path, and Spark counted the rows it read on to the end.
Now one message on every engine, naming the file and the line the quote opens on, as the
header's unclosed quote is named."""

import pytest

from ethiclens.cli import main

ROLES = ["--y-true", "y", "--y-pred", "p", "--protected", "g"]
SAID = "d.csv line {} cannot be read: a quote opened there never closes (EOF inside string)"


@pytest.mark.parametrize("engine", ["pandas", "duckdb", "dask"])
@pytest.mark.parametrize(
    ("text", "line"),
    [
        ('y,p,g\n1,1,a\n0,0,"b\nc"\n1,1,"a\n0,0,b\n', 5),  # after a quoted line break
        ('y,p,g\n1,1,a\n0,0,b\n1,0,"a\n', 4),
        ('y,p,g\n1,1,a"\n0,0,b\n1,0,"a""\n', 4),  # a literal quote, then an escaped one
    ],
)
def test_an_unclosed_quote_is_named_by_its_line_on_every_engine(
    tmp_path, capsys, engine, text, line
):
    path = tmp_path / "d.csv"
    path.write_text(text)
    assert main(["audit", str(path), *ROLES, "--engine", engine]) == 2
    said = capsys.readouterr().err.strip().splitlines()[-1]
    assert said.startswith(f"error: {SAID.format(line)}, so the rest of the file "), said
    folder = tmp_path / "f" / "x=1"
    folder.mkdir(parents=True)
    (folder / "d.csv").write_text(text)
    assert main(["audit", str(folder.parent), *ROLES, "--engine", engine]) == 2
    said = capsys.readouterr().err.strip().splitlines()[-1]
    assert said.startswith(f"error: x=1/{SAID.format(line)}"), said


@pytest.mark.slow
def test_spark_refuses_it_as_every_engine_does(tmp_path, capsys, spark):
    path = tmp_path / "d.csv"
    path.write_text('y,p,g\n1,1,a\n0,0,b\n1,0,"a\n0,1,b\n1,1,a\n')  # Spark counted it
    assert main(["audit", str(path), *ROLES, "--engine", "spark"]) == 2
    said = capsys.readouterr().err.strip().splitlines()[-1]
    assert said.startswith(f"error: {SAID.format(4)}, so the rest of the file "), said
