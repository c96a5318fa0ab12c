"""Round 30 review: the check for text after a closing quote took a '""' inside a quoted value
for a field of its own (``"the ""Banner,"" here"``: ``,""`` then `` here``) and refused the
bios dataset's file (surgeon_nurse_bios.csv line 174) and every file quoting like it; a '""'
inside a quoted value is a quote, on every engine."""

import pytest

from ethiclens.cli import main
from ethiclens.io import _text_after_quote_error

ROLES = ["--y-true", "y", "--y-pred", "p", "--protected", "g", "--n-boot", "100"]
HEADER = "y,p,g,text\n"
ROWS = [
    '1,1,a,"Since 1983 she has written for the ""Banner,"" HERE, ""Tales,"" and more."\n',
    '0,0,b,"""quoted"" at the start, ""and"" , the end"""\n',
    '1,0,a,"a ""5"" screen"\n',
    "0,1,b,plain\n",
]


@pytest.mark.parametrize("engine", ["pandas", "duckdb", "dask"])
def test_escaped_quotes_inside_a_quoted_value_are_read(tmp_path, capsys, engine):
    path = tmp_path / "q.csv"
    path.write_text(HEADER + "".join(ROWS * 30), encoding="utf-8")
    assert _text_after_quote_error(path) is None
    assert main(["audit", str(path), *ROLES, "--engine", engine]) == 0, capsys.readouterr().err


def test_the_bios_file_is_read():
    from pathlib import Path

    bios = Path(__file__).resolve().parents[3] / "shared" / "datasets" / "bios"
    files = sorted(bios.glob("*.csv"))
    if not files:
        pytest.skip("the bios copy is not here")
    assert [f.name for f in files if _text_after_quote_error(f) is not None] == []
