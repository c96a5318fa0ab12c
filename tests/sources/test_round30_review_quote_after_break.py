"""Text after a closing quote on a line below a quoted line break (``"a<LF>b"`` on line 2,
``"b" `` on line 4) was not looked for: the quote scan stopped at the first quoted line break,
so pandas refused the group ``'b '`` in other words and DuckDB counted it as ``b``. The scan
reads on past such a field, and refuses text after its closing quote too (``"a<LF>b" x``:
pandas read the group 'a<LF>b x', DuckDB failed in its own words); a legitimate file with
quoted line breaks still passes."""

import pytest

from ethiclens.cli import main
from ethiclens.io import _csv_scan, _text_after_quote_error, quoted_line_break

ROLES = ["--y-true", "y", "--y-pred", "p", "--protected", "g"]
TEXT = 'y,p,g,n\n1,1,a,"x\ny"\n0,0,b,z\n1,0,"b" ,z\n0,1,a,z\n'


@pytest.mark.parametrize("engine", ["pandas", "duckdb", "dask"])
@pytest.mark.parametrize(
    ("text", "said"),
    [
        (TEXT, 's.csv line 5: text follows a closing quote ("b" )'),
        # after the closing quote of a quoted line break: pandas read 'a<LF>b x', DuckDB failed
        ('y,p,g\n1,1,"a\nb" x\n0,0,c\n', 's.csv line 3: text follows a closing quote (b" )'),
    ],
)
def test_text_after_a_quote_below_a_quoted_line_break_is_refused_alike(
    tmp_path, capsys, engine, text, said
):
    path = tmp_path / "s.csv"
    path.write_text(text)
    assert main(["audit", str(path), *ROLES, "--engine", engine]) == 2
    assert capsys.readouterr().err.strip().splitlines()[-1].startswith(f"error: {said}")


def test_across_blocks_and_a_last_quoted_break(tmp_path):
    path = tmp_path / "big.csv"  # the quoted line break straddles the scan's 8 MiB blocks
    head = "y,p,g,n\n" + "1,0,a,z\n" * 1_048_574 + '1,1,a,"xxxxxx\ny"\n'
    assert head.index('"') < 1 << 23 < head.index("\ny")
    path.write_text(head + "0,0,b,z\n" * 3 + '1,0,"b"x,z\n')
    assert "big.csv line 1048581: text follows a closing quote" in str(
        _text_after_quote_error(path)
    )
    path.write_text(head + '0,0,b,"q\nr"')  # ends in a quoted line break, no last newline
    _csv_scan.cache_clear()
    assert quoted_line_break(path) and _text_after_quote_error(path) is None
