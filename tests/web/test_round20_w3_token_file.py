"""Round 20 (W3): a --token-file saved by Notepad is read as its user meant: UTF-8 with a
byte-order mark gives the token (the mark is no part of it); UTF-16 ("Unicode") is refused
saying the file must be UTF-8 (or ASCII) text, not a bare UnicodeDecodeError or an invisible
'\\ufeff' / '\\x00'; a token built in Python names a byte-order mark as such."""

from __future__ import annotations

import pytest

from ethiclens.errors import EthicLensInputError

TOKEN = "Ab-9_x.Y~z0123456789"


def test_a_utf8_token_file_with_a_byte_order_mark_gives_the_token(tmp_path):
    from ethiclens.web._settings import read_token_file

    path = tmp_path / "token.txt"
    path.write_bytes(b"\xef\xbb\xbf" + TOKEN.encode() + b"\r\n")  # Notepad's UTF-8
    assert read_token_file(str(path)) == TOKEN


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be"])
def test_a_utf16_token_file_is_refused_saying_it_must_be_utf8(tmp_path, encoding):
    from ethiclens.web._settings import read_token_file

    path = tmp_path / "token.txt"
    path.write_bytes((TOKEN + "\r\n").encode(encoding))  # Notepad's 'Unicode', PowerShell's >
    with pytest.raises(EthicLensInputError) as info:
        read_token_file(str(path))
    err = str(info.value)
    assert len(err.splitlines()) == 1, err
    assert "the token file is UTF-16 text" in err and "must be UTF-8 (or ASCII) text" in err
    assert "UnicodeDecodeError" not in err and "\\x00" not in err, err
    assert "Fix: save it as UTF-8" in err


def test_a_token_file_in_another_encoding_is_refused_saying_it_must_be_utf8(tmp_path):
    from ethiclens.web._settings import read_token_file

    path = tmp_path / "token.txt"
    path.write_bytes((TOKEN + "é").encode("latin-1"))
    with pytest.raises(EthicLensInputError, match=r"is not UTF-8 text: it must be UTF-8"):
        read_token_file(str(path))


def test_a_byte_order_mark_inside_a_python_token_is_named(tmp_path):
    from ethiclens.web import WebConfig

    with pytest.raises(EthicLensInputError) as info:
        WebConfig(data_dir=tmp_path, token="\ufeff" + TOKEN)
    assert "the token holds a byte-order mark (U+FEFF)" in str(info.value)
    assert "\\ufeff" not in str(info.value)
