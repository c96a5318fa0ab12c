"""Round 38 (helper uploads): an uploaded file's name, and the upload form's odd requests.

- ``display_name`` dropped a control or bidi character from the browser's file name, so
  ``a\\u202eb.csv`` was stored and shown as ``ab.csv``, like another file of that name (the
  history, the mapping screen, the result page): the name is kept, and every page shows the
  character as its escape, as a column's name (``a\\u202eb.csv``).
- A file part's header line over python-multipart's limit (a file name of 200 kB) was "the form
  could not be read: Maximum header size exceeded": now it says the header is too long, the
  file's name most likely, and to rename the file.
- A browser's form with no file chosen (``filename=""``, no bytes) was "the file is empty": now
  "no file was chosen"; a file part named only by ``filename*=`` (which RFC 7578 keeps out of a
  form) was "the form's field 'file' holds text, not a file": now it names ``filename*``.
"""

from __future__ import annotations

import re

import pytest

from .conftest import csrf_of, upload

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")
CSV = b"label,pred,g\n1,0,A\n0,1,B\n1,1,A\n0,0,B\n"


def _raw_upload(client, disposition: bytes, content: bytes = CSV):
    """An upload whose file part's Content-Disposition is ``disposition`` as sent (httpx
    percent-encodes a NUL, a line break and a quote in a file name, as a browser does)."""
    token = csrf_of(client.get("/").text).encode()
    body = (
        b'--XyZ\r\nContent-Disposition: form-data; name="csrf"\r\n\r\n' + token + b"\r\n"
        b'--XyZ\r\nContent-Disposition: form-data; name="file"; ' + disposition + b"\r\n"
        b"Content-Type: text/csv\r\n\r\n" + content + b"\r\n--XyZ--\r\n"
    )
    headers = {"content-type": "multipart/form-data; boundary=XyZ"}
    return client.post("/upload", content=body, headers=headers)


def _shown_name(client, response) -> str:
    assert response.status_code == 303, response.text[-600:]
    page = client.get(response.headers["location"]).text
    return re.search(r"File <strong>(.*?)</strong>", page).group(1)


def _error(response) -> str:
    found = re.search(r'id="error-file"[^>]*>([^<]*)<', response.text)
    assert found, response.text[-600:]
    return found.group(1).replace("&#39;", "'").replace("&#34;", '"')


def test_display_name_keeps_every_character_of_the_last_part():
    from ethiclens.web._uploads import display_name

    assert display_name("C:\\data\\a\u202eb.csv") == "a\u202eb.csv"
    assert display_name("../../a\x00b.csv") == "a\x00b.csv"
    assert display_name(" ab.csv ") == "ab.csv"
    assert display_name(" . ") == "."
    assert display_name("dir/") == display_name("   ") == display_name(None) == "upload"
    assert display_name("n" * 5000 + ".csv") == "n" * 120


def test_two_names_that_differ_by_a_bidi_control_show_apart(client):
    """The mapping screen (the result page and the history show the name alike) shows the
    bidi control as its escape: not as the other file's name."""
    assert _shown_name(client, upload(client, CSV, "a\u202eb.csv")) == "a\\u202eb.csv"
    assert _shown_name(client, upload(client, CSV, "ab.csv")) == "ab.csv"


def test_a_nul_or_an_escape_character_in_a_name_sent_raw_is_shown_escaped(client):
    assert _shown_name(client, _raw_upload(client, b'filename="a\x00b.csv"')) == "a\\x00b.csv"
    assert _shown_name(client, _raw_upload(client, b'filename="a\x1bb.csv"')) == "a\\x1bb.csv"


def test_a_file_name_over_the_header_limit_is_refused_as_a_long_name(client):
    r = _raw_upload(client, b'filename="' + b"n" * 200_000 + b'.csv"')
    assert r.status_code == 400
    said = _error(r)
    assert said.startswith("a header of the form is longer than 4.12 kB: the file's name"), said
    assert "Fix: rename the file to a shorter name" in said


def test_a_form_with_no_file_chosen_says_so(client):
    r = _raw_upload(client, b'filename=""', b"")
    assert r.status_code == 400
    assert _error(r) == "no file was chosen. Fix: choose a CSV or Parquet file"


def test_a_file_named_only_by_filename_star_is_told_so(client):
    r = _raw_upload(client, b"filename*=utf-8''ab.csv")
    assert r.status_code == 400
    said = _error(r)
    assert "names its file only as filename*=" in said and 'filename="..."' in said, said
