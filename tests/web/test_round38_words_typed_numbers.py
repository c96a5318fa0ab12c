"""Round 38 (leftovers-words): a number typed and refused is quoted as typed, on every face.

The command line quotes an option's text ('-1', '0.50', '-01'), and the web quoted a number
past a double's range ('1e400'), but showed other typed numbers bare (value: -1) and
p2nia.request_from_options showed the number read (value: -1.0) beside '1e400'; now the web
form, its threshold view and request_from_options quote the text typed, as the command line."""

from __future__ import annotations

import asyncio
import html
import re

import pytest

from .conftest import csrf_of

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


def test_policy_fields_quote_the_text_typed(client):
    token = csrf_of(client.get("/").text)
    typed = [("di_threshold", "-1"), ("confidence_level", "0.50"), ("n_boot", "-01")]
    for field, text in [*typed, ("di_threshold", "1e400")]:
        r = client.post("/benchmark", data={"csrf": token, "dataset": "compas", field: text})
        said = re.findall(r"\(value: [^)<]*\)", html.unescape(r.text))
        assert r.status_code == 422 and said == [f"(value: '{text}')"], (field, said)


@pytest.mark.parametrize("typed", ["-1", "1.50"])
def test_the_threshold_view_quotes_it(typed):
    from ethiclens.errors import EthicLensInputError
    from ethiclens.web._routes_audit import _with_threshold
    from ethiclens.web._web import problem_said

    with pytest.raises(EthicLensInputError) as caught:
        asyncio.run(_with_threshold({"target": {"dataset": "compas"}}, f" {typed} "))
    assert problem_said(caught.value).endswith(f"(value: '{typed}')")


@pytest.mark.parametrize(
    ("epsilon", "delta", "mechanism", "shown"),
    [
        ("-1", None, "grr", "'-1'"),
        ("1", "0.50", "grr", "'0.50'"),
        ("1e400", None, "grr", "'1e400'"),
    ],
)
def test_p2nia_request_quotes_its_flags_text(epsilon, delta, mechanism, shown):
    from ethiclens.errors import EthicLensInputError
    from ethiclens.p2nia import request_from_options

    with pytest.raises(EthicLensInputError) as info:
        request_from_options(1000, "race", epsilon, groups="A,B", delta=delta, mechanism=mechanism)
    assert str(info.value).partition(". Fix")[0].endswith(f"(value: {shown})"), str(info.value)
