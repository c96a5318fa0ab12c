"""Round 27: a column whose name is blank (a CSV header of spaces, a Parquet column named "")
was listed on the mapping screen but could never be mapped: choosing it read as no choice
("choose the label (true outcome) column"). The upload is refused at once, naming the
column by its place and the fix."""

from __future__ import annotations

import html
import io
import re

import pytest

from tests.web.conftest import make_frame, upload


def _error(page: str) -> str:
    return " ".join(html.unescape(e) for e in re.findall(r'class="error"[^>]*>(.*?)</', page))


def test_a_csv_column_named_by_spaces_is_refused_at_upload(client):
    frame = make_frame(n=300).rename(columns={"label": " "})
    r = upload(client, frame.to_csv(index=False).encode())
    assert r.status_code == 400, r.headers.get("location")
    said = _error(r.text)
    assert "column 1 has a blank name (' ')" in said
    assert "Fix: give column 1 a name in the file" in said


def test_a_parquet_column_named_empty_is_refused_at_upload(client):
    pytest.importorskip("pyarrow")
    frame = make_frame(n=300).rename(columns={"pred": ""})
    buffer = io.BytesIO()
    frame.to_parquet(buffer, index=False)
    r = upload(client, buffer.getvalue(), name="x.parquet")
    assert r.status_code == 400, r.headers.get("location")
    assert "column 2 has a blank name ('')" in _error(r.text)


def test_a_name_with_spaces_around_it_is_still_taken(client):
    frame = make_frame(n=300).rename(columns={"group": " group "})
    assert upload(client, frame.to_csv(index=False).encode()).status_code == 303
