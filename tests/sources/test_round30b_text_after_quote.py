"""Text after a quoted value's closing quote (``"a" ``, ``"a"x``) was read differently by each
engine: pandas and Dask read the group as ``a `` (``ax``), DuckDB and Spark as ``a`` or failed
with a generic "could not count ... CSV Error on Line: 2". Now every engine refuses it with one
message naming the file, the line and the fix, found in the NUL-byte pass (no second read)."""

import gzip

import pytest

from ethiclens.cli import main
from ethiclens.io import _text_after_quote_error

ROLES = ["--y-true", "y", "--y-pred", "p", "--protected", "g"]
FIX = "nothing may follow a closing quote but the comma or the line end"


@pytest.mark.parametrize("engine", ["pandas", "duckdb", "dask"])
@pytest.mark.parametrize(
    ("text", "line", "shown"),
    [
        ('y,p,g\n1,1,"a" \n0,0,b\n1,0,"a"\n0,1,b\n', 2, '"a" '),
        ('y,p,g\n1,1,a\n0,0,b\n1,0,"a"x\n0,1,b\n', 4, '"a"x'),
        ('y,p,g\r\n1,1,a\r\n0,0,"b""c"d\r\n1,0,a\r\n', 3, '"b""c"d'),
    ],
)
def test_text_after_a_closing_quote_is_refused_alike(tmp_path, capsys, engine, text, line, shown):
    path = tmp_path / "s.csv"
    path.write_bytes(text.encode())
    assert main(["audit", str(path), *ROLES, "--engine", engine]) == 2
    said = capsys.readouterr().err.strip().splitlines()[-1]
    assert said.startswith(f"error: s.csv line {line}: text follows a closing quote ({shown})")
    assert FIX in said
    folder = tmp_path / "f" / "x=1"
    folder.mkdir(parents=True)
    (folder / "s.csv").write_bytes(text.encode())
    assert main(["audit", str(folder.parent), *ROLES, "--engine", engine]) == 2
    assert f"x=1/s.csv line {line}: text follows" in capsys.readouterr().err


@pytest.mark.parametrize(
    "text",
    [
        'y,p,g\n1,1,"a b"\n0,0,"5"" screen"\n1,0,5" x\n0,1,""\n1,1,"q""",\n',
        "y,p,g\n1,1,a\n",
    ],
)
def test_quotes_read_alike_pass(tmp_path, text):
    path = tmp_path / "ok.csv"
    path.write_text(text)
    assert _text_after_quote_error(path) is None


def test_gzip_and_the_web_upload_check(tmp_path):
    path = tmp_path / "s.csv.gz"
    path.write_bytes(gzip.compress(b'y,p,g\n1,1,"a" \n0,0,b\n'))
    assert "s.csv.gz line 2: text follows a closing quote" in str(_text_after_quote_error(path))
    from ethiclens.web._uploads import UploadError, _check_csv

    plain = tmp_path / "up.csv"
    plain.write_bytes(b'y,p,g\n1,1,"a" \n0,0,b\n1,0,a\n0,1,b\n')
    with pytest.raises(UploadError) as err:
        _check_csv(plain, plain.read_bytes(), "mine.csv")
    assert "mine.csv line 2: text follows a closing quote" in str(err.value)
    assert err.value.status == 400
