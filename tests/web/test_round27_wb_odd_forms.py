"""Round 27: odd bodies a client (not the page) may send. An upload whose multipart boundary
is longer than the parser takes (RFC 2046 allows 70 characters; python-multipart refuses over
256) is refused as an unreadable form (400 with its fix), as every other form is, never a 500;
a mapping form without its revision field says so, not "the form's revision 'None'"."""

from __future__ import annotations

import html
import re

from tests.web.conftest import csrf_of, make_frame, upload


def _said(page: str) -> str:
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page)))


def test_an_upload_with_an_over_long_boundary_is_a_400_not_a_500(app, client):
    token = csrf_of(client.get("/").text)
    for length in (257, 5000):
        boundary = "a" * length
        body = (
            f'--{boundary}\r\nContent-Disposition: form-data; name="csrf"\r\n\r\n{token}\r\n'
            f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.csv"'
            f"\r\n\r\ng,y,p\r\nA,1,1\r\n--{boundary}--\r\n"
        ).encode()
        r = client.post(
            "/upload",
            content=body,
            headers={"content-type": f"multipart/form-data; boundary={boundary}"},
        )
        assert r.status_code == 400, (length, r.status_code)
        said = _said(r.text)
        assert "the form could not be read" in said and "own upload form" in said, said[-400:]
    assert not list((app.state.config.data_dir / "uploads").iterdir())  # nothing left


def test_a_mapping_form_without_its_revision_says_so(client):
    url = upload(client, make_frame(n=300).to_csv(index=False).encode()).headers["location"]
    page = client.get(url).text
    r = client.post(url, data={"csrf": csrf_of(page), "y_true": "label"})
    assert r.status_code == 400
    said = _said(r.text)
    assert "the form has no revision field" in said.lower(), said[-400:]
    assert "None" not in said
    r = client.post(url, data={"csrf": csrf_of(page), "rev": "x1"})
    assert r.status_code == 400 and "revision 'x1' is not a number" in _said(r.text)
