"""Round 35: a body that is not a form (JSON, plain text) is refused with 415, saying what it was
sent as. A form route read it as an empty form and answered 403 "the form's security token is
missing" (the token was in the JSON), and the upload answered 400; a body that is a form is read
as before (a bare POST without a body still meets the security token check)."""

from __future__ import annotations

import html
import json

import pytest

from .conftest import csrf_of

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


@pytest.mark.parametrize(
    ("headers", "sent"),
    [
        ({"content-type": "application/json"}, "sent as 'application/json'"),
        ({"content-type": "text/plain; charset=utf-8"}, "sent as 'text/plain'"),
    ],
)
def test_a_json_or_text_body_is_415_naming_its_type(client, headers, sent):
    token = csrf_of(client.get("/").text)
    body = json.dumps({"csrf": token, "dataset": "compas"})
    for path in ("/benchmark", "/pick", "/upload"):
        r = client.post(path, content=body.encode(), headers=headers)
        assert r.status_code == 415, (path, r.status_code)
        text = html.unescape(r.text)
        assert sent in text and "security token" not in text, path


def test_forms_are_read_as_before(client):
    token = csrf_of(client.get("/").text)
    r = client.post("/benchmark", data={"csrf": token, "dataset": "nope"})
    assert r.status_code == 422 and "unknown dataset (value: 'nope')" in html.unescape(r.text)
    assert client.post("/benchmark").status_code == 403  # no body at all: the token check
    r = client.post("/upload", files={"file": ("a.csv", b"a,b\n1,2\n")}, data={"csrf": token})
    assert r.status_code == 303
