"""Round 46 (second-wave web hunt): a POST whose body is encoded otherwise than a page's form
ever is (compressed, ``Content-Encoding: gzip``; or in another charset, ``charset=utf-16``) was
read as a form all the same: its fields lost, it was refused "the form's security token is
missing or out of date" (403), though the token was in it, or, an upload, by its framing (400).
Every POST route now refuses it 415, before the token, naming the encoding, as it refuses a
body of another type."""

from __future__ import annotations

import gzip

import pytest

from .conftest import csrf_of, make_frame

FORM = "application/x-www-form-urlencoded"


def _sent(client, path, body: bytes, content_type: str, **headers):
    headers = {"content-type": content_type, **headers}
    return client.post(path, content=body, headers=headers)


@pytest.mark.parametrize("path", ["/pick", "/benchmark"])
def test_a_compressed_or_utf16_form_is_refused_415_by_its_encoding(client, path):
    body = f"csrf={csrf_of(client.get('/').text)}&dataset=german&path=%2Fa.csv"
    r = _sent(client, path, gzip.compress(body.encode()), FORM, **{"content-encoding": "gzip"})
    assert r.status_code == 415, r.status_code
    assert "the body is sent &#39;gzip&#39;-encoded (Content-Encoding)" in r.text
    assert "security token" not in r.text
    r = _sent(client, path, body.encode("utf-16"), f"{FORM}; charset=utf-16")
    assert r.status_code == 415, r.status_code
    assert "in the charset &#39;utf-16&#39;, not in UTF-8" in r.text
    assert "content-security-policy" in r.headers


def test_a_compressed_upload_is_refused_415_and_nothing_kept(client):
    token = csrf_of(client.get("/").text)
    csv = make_frame(60).to_csv(index=False).encode()
    body = (
        b'--bb\r\nContent-Disposition: form-data; name="csrf"\r\n\r\n' + token.encode()
        + b'\r\n--bb\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\n'
        + csv + b"\r\n--bb--\r\n"
    )  # fmt: skip
    kind = "multipart/form-data; boundary=bb"
    r = _sent(client, "/upload", gzip.compress(body), kind, **{"content-encoding": "gzip"})
    assert r.status_code == 415 and "gzip" in r.text
    assert client.app.state.store.counts() == {}
    # the same body, plain (and a charset a client may name): taken
    r = _sent(client, "/upload", body, kind + "; charset=UTF-8", **{"content-encoding": "identity"})
    assert r.status_code == 303, r.text[-400:]
