"""Round 27: the web app's own refusals (``said``: a field's message on a page) name the value
they are about, "(value: …)", as every other refusal of the library does (``str(exc)``), the
value escaped on the page, by the field that holds it and with the status the refusal had."""

from __future__ import annotations

import html
import re

import pytest

pytest.importorskip("starlette")

from .conftest import make_frame, mapping_form, upload  # noqa: E402

SHOWN = r'<p class="error" id="error-(\w+)" role="alert">(.*?)</p>'


def test_said_writes_the_value_as_the_error_s_own_message_does():
    from ethiclens.errors import EthicLensInputError
    from ethiclens.web._web import problem_said, said

    exc = EthicLensInputError("bin edges must be numbers", column="age", value=["1", "x"], fix="f")
    assert said(exc) == "bin edges must be numbers (value: ['1', 'x']). Fix: f"
    assert problem_said(exc) == "bin edges must be numbers (value: ['1', 'x'])"
    secret = EthicLensInputError("cannot open", value="postgresql://u:hunter2@h/db")
    assert "hunter2" not in said(secret)  # masked, as str(exc) masks it
    assert said(EthicLensInputError("no value", fix="x")) == "no value. Fix: x"


@pytest.mark.parametrize(
    "edges, value",
    [("3,1", "['3', '1']"), ("1,<b>x</b>", "['1', '<b>x</b>']")],
)
def test_a_refused_bins_box_names_its_value_by_its_field(client, edges, value):
    url = upload(client, make_frame(600).to_csv(index=False).encode()).headers["location"]
    form = mapping_form(client.get(url).text, protected=["3", "4"], bins_4=edges, n_boot="100")
    page = client.post(url, data=form)
    assert page.status_code == 422
    errors = dict(re.findall(SHOWN, page.text, re.S))
    assert "bins_4" in errors, errors
    assert "<b>" not in errors["bins_4"]  # escaped on the page
    assert f"(value: {value})" in html.unescape(errors["bins_4"]), errors["bins_4"]
    assert "Fix:" in errors["bins_4"]
