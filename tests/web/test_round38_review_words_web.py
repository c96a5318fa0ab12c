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


def test_the_mapping_form_quotes_a_refused_number_as_typed(client):
    from .conftest import mapping_form, upload

    rows = "".join(f"{i % 2},{i // 2 % 2},{'ab'[i % 3 > 0]}\n" for i in range(12))
    url = upload(client, ("y,p,g\n" + rows).encode()).headers["location"]
    for field, typed in [("di_threshold", "-1"), ("n_boot", "-01"), ("confidence_level", "0.40")]:
        form = mapping_form(client.get(url).text, y_pred="p", protected=["2"], **{field: typed})
        r = client.post(url, data=form)
        assert r.status_code == 422 and f"(value: '{typed}')" in html.unescape(r.text), field
