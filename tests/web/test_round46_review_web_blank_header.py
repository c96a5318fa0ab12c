"""Round 46 review (web): a CSV whose first line is empty (a blank line above the column
names, LF or CRLF, after a byte-order mark or not) was refused as "mine.csv has one column ''
(no comma in its first line)" (422; before 1caeac01, 415 "not a comma-separated table"),
where the command line says what is wrong:
"its first line (the header) is empty. Fix: put the column names on the first line (remove
blank lines above them)". The web says the same (400), on an upload and a picked file."""

from __future__ import annotations

import html
import re

import pytest

from tests.web.conftest import csrf_of, make_frame, upload

BODY = make_frame(n=40).to_csv(index=False)
WORDS = (
    "mine.csv: its first line (the header) is empty. Fix: put the column names on the first "
    "line (remove blank lines above them)"
)


def _said(page: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())


@pytest.mark.parametrize("above", ["\n", "\r\n", "\ufeff\n", "\ufeff\r\n"])
def test_a_blank_first_line_is_refused_in_the_command_lines_words(client, above):
    r = upload(client, (above + BODY).encode(), "mine.csv")
    assert r.status_code == 400, (r.status_code, _said(r.text)[-300:])
    assert WORDS in _said(r.text)


def test_a_picked_file_with_a_blank_first_line_too(app, client):
    (app.state.config.data_dir / "mine.csv").write_text("\n" + BODY, encoding="utf-8")
    r = client.post("/pick", data={"csrf": csrf_of(client.get("/").text), "path": "mine.csv"})
    assert r.status_code == 400, r.status_code
    assert WORDS in _said(r.text)


def test_one_column_whose_name_holds_a_quoted_comma_is_not_said_to_lack_one(client):
    r = upload(client, b'"a,b"\n1\n0\n', "mine.csv")
    assert r.status_code == 422, r.status_code
    said = _said(r.text)
    assert "mine.csv has one column 'a,b': the audit needs the outcomes" in said
    assert "no comma in its first line" not in said
