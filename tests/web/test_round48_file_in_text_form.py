"""Round 48: a file sent in a form of text fields (the mapping form, the data folder's
picker, a benchmark: every form but the upload's) was refused in Starlette's words, 'The form
could not be read: Too many files. Maximum number of files is 0.', naming no field. It is
refused 400 naming the field that holds the file and what to do; the page's own form, with
its security token checked first, as before."""

from __future__ import annotations

import re

import pytest

from tests.web.conftest import csrf_of, make_frame, upload

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


@pytest.mark.parametrize("to", ["mapping", "/pick", "/benchmark"])
def test_a_file_in_a_form_of_text_fields_is_refused_by_its_field(client, to):
    csrf = csrf_of(client.get("/").text)
    if to == "mapping":
        to = upload(client, make_frame(60).to_csv(index=False).encode()).headers["location"]
    r = client.post(to, data={"csrf": csrf}, files={"notes": ("notes.txt", b"hello")})
    assert r.status_code == 400, r.text
    assert "The field &#39;notes&#39; holds a file; this form takes text fields only" in r.text
    assert re.search(r"Field: <code>notes</code>", r.text)
    assert "a file goes through the upload form of the start page" in r.text
    assert "Too many files" not in r.text
    forged = client.post(to, data={"csrf": "0" * 64}, files={"notes": ("n.txt", b"x")})
    assert forged.status_code == 403  # the security token first, as for every form
