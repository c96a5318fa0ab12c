"""Round 10: the web app refuses what the command line refuses, in the same words and with a
bad upload's status (a Parquet file naming a column twice, a row with surplus fields, a comma
ending every row, UTF-16 text), and its diff page shows the gate's notes as notes."""

from __future__ import annotations

import re

import pytest

from .conftest import make_frame, upload, wait_done
from .test_http import _run


def _refusal(r) -> str:
    import html

    return html.unescape(" ".join(re.findall(r'class="error"[^>]*>(.*?)</', r.text, re.S)))


def _parquet_with_two(name: str) -> bytes:
    import io

    import pyarrow as pa
    import pyarrow.parquet as pq

    table = pa.table([[0, 1], [0, 1], ["A", "B"], [1, 0]], names=["label", name, "group", name])
    out = io.BytesIO()
    pq.write_table(table, out)
    return out.getvalue()


def test_a_parquet_file_naming_a_column_twice_is_a_bad_upload(client):
    r = upload(client, _parquet_with_two("pred"), "dup.parquet")
    assert r.status_code == 400
    assert "dup.parquet has two columns named 'pred'" in _refusal(r)


@pytest.mark.parametrize(
    "rows, fix",
    [
        ("0,0,B,EXTRA\n0,1,A\n", "same number of fields on every row"),
        ("0,0,B,\n0,1,A,\n", "remove the comma that ends the rows"),
    ],
)
def test_a_row_with_surplus_fields_is_a_bad_upload_naming_its_line(client, rows, fix):
    r = upload(client, ("label,pred,group\n" + rows).encode(), "extra.csv")
    assert r.status_code == 400
    said = _refusal(r)
    assert "extra.csv line 2 has 4 fields but its header has 3" in said and fix in said


def test_utf16_text_is_named_with_its_conversion_not_called_binary(client):
    text = make_frame(50).to_csv(index=False)
    r = upload(client, text.encode("utf-16"), "wide.csv")
    assert r.status_code == 415
    said = _refusal(r)
    assert "wide.csv is UTF-16 text, not UTF-8" in said and "iconv -f utf-16 -t utf-8" in said
    assert "binary" not in said


def test_the_diff_page_files_other_input_as_a_note_not_an_improvement(client):
    frame = make_frame()
    fewer = frame.iloc[:3000]
    urls = [
        _run(client, f.to_csv(index=False).encode(), bins_4="", protected=["3"])
        for f in (frame, fewer)
    ]
    a, b = (wait_done(client, u) and u.split("/")[2] for u in urls)
    page = client.get(f"/diff?a={a}&b={b}").text
    notes = re.findall(r"<li>([^<]*)</li>", page.split('id="gate-notes"')[1].split("</ul>")[0])
    assert any(n.startswith("other input than the baseline") for n in notes)
    improvements = page.partition('id="improvements"')[2].partition("</ul>")[0]
    assert "other input" not in improvements
