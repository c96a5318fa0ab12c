"""Round 38 review (words): a number typed and refused is quoted on the page as typed
(70670473), escaped once by the page: '-1' reaches the HTML as &#39;-1&#39; (or &#x27;),
never doubly escaped nor raw."""

from __future__ import annotations

import html

import pytest

from .conftest import csrf_of

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


def test_a_quoted_typed_number_is_escaped_once_on_the_page(client):
    token = csrf_of(client.get("/").text)
    r = client.post("/benchmark", data={"csrf": token, "dataset": "compas", "di_threshold": "-01"})
    assert r.status_code == 422
    i = r.text.index("(value: ")
    shown = r.text[i : r.text.index(")", i) + 1]
    assert html.unescape(shown) == "(value: '-01')", shown
    assert "'" not in shown and "&amp;" not in shown, shown
