"""Round 30: a JSON table uploaded (records, JSON lines, columns) was read as a CSV and refused
with words that do not fit it ("has no data rows" for a file of rows, "text follows a closing
quote"); the web app takes CSV and Parquet, and now says the file is JSON and how to upload it."""

from __future__ import annotations

import html
import re

import pytest

from tests.web.conftest import make_frame, upload

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


@pytest.mark.parametrize(
    "content",
    [
        make_frame(20).to_json(orient="records").encode(),
        make_frame(20).to_json(orient="records", lines=True).encode(),
        b'{"a": [1, 2], "b": [0, 1]}',
        b'\xef\xbb\xbf \n [ {"a": 1}, {"a": 2} ]',
    ],
)
def test_a_json_table_is_refused_as_json(client, content):
    r = upload(client, content, "preds.json")
    said = html.unescape(" ".join(re.findall(r'class="error"[^>]*>(.*?)</', r.text, re.S)))
    assert r.status_code == 415, said
    assert said == (
        "the file is JSON, not a CSV or Parquet table. Fix: export the table as CSV "
        "(comma-separated, UTF-8) or Parquet"
    )


def test_a_csv_whose_first_name_starts_with_a_bracket_is_read(client):
    r = upload(client, b"[a],b,c\n1,0,x\n0,1,y\n", "preds.csv")
    assert r.status_code == 303


def test_a_csv_whose_first_name_is_json_is_read(client):
    r = upload(client, b"JSON,b,c\n1,0,x\n0,1,y\n", "preds.csv")
    assert r.status_code == 303
