"""Round 35 review (leftover): a number typed in a form and refused is shown as it was typed.
The policy fields echoed the number read from the text ('-1' as 'value: -1.0', '0' as
'value: 0.0', '0.80' as 0.8) while '1e309' was shown as typed; the threshold view too."""

from __future__ import annotations

import asyncio
import html

import pytest

from .conftest import csrf_of

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


TYPED = [
    ("di_threshold", "-1"),
    ("di_threshold", "0"),
    ("eo_threshold", "2"),
    ("confidence_level", "1"),
    ("confidence_level", "0.40"),
    ("n_boot", "-01"),
]


def test_a_refused_policy_number_is_shown_as_typed(client):
    token = csrf_of(client.get("/").text)
    for field, typed in TYPED:
        r = client.post("/benchmark", data={"csrf": token, "dataset": "compas", field: typed})
        assert r.status_code == 422 and f"(value: '{typed}')" in html.unescape(r.text), field
    # a number past a double's range keeps its own words, as every face shows it
    r = client.post(
        "/benchmark", data={"csrf": token, "dataset": "compas", "di_threshold": "1e309"}
    )
    assert r.status_code == 422 and "(value: '1e309')" in html.unescape(r.text)


@pytest.mark.parametrize("typed", ["-1", "2", "1.50"])
def test_the_threshold_views_threshold_is_shown_as_typed(typed):
    from ethiclens.errors import EthicLensInputError
    from ethiclens.web._routes_audit import _with_threshold
    from ethiclens.web._web import problem_said

    with pytest.raises(EthicLensInputError) as caught:
        asyncio.run(_with_threshold({"target": {"dataset": "compas"}}, f" {typed} "))
    assert problem_said(caught.value).endswith(f"(value: '{typed}')")


def test_a_positive_label_value_no_column_holds_is_shown_as_typed(client):
    from .conftest import mapping_form, upload

    rows = "".join(f"{i % 2},{i // 2 % 2},{'ab'[i % 3 > 0]}\n" for i in range(12))
    url = upload(client, ("y,p,g\n" + rows).encode()).headers["location"]
    form = mapping_form(client.get(url).text, y_pred="p", protected=["2"], pos_label="2.0")
    r = client.post(url, data=form)
    assert r.status_code == 422 and "(value: '2.0')" in html.unescape(r.text)
