"""Round 45: an uploaded file's column named by characters that print as nothing (a zero-width
space U+200B, a Hangul filler U+3164, a blank braille cell U+2800) passed the upload's blank
check (``str.strip`` keeps them): the mapping screen listed a column that reads as nothing. It
is refused at upload as a column named ' ' is (the one rule, ``_text.prints_blank``)."""

from __future__ import annotations

import html
import re

import pytest

from tests.web.conftest import make_frame, upload


def _error(page: str) -> str:
    return " ".join(html.unescape(e) for e in re.findall(r'class="error"[^>]*>(.*?)</', page))


@pytest.mark.parametrize("name", ["\u200b", "\u3164", "\u2800"], ids=ascii)
def test_a_column_named_by_unseen_characters_is_refused_at_upload(client, name):
    frame = make_frame(n=300).rename(columns={"pred": name})
    r = upload(client, frame.to_csv(index=False).encode())
    assert r.status_code == 400, r.headers.get("location")
    said = _error(r.text)
    assert "column 2 has a blank name" in said
    assert "Fix: give column 2 a name in the file" in said


def test_a_letter_with_a_joiner_is_still_taken(client):
    frame = make_frame(n=300).rename(columns={"group": "g\u200dx"})
    assert upload(client, frame.to_csv(index=False).encode()).status_code == 303
