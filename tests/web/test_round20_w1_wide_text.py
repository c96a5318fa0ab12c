"""Round 20 (W1): UTF-16 or UTF-32 text without a byte-order mark is told by most of its
characters' high bytes being NUL, not all: a name with an ``ü`` or a ``‮`` (above U+00FF) no
longer makes it "binary" (415 for an upload, the CLI's refusal): it is named with iconv's fix."""

from __future__ import annotations

import html
import re

import pytest

from ethiclens.io import wide_text_error

TEXT = "label,pred,g\n1,0,Müller\u202e\n0,1,b\n"
ICONV = {"utf-16-le": "utf-16le", "utf-16-be": "utf-16be", "utf-32-le": "utf-32le"}


@pytest.mark.parametrize("encoding", list(ICONV))
def test_wide_text_with_a_character_above_latin_1_is_named_so(encoding):
    err = wide_text_error("wide.csv", TEXT.encode(encoding))
    assert err is not None
    said = str(err)
    assert said.startswith(f"wide.csv is {encoding[:6].upper()} text, not UTF-8"), said
    assert f"iconv -f {ICONV[encoding]} -t utf-8" in said


@pytest.mark.parametrize("cut", [63, 64, 65])  # the CLI reads the first 64 bytes
def test_a_head_cut_inside_a_character_is_still_wide_text(cut):
    head = (TEXT * 4).encode("utf-16-le")[:cut]
    assert wide_text_error("wide.csv", head) is not None


@pytest.mark.parametrize(
    "head",
    [
        b"\x00\x01\x00\x02" * 16,  # NUL-interleaved control bytes: binary, not text
        bytes(range(64)),
        "label,pred\nMüller,1\n".encode(),
    ],
)
def test_binary_with_nul_bytes_is_not_taken_for_wide_text(head):
    assert wide_text_error("x.csv", head) is None


def test_the_upload_names_it_with_its_conversion(client):
    from tests.web.conftest import upload

    r = upload(client, TEXT.encode("utf-16-le"), "wide.csv")
    said = html.unescape(" ".join(re.findall(r'class="error"[^>]*>(.*?)</', r.text, re.S)))
    assert r.status_code == 415, said
    assert "wide.csv is UTF-16 text, not UTF-8" in said and "iconv -f utf-16le -t utf-8" in said
    assert "binary" not in said


def test_the_command_line_names_it_with_its_conversion(tmp_path, capsys, monkeypatch):
    from ethiclens.cli import main

    (tmp_path / "wide.csv").write_bytes(TEXT.encode("utf-16-le"))
    monkeypatch.chdir(tmp_path)
    roles = ["--y-true", "label", "--y-pred", "pred", "--protected", "g"]
    assert main(["audit", "wide.csv", *roles, "--n-boot", "100"]) == 2
    err = capsys.readouterr().err
    assert "wide.csv is UTF-16 text, not UTF-8" in err and "iconv -f utf-16le" in err, err
