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


def test_the_threshold_view_s_refusal_quotes_its_value_as_the_cli_does(client):
    """The threshold typed is quoted as every refusal quotes a value (its repr), by the
    threshold's field, with the status it had (422)."""
    from .conftest import wait_done
    from .test_round14_thresholds import _audit, _frame_at, _view_form

    url = _audit(client, _frame_at(0.7), y_pred="pred_b", y_score="score")
    done = wait_done(client, url).text
    r = client.post(url + "/thresholds", data=_view_form(done, threshold="0.7abc"))
    assert r.status_code == 422
    page = html.unescape(r.text)
    problem = re.search(r"<h1>(.*?)</h1>", page, re.S)[1]
    assert "Field: <code>The threshold the predictions used</code>" in page
    assert "(value: '0.7abc')" in problem, problem  # as str(exc): its repr


@pytest.mark.parametrize("field", ["y_true", "y_pred", "y_score", "weight", "y_pred_b"])
def test_a_role_that_is_no_column_names_the_value_sent_and_the_fix(client, field):
    url = upload(client, make_frame(600).to_csv(index=False).encode()).headers["location"]
    form = mapping_form(client.get(url).text, protected=["3"], n_boot="100")
    page = client.post(url, data={**form, field: "<i>nosuch</i>"})
    assert page.status_code == 422
    errors = dict(re.findall(SHOWN, page.text, re.S))
    assert "<i>" not in errors[field]  # escaped on the page
    assert html.unescape(errors[field]) == (
        "not a column of this file (value: '<i>nosuch</i>'). Fix: choose one from the list"
    )
