"""Round 30: a Parquet upload whose footer reads but whose text column's pages are damaged
failed the upload with an internal error (500, pyarrow's OSError "Couldn't deserialize
thrift") while its bytes were sized; it is refused as every unreadable Parquet file is (415)."""

from __future__ import annotations

import html
import io
import re
import struct

import pytest

from tests.web.conftest import make_frame, upload

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


def test_damaged_pages_of_a_text_column_are_refused(client):
    buffer = io.BytesIO()
    make_frame(300).to_parquet(buffer)
    good = buffer.getvalue()
    footer = struct.unpack("<i", good[-8:-4])[0] + 8  # the metadata, its length, PAR1
    data = good[:4] + b"\xff" * (len(good) - 4 - footer) + good[-footer:]
    r = upload(client, data, "preds.parquet")
    said = html.unescape(" ".join(re.findall(r'class="error"[^>]*>(.*?)</', r.text, re.S)))
    assert r.status_code == 415, said
    assert said.startswith("the Parquet file cannot be read: ") and said.endswith(
        ". Fix: export it again"
    ), said


def test_damaged_pages_of_a_number_column_are_refused_alike(client):
    frame = make_frame(300).drop(columns=["group", "constant"])  # numbers only
    buffer = io.BytesIO()
    frame.to_parquet(buffer)
    good = buffer.getvalue()
    footer = struct.unpack("<i", good[-8:-4])[0] + 8
    data = good[:4] + b"\xff" * (len(good) - 4 - footer) + good[-footer:]
    r = upload(client, data, "preds.parquet")
    said = html.unescape(" ".join(re.findall(r'class="error"[^>]*>(.*?)</', r.text, re.S)))
    assert r.status_code == 415, said
    assert said.startswith("the Parquet file cannot be read: ") and said.endswith(
        ". Fix: export it again"
    ), said
