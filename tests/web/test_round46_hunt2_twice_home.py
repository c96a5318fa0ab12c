"""Round 46 (second-wave web hunt, sibling of the mapping form's): the home page's forms
(/pick, /benchmark) refused a field sent twice with the field named by its form key
("Field: path", "Field: dataset"); they now name it as the page labels it."""

from __future__ import annotations

import re
from urllib.parse import urlencode

import pytest

from .conftest import csrf_of


@pytest.mark.parametrize(
    ("path", "pairs", "label"),
    [
        ("/pick", [("path", "/a.csv"), ("path", "/b.csv")], "Files in the data folder"),
        ("/benchmark", [("dataset", "german"), ("dataset", "adult")], "Benchmark"),
        ("/benchmark", [("dataset", "german"), ("n_boot", "2"), ("n_boot", "3")], "Interval draws"),
    ],
)
def test_a_home_form_field_sent_twice_is_named_by_its_label(client, path, pairs, label):
    body = urlencode([("csrf", csrf_of(client.get("/").text)), *pairs]).encode()
    kind = {"content-type": "application/x-www-form-urlencoded"}
    r = client.post(path, content=body, headers=kind)
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", r.text)).replace("&#39;", "'")
    assert r.status_code == 400 and "is sent more than once" in text
    assert f"Field: {label}" in text, text[-500:]
    assert client.app.state.store.counts() == {}
