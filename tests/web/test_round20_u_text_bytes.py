"""Round 20 (U): the web refuses a CSV holding a NUL byte (upload and server-file pick) in the
command line's words, naming its line (415), not as "binary"; UTF-16 text of Cyrillic names is
refused in the command line's words too."""

from __future__ import annotations

import html
import re

import pytest

from tests.test_round20_u_nul_bytes import CASES, damaged
from tests.test_round20_u_wide_text import CYRILLIC
from tests.web.conftest import csrf_of, upload


def _said(page: str) -> str:
    return html.unescape(" ".join(re.findall(r'class="error"[^>]*>(.*?)</', page, re.S)))


@pytest.mark.parametrize("case", CASES)
def test_an_upload_with_a_nul_byte_is_refused_naming_its_line(client, case):
    data, line = damaged(case)
    r = upload(client, data, "d.csv")
    said = _said(r.text)
    assert r.status_code == 415, said
    assert f"d.csv holds a NUL byte (\\x00) on line {line}, " in said, said
    assert "damaged or not UTF-8 text" in said and "binary" not in said


def test_a_server_file_with_a_nul_byte_is_refused_alike(app, client, tmp_path):
    data_dir = tmp_path / "data"
    data_dir.mkdir(exist_ok=True)
    (data_dir / "d.csv").write_bytes(damaged("padded")[0])
    token = csrf_of(client.get("/").text)
    r = client.post("/pick", data={"csrf": token, "path": "d.csv"})
    said = _said(r.text)
    assert r.status_code == 415, said
    assert "d.csv holds a NUL byte (\\x00) on line 602, " in said, said


def test_a_binary_file_is_still_called_binary(client):
    r = upload(client, b"\x00\x01\x02\x03" * 64 + b"y,p\n", "d.csv")
    assert r.status_code == 415 and "the file is binary" in _said(r.text)


@pytest.mark.parametrize("encoding", ["utf-16-le", "utf-16-be"])
def test_utf16_cyrillic_is_refused_in_the_command_lines_words(client, encoding):
    r = upload(client, CYRILLIC.encode(encoding), "cy16.csv")
    said = _said(r.text)
    assert r.status_code == 415, said
    iconv = encoding.replace("-", "").replace("utf", "utf-", 1)
    assert "cy16.csv is UTF-16 text, not UTF-8" in said and f"iconv -f {iconv}" in said, said
