"""Round 46 (web): a text file of one column (fields separated by semicolons, tabs, pipes or
spaces, or a table of one column) is a CSV whose content the audit cannot use: refused 422
naming the file (and the separator it looks to use), on an upload and on a picked file, not
415, the status of a kind of file never taken (a pickle, an archive); a Parquet file of one
column alike (it was taken, to a mapping screen no choice could fill)."""

from __future__ import annotations

import html
import io
import re

import pytest

from tests.web.conftest import csrf_of, make_frame, upload

FRAME = make_frame(n=40)
CASES = [
    (FRAME.to_csv(index=False, sep=";"), "separated by semicolons, not commas"),
    (FRAME.to_csv(index=False, sep="\t"), "separated by tabs, not commas"),
    (FRAME.to_csv(index=False, sep="|"), "separated by pipes, not commas"),
    (
        FRAME[["label"]].to_csv(index=False),
        "has one column 'label' (no comma in its first line): the audit needs the outcomes "
        "and the predictions in columns of their own. Fix: export the table with its label, "
        "prediction and group columns",
    ),
]


def _said(page: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())


@pytest.mark.parametrize(("text", "words"), CASES)
def test_a_one_column_upload_is_422_naming_the_file(client, text, words):
    r = upload(client, text.encode(), "mine.csv")
    assert r.status_code == 422, r.status_code
    said = _said(r.text)
    assert f"mine.csv {words.split(' (')[0]}" in said or "mine.csv has one column" in said
    assert words in said


def test_a_one_column_parquet_file_is_422_as_a_csv_is(client):
    out = io.BytesIO()
    FRAME[["label"]].to_parquet(out)
    r = upload(client, out.getvalue(), "mine.parquet")
    assert r.status_code == 422, r.status_code
    assert "mine.parquet has one column 'label': the audit needs the outcomes" in _said(r.text)


@pytest.mark.parametrize(("text", "words"), CASES[::3])
def test_a_one_column_file_picked_is_422_too(app, client, text, words):
    folder = app.state.config.data_dir
    (folder / "mine.csv").write_text(text, encoding="utf-8")
    r = client.post("/pick", data={"csrf": csrf_of(client.get("/").text), "path": "mine.csv"})
    assert r.status_code == 422, r.status_code
    assert words in _said(r.text) and "mine.csv has one column" in _said(r.text)
