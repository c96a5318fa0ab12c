"""Round 50 (engines, sibling of known item d, 06c52a8d): a URL given as the file engines'
TARGET from Python (duckdb_counts('https://x/d.csv', roles), pandas_counts, dask_file_counts,
file_columns, resolve_files; a URL with its password alike) was told the command line's flags,
'Fix: give a database by --db-env NAME (...; or --db URL) with --table or --query', which no
Python caller has. The fix now says the Python face's words (sql_counts(url, roles, table=...
or query=...)) and carries the command line's, which `ethiclens audit/counts URL` still says."""

from __future__ import annotations

import pytest

from ethiclens.cli._main import main
from ethiclens.errors import EthicLensInputError
from ethiclens.sources import Roles, duckdb_counts, file_columns, pandas_counts, resolve_files

ROLES = Roles("p", ["g"], "y")
CLI_FIX = "Fix: give a database by --db-env NAME"


@pytest.mark.parametrize(
    "call",
    [
        lambda url: duckdb_counts(url, ROLES),
        lambda url: pandas_counts(url, ROLES),
        lambda url: file_columns(url),
        lambda url: resolve_files(url),
    ],
    ids=["duckdb_counts", "pandas_counts", "file_columns", "resolve_files"],
)
@pytest.mark.parametrize("url", ["https://x/d.csv", "postgresql://u:hunter2@h/db"])
def test_a_url_target_is_told_the_python_words(call, url):
    with pytest.raises(EthicLensInputError) as said:
        call(url)
    assert "--db" not in said.value.fix and "--table" not in said.value.fix
    assert "sql_counts(url, roles, table=... or query=...)" in said.value.fix
    assert "hunter2" not in str(said.value)


@pytest.mark.parametrize("command", ["audit", "counts"])
def test_the_command_line_keeps_its_flags(command, capsys, tmp_path):
    out = ["--out", str(tmp_path / "c.csv")] if command == "counts" else []
    assert main([command, "s3://b/d.csv", "--y-pred", "p", "--protected", "g", *out]) == 2
    err = capsys.readouterr().err
    assert CLI_FIX in err and "sql_counts" not in err
